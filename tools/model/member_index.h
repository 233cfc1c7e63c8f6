/* SPDX-License-Identifier: MIT */
/*
 * Members found by name in O(log n): lu_struct_member scans, and a rules
 * file naming each of 40,000 members made check and asserts quadratic.
 */
#ifndef LINEUP_MEMBER_INDEX_H
#define LINEUP_MEMBER_INDEX_H

#include <stddef.h>

#include "layout.h"

struct lu_member_index {
	const struct lu_struct *s;
	size_t *sorted;		/* non-marker members by (name, index) */
	size_t n;
};

void lu_member_index_init(struct lu_member_index *ix,
			  const struct lu_struct *s);
/* What lu_struct_member(ix->s, NAME) returns: the first declared. */
ptrdiff_t lu_member_index_find(const struct lu_member_index *ix,
			       const char *name);
void lu_member_index_free(struct lu_member_index *ix);

#endif
