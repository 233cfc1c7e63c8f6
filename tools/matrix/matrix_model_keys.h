/* SPDX-License-Identifier: MIT */
/*
 * What keys each member of the structs a matrix models (layout_model.h's
 * lu_model_keys), from the relevance analysis's line keys
 * (matrix_model_keys.c). In a -D matrix a key holds options: those the
 * line's declaration and its types can see, the outer ones, and the
 * options that are not -D defines (flags, line sizes), which can change
 * anything. In a Kconfig sweep it holds symbols Kconfig resolves: every
 * CONFIG_ name in the line's closure (CONFIG_X_MODULE through CONFIG_X's
 * value), and in the outer key every symbol the Makefiles that compile
 * the object name (kconfig_flags.h). A struct whose body the analysis
 * could not tell apart in declarations keys every line by all it found.
 */
#ifndef LINEUP_MATRIX_MODEL_KEYS_H
#define LINEUP_MATRIX_MODEL_KEYS_H

#include "layout_model.h"
#include "matrix.h"

/* The keys of the N names (REL_OF[k]: the name's index in MX's
 * relevance, PRESENCE[k] its body) into KEYS (in MX's arena), and in a
 * Kconfig sweep the symbols watched into *WATCH (*N_WATCH of them). */
void lu_matrix_model_keys(struct lu_matrix *mx, const size_t *rel_of,
			  const struct lu_presence *presence, size_t n,
			  struct lu_model_keys *keys, const char ***watch,
			  size_t *n_watch);

#endif
