/* SPDX-License-Identifier: MIT */
/*
 * The structs a matrix's layout model learns (matrix_model_names.c): the
 * checked ones, then the structs they hold by value (`struct T x;`) that
 * can be learned on their own, transitively. A held struct's model gives
 * the line that holds it its member's size and alignment, so that line is
 * keyed by what its own text sees; T's members are learned from their own
 * keys. Each name comes with its body's #if conditions and its keys.
 */
#ifndef LINEUP_MATRIX_MODEL_NAMES_H
#define LINEUP_MATRIX_MODEL_NAMES_H

#include "layout_model.h"
#include "matrix.h"

struct lu_model_names {
	const char **name;
	size_t *rel;		/* its index among the relevance's names */
	size_t n;		/* all of them */
	size_t n_checked;	/* the first ones: the rules' structs */
	struct lu_presence *presence;
	struct lu_model_keys *keys;
	const char **watch;	/* the symbols Kconfig resolves */
	size_t n_watch;
	/* the order to learn them in: a held struct before what holds it */
	size_t *order;
};

/*
 * The names of MX's model into OUT (in MX's arena). 1; or 0 with *WHO
 * (the struct, NULL for all) and *WHY when a checked struct's body
 * cannot be modelled. A held struct that cannot be is left out: the
 * lines that hold it keep the whole of its text as their key.
 */
int lu_matrix_model_names(struct lu_matrix *mx, struct lu_model_names *out,
			  const char **who, const char **why);

#endif
