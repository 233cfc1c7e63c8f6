/* SPDX-License-Identifier: MIT */
/*
 * The third fix: split the writer. isolate (examples/task_group/
 * task_group_isolate.c) keeps the readers' lines still, but every CPU
 * still stores to the one load_avg, whose line bounces from writer to
 * writer. Here load_avg is FS_NODES slots, each on its own
 * LINEUP_DESTRUCTIVE_SIZE span (lineup.h's LINEUP_SLOTS): a writer adds
 * to its own slot and a reader of the total sums them, as a per-node
 * tg->load_avg would (Aaron Lu's 2023 RFC, "sched/fair: Make
 * tg->load_avg per node"). The order is isolate's, the kernel's own.
 */
#include <lineup.h>

#include "../../examples/task_group/sched_types.h"

/* Slots, one per node; the benchmark gives each writer its own. */
#ifndef FS_NODES
#define FS_NODES 4
#endif

struct task_group {
	struct cgroup_subsys_state css;
#ifdef CONFIG_FAIR_GROUP_SCHED
	struct sched_entity **se;
	struct cfs_rq **cfs_rq;
	unsigned long shares;
	int idle;
#ifdef CONFIG_SMP
	LINEUP_BEGIN_ALIGNED(write, load);
	LINEUP_SLOTS(tg_load_slots, atomic_long_t, FS_NODES) load_avg;
	LINEUP_END(write, load);
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
LINEUP_ASSERT_WRITE_APART(struct task_group, load, tree);
#if defined(CONFIG_RT_GROUP_SCHED)
LINEUP_ASSERT_WRITE_APART(struct task_group, load, rt);
#endif
#endif

struct task_group root_task_group;
