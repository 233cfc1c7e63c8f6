/* SPDX-License-Identifier: MIT */
/* The subcommand table: each command's entry point, grammar and options. */
#ifndef LINEUP_CLI_H
#define LINEUP_CLI_H

#include "options.h"

struct lu_command {
	const char *name;
	int (*run)(struct lu_cli *cli);
	const char *usage;	/* grammar, first line of --help */
	const char *help;	/* what it does, before the options */
	unsigned takes;		/* the options it accepts, by bit */
	unsigned formats;	/* the --format values, by enum lu_format */
};

int lu_cmd_show(struct lu_cli *cli);
int lu_cmd_check(struct lu_cli *cli);
int lu_cmd_matrix(struct lu_cli *cli);
int lu_cmd_asserts(struct lu_cli *cli);
int lu_cmd_suggest(struct lu_cli *cli);
int lu_cmd_rules(struct lu_cli *cli);
int lu_cmd_diff(struct lu_cli *cli);
int lu_cmd_c2c(struct lu_cli *cli);


#endif
