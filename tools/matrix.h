/* SPDX-License-Identifier: MIT */
/*
 * lineup matrix's state, shared by the sweep (matrix.c) and its report
 * (matrix_report.c).
 */
#ifndef LINEUP_MATRIX_H
#define LINEUP_MATRIX_H

#include <stdint.h>

#include "check.h"
#include "cli.h"
#include "configs.h"
#include "interrupt.h"
#include "rules.h"

enum lu_build_state {
	LU_BUILD_OK,
	LU_BUILD_FAILED,
	LU_BUILD_TIMED_OUT,
	LU_BUILD_UNREADABLE,
};

/* One distinct preprocessed text: compiled and checked once. */
struct lu_build {
	size_t first_config;
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
	const char *preprocessed;
	uint64_t hash;
	size_t build;		/* index into builds */
	bool failed_early;	/* preprocessing failed */
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
	struct lu_arena arena;
	struct lu_interrupt interrupt;
};

/* Prints the findings with their conditions; returns the exit status. */
int lu_matrix_report(struct lu_matrix *mx);

#endif
