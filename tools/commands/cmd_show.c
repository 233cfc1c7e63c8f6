/* SPDX-License-Identifier: MIT */
/*
 * `lineup show`: read one input, print its layouts. With --rules, each
 * member carries the group check gives it and check's findings print under
 * the lines they concern; the exit status stays show's (0 once shown).
 */
#include <stdio.h>

#include "check.h"
#include "cli.h"
#include "reader.h"
#include "rules.h"
#include "show.h"
#include "show_filter.h"

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

/* The input read, or -1 after its one line on stderr. */
static int read_input(const struct lu_cli *cli, const struct lu_rules *rules,
		      struct lu_set *set)
{
	struct lu_read_opts ropts = {
		.names = (const char *const *)cli->structs,
		.n_names = cli->n_structs,
		.expand_depth = lu_rules_max_depth(rules),
		.line_size = cli->line_size,
		.jobs = cli->read_jobs,
	};
	struct lu_error err;

	if (lu_read(cli->args[0], &ropts, set, &err) < 0) {
		fprintf(stderr, "lineup: %s\n", err.msg);
		return -1;
	}
	/* a -g1 object is not an object without structs */
	if (set->no_types) {
		fprintf(stderr, "lineup: failed to read DWARF from %s: no type "
				"information (built with -g1 or "
				"-gline-tables-only: only line tables; build "
				"with -g)\n", set->path);
		return -1;
	}
	if (wanted_found(cli, set) < 0)
		return -1;
	/* a rule for a struct the input lacks (a typo) is check's error;
	 * with --struct, the rules of the others do not matter */
	if (!cli->n_structs && rules && lu_rules_structs_found(rules, set, 1) < 0)
		return -1;
	return 0;
}

int lu_cmd_show(struct lu_cli *cli)
{
	struct lu_rules rules = { 0 };
	const struct lu_rules *with = cli->n_rules ? &rules : NULL;
	struct lu_set set;
	struct lu_error err;

	if (cli->n_args != 1)
		return lu_usage_error("show", "lineup show [--struct NAME]... FILE",
				      cli->n_args ? "one FILE, not %zu"
				      : "no FILE given (and "
					"/sys/kernel/btf/vmlinux is not "
					"readable)",
				      cli->n_args);
	if (with && lu_rules_parse_files(cli->rules_files, cli->n_rules,
					 &rules, &err) < 0) {
		fprintf(stderr, "lineup: %s\n", err.msg);
		return LU_EXIT_USAGE;
	}
	lu_set_init(&set, cli->args[0]);
	if (read_input(cli, with, &set) < 0) {
		lu_set_free(&set);
		lu_rules_free(&rules);
		return LU_EXIT_USAGE;
	}
	lu_show_filter(&set, &cli->filter);

	/* the markers' rules (and the files'), checked as check checks
	 * them: show highlights and, with rules, prints what check finds */
	struct lu_findings findings = { 0 };
	struct lu_check_opts copts = {
		.line_size = set.line_size, .pair = cli->pair,
		.typos_fail = true,
	};
	struct lu_findings *all = &findings;

	/* JSON without rules marks nothing: no check to pay for */
	if (with || cli->format != LU_FORMAT_JSON)
		lu_check_set(&set, 0, with, &copts, &findings);
	lu_absent_settle(&all, 1, &set, 1, "inputs");

	struct lu_show_opts sopts = {
		.line_size = set.line_size,
		.pair = cli->pair,
		.color = cli->color,
		.hex = cli->hex,
		.jobs = cli->read_jobs,
		.rules = with,
		.ruled = with ? &findings : NULL,
	};
	int rc = LU_EXIT_OK, wrote;

	if (cli->format == LU_FORMAT_JSON)
		wrote = lu_show_json(stdout, &set, &sopts);
	else
		wrote = lu_show_text(stdout, &set, &findings, &sopts);
	if (wrote < 0) {
		perror("lineup: failed to write the output");
		rc = LU_EXIT_USAGE;
	}
	lu_findings_free(&findings);
	lu_set_free(&set);
	lu_rules_free(&rules);
	return rc;
}
