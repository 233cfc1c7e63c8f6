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
#include "rules.h"

enum build_state { BUILD_OK, BUILD_FAILED, BUILD_TIMED_OUT, BUILD_UNREADABLE };

/* One distinct preprocessed text: compiled and checked once. */
struct build {
	size_t first_config;
	const char *object, *log;
	enum build_state state;
	const char *message;	/* compiler or reader error, first line */
	struct lu_set set;
	struct lu_findings findings;
};

struct config {
	const unsigned char *row;
	const char *name, *flags;
	const char *preprocessed, *log;
	uint64_t hash;
	size_t build;		/* index into builds */
	bool failed_early;	/* preprocessing failed */
};

struct matrix {
	const struct lu_cli *cli;
	struct lu_rules rules;
	const struct lu_matrix_rules *m;
	const char *command, *dir;
	struct lu_configs configs;
	struct config *cfg;
	struct build *builds;
	size_t n_builds;
	char *tmp;
	struct lu_arena arena;
	int interrupted;
};

/* Prints the findings with their conditions; returns the exit status. */
int lu_matrix_report(struct matrix *mx);

#endif
