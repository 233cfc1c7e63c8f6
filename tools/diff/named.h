/* SPDX-License-Identifier: MIT */
/*
 * A sorted index of names, below the diff and its findings (diff.c,
 * diff_findings.c), which both match members by name.
 */
#ifndef LINEUP_NAMED_H
#define LINEUP_NAMED_H

#include <stddef.h>

#include "layout.h"

/* Names and what they name (struct or member indices), sorted by name so
 * that lookups stay O(log n) in structs of thousands of members. */
struct lu_named {
	const char *name;
	size_t index;
};

void lu_named_sort(struct lu_named *v, size_t n);
/* The entry of NAME with the lowest index, NULL when absent. */
const struct lu_named *lu_named_find(const struct lu_named *v, size_t n,
				     const char *name);
/* S's named members, markers left out: an array to free(). */
struct lu_named *lu_named_members(const struct lu_struct *s, size_t *n);

#endif
