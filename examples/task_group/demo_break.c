/* SPDX-License-Identifier: MIT */
/*
 * The reordering fix with the edit a later patch might make: moving
 * `parent` back up next to the lists puts it on load_avg's line, and the
 * assertion in task_group_reorder.c's style stops the build.
 */
#include <lineup.h>

#include "sched_types.h"

struct task_group {
	struct cgroup_subsys_state css;
	struct sched_entity **se;
	struct cfs_rq **cfs_rq;
	unsigned long shares;
	int idle;
	LINEUP_BEGIN_ALIGNED(write, load);
	atomic_long_t load_avg;
	LINEUP_END(write, load);
	LINEUP_BEGIN(read, wakeup);
	struct task_group *parent;	/* moved up: now on load_avg's line */
	LINEUP_END(read, wakeup);
	struct rcu_head rcu;
	struct list_head list;
	struct list_head siblings;
	struct list_head children;
	struct cfs_bandwidth cfs_bandwidth;
};

LINEUP_ASSERT_GROUPS_APART(struct task_group, load, wakeup);
