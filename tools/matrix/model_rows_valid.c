/* SPDX-License-Identifier: MIT */
/*
 * The layout model's learning builds when not every combination of the
 * options is a configuration (layout_model.h): a Kconfig sweep's are the
 * ones Kconfig allows. lu_model_rows would ask for rows Kconfig refuses
 * (every sized combination with the presence options off, when one
 * selects another); these are chosen among the valid ones instead. What
 * the model needs is unchanged: for each combination of the sized
 * options that some configuration has, every member a configuration
 * with it keeps, seen in a build with it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "layout_model.h"

/* More conditions than bits: choose with lu_model_rows' reasoning. */
#define MAX_CONDS 64

/* Per configuration of VALID: a bit per body condition it makes true. */
static uint64_t *cond_masks(const struct lu_matrix_rules *m,
			    const struct lu_presence *const *presence,
			    size_t n, const struct lu_configs *valid)
{
	uint64_t *mask = calloc(valid->n_configs + 1, sizeof(*mask));

	if (!mask)
		abort();
	for (size_t c = 0; c < valid->n_configs; c++) {
		const unsigned char *row = lu_config_row(valid, c);
		unsigned bit = 0;

		for (size_t i = 0; i < n; i++)
			for (size_t k = 1; k < presence[i]->n_conds; k++, bit++)
				if (lu_presence_holds(presence[i], m, row, k))
					mask[c] |= UINT64_C(1) << bit;
	}
	return mask;
}

/* Do configurations A and B agree on every sized option? */
static bool same_sized(const unsigned char *a, const unsigned char *b,
		       const bool *sized, size_t w)
{
	for (size_t o = 0; o < w; o++)
		if (sized[o] && a[o] != b[o])
			return false;
	return true;
}

static unsigned popcount(uint64_t x)
{
	unsigned n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

size_t lu_model_rows_within(const struct lu_matrix_rules *m,
			    const struct lu_presence *const *presence,
			    size_t n, const bool *sized,
			    const struct lu_configs *valid,
			    unsigned char **out, const char **why)
{
	size_t w = m->n_options, n_conds = 0, n_rows = 0;
	size_t nv = valid->n_configs;

	*out = NULL;
	*why = NULL;
	for (size_t i = 0; i < n; i++)
		n_conds += presence[i]->n_conds - 1;
	if (n_conds > MAX_CONDS) {
		*why = "more body #if conditions than it learns from "
		       "configurations Kconfig allows";
		return 0;
	}
	uint64_t *mask = cond_masks(m, presence, n, valid);
	bool *done = calloc(nv + 1, sizeof(bool));	/* its group chosen */
	unsigned char *rows = malloc((LU_MODEL_MAX_SIZED + 1) * (w + 1));

	if (!done || !rows)
		abort();
	for (size_t g = 0; g < nv && !*why; g++) {
		if (done[g])
			continue;
		/* configuration g's group: those with its sized values */
		uint64_t want = 0, have = 0;
		const unsigned char *key = lu_config_row(valid, g);

		for (size_t c = g; c < nv; c++)
			if (!done[c] &&
			    same_sized(key, lu_config_row(valid, c), sized, w))
				want |= mask[c];
		/* the fewest builds that make all of them true, greedily;
		 * the first row of a group even when it needs none */
		do {
			size_t best = g;
			unsigned gain = 0;

			for (size_t c = g; c < nv; c++) {
				if (done[c] || !same_sized(key,
							   lu_config_row(valid,
									 c),
							   sized, w))
					continue;
				unsigned k = popcount(mask[c] & want & ~have);

				if (k > gain) {
					gain = k;
					best = c;
				}
			}
			if (n_rows == LU_MODEL_MAX_SIZED) {
				*why = "more than 64 builds to learn from "
				       "the configurations Kconfig allows";
				break;
			}
			memcpy(rows + n_rows++ * w, lu_config_row(valid, best),
			       w);
			have |= mask[best];
		} while ((want & ~have) != 0);
		for (size_t c = g; c < nv; c++)
			if (same_sized(key, lu_config_row(valid, c), sized, w))
				done[c] = true;
	}
	free(mask);
	free(done);
	if (*why || !n_rows) {
		if (!*why)
			*why = "Kconfig allows no configuration";
		free(rows);
		return 0;
	}
	*out = rows;
	return n_rows;
}
