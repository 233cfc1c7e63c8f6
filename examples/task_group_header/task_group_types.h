/* SPDX-License-Identifier: MIT */
/*
 * Stand-ins for the kernel types struct task_group is built from, so the
 * example compiles anywhere. Sizes are close to x86-64 Linux 6.4's.
 */
#ifndef TASK_GROUP_TYPES_H
#define TASK_GROUP_TYPES_H

struct list_head {
	struct list_head *next, *prev;
};

struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
};

typedef struct {
	long counter;
} atomic_long_t;

/* Only pointed to. */
struct sched_entity;
struct cfs_rq;
struct sched_rt_entity;
struct rt_rq;
struct autogroup;

struct cgroup_subsys_state {
	void *cgroup;
	void *ss;
	long refcnt[2];
	struct list_head sibling;
	struct list_head children;
	struct list_head rstat_css_node;
	int id;
	unsigned int flags;
	unsigned long serial_nr;
	atomic_long_t online_cnt;
	void *destroy_work[4];
	void *destroy_rwork[6];
	struct cgroup_subsys_state *parent;
};

struct rt_bandwidth {
	long rt_runtime_lock;
	long rt_period;
	long rt_runtime;
	void *rt_period_timer[8];
	unsigned int rt_period_active;
};

struct cfs_bandwidth {
	long lock;
	long period;
	long quota;
	long runtime;
	long burst;
	void *timers[16];
	struct list_head throttled_cfs_rq;
	int nr_periods;
	int nr_throttled;
};

#endif
