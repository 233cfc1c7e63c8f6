/* SPDX-License-Identifier: MIT */
/*
 * `lineup check`: read every input once, check each against the markers
 * and the rules, report. Inputs are read whole before anything is printed,
 * so an input error never leaves half a report.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "check.h"
#include "check_kernel_asserts.h"
#include "kasserts_cli.h"
#include "check_nothing.h"
#include "closest_name.h"
#include "cli.h"
#include "reader.h"
#include "report.h"
#include "rules.h"

/*
 * Every struct the rules name must be in some input; otherwise the
 * nearest name of any input, from the index each read made (cli.h).
 */
int lu_rules_structs_found(const struct lu_rules *rules,
			       const struct lu_set *sets, size_t n_sets)
{
	for (size_t r = 0; rules && r < rules->n_structs; r++) {
		const char *name = rules->structs[r].name;
		bool found = false;

		for (size_t i = 0; i < n_sets && !found; i++) {
			char which[512];

			found = lu_set_find(&sets[i], name) != NULL;
			if (!found && lu_set_ambiguous(&sets[i], name, which,
						       sizeof(which))) {
				fprintf(stderr,
					"lineup: %s:%u: error: struct %s is "
					"ambiguous in %s: it names %s (give "
					"the qualified name)\n",
					rules->path, rules->structs[r].ini_line,
					name, sets[i].path, which);
				return -1;
			}
		}
		if (found)
			continue;
		for (size_t i = 0; i < n_sets; i++)
			for (size_t k = 0; k < sets[i].n_skipped; k++)
				if (lu_struct_named(&(struct lu_struct){
					    .name = sets[i].skipped[k].name },
						    name)) {
					fprintf(stderr,
						"lineup: %s:%u: error: failed to "
						"lay out struct %s in %s: %s\n",
						rules->path,
						rules->structs[r].ini_line,
						sets[i].skipped[k].name,
						sets[i].path,
						sets[i].skipped[k].why);
					return -1;
				}
		struct lu_strset nearest = { 0 };

		for (size_t i = 0; i < n_sets; i++) {
			const char *near = lu_set_closest(&sets[i], name);

			if (near)
				lu_strset_add(&nearest, near);
		}
		const char *near = lu_closest_name(name, &nearest);
		bool bare = true;

		for (size_t i = 0; i < n_sets; i++)
			bare = bare && sets[i].no_types;
		lu_eprintf("lineup: %s:%u: error: struct %s is not in %s%s%s%s%s\n",
			rules->structs[r].path, rules->structs[r].ini_line, name,
			n_sets == 1 ? sets[0].path : "any input",
			near ? " (did you mean '" : "", near ? near : "",
			near ? "'?)" : "",
			bare ? " (no type information: built with -g1 or "
			       "-gline-tables-only; build with -g)" : "");
		lu_strset_free(&nearest);
		return -1;
	}
	return 0;
}

/* Every --struct must be in some input; the nearest name helps a typo. */
static int wanted_found(const struct lu_cli *cli, const struct lu_set *sets,
			size_t n_sets)
{
	for (size_t k = 0; k < cli->n_structs; k++) {
		bool found = false;

		for (size_t i = 0; i < n_sets && !found; i++)
			found = lu_set_find(&sets[i], cli->structs[k]) != NULL;
		if (found)
			continue;
		struct lu_error err;

		lu_set_find_or_error(&sets[0], cli->structs[k], &err);
		fprintf(stderr, "lineup: %s\n", err.msg);
		return -1;
	}
	return 0;
}

