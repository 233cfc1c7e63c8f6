/* SPDX-License-Identifier: MIT */
/*
 * A task_group whose layout depends on Kconfig symbols in the ways the
 * kernel's does (see Kconfig); load_avg is hot-written, parent and
 * children hot-read.
 */
#include "bandwidth.h"
#include "lock.h"
#include "stats.h"

struct task_group {
	long css;
	struct grp_lock lock;
#ifdef CONFIG_FAIR_GROUP_SCHED
	struct cfs_bandwidth bw;
#endif
	unsigned long stats[NR_STAT_SLOTS];
	long load_avg __attribute__((__aligned__(1 << CONFIG_L1_SHIFT)));
	struct task_group *parent;
	long children;
};

#ifdef CONFIG_UNRELATED
int unrelated_counter;
#endif

struct task_group root_task_group;

/* defined only with FAIR_GROUP_SCHED, as the kernel's task_group only
 * with CGROUP_SCHED: a base without it has none to find symbols from */
#ifdef CONFIG_FAIR_GROUP_SCHED
struct group_fair {
	long load;
	long weight;
};

struct group_fair root_group_fair;
#endif
