/* SPDX-License-Identifier: MIT */
/* What lineup matrix's model groups configurations by: each one's
 * verdict (its findings' signature) and its layouts' hash. */
#ifndef LINEUP_MATRIX_MODEL_VERDICT_H
#define LINEUP_MATRIX_MODEL_VERDICT_H

#include <stdbool.h>
#include <stdint.h>

#include "matrix.h"

struct classes {
	char **sig;
	bool *fails;		/* an error among its findings */
	size_t *rep;		/* a configuration of each */
	size_t n, cap;
	size_t *of;		/* per configuration */
};

char *lu_matrix_verdict(struct lu_arena *a, const struct lu_set *set,
			const struct lu_findings *fs,
			const struct lu_rules *rules);
size_t lu_matrix_class_of(struct classes *c, char *sig, bool fails,
			  size_t config, struct lu_arena *a);
uint64_t lu_matrix_fnv(uint64_t h, const void *p, size_t n);
uint64_t lu_matrix_layout_hash(uint64_t h, const struct lu_struct *s);

#endif
