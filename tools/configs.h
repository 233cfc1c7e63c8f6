/* SPDX-License-Identifier: MIT */
/*
 * Configurations of the matrix, and the logic over them: which to try
 * (all, or a covering array in which every pair of option values appears)
 * and the smallest condition over the options that explains a set of
 * failing configurations. Pure functions, no I/O.
 */
#ifndef LINEUP_CONFIGS_H
#define LINEUP_CONFIGS_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "rules.h"

/* Above this many configurations the sweep is a covering array. */
#define LU_EXHAUSTIVE_LIMIT 256

/* A configuration: one value index per option (toggles: 0 off, 1 on). */
struct lu_configs {
	size_t n_options;
	size_t *n_values;	/* per option */
	unsigned char *values;	/* n_configs rows of n_options */
	size_t n_configs;
	bool exhaustive;
};

/* Fills OUT with every configuration, or a pairwise covering array. */
int lu_configs_make(const struct lu_matrix_rules *m, bool force_exhaustive,
		    struct lu_configs *out);
void lu_configs_free(struct lu_configs *c);

const unsigned char *lu_config_row(const struct lu_configs *c, size_t i);
/* "NAME=y", "NAME=n" or "NAME=VALUE" for option O at value V. */
char *lu_config_literal(struct lu_arena *a, const struct lu_matrix_rules *m,
			size_t o, size_t v);
/* The compiler flags, e.g. " -DCONFIG_SMP -DLINE=64". */
char *lu_config_flags(struct lu_arena *a, const struct lu_matrix_rules *m,
		      const unsigned char *row);
/* Human form, e.g. "CONFIG_SMP=y CONFIG_RT=n". */
char *lu_config_name(struct lu_arena *a, const struct lu_matrix_rules *m,
		     const unsigned char *row);

/*
 * The smallest condition (terms of up to four literals, or'ed) that holds
 * for exactly the configurations in FAILING among those tried. Returns
 * "always" when all fail and NULL when none does.
 */
char *lu_condition(struct lu_arena *a, const struct lu_matrix_rules *m,
		   const struct lu_configs *c, const bool *failing);

#endif
