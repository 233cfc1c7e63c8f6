/* SPDX-License-Identifier: MIT */
/*
 * The program's allocations no type fitted, and whether two threads
 * touched one concurrently (a store by one, an access by another, in
 * overlapping epochs: what a verdict would rest on). Such an object may
 * be falsely shared and no verdict can say: the run is inconclusive.
 * Allocations made by a library's own code (site outside the program)
 * are not the program's objects and are left out.
 */
#ifndef LINEUP_TRACE_UNTYPED_H
#define LINEUP_TRACE_UNTYPED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace_file.h"

/* One thread's stores or loads on the object, and their epochs. */
struct lu_trace_untyped_touch {
	uint32_t thread, lo, hi;
	bool store;
};

struct lu_trace_untyped {
	uint64_t addr, size;
	uint32_t from, to;	/* life in epochs; to 0: to the end */
	const char *label;	/* "main+0x1c, a.c:9" */
	struct lu_trace_untyped_touch *touches;
	size_t n_touches, cap_touches;
	bool shared;		/* see above; set by lu_trace_untyped_finish */
	uint32_t t1, t2;	/* a storing thread and another, when shared */
};

struct lu_trace_untyped_set {
	struct lu_trace_untyped *v;
	size_t n, cap;
	bool sorted;
	size_t n_shared;
};

void lu_trace_untyped_add(struct lu_trace_untyped_set *u,
			  const struct lu_trace_alloc *a, const char *label);
/* The access A touched ADDR: kept when ADDR is in an untyped object. */
void lu_trace_untyped_touch(struct lu_trace_untyped_set *u, uint64_t addr,
			    const struct lu_trace_access *a);
void lu_trace_untyped_finish(struct lu_trace_untyped_set *u);
void lu_trace_untyped_free(struct lu_trace_untyped_set *u);

#endif