int lu_cmd_check(struct lu_cli *cli)
{
	struct lu_rules rules = { 0 };
	struct lu_error err;
	bool have_rules = cli->rules != NULL;
	int rc = LU_EXIT_USAGE;

	if (!cli->n_args)
		return lu_usage_error("check",
				      "lineup check [--rules FILE.ini] FILE...",
				      "no FILE given%s", cli->from_pahole ? ""
				      : " (and /sys/kernel/btf/vmlinux is not "
					"readable)");
	char *root = NULL;

	/* resolved now: a root that is not a directory is a usage error */
	if (cli->source_root && !(root = realpath(cli->source_root, NULL))) {
		lu_eprintf("lineup: bad --source-root %s: %s\n",
			   cli->source_root, strerror(errno));
		return LU_EXIT_USAGE;
	}
	if (have_rules && lu_rules_parse_files(cli->rules_files, cli->n_rules,
						 &rules, &err) < 0) {
		fprintf(stderr, "lineup: %s\n", err.msg);
		free(root);
		return LU_EXIT_USAGE;
	}
	bool ka_failed;
	struct lu_kasserts *ka = lu_kasserts_read_all(
		(const char *const *)cli->kernel_asserts,
		cli->n_kernel_asserts, &ka_failed);
	size_t n_ka_names = 0;

	if (ka_failed) {
		free(root);
		lu_rules_free(&rules);
		return LU_EXIT_USAGE;
	}
	for (size_t i = 0; i < cli->n_kernel_asserts; i++)
		n_ka_names += ka[i].n;
	const char **names = calloc(rules.n_structs + cli->n_structs +
					    n_ka_names + 1,
				    sizeof(*names));
	struct lu_set *sets = calloc(cli->n_args, sizeof(*sets));
	size_t n_sets = 0;

	if (!names || !sets)
		abort();
	for (size_t i = 0; i < rules.n_structs; i++)
		names[i] = rules.structs[i].name;
	/* --struct: read too when no rule names them */
	for (size_t i = 0; i < cli->n_structs; i++)
		names[rules.n_structs + i] = cli->structs[i];
	size_t n_names = rules.n_structs + cli->n_structs;

	/* the asserts' structs: read even without markers, to say so */
	for (size_t i = 0; i < cli->n_kernel_asserts; i++)
		for (size_t k = 0; k < ka[i].n; k++)
			if (ka[i].items[k].struct_name)
				names[n_names++] = ka[i].items[k].struct_name;
	struct lu_read_opts ropts = {
		.names = names,
		.n_names = n_names,
		.marked = true,
		.expand_depth = lu_rules_max_depth(&rules),
		.pahole_text = cli->from_pahole,
		.line_size = cli->line_size,
		.jobs = cli->read_jobs,
	};

	for (size_t i = 0; i < cli->n_args; i++, n_sets++) {
		lu_set_init(&sets[i], cli->args[i]);
		if (lu_read(cli->args[i], &ropts, &sets[i], &err) < 0) {
			fprintf(stderr, "lineup: %s\n", err.msg);
			n_sets++;
			goto out;
		}
	}
	if (lu_rules_structs_found(have_rules ? &rules : NULL, sets, n_sets) < 0)
		goto out;
	if (wanted_found(cli, sets, n_sets) < 0 ||
	    lu_kasserts_found(ka, cli->n_kernel_asserts, sets, n_sets,
			      n_sets == 1 ? sets[0].path : "any input") < 0)
		goto out;

	struct lu_findings findings = { 0 };

	/* each input on its own machine's lines */
	for (size_t i = 0; i < n_sets; i++) {
		struct lu_check_opts copts = {
			.line_size = sets[i].line_size, .pair = cli->pair,
			.strict = cli->strict, .align = cli->align,
			.typos_fail = true,
			.only = cli->structs, .n_only = cli->n_structs,
		};

		lu_check_set(&sets[i], i, have_rules ? &rules : NULL, &copts,
			     &findings);
	}
	/* after every input's own findings, each bound over all inputs */
	struct lu_check_opts kopts = {
		.strict = cli->strict,
		.only = cli->structs, .n_only = cli->n_structs,
	};

	for (size_t k = 0; k < cli->n_kernel_asserts; k++)
		lu_kasserts_check_sets(sets, n_sets, &ka[k], &kopts, &findings);
	/* a name one input lacks and another has is not a typo */
	if (!cli->strict) {
		struct lu_findings *all = &findings;

		lu_absent_settle(&all, 1, sets, n_sets, "inputs");
	}
	/* the total decides: an input without markers is fine beside one
	 * with them (doc/ci.md) */
	if (!findings.n_structs_checked) {
		lu_nothing_checked(sets, n_sets, have_rules, NULL, &err);
		fprintf(stderr, "lineup: %s\n", err.msg);
		lu_findings_free(&findings);
		goto out;
	}
	struct lu_report_ctx ctx = {
		.sets = sets, .n_sets = n_sets,
		.rules = have_rules ? &rules : NULL,
		.line_size = sets[0].line_size, .pair = cli->pair,
		.color = cli->color, .align_option = true,
		.source_root = root, .quiet = cli->quiet, .hex = cli->hex,
	};

	int wrote;

	/* the writers flush and say when a byte did not make it */
	if (cli->format == LU_FORMAT_JSON)
		wrote = lu_report_json(stdout, &findings, &ctx);
	else if (cli->format == LU_FORMAT_SARIF)
		wrote = lu_report_sarif(stdout, &findings, &ctx);
	else
		wrote = lu_report_text(stdout, &findings, &ctx);
	rc = findings.n_errors ? LU_EXIT_FINDINGS : LU_EXIT_OK;
	if (wrote < 0) {
		perror("lineup: failed to write the output");
		rc = LU_EXIT_USAGE;
	}
	lu_findings_free(&findings);
out:
	for (size_t i = 0; i < n_sets; i++)
		lu_set_free(&sets[i]);
	free(sets);
	free(names);
	free(root);
	lu_rules_free(&rules);
	lu_kasserts_free_all(ka, cli->n_kernel_asserts);
	return rc;
}
