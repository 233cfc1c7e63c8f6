/* SPDX-License-Identifier: MIT */
/*
 * struct task_group as Linux had it before the 2023 fix (kernel/sched/
 * sched.h, v6.4): load_avg is aligned to start a line, and whatever is
 * declared next shares that line: rt_se and rt_rq with
 * CONFIG_RT_GROUP_SCHED=y, parent without it. Both are read at every
 * wakeup while load_avg is written at every tick.
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
