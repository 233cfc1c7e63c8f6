/* SPDX-License-Identifier: MIT */
/*
 * examples/task_group/task_group_reorder.c's groups in the order that
 * breaks them (-DBAD): the wakeup group right after load_avg, the cold
 * lists after it, as bad.c in examples/task_group_header. Without BAD it
 * is the reorder fix. Assertions printed from the fix's object must fail
 * here, naming the groups, exactly where the fix mattered.
 */
#include <lineup.h>

#include "sched_types.h"

struct task_group {
	struct cgroup_subsys_state css;
#ifdef CONFIG_FAIR_GROUP_SCHED
	struct sched_entity **se;
	struct cfs_rq **cfs_rq;
	unsigned long shares;
	int idle;
#ifdef CONFIG_SMP
	LINEUP_BEGIN_ALIGNED(write, load);
	atomic_long_t load_avg;
	LINEUP_END(write, load);
#endif
#endif
#ifndef BAD
	LINEUP_BEGIN(cold, lists);
	struct rcu_head rcu;
	struct list_head list;
	struct list_head siblings;
	struct list_head children;
	LINEUP_END(cold, lists);
#endif
	LINEUP_BEGIN(read, wakeup);
	struct task_group *parent;
#ifdef CONFIG_RT_GROUP_SCHED
	struct sched_rt_entity **rt_se;
	struct rt_rq **rt_rq;
#endif
	LINEUP_END(read, wakeup);
#ifdef BAD
	LINEUP_BEGIN(cold, lists);
	struct rcu_head rcu;
	struct list_head list;
	struct list_head siblings;
	struct list_head children;
	LINEUP_END(cold, lists);
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
