/* SPDX-License-Identifier: MIT */
/*
 * `lineup diff`: what changed in the layouts of the structs two builds
 * share. A pure function from two layout sets (and the rules) to a list of
 * changes per struct; reports print it (diff_text.c, diff_json.c).
 *
 * Members match by name (dotted below a named member, as the model has
 * them); unnamed ones by their rank among the unnamed and their size.
 * Markers are not members here: their groups give members their kinds.
 */
#ifndef LINEUP_DIFF_H
#define LINEUP_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diff_types.h"

/* Compares OLD and NEW; fills OUT, which lu_diff_free releases. */
void lu_diff_sets(const struct lu_set *old, const struct lu_set *new,
		  const struct lu_diff_opts *opts, struct lu_diff *out);
void lu_diff_free(struct lu_diff *d);

/* The check finding a diff finding stands for. */
const struct lu_finding *lu_diff_finding_of(const struct lu_diff *d,
					    const struct lu_diff_finding *x);

/* The exit status the diff calls for: 1 when a rule is newly broken, or
 * a size change or line move that FAIL_ON (LU_FAIL_ON_*) makes fatal. */
int lu_diff_exit(const struct lu_diff *d, unsigned fail_on);

#endif
