/* SPDX-License-Identifier: MIT */
/*
 * `lineup asserts`: check the named structs as `lineup check` would, and
 * if every rule holds, print static assertions that keep it so. Nothing
 * is printed for a layout that breaks a rule: assertions freeze a
 * verified layout, and frozen bugs would pass every later build.
 */
#include <stdio.h>
#include <stdlib.h>

#include "escape.h"
#include "escape_c.h"
#include "asserts.h"
#include "check.h"
#include "cli.h"
#include "reader.h"
#include "report.h"
#include "rules.h"

/* The struct's rules: by the name asked for, its tag or a typedef. */
static const struct lu_rule_struct *rules_for(const struct lu_rules *rules,
					      const struct lu_struct *s,
					      const char *asked)
{
	const struct lu_rule_struct *r = lu_rules_find(rules, asked);

	return r ? r : lu_rules_for(rules, s);
}

/* One line naming the first broken rule; exit 1 as `check` would. */
static int refuse(const struct lu_findings *f, const struct lu_set *set,
		  const struct lu_rules *rules, const struct lu_struct *s)
{
	struct lu_report_ctx ctx = {
		.sets = set, .n_sets = 1, .rules = rules,
		.line_size = set->line_size,
	};
	char msg[1024] = "", shown[1024], type[256];
	const char *id = "";

	for (size_t k = 0; k < f->n; k++) {
		if (f->items[k].severity != LU_ERROR)
			continue;
		lu_finding_message(&f->items[k], &ctx, msg, sizeof(msg));
		id = lu_finding_id(f->items[k].type);
		break;
	}
	/* as the assertions would spell it: `struct ck_ring` for the
	 * typedef ck_ring_t, `q_t` for a tagless one, never `struct q_t` */
	lu_asserts_said_name(s, type, sizeof(type));
	/* the message names members: one line, whatever their bytes */
	lu_text_escape(shown, sizeof(shown), msg);
	fprintf(stderr,
		"lineup: refusing to freeze %s from %s: %s [%s] (%zu error%s; assertions freeze a verified layout: fix it, see lineup check)\n",
		type, set->path, shown, id, f->n_errors,
		f->n_errors == 1 ? "" : "s");
	return LU_EXIT_FINDINGS;
}

/* Verifies and plans every --struct before printing any. */
static int plan_all(const struct lu_cli *cli, const struct lu_set *set,
		    const struct lu_rules *rules, struct lu_assert_plan *plans)
{
	for (size_t i = 0; i < cli->n_structs; i++) {
		const char *name = cli->structs[i];
		struct lu_error err;
		const struct lu_struct *s =
			lu_set_find_or_error(set, name, &err);

		/* assertions are C: a name C cannot carry is refused */
		if (!s || lu_c_struct_writable(s, "assertions", &err) < 0) {
			fprintf(stderr, "lineup: %s\n", err.msg);
			return LU_EXIT_USAGE;
		}
		const struct lu_rule_struct *rule =
			rules ? rules_for(rules, s, name) : NULL;
		struct lu_check_opts copts = {
			.line_size = set->line_size, .strict = cli->strict,
			.align = cli->align,
		};
		struct lu_findings findings = { 0 };
		int rc = LU_EXIT_OK;

		lu_check_struct(s, rule, &copts, &findings);
		if (findings.n_errors)
			rc = refuse(&findings, set, rules, s);
		else if (lu_asserts_plan(&plans[i], s, rule,
					 set->line_size, cli->style,
					 &err) < 0) {
			fprintf(stderr, "lineup: %s\n", err.msg);
			rc = LU_EXIT_USAGE;
		}
		lu_findings_free(&findings);
		if (rc)
			return rc;
	}
	return LU_EXIT_OK;
}

int lu_cmd_asserts(struct lu_cli *cli)
{
	struct lu_rules rules = { 0 }, *have = NULL;
	struct lu_error err;
	struct lu_set set;
	int rc;

	if (cli->n_args != 1 || !cli->n_structs) {
		static const char usage[] =
			"lineup asserts --struct NAME [--rules FILE.ini] "
			"[--style lineup|kernel] FILE";

		if (!cli->n_structs)
			return lu_usage_error("asserts", usage,
					      "no --struct NAME given");
		if (!cli->n_args)
			return lu_usage_error("asserts", usage,
					      "no FILE given");
		return lu_usage_error("asserts", usage, "one FILE, not %zu",
				      cli->n_args);
	}
	if (cli->rules) {
		if (lu_rules_parse_files(cli->rules_files, cli->n_rules,
						 &rules, &err) < 0) {
			fprintf(stderr, "lineup: %s\n", err.msg);
			return LU_EXIT_USAGE;
		}
		have = &rules;
	}
	struct lu_read_opts ropts = {
		.names = (const char *const *)cli->structs,
		.n_names = cli->n_structs,
		.expand_depth = lu_rules_max_depth(&rules),
		.pahole_text = cli->from_pahole,
		.line_size = cli->line_size,
		.jobs = cli->read_jobs,
	};
	struct lu_assert_plan *plans = calloc(cli->n_structs, sizeof(*plans));

	if (!plans)
		abort();
	lu_set_init(&set, cli->args[0]);
	if (lu_read(cli->args[0], &ropts, &set, &err) < 0) {
		fprintf(stderr, "lineup: %s\n", err.msg);
		rc = LU_EXIT_USAGE;
		goto out;
	}
	rc = plan_all(cli, &set, have, plans);
	for (size_t i = 0; !rc && i < cli->n_structs; i++) {
		if (i)
			putchar('\n');
		lu_asserts_emit(stdout, &plans[i], set.path);
	}
	if (!rc && lu_output_flush(stdout) < 0) {
		perror("lineup: failed to write the assertions");
		rc = LU_EXIT_USAGE;
	}
out:
	for (size_t i = 0; i < cli->n_structs; i++)
		lu_asserts_plan_free(&plans[i]);
	free(plans);
	lu_set_free(&set);
	lu_rules_free(&rules);
	return rc;
}
