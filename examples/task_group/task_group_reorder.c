/* SPDX-License-Identifier: MIT */
/*
 * The first fix (the 2023 patch): the cold lists move between load_avg and
 * the fields read at wakeup, so parent, rt_se and rt_rq start the next line
 * in every configuration. The size stays 704 bytes. lineup.h's markers name
 * the groups in the object's DWARF, and the assertions fail the build if a
 * later edit brings the two groups together again.
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
	/* stored by every CPU at each tick */
	LINEUP_BEGIN_ALIGNED(write, load);
	atomic_long_t load_avg;
	LINEUP_END(write, load);
#endif
#endif
	LINEUP_BEGIN(cold, lists);
	struct rcu_head rcu;
	struct list_head list;
	struct list_head siblings;
	struct list_head children;
	LINEUP_END(cold, lists);

	/* loaded at every wakeup */
	LINEUP_BEGIN(read, wakeup);
	struct task_group *parent;
#ifdef CONFIG_RT_GROUP_SCHED
	struct sched_rt_entity **rt_se;
	struct rt_rq **rt_rq;
#endif
	LINEUP_END(read, wakeup);
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

#if defined(CONFIG_FAIR_GROUP_SCHED) && defined(CONFIG_SMP)
LINEUP_ASSERT_GROUPS_APART(struct task_group, load, wakeup);
#endif
LINEUP_ASSERT_SIZE_MAX(struct task_group, 768);

struct task_group root_task_group;
