/* SPDX-License-Identifier: MIT */
/*
 * Which lines of a struct's body each configuration keeps: the #if, #ifdef,
 * #ifndef, #elif, #else and #endif lines inside the body, evaluated as the
 * preprocessor would over the [matrix] options (presence.c). This is what
 * lets the layout model (layout_model.h) say which members a configuration
 * has without compiling it.
 *
 * Only conditions over the options themselves are evaluated: `defined X`,
 * an option's value (a toggle is 1 when on, undefined, so 0, when off),
 * integers, and C's operators. A condition naming anything else (a macro
 * of a header, __GNUC__) cannot be told without the preprocessor: the
 * model then says so and the sweep builds instead. The same for an
 * #include, #define or #undef inside the body.
 */
#ifndef LINEUP_PRESENCE_H
#define LINEUP_PRESENCE_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "rules.h"

struct lu_presence {
	unsigned first, last;	/* the body's lines */
	/* per line of the body, [line - first]: its condition's index, 0
	 * for lines every configuration keeps */
	size_t *cond_of_line;
	/* conditions: each an "and" of literals, conds[k] at
	 * lits[cond_from[k], cond_from[k + 1]) */
	size_t n_conds, *cond_from;
	struct lu_presence_lit {
		size_t expr;	/* index into exprs */
		bool want;	/* the expression must be true (or false) */
	} *lits;
	/* each expression's tokens, NUL-separated, ending in an empty one */
	const char **exprs;
	size_t n_exprs;
	const char *refused;	/* why it cannot be evaluated, or NULL */
	unsigned refused_line;
};

/*
 * Reads lines FIRST to LAST of TEXT (a whole source file, LEN bytes) into
 * OUT, in A. Conditions naming anything but M's -D options leave
 * OUT->refused set (with the line).
 */
void lu_presence_scan(const char *text, size_t len, unsigned first,
		      unsigned last, const struct lu_matrix_rules *m,
		      struct lu_arena *a, struct lu_presence *out);

/* Does configuration ROW (a value per option of M) keep line LINE? */
bool lu_presence_keeps(const struct lu_presence *p,
		       const struct lu_matrix_rules *m,
		       const unsigned char *row, unsigned line);

/* Does condition K hold for ROW? */
bool lu_presence_holds(const struct lu_presence *p,
		       const struct lu_matrix_rules *m,
		       const unsigned char *row, size_t k);

/* The options condition K names: FLAGS[o] set for each. */
void lu_presence_options(const struct lu_presence *p,
			 const struct lu_matrix_rules *m, size_t k,
			 bool *flags);

#endif
