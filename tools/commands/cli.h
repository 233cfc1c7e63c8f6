/* SPDX-License-Identifier: MIT */
/* The subcommand table: each command's entry point, grammar and options. */
#ifndef LINEUP_CLI_H
#define LINEUP_CLI_H

#include <stdint.h>

#include "options.h"

struct lu_command {
	const char *name;
	int (*run)(struct lu_cli *cli);
	const char *usage;	/* grammar, first line of --help */
	const char *help;	/* what it does, before the options */
	uint64_t takes;		/* the options it accepts, by bit */
	unsigned formats;	/* the --format values, by enum lu_format */
};

/* In lu_command.takes: the arguments reach run unparsed, in args (a
 * compiler wrapper's arguments are the compiler's). */
#define LU_TAKES_RAW (UINT64_C(1) << 63)

int lu_cmd_show(struct lu_cli *cli);
int lu_cmd_check(struct lu_cli *cli);
int lu_cmd_matrix(struct lu_cli *cli);
int lu_cmd_asserts(struct lu_cli *cli);
int lu_cmd_suggest(struct lu_cli *cli);
int lu_cmd_rules(struct lu_cli *cli);

struct lu_rules;
struct lu_set;
/* check's and show's: each struct RULES (may be NULL) names is in one of
 * SETS, else -1 after one line on stderr naming it (cmd_check.c). */
int lu_rules_structs_found(const struct lu_rules *rules,
			   const struct lu_set *sets, size_t n_sets);
int lu_cmd_diff(struct lu_cli *cli);
int lu_cmd_c2c(struct lu_cli *cli);
int lu_cmd_trace(struct lu_cli *cli);
int lu_cmd_trace_cc(struct lu_cli *cli);

/*
 * --stamp FILE, for build systems: removed before the command runs (an
 * interrupted check leaves none), written after it only when it exits 0.
 * lu_stamp_remove returns -1 after saying why it could not; settle
 * returns RC, or LU_EXIT_USAGE when the stamp could not be written.
 */
int lu_stamp_remove(const struct lu_cli *cli);
int lu_stamp_settle(const struct lu_cli *cli, int rc);

/*
 * A usage error as one line: what is missing or extra, then the grammar,
 * "lineup CMD: WHY; usage: USAGE". Returns LU_EXIT_USAGE.
 */
int lu_usage_error(const char *cmd, const char *usage, const char *why, ...)
	__attribute__((format(printf, 3, 4)));


#endif
