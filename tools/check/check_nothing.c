/* SPDX-License-Identifier: MIT */
/*
 * The "nothing checked" error. A check that looked at no struct would
 * pass whatever the layout: pointing it at the wrong target, or losing the
 * markers in a refactor, must fail instead (exit 2, doc/ci.md).
 */
#include "check_nothing.h"

#include <stdio.h>

/* The first input without type information, or NULL. */
static const struct lu_set *typeless(const struct lu_set *sets, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (sets[i].no_types)
			return &sets[i];
	return NULL;
}

void lu_nothing_checked(const struct lu_set *sets, size_t n_sets,
			bool have_rules, const char *where,
			struct lu_error *err)
{
	const struct lu_set *bare = typeless(sets, n_sets);
	size_t n_bare = 0;
	char place[512];

	for (size_t i = 0; i < n_sets; i++)
		n_bare += sets[i].no_types;
	if (where)
		snprintf(place, sizeof(place), "%s", where);
	else if (n_sets == 1)
		snprintf(place, sizeof(place), "%s", sets[0].path);
	else
		snprintf(place, sizeof(place), "any of the %zu inputs", n_sets);
	if (bare && n_bare == n_sets) {
		lu_error_set(err, "nothing checked in %s: no type information "
				  "(%s%s with -g1 or "
				  "-gline-tables-only: only line tables; "
				  "build with -g)",
			     place, where ? "compiled" : bare->path,
			     where ? "" : " was built");
		return;
	}
	lu_error_set(err, "nothing checked in %s: no struct carries lineup or "
			  "kernel group markers (LINEUP_BEGIN, "
			  "__cacheline_group_begin__)%s%s%s%s",
		     place, have_rules ? " and the rules name no struct"
				       : " and no --rules names one",
		     bare && !where ? "; " : "", bare && !where ? bare->path : "",
		     bare && !where ? " has no type information (built with "
				      "-g1 or -gline-tables-only)"
				    : "");
}
