/* SPDX-License-Identifier: MIT */
/*
 * struct task_group as Linux 6.1 has it (kernel/sched/sched.h), its
 * members under the CONFIG_ symbols of ../Kconfig, which the build reads
 * from the autoconf header Kconfig generates, as the kernel does.
 * load_avg starts a line and whatever follows shares it: rt_se and rt_rq
 * with CONFIG_RT_GROUP_SCHED=y, parent without it.
 */
#include "sched_types.h"

struct task_group {
	struct cgroup_subsys_state css;
#ifdef CONFIG_FAIR_GROUP_SCHED
	struct sched_entity **se;
	struct cfs_rq **cfs_rq;
	unsigned long shares;
	int idle;
#ifdef CONFIG_SMP
	atomic_long_t load_avg __attribute__((__aligned__(64)));
#endif
#endif
#ifdef CONFIG_RT_GROUP_SCHED
	struct sched_rt_entity **rt_se;
	struct rt_rq **rt_rq;
	struct rt_bandwidth rt_bandwidth;
#endif
	struct rcu_head rcu;
	struct list_head list;
	struct task_group *parent;
	struct list_head siblings;
	struct list_head children;
#ifdef CONFIG_SCHED_STATS
	unsigned long *stats;
#endif
#if defined(CONFIG_UCLAMP_TASK_GROUP) || defined(CONFIG_UCLAMP_TASK_GROUP_MODULE)
	unsigned int uclamp_pct[32];
#endif
#ifdef CONFIG_BROKEN_TYPE
	struct never_declared broken;
#endif
	struct cfs_bandwidth cfs_bandwidth;
};

struct task_group root_task_group;

/* struct arch_stats, whose layout follows the word size, batched with SMP */
#ifdef CONFIG_SMP
#define BATCHED
#endif
#include "../arch/stats.c"
