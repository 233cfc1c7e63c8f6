/* SPDX-License-Identifier: MIT */
/* A type only FAIR_GROUP_SCHED's member brings in: its #ifdef shows in
 * the struct's text only once that symbol is set. */
struct cfs_bandwidth {
	long quota;
#ifdef CONFIG_CFS_BANDWIDTH
	long period, runtime;
	int nr_periods;
#endif
};
