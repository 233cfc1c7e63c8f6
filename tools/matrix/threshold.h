/* SPDX-License-Identifier: MIT */
/*
 * A condition too long to read as an "or" of "and"s, said as what it is
 * in the layout: a sum of member sizes against a bound (threshold.c).
 * The case fails when the bytes between a writer and its reader
 * are under 48: over ten options that add members, its smallest or-of-ands
 * is hundreds of terms, and `8·M1 + 8·M2 + 16·M3 + … < 48` is the answer.
 *
 * The weights are the layout model's own: per option, the bytes of the
 * members its flip adds to the struct (layout_model.h). The form is given
 * only when it holds for exactly the configurations of the condition,
 * checked on every configuration; otherwise there is none.
 */
#ifndef LINEUP_THRESHOLD_H
#define LINEUP_THRESHOLD_H

#include <stdbool.h>
#include <stdint.h>

#include "arena.h"
#include "configs.h"
#include "rules.h"

/* An or-of-ands with more terms than this also gets a threshold form. */
#define LU_THRESHOLD_TERMS 64

/* A weight the model could not give (the option is not a toggle, or the
 * struct is absent on either side of its flip). */
#define LU_THRESHOLD_NO_WEIGHT INT64_MIN

struct lu_threshold {
	size_t n;		/* terms: the options that decide */
	size_t *option;		/* per term, its option's index */
	int64_t *bytes;		/* per term, its weight */
	bool less;		/* holds iff the sum < bound, else >= bound */
	int64_t bound;
};

/*
 * The threshold over C's configurations (every combination, in
 * lu_configs_make's order) that holds for exactly those IN marks: the
 * options whose flip alone changes IN, each weighed by BYTES (per option
 * of M), against the bound that separates them. False, OUT untouched,
 * when no such sum is exactly IN. Arrays in A.
 */
bool lu_threshold_find(const struct lu_matrix_rules *m,
		       const struct lu_configs *c, const bool *in,
		       const int64_t *bytes, struct lu_arena *a,
		       struct lu_threshold *out);

/* T as text, "8·M1 + 16·M2 < 48" (names as M spells them, unescaped). */
char *lu_threshold_text(struct lu_arena *a, const struct lu_matrix_rules *m,
			const struct lu_threshold *t);

/* Does condition COND (lu_condition's text) have more than
 * LU_THRESHOLD_TERMS terms, counting its "N other configurations"? */
bool lu_condition_long(const char *cond);

#endif
