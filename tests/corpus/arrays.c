/* SPDX-License-Identifier: MIT */
/*
 * Corpus: arrays, multi-dimensional arrays, flexible array members, and
 * zero-length arrays, including the kernel's and lineup's group markers.
 */
#include "lineup.h"

struct arr_basic {
	char c[3];
	int i[4];
	short m[2][3];
	long cube[2][2][2];
	char *strs[5];
	double d[1];
};

struct arr_flex {
	int n;
	long items[];
};

struct arr_zero {
	int n;
	char none[0];
	short after;
	int tail[0];
};

/* The kernel's markers (include/linux/cache.h, __cacheline_group_begin). */
struct arr_kernel_groups {
	unsigned char __cacheline_group_begin__hot_write[0];
	long counter;
	long load;
	unsigned char __cacheline_group_end__hot_write[0];
	unsigned char __cacheline_group_begin__hot_read[0];
	void *parent;
	int flags;
	unsigned char __cacheline_group_end__hot_read[0];
	char cold_stuff[40];
};

/* lineup.h's own markers. */
struct arr_lineup_groups {
	LINEUP_BEGIN(write, load);
	long load_avg;
	LINEUP_END(write, load);
	LINEUP_BEGIN(read, walk);
	void *parent;
	void *rt_se;
	LINEUP_END(read, walk);
	int cold;
};

/* Aligned markers: a begin marker that starts a line (pahole counts its
 * alignment among the forced ones), and an isolated block of lines. */
struct arr_aligned_groups {
	int first;
	LINEUP_BEGIN_ALIGNED(write, hot);
	long counter;
	LINEUP_END(write, hot);
	LINEUP_ISOLATE_BEGIN(load);
	long load_avg;
	LINEUP_ISOLATE_END(load);
	int last;
};

struct arr_basic arr_basic_v;
struct arr_flex *arr_flex_p;
struct arr_zero arr_zero_v;
struct arr_kernel_groups arr_kernel_groups_v;
struct arr_lineup_groups arr_lineup_groups_v;
struct arr_aligned_groups arr_aligned_groups_v;
