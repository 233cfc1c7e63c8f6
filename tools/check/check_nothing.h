/* SPDX-License-Identifier: MIT */
/*
 * Nothing checked is not a pass (design.md §4): the one line that says
 * what was looked for and where, for check and matrix alike.
 */
#ifndef LINEUP_CHECK_NOTHING_H
#define LINEUP_CHECK_NOTHING_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"
#include "layout.h"

/*
 * Fills ERR for a check of SETS that found no struct to check: the inputs
 * without type information (-g1) by name, else that no struct carries
 * markers and (HAVE_RULES) no rule names one. WHERE, when not NULL, names
 * the inputs instead of their paths (matrix: "any configuration").
 */
void lu_nothing_checked(const struct lu_set *sets, size_t n_sets,
			bool have_rules, const char *where,
			struct lu_error *err);

#endif
