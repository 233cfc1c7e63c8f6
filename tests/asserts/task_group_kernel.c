/* SPDX-License-Identifier: MIT */
/*
 * struct task_group (examples/task_group) with the kernel's cache-line
 * groups instead of lineup.h's: the fixed order (the 2023 reorder) by
 * default, the broken one with -DBAD, where the group read at every
 * wakeup follows load_avg onto its line. The groups' names give their
 * kinds as doc/kernel-groups.md says (write, read, cold; no path).
 */
#include "linux_cache.h"
#include "sched_types.h"

struct task_group {
	struct cgroup_subsys_state css;
#ifdef CONFIG_FAIR_GROUP_SCHED
	struct sched_entity **se;
	struct cfs_rq **cfs_rq;
	unsigned long shares;
	int idle;
#ifdef CONFIG_SMP
	/* stored by every CPU at each tick */
	__cacheline_group_begin(tg_write_tick) ____cacheline_aligned;
	atomic_long_t load_avg;
	__cacheline_group_end(tg_write_tick);
#endif
#endif
#ifndef BAD
	__cacheline_group_begin(tg_cold);
	struct rcu_head rcu;
	struct list_head list;
	struct list_head siblings;
	struct list_head children;
	__cacheline_group_end(tg_cold);
#endif
	/* loaded at every wakeup */
	__cacheline_group_begin(tg_read_wakeup);
	struct task_group *parent;
#ifdef CONFIG_RT_GROUP_SCHED
	struct sched_rt_entity **rt_se;
	struct rt_rq **rt_rq;
#endif
	__cacheline_group_end(tg_read_wakeup);
#ifdef BAD
	__cacheline_group_begin(tg_cold);
	struct rcu_head rcu;
	struct list_head list;
	struct list_head siblings;
	struct list_head children;
	__cacheline_group_end(tg_cold);
#endif
#ifdef CONFIG_RT_GROUP_SCHED
	struct rt_bandwidth rt_bandwidth;
#endif
#ifdef CONFIG_SCHED_AUTOGROUP
	struct autogroup *autogroup;
#endif
	struct cfs_bandwidth cfs_bandwidth;
#ifdef CONFIG_UCLAMP_TASK_GROUP
	unsigned int uclamp_pct[UCLAMP_CNT];
	struct uclamp_se uclamp_req[UCLAMP_CNT];
	struct uclamp_se uclamp[UCLAMP_CNT];
#endif
};

struct task_group root_task_group;
