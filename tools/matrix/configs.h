/* SPDX-License-Identifier: MIT */
/*
 * Configurations of the matrix, and the logic over them: which to try
 * (all, or a covering array in which every pair of option values appears)
 * and the smallest condition over the options that explains a set of
 * failing configurations (condition.c). Pure functions, no I/O.
 */
#ifndef LINEUP_CONFIGS_H
#define LINEUP_CONFIGS_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "rules.h"

/* Above this many configurations the sweep is a covering array. */
#define LU_EXHAUSTIVE_LIMIT 256
/*
 * lineup matrix sweeps only the options that can change a checked struct,
 * and compiles once per text of those structs: up to this many of their
 * configurations are all tried (and all preprocessed, to find them).
 */
#define LU_RELEVANT_LIMIT 4096
/* With matrix --model, the search for them explores up to this many
 * configurations of those found, then a covering array of them. */
#define LU_MODEL_EXPLORED 64
/* --exhaustive stops here: a million compiles is days of work. */
#define LU_EXHAUSTIVE_MAX 1000000
/* Values of one option: a configuration keeps each in a byte. */
#define LU_MAX_VALUES 255
/*
 * Pairs of values a covering array must cover, at most: about 1,400
 * toggles. Each costs memory and time in every row; above, the matrix is
 * refused rather than left to run for minutes.
 */
#define LU_MAX_PAIRS (1u << 22)

/* A configuration: one value index per option (toggles: 0 off, 1 on). */
struct lu_configs {
	size_t n_options;
	size_t *n_values;	/* per option */
	unsigned char *values;	/* n_configs rows of n_options */
	size_t n_configs;
	bool exhaustive;
};

enum lu_configs_error {
	LU_CONFIGS_TOO_MANY_VALUES = -1,	/* an option has too many */
	LU_CONFIGS_TOO_MANY_CONFIGS = -2,	/* for --exhaustive */
	LU_CONFIGS_TOO_MANY_PAIRS = -3,	/* for a covering array */
};

/*
 * Fills OUT with every configuration, or a pairwise covering array.
 * Returns 0 or an lu_configs_error; OUT is to be freed either way.
 */
int lu_configs_make(const struct lu_matrix_rules *m, bool force_exhaustive,
		    struct lu_configs *out);
/* lu_configs_make, with what went wrong in ERR, pointing at the
 * [matrix] section of RULES_PATH; -1 then. */
struct lu_error;
int lu_configs_make_or_error(const struct lu_matrix_rules *m,
			     bool force_exhaustive, const char *rules_path,
			     struct lu_configs *out, struct lu_error *err);
/* The same with LIMIT in place of LU_EXHAUSTIVE_LIMIT. */
int lu_configs_make_limit(const struct lu_matrix_rules *m,
			  bool force_exhaustive, size_t limit,
			  const char *rules_path, struct lu_configs *out,
			  struct lu_error *err);
/* lu_configs_make with LIMIT, its lu_configs_error unexplained. */
int lu_configs_make_limit_quiet(const struct lu_matrix_rules *m,
				size_t limit, struct lu_configs *out);
void lu_configs_free(struct lu_configs *c);
/* How many values option O takes (a toggle's two, or its list's). */
size_t lu_option_n_values(const struct lu_matrix_option *o);
/* Every combination of M's options' values, counted (may be past
 * SIZE_MAX: a double). */
double lu_configs_total(const struct lu_matrix_rules *m);

const unsigned char *lu_config_row(const struct lu_configs *c, size_t i);
/* The configuration of C (in odometer order, as lu_configs_make and
 * Kconfig's engine give them) whose row is ROW, or -1. */
long lu_configs_find(const struct lu_configs *c, const unsigned char *row);
/* "NAME=y", "NAME=n" or "NAME=VALUE" for option O at value V. */
char *lu_config_literal(struct lu_arena *a, const struct lu_matrix_rules *m,
			size_t o, size_t v);
/*
 * The compiler's arguments for ROW, one word each ("-DCONFIG_SMP",
 * "-DLINE=64", values verbatim: they are never parsed by a shell). *N is
 * their number; the array has room for EXTRA more and a NULL.
 */
const char **lu_config_args(struct lu_arena *a,
			    const struct lu_matrix_rules *m,
			    const unsigned char *row, size_t extra, size_t *n);
/*
 * What the preprocessed text does not show of ROW: its flags and line size
 * dimensions, hashed (0 without them), so builds are told apart by both.
 */
uint64_t lu_config_dimensions_hash(const struct lu_matrix_rules *m,
				   const unsigned char *row);
/* The line size ROW checks with (a line_size dimension), 0 for none. */
unsigned lu_config_line_size(const struct lu_matrix_rules *m,
			     const unsigned char *row);
/* The same as one string for people, e.g. " -DCONFIG_SMP -DLINE=64". */
char *lu_config_flags(struct lu_arena *a, const struct lu_matrix_rules *m,
		      const unsigned char *row);
/*
 * WORDS with SEP between them, after BEFORE and before AFTER, in one pass
 * (the texts of configurations and conditions grow with the options).
 */
char *lu_config_join(struct lu_arena *a, const char *before,
		     const char *const *words, size_t n, const char *sep,
		     const char *after);
/* Human form, e.g. "CONFIG_SMP=y CONFIG_RT=n". */
char *lu_config_name(struct lu_arena *a, const struct lu_matrix_rules *m,
		     const unsigned char *row);

/*
 * The smallest condition (an "or" of "and"s of literals) that holds for
 * exactly the configurations in FAILING among those tried: exact for
 * short terms and few options, greedy beyond, polynomial in the number of
 * options either way (condition.c). Returns "always" when all fail and
 * NULL when none does.
 */
char *lu_condition(struct lu_arena *a, const struct lu_matrix_rules *m,
		   const struct lu_configs *c, const bool *failing);

#endif
