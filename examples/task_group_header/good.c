/* SPDX-License-Identifier: MIT */
/*
 * struct task_group with lineup: the layout that fixed the false sharing in
 * Linux (sched/task_group: Re-layout structure to reduce false sharing,
 * 2023), written so that it cannot regress.
 *
 * load_avg is written by every CPU at every tick; parent, rt_se and rt_rq
 * are read at every wakeup. They used to share a cache line, but only with
 * CONFIG_RT_GROUP_SCHED=y. Here load_avg is isolated (a line of its own,
 * whatever moves around it), and the assertions below fail the build if a
 * later edit puts a hot read field next to it, in either configuration.
 *
 *   cc -std=c11 -I include examples/task_group_header/good.c
 *   cc -std=c11 -I include -DCONFIG_RT_GROUP_SCHED examples/task_group_header/good.c
 *
 * Copy this pattern: group members by how hot paths touch them, isolate the
 * write-hot ones, and assert relations (apart, in group, at most N lines)
 * rather than exact offsets, which break on every unrelated change.
 */
/* VARIANT: */
/* VARIANT: -DCONFIG_RT_GROUP_SCHED */
/* VARIANT: -DCONFIG_RT_GROUP_SCHED -DCONFIG_SCHED_AUTOGROUP */
#include <stdio.h>

#include "lineup.h"
#include "../task_group/sched_types.h"

struct task_group {
	struct cgroup_subsys_state css;

	/* Read at every tick. */
	LINEUP_BEGIN(read, tick);
	struct sched_entity **se;
	struct cfs_rq **cfs_rq;
	unsigned long shares;
	int idle;
	LINEUP_END(read, tick);

	/* Stored by every CPU at every tick: a line of its own. */
	LINEUP_ISOLATE_BEGIN(load);
	LINEUP_BEGIN(write, load);
	atomic_long_t load_avg;
	LINEUP_END(write, load);
	LINEUP_ISOLATE_END(load);

	/* Read at every wakeup; rt_se and rt_rq exist in some configs only. */
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

/* The write group shares no line with any other group, for every config. */
LINEUP_ASSERT_WRITE_APART(struct task_group, load, tick, wakeup, lists);

/* The member-level view of the same rule, as a reviewer would state it. */
LINEUP_ASSERT_APART(struct task_group, load_avg, parent);
#ifdef CONFIG_RT_GROUP_SCHED
LINEUP_ASSERT_APART(struct task_group, load_avg, rt_se);
LINEUP_ASSERT_APART(struct task_group, load_avg, rt_rq);
#endif

/* A wakeup touches one line, not two. */
LINEUP_ASSERT_GROUP_LINES(struct task_group, wakeup, 1);
LINEUP_ASSERT_IN_GROUP(struct task_group, wakeup, parent);

/* Isolation makes the type line-aligned, so line numbers are defined. */
LINEUP_ASSERT_LINE_START(struct task_group, load_avg);

/* A budget rather than an exact size: the kernel's fix went 704 -> 768. */
LINEUP_ASSERT_SIZE_MAX(struct task_group, 768);

#define SHOW(m)                                                             \
	printf("  %-10s offset %4zu  line %zu\n", #m,                       \
	       offsetof(struct task_group, m),                               \
	       offsetof(struct task_group, m) / LINEUP_CACHELINE_SIZE)

int main(void)
{
	/* malloc would give 16-byte alignment and void the line numbers. */
	struct task_group *tg = LINEUP_NEW(struct task_group);

	if (!tg || !lineup_is_aligned(tg)) {
		fprintf(stderr, "failed to allocate an aligned task_group\n");
		return 1;
	}
	printf("struct task_group: %zu bytes, %d-byte lines\n",
	       sizeof(struct task_group), LINEUP_CACHELINE_SIZE);
	SHOW(se);
	SHOW(load_avg);
	SHOW(parent);
#ifdef CONFIG_RT_GROUP_SCHED
	SHOW(rt_se);
	SHOW(rt_rq);
#endif
	SHOW(rcu);
	lineup_free(tg);
	return 0;
}
