/* SPDX-License-Identifier: MIT */
/* lineup suggest: does the source still hold what was compiled? */
#ifndef LINEUP_SUGGEST_MATCH_H
#define LINEUP_SUGGEST_MATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "layout.h"

/*
 * True when PATH (S's source, as read) still holds S where its debug
 * info says: S's line opens S's braces and every member's line inside
 * them declares it. Else false and WHY (SIZE bytes) says which line
 * does not and that the source changed since it was compiled: then a
 * diff would quote (and delete) lines that are not S's.
 */
bool lu_sg_source_matches(const char *path, const struct lu_struct *s,
			  char *why, size_t size);

#endif
