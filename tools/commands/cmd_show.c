/* SPDX-License-Identifier: MIT */
/* `lineup show`: read one input, print its layouts. */
#include <stdio.h>

#include "check.h"
#include "cli.h"
#include "reader.h"
#include "show.h"

/* Every --struct must be in the input; the nearest name helps a typo. */
static int wanted_found(const struct lu_cli *cli, const struct lu_set *set)
{
	for (size_t i = 0; i < cli->n_structs; i++) {
		struct lu_error err;

		if (lu_set_find_or_error(set, cli->structs[i], &err))
			continue;
		fprintf(stderr, "lineup: %s\n", err.msg);
		return -1;
	}
	return 0;
}

int lu_cmd_show(struct lu_cli *cli)
{
	struct lu_read_opts ropts = {
		.names = (const char *const *)cli->structs,
		.n_names = cli->n_structs,
		.line_size = cli->line_size,
	};
	struct lu_set set;
	struct lu_error err;

	if (cli->n_args != 1) {
		fprintf(stderr, "usage: lineup show [--struct NAME]... FILE\n");
		return LU_EXIT_USAGE;
	}
	lu_set_init(&set, cli->args[0]);
	if (lu_read(cli->args[0], &ropts, &set, &err) < 0) {
		fprintf(stderr, "lineup: %s\n", err.msg);
		lu_set_free(&set);
		return LU_EXIT_USAGE;
	}
	if (wanted_found(cli, &set) < 0) {
		lu_set_free(&set);
		return LU_EXIT_USAGE;
	}
	struct lu_show_opts sopts = {
		.line_size = set.line_size,
		.pair = cli->pair,
		.color = cli->color,
	};
	int rc = LU_EXIT_OK, wrote;

	if (cli->format == LU_FORMAT_JSON) {
		wrote = lu_show_json(stdout, &set, &sopts);
	} else {
		/* The markers' own rules, to highlight conflicts. */
		struct lu_findings findings = { 0 };
		struct lu_check_opts copts = {
			.line_size = sopts.line_size, .pair = cli->pair,
		};

		lu_check_set(&set, 0, NULL, &copts, &findings);
		wrote = lu_show_text(stdout, &set, &findings, &sopts);
		if (wrote < 0)
			perror("lineup: failed to write the output");
		lu_findings_free(&findings);
	}
	if (wrote < 0) {
		if (cli->format == LU_FORMAT_JSON)
			perror("lineup: failed to write the output");
		rc = LU_EXIT_USAGE;
	}
	lu_set_free(&set);
	return rc;
}
