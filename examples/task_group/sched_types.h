/* SPDX-License-Identifier: MIT */
/*
 * Stand-ins for the kernel types around struct task_group (x86-64 sizes
 * close to Linux 6.4), so the example builds anywhere without kernel
 * headers and lands on the seed's numbers: 704 bytes, load_avg at 256.
 */
#ifndef SCHED_TYPES_H
#define SCHED_TYPES_H

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

/* cgroup_subsys_state: 184 bytes of refcounts, lists and work items */
struct cgroup_subsys_state {
	void *cgroup, *ss;
	long refcnt[4];
	struct list_head sibling, children, rstat_css_node;
	int id;
	unsigned int flags;
	unsigned long serial_nr;
	long online_cnt;
	void *work[5];
	struct rcu_head rcu_head;
	void *parent;
};

/* rt_bandwidth: a lock, a period, a runtime and an hrtimer: 104 bytes */
struct rt_bandwidth {
	int rt_runtime_lock;
	long long rt_period;
	unsigned long long rt_runtime;
	void *rt_period_timer[9];
	unsigned int rt_period_active;
};

/* cfs_bandwidth: quotas, timers and throttled lists: 192 bytes */
struct cfs_bandwidth {
	int lock;
	unsigned long long period, quota, runtime, burst;
	void *timers[16];
	struct list_head throttled_cfs_rq;
	int nr_periods, nr_throttled;
};

struct uclamp_se {
	unsigned int value : 11;
	unsigned int bucket_id : 5;
	unsigned int active : 1;
	unsigned int user_defined : 1;
};

struct sched_entity;
struct cfs_rq;
struct sched_rt_entity;
struct rt_rq;
struct autogroup;

#define UCLAMP_CNT 2

#endif
