/* SPDX-License-Identifier: MIT */
/*
 * A finding's condition, past LU_THRESHOLD_TERMS terms, as the bytes
 * that decide (threshold.h), in matrix's report: weighed by the layout
 * model of one checked struct (lu_matrix_model's member_bytes), said only
 * when exact on every configuration (matrix_threshold.c).
 */
#ifndef LINEUP_MATRIX_THRESHOLD_H
#define LINEUP_MATRIX_THRESHOLD_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "matrix.h"

/* "lineup matrix: the condition above, as the bytes that decide: 8·M1 +
 * 16·M2 < 48 (M1: m1, M2: m2 of struct s)" for COND, whose configurations
 * IN marks; nothing when there is no exact threshold. */
void lu_matrix_threshold_text(struct lu_matrix *mx, FILE *out,
			      const char *cond, const bool *in);

/* The same as JSON: text, terms (option, bytes, members), relation,
 * bound and struct; null when there is none. */
json_t *lu_matrix_threshold_json(struct lu_matrix *mx, const char *cond,
				 const bool *in);

#endif
