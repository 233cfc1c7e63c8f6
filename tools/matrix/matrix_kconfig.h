/* SPDX-License-Identifier: MIT */
/*
 * lineup matrix over a Kconfig project (`kconfig = DIR` in [matrix]): how
 * its configurations are made and built, in place of the -D compiles of
 * matrix_sweep.c. Each configuration is a real .config, resolved by the
 * tree's own `make olddefconfig`; those Kconfig refuses are excluded, and
 * the others are built out of tree by the tree's own make.
 */
#ifndef LINEUP_MATRIX_KCONFIG_H
#define LINEUP_MATRIX_KCONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "configs.h"

/*
 * Seconds a make may take without --timeout: a kernel object's first
 * build runs `make prepare` too, 16 s on 2 idle CPUs and minutes on a
 * loaded machine (bench/README.md); 300 s, the compile's, is too short.
 */
#define LU_KCONFIG_TIMEOUT 1800

struct lu_error;
struct lu_jobs_opts;
struct lu_matrix;

/* What Kconfig made of the configurations asked for. */
struct lu_kconfig_result {
	bool present;		/* a Kconfig matrix */
	struct lu_configs all;	/* every configuration asked for */
	bool *excluded;		/* per configuration of ALL */
	/* per configuration of ALL and option: the value, 'y', 'n' or 'm',
	 * Kconfig resolved it to when it refused the one asked for; 0 where
	 * it kept it */
	char *resolved;
	bool *seen;		/* per option: in some .config Kconfig wrote */
	size_t n_excluded;
	/* per configuration of ALL: its resolved .config's hash; per
	 * allowed one, the same (kconfig_dedupe.c) */
	uint64_t *hash, *built_hash;
	/* allowed configurations built by another's build: the same
	 * resolved .config, or the same text of the checked structs */
	size_t n_same_config, n_same_text;
	/* excluded configurations whose resolved .config one built has */
	size_t n_covered;
	/* configurations swept that were not asked: what Kconfig resolved
	 * refused ones to (kconfig_reached.c), after the asked in the
	 * sweep's order */
	size_t n_reached;
};

/*
 * Checks a [matrix] with `kconfig`: no compile, compdb, flags or
 * line_size; an object; options named CONFIG_* taking y, n or m. -1 with
 * ERR naming the rules file's line otherwise.
 */
int lu_kconfig_validate(const struct lu_matrix_rules *m,
			const char *rules_path, struct lu_error *err);

/*
 * Makes the base .config, resolves every configuration with the tree's
 * olddefconfig, drops from MX's configurations those Kconfig refuses
 * (recorded in MX->kconfig), and builds the object of each of the others
 * into MX's builds, one each. Returns 0, -1 when interrupted, or -2 with
 * ERR (the base failed, olddefconfig failed, Kconfig allows no
 * configuration).
 */
int lu_kconfig_sweep(struct lu_matrix *mx, const struct lu_jobs_opts *o,
		     struct lu_error *err);

/*
 * Adds to MX's configurations, after those asked, each distinct one that
 * Kconfig resolved a refused configuration to and that is not among
 * them, with DIR (per configuration: its O=, where olddefconfig left its
 * .config) grown to match. Returns how many (MX->kconfig.n_reached).
 */
size_t lu_kconfig_add_reached(struct lu_matrix *mx, const char ***dir);

/* PATH relative to the rules file's directory, made absolute; NULL when
 * it does not exist. */
const char *lu_kconfig_beside_rules(struct lu_matrix *mx, const char *path);
/*
 * The symbol a .config line assigns ("CONFIG_X=..." or "# CONFIG_X is
 * not set"), its length in *N and its value in *VALUE ('n' for "not
 * set", the value's first character otherwise); NULL for other lines.
 */
const char *lu_kconfig_line_symbol(const char *line, size_t len, size_t *n,
				   char *value);
/* The .config every configuration starts from, given the base's RAW
 * text: the base less the options, and debug info (in MX's arena). */
const char *lu_kconfig_start_text(struct lu_matrix *mx, const char *raw);
/* Writes the assignments lineup makes in every .config over BASE_TEXT
 * (debug info), less those M names as options. */
void lu_kconfig_put_fixed(FILE *f, const char *base_text,
			  const struct lu_matrix_rules *m);

/* kconfig_dedupe.c: the hash that tells two .config texts apart. */
uint64_t lu_kconfig_text_hash(const char *text, size_t len);
/*
 * Allowed configuration K (its resolved .config's hash RESOLVED): the
 * build of an earlier one it shares, or -1 for a build of its own. It
 * shares one with the same .config, or, when `options = auto` knows the
 * text of the checked structs for both, with the same text.
 */
long lu_kconfig_same_build(struct lu_matrix *mx, size_t k, uint64_t resolved);
/* Counts the excluded configurations whose .config one built has. */
void lu_kconfig_count_covered(struct lu_matrix *mx);

/* The report's lines on what Kconfig excluded, one per refused value. */
void lu_kconfig_report_text(struct lu_matrix *mx, FILE *out);
/* The same in ROOT's "excluded": each configuration with the values
 * Kconfig gave the options it refused. */
struct json_t;
void lu_kconfig_report_json(struct lu_matrix *mx, struct json_t *root);

#endif
