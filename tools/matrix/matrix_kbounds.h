/* SPDX-License-Identifier: MIT */
/*
 * The kernel's own bounds across a matrix's configurations: for each
 * CACHELINE_ASSERT_GROUP_SIZE call --kernel-asserts read, the group's
 * bytes in every configuration that compiled, held against the bound,
 * with the condition under which it is over the bound, at it (one more
 * byte breaks that configuration's build) or without the group. The
 * per-configuration errors are check's findings; this is the margin a
 * reviewer reads before a bot builds 32-bit ARM.
 */
#ifndef LINEUP_MATRIX_KBOUNDS_H
#define LINEUP_MATRIX_KBOUNDS_H

#include <jansson.h>
#include <stdio.h>

#include "matrix.h"

/* One line per bound: "lineup matrix: FILE:LINE:COL: group 'G' of struct
 * S is 16 to 24 bytes against its kernel bound 16 (12 + 4): over it when
 * ARCH=x86_64; at it when ARCH=i386". */
void lu_matrix_kbounds_text(struct lu_matrix *mx, FILE *out, bool hex);

/* The same as an array for the report's "kernel_bounds", or NULL when
 * no --kernel-asserts was given. */
json_t *lu_matrix_kbounds_json(struct lu_matrix *mx);

#endif
