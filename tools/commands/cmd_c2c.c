/* SPDX-License-Identifier: MIT */
/*
 * `lineup c2c --struct NAME FILE REPORT`: the I/O edges around the pure
 * parts. Reads the layout and the report whole, maps, prints, and drafts
 * rules when asked. Exit 1 when a line holds a member that is stored and
 * another that is loaded (false sharing evidence), 0 otherwise, 2 on
 * usage and input errors.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "c2c_map.h"
#include "c2c_parse.h"
#include "c2c_report.h"
#include "c2c_rules.h"
#include "cli.h"
#include "reader.h"
#include "slurp.h"
#include "trace_c2c.h"
#include "trace_file.h"

/* perf's stdio reports run to a few MB; far past that is not one */
#define MAX_REPORT (256u << 20)

static const char usage_line[] =
	"lineup c2c --struct NAME [--base ADDR] [--rules-out FILE.ini] "
	"FILE REPORT";

static int read_report(const char *path, struct lu_c2c_report *r,
		       const struct lu_set *set, const struct lu_struct *s)
{
	char *text;
	size_t len;
	int e = strcmp(path, "-")
			? lu_slurp(path, MAX_REPORT, &text, &len)
			: lu_slurp_fd(STDIN_FILENO, MAX_REPORT, &text, &len);
	char why[64];

	if (e) {
		lu_eprintf("lineup: failed to read %s: %s\n",
			strcmp(path, "-") ? path : "the report on stdin",
			lu_slurp_reason(e, MAX_REPORT, why, sizeof(why)));
		return -1;
	}
	/* a trace needs the program's DWARF, not just its text */
	if (lu_trace_is_trace(text, len)) {
		struct lu_error err;
		int rc = lu_trace_c2c_report(path, text, len, set, s, r, &err);

		free(text);
		if (rc < 0)
			fprintf(stderr, "lineup: %s\n", err.msg);
		return rc;
	}
	lu_c2c_parse(text, len, r);
	free(text);
	if (!r->n_rows && (r->n_bad || !r->n_lines)) {
		if (r->n_bad)
			lu_eprintf("lineup: %s:%u: error: %s (no usable "
					"row in the report)\n",
				path, r->bad_line, r->bad_why);
		else
			lu_eprintf(
				"lineup: %s: error: not a perf c2c or "
				"data-type report (no Pareto, cacheline "
				"table or data-type rows)%s\n",
				path, len ? "" : ": it is empty");
		return -1;
	}
	return 0;
}

/* Said once the rest worked: an error stays the one line printed. */
static void warn_malformed(const char *path, const struct lu_c2c_report *r)
{
	if (r->n_bad)
		lu_eprintf("lineup: %s:%u: warning: skipped %zu malformed "
				"line%s (first: %s)\n",
			path, r->bad_line, r->n_bad, r->n_bad == 1 ? "" : "s",
			r->bad_why);
}

static const struct lu_struct *find_struct(const struct lu_set *set,
					   const char *name)
{
	struct lu_error err;
	const struct lu_struct *s = lu_set_find_or_error(set, name, &err);

	if (!s)
		fprintf(stderr, "lineup: %s\n", err.msg);
	return s;
}

int lu_cmd_c2c(struct lu_cli *cli)
{
	struct lu_read_opts ropts = {
		.names = (const char *const *)cli->structs,
		.n_names = cli->n_structs,
		.line_size = cli->line_size,
		.jobs = cli->read_jobs,
	};
	struct lu_c2c_report report = { 0 };
	struct lu_c2c_map map = { 0 };
	struct lu_set set;
	struct lu_error err;
	const struct lu_struct *s;
	int rc = LU_EXIT_USAGE;

	if (cli->n_structs != 1)
		return lu_usage_error("c2c", usage_line, cli->n_structs
			? "one --struct NAME, not %zu" : "no --struct NAME given",
			cli->n_structs);
	if (cli->n_args != 2)
		return lu_usage_error("c2c", usage_line, cli->n_args == 1
			? "no REPORT given" : cli->n_args
			? "FILE and REPORT, not %zu arguments"
			: "no FILE and REPORT given", cli->n_args);
	if (!strcmp(cli->args[0], "-") && !strcmp(cli->args[1], "-")) {
		lu_eprintf("lineup c2c: FILE and REPORT cannot both be "
				"stdin\n");
		return LU_EXIT_USAGE;
	}
	lu_set_init(&set, cli->args[0]);
	if (lu_read(cli->args[0], &ropts, &set, &err) < 0) {
		fprintf(stderr, "lineup: %s\n", err.msg);
		goto out;
	}
	if (!(s = find_struct(&set, cli->structs[0])))
		goto out;
	if (read_report(cli->args[1], &report, &set, s) < 0)
		goto out;
	struct lu_c2c_map_opts mopts = {
		.line_size = set.line_size,
		.has_base = cli->has_base,
		.base = cli->base,
	};

	if (lu_c2c_map(&report, s, &mopts, &map, &err) < 0) {
		lu_eprintf("lineup: failed to map %s to %s%s: %s\n",
			cli->args[1], lu_struct_tag_word(s), s->name, err.msg);
		goto out;
	}
	if (cli->rules_out &&
	    lu_c2c_rules_write(cli->rules_out, cli->args[1], s, &map,
			       set.line_size, &err) < 0) {
		fprintf(stderr, "lineup: %s\n", err.msg);
		goto out;
	}
	warn_malformed(cli->args[1], &report);
	struct lu_c2c_out o = {
		.set = &set, .s = s, .report_path = cli->args[1],
		.report = &report, .map = &map,
		.has_base = cli->has_base, .base = cli->base, .hex = cli->hex,
	};
	int wrote = cli->format == LU_FORMAT_JSON
			    ? lu_c2c_print_json(stdout, &o)
			    : lu_c2c_print_text(stdout, &o);

	if (wrote < 0) {
		perror("lineup: failed to write the output");
		goto out;
	}
	rc = map.n_false_sharing ? LU_EXIT_FINDINGS : LU_EXIT_OK;
out:
	lu_c2c_map_free(&map);
	lu_c2c_report_free(&report);
	lu_set_free(&set);
	return rc;
}
