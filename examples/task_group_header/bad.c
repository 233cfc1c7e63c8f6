/* SPDX-License-Identifier: MIT */
/*
 * The layout before the fix, with the same groups and assertions as good.c:
 * load_avg starts a line (as ____cacheline_aligned did), but nothing keeps
 * the next members off that line, so the wakeup group lands right after
 * it. This file must not compile; the errors name the struct, load_avg and
 * the groups:
 *
 *   cc -std=c11 -I include -DCONFIG_RT_GROUP_SCHED -c examples/task_group_header/bad.c
 *   error: static assertion failed: "lineup: struct task_group: write group
 *          `load` may share a cache line with group `wakeup`"
 *   error: ... members `load_avg` and `rt_se` may share a cache line
 */
/* VARIANT: */
/* VARIANT: -DCONFIG_RT_GROUP_SCHED */
/* EXPECT: struct task_group: write group `load` may share a cache line with group `wakeup` */
/* EXPECT: struct task_group: members `load_avg` and `parent` may share a cache line */
/* EXPECT(-DCONFIG_RT_GROUP_SCHED): members `load_avg` and `rt_se` may share a cache line */
/* REJECT: with group `tick` */
#include "lineup.h"
#include "../task_group/sched_types.h"

struct task_group {
	struct cgroup_subsys_state css;

	LINEUP_BEGIN(read, tick);
	struct sched_entity **se;
	struct cfs_rq **cfs_rq;
	unsigned long shares;
	int idle;
	LINEUP_END(read, tick);

	/* Starts a line, but does not own it. */
	LINEUP_BEGIN_ALIGNED(write, load);
	atomic_long_t load_avg;
	LINEUP_END(write, load);

	LINEUP_BEGIN(read, wakeup);
#ifdef CONFIG_RT_GROUP_SCHED
	struct sched_rt_entity **rt_se;
	struct rt_rq **rt_rq;
#endif
	struct task_group *parent;
	LINEUP_END(read, wakeup);

#ifdef CONFIG_RT_GROUP_SCHED
	struct rt_bandwidth rt_bandwidth;
#endif

	LINEUP_BEGIN(cold, lists);
	struct rcu_head rcu;
	struct list_head list;
	struct list_head siblings;
	struct list_head children;
	LINEUP_END(cold, lists);

#ifdef CONFIG_SCHED_AUTOGROUP
	struct autogroup *autogroup;
#endif
	struct cfs_bandwidth cfs_bandwidth;
};

LINEUP_ASSERT_WRITE_APART(struct task_group, load, tick, wakeup, lists);
LINEUP_ASSERT_APART(struct task_group, load_avg, parent);
#ifdef CONFIG_RT_GROUP_SCHED
LINEUP_ASSERT_APART(struct task_group, load_avg, rt_se);
LINEUP_ASSERT_APART(struct task_group, load_avg, rt_rq);
#endif
LINEUP_ASSERT_SIZE_MAX(struct task_group, 768);
