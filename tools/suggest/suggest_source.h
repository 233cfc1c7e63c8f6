/* SPDX-License-Identifier: MIT */
/* lineup suggest: a proposal written with the source's own lines. */
#ifndef LINEUP_SUGGEST_SOURCE_H
#define LINEUP_SUGGEST_SOURCE_H

#include "suggest.h"

/*
 * The body of the struct declared on DECL_LINE of PATH, its lines moved
 * into the order of proposal P: each item takes its declaration's lines
 * (comments above, every line up to its ';') as written, the group
 * markers already there travel with their group, new markers and
 * isolation are inserted, and the #if/#ifdef/#ifndef lines are closed
 * and opened again between the moved lines so that each keeps the
 * conditions it had. Malloc'ed; NULL when that cannot be done safely (a
 * line that is no item's, two items on a line, #else or #elif, a member
 * not where its debug info says): the caller falls back to the render.
 */
char *lu_sg_source_body(const char *path, unsigned decl_line,
			const struct lu_sg_plan *plan,
			const struct lu_sg_proposal *p);

#endif
