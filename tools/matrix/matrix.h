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
#include "matrix_progress.h"
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
};

struct lu_matrix {
	const struct lu_cli *cli;
	struct lu_rules rules;
	const struct lu_matrix_rules *m;
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
};

/*
 * Compiles every configuration, each distinct text once, with O's slots
 * and limits: fills builds and each configuration's build, numbered in
 * configuration order. Returns 0, or -1 when interrupted.
 */
int lu_matrix_sweep(struct lu_matrix *mx, const struct lu_jobs_opts *o);

/* Prints the findings with their conditions; returns the exit status. */
int lu_matrix_report(struct lu_matrix *mx);

#endif
