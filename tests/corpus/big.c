/* SPDX-License-Identifier: MIT */
/*
 * Corpus: a large struct shaped like Linux's struct task_group (704 bytes
 * on x86-64 with every option on), with the load_avg write-hot field, a
 * line-aligned member and nested kernel-like types.
 */
struct bg_list_head {
	struct bg_list_head *next, *prev;
};

struct bg_rcu_head {
	struct bg_rcu_head *next;
	void (*func)(struct bg_rcu_head *head);
};

struct bg_hrtimer {
	long node[4];
	long softexpires;
	void *function;
	void *base;
	unsigned char state, is_rel, is_soft, is_hard;
};

struct bg_cfs_bandwidth {
	int lock;
	long period;
	unsigned long quota, runtime, burst, runtime_snap;
	long hierarchical_quota;
	unsigned char idle, period_active, slack_started;
	struct bg_hrtimer period_timer;
	struct bg_hrtimer slack_timer;
	struct bg_list_head throttled_cfs_rq;
	int nr_periods, nr_throttled, nr_burst;
	unsigned long throttled_time, burst_time;
};

struct bg_rt_bandwidth {
	int rt_runtime_lock;
	long rt_period;
	unsigned long rt_runtime;
	struct bg_hrtimer rt_period_timer;
	unsigned int rt_period_active;
};

struct bg_task_group {
	struct {
		long css[24];
	} css;
	void **se;
	void **cfs_rq;
	unsigned long shares;
	int idle;
	long load_avg __attribute__((aligned(64)));
	void **rt_se;
	void **rt_rq;
	struct bg_rt_bandwidth rt_bandwidth;
	struct bg_rcu_head rcu;
	struct bg_list_head list;
	struct bg_task_group *parent;
	struct bg_list_head siblings;
	struct bg_list_head children;
	void *autogroup;
	struct bg_cfs_bandwidth cfs_bandwidth;
	unsigned int uclamp_pct[2];
	unsigned int uclamp_req[2];
	unsigned int uclamp[2];
	char padding[64];
};

struct bg_task_group bg_task_group_v;
