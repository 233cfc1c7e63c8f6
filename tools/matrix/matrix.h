/* SPDX-License-Identifier: MIT */
/*
 * lineup matrix's state, shared by its steps: setup and checks (matrix.c),
 * the compiles (matrix_sweep.c) and the report (matrix_report.c).
 */
#ifndef LINEUP_MATRIX_H
#define LINEUP_MATRIX_H

#include <stdint.h>

#include "check.h"
#include "options.h"
#include "configs.h"
#include "interrupt.h"
#include "jobs.h"
#include "kernel_asserts.h"
#include "matrix_arch.h"
#include "matrix_kconfig.h"
#include "matrix_progress.h"
#include "relevance.h"
#include "rules.h"

enum lu_build_state {
	LU_BUILD_OK,
	LU_BUILD_FAILED,
	LU_BUILD_TIMED_OUT,
	LU_BUILD_UNREADABLE,
};

/* One distinct preprocessed text: compiled and checked once. */
struct lu_build {
	size_t first_config;	/* the configuration it was compiled with */
	const char *object;
	enum lu_build_state state;
	const char *message;	/* compiler or reader error, first line */
	const char *output;	/* the compiler's, first and last KiB */
	struct lu_set set;
	struct lu_findings findings;
};

struct lu_config {
	const unsigned char *row;
	const char *name, *flags;
	/* its preprocessed text's, or when compiled directly its object's
	 * (or failure's), with what the text does not show of the row */
	uint64_t hash;
	size_t build;		/* index into builds */
	bool failed_early;	/* preprocessing failed */
	bool direct;		/* compiled without preprocessing first */
	/* its structs' text's key, from the relevance exploration */
	uint64_t key;
	bool keyed;
};

/*
 * What the layout model (layout_model.h) did for a sweep: when USED, every
 * configuration of the swept options is in configs, each mapped to the
 * build that confirmed its verdict (one per verdict).
 */
struct lu_matrix_model {
	bool used;
	const char *refused;	/* why it could not answer, or NULL */
	const char *refused_struct;
	size_t n_learned, n_confirmed;	/* builds, each phase */
	/* distinct layouts of the checked structs among the
	 * configurations; structs held by value learned on their own */
	size_t n_layouts, n_held;
	/* per swept option: flipping it alone changes some configuration's
	 * size, or whether it fails */
	bool *changes_layout, *changes_verdict;
	/* per configuration and checked name: the model's size, 0 absent */
	uint64_t *sizes;
	size_t n_names;
	/* per checked name and swept option, [k * n_options + o]: the bytes
	 * of the members the option's flip from the all-off configuration
	 * adds (LU_THRESHOLD_NO_WEIGHT unknown), and those members' names,
	 * space-separated: the weights of a threshold (threshold.h) */
	int64_t *member_bytes;
	const char **members;
	/* a Kconfig sweep's: every combination of the options' values,
	 * of which the configurations are those Kconfig allows; 0 else */
	double n_combinations;
};

struct lu_matrix {
	const struct lu_cli *cli;
	struct lu_rules rules;
	/* the options swept: those that can change a checked struct
	 * (matrix_narrow.c); GIVEN, as the rules file says */
	const struct lu_matrix_rules *m, *given;
	struct lu_matrix_rules swept;
	/* words for the options not swept: valued ones keep their first */
	const char **fixed;
	size_t n_fixed;
	/* the checked structs, then NULL for those with markers */
	const char **names;
	size_t n_names;
	struct lu_relevance rel;
	bool keyed;		/* every configuration's key is known */
	size_t n_compiles, n_preprocessed;
	const char *command, *dir;
	struct lu_configs configs;
	struct lu_config *cfg;
	struct lu_build *builds;
	size_t n_builds;
	char *tmp;
	unsigned timeout;	/* seconds per compile */
	struct lu_arena arena;
	struct lu_interrupt interrupt;
	struct lu_progress progress;
	struct lu_kconfig_result kconfig;	/* a Kconfig matrix's */
	struct lu_matrix_model model;		/* when the model answered */

	struct lu_arch *arch;	/* `arch =`'s compilers, or NULL */
	struct lu_kconfig_auto *kauto;	/* options = auto's, or NULL */
	/* --kernel-asserts: the kernel's own bounds on its groups, held in
	 * every configuration (matrix_kbounds.c) */
	const struct lu_kasserts *kasserts;
	size_t n_kasserts;
	/* the structs held by value that the layout model learns from the
	 * builds too, read beside the checked ones while it learns */
	const char *const *held;
	size_t n_held;
};

/*
 * Finds the options that can change the checked structs and makes the
 * configurations of those: M, CONFIGS and CFG. Returns 0, -1 with ERR,
 * or -2 when interrupted.
 */
int lu_matrix_narrow(struct lu_matrix *mx, const struct lu_jobs_opts *o,
		     struct lu_error *err);

/*
 * Compiles every configuration, each distinct text once, with O's slots
 * and limits: fills builds and each configuration's build, numbered in
 * configuration order. Returns 0, or -1 when interrupted.
 */
int lu_matrix_sweep(struct lu_matrix *mx, const struct lu_jobs_opts *o);

/* Marks B failed with what JOB said (its first error line) or that it
 * timed out; for the Kconfig builds too. */
void lu_matrix_fail_build(struct lu_matrix *mx, struct lu_build *b,
			  const struct lu_job *job);

/*
 * Configuration C's name ("A=y B=n") and -D flags, built when first asked
 * and kept: a sweep the layout model answers lays out up to 2^20
 * configurations and the text report names a few of them
 * (matrix_narrow.c).
 */
const char *lu_matrix_config_name(struct lu_matrix *mx, size_t c);
const char *lu_matrix_config_flags(struct lu_matrix *mx, size_t c);

/* Prints the findings with their conditions; returns the exit status. */
int lu_matrix_report(struct lu_matrix *mx);

#endif
