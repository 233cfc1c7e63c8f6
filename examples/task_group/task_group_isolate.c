/* SPDX-License-Identifier: MIT */
/*
 * The second fix (suggested in review): load_avg gets a line of its own in
 * an aligned anonymous struct, whatever is declared around it. The order
 * stays the kernel's; the price is padding: 704 -> 768 bytes.
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
	LINEUP_ISOLATE_BEGIN(load);
	LINEUP_BEGIN(write, load);
	atomic_long_t load_avg;
	LINEUP_END(write, load);
	LINEUP_ISOLATE_END(load);
#endif
#endif
#ifdef CONFIG_RT_GROUP_SCHED
	LINEUP_BEGIN(read, rt);
	struct sched_rt_entity **rt_se;
	struct rt_rq **rt_rq;
	LINEUP_END(read, rt);
	struct rt_bandwidth rt_bandwidth;
#endif
	struct rcu_head rcu;
	struct list_head list;
	LINEUP_BEGIN(read, tree);
	struct task_group *parent;
	LINEUP_END(read, tree);
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

#if defined(CONFIG_FAIR_GROUP_SCHED) && defined(CONFIG_SMP)
LINEUP_ASSERT_GROUPS_APART(struct task_group, load, tree);
#endif
LINEUP_ASSERT_SIZE_MAX(struct task_group, 768);

struct task_group root_task_group;
