/* SPDX-License-Identifier: MIT */
/*
 * `lineup diff OLD NEW`: read each build once, compare the layouts of the
 * structs both have (or those --struct names), report. Both inputs are
 * read whole before anything is printed, so an input error never leaves
 * half a report.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"
#include "cli.h"
#include "closest_name.h"
#include "diff_report.h"
#include "reader.h"

/* One input's read, on a thread of its own. */
struct diff_read {
	const char *path;
	struct lu_read_opts opts;
	struct lu_set *set;
	struct lu_error err;
	int rc;
};

static void *read_one(void *arg)
{
	struct diff_read *d = arg;

	d->rc = lu_read(d->path, &d->opts, d->set, &d->err);
	return NULL;
}

/*
 * OLD and NEW at once, each on its share of the -j threads: a read that
 * cannot use them all (BTF, pahole text, a file of few units, the parts
 * of a DWARF read that are serial) leaves them to the other. Each read
 * fills its own set, so the report is the one of reading them in turn;
 * of two errors, OLD's is said, as it would be first.
 */
static int read_both(char *const *paths, const struct lu_read_opts *ro,
		     struct lu_set *sets, struct lu_error *err)
{
	struct diff_read d[2];
	pthread_t tid;
	unsigned jobs = ro->jobs > 1 ? ro->jobs : 1;

	for (size_t i = 0; i < 2; i++) {
		d[i] = (struct diff_read){ .path = paths[i], .opts = *ro,
					   .set = &sets[i] };
		d[i].opts.jobs = i ? jobs / 2 : jobs - jobs / 2;
		lu_set_init(&sets[i], paths[i]);
	}
	if (jobs < 2 || pthread_create(&tid, NULL, read_one, &d[1])) {
		d[0].opts.jobs = jobs;
		d[1].opts.jobs = jobs;
		read_one(&d[0]);
		if (d[0].rc == 0)
			read_one(&d[1]);
	} else {
		read_one(&d[0]);
		pthread_join(tid, NULL);
	}
	for (size_t i = 0; i < 2; i++)
		if (d[i].rc < 0) {
			*err = d[i].err;
			return -1;
		}
	return 0;
}

/* A --struct name neither input has is a usage error: name the nearest. */
static int names_found(const struct lu_cli *cli, const struct lu_set *sets)
{
	for (size_t k = 0; k < cli->n_structs; k++) {
		const char *name = cli->structs[k];
		struct lu_strset nearest = { 0 };
		const char *near;

		if (lu_set_find(&sets[0], name) || lu_set_find(&sets[1], name))
			continue;
		for (size_t i = 0; i < 2; i++) {
			near = lu_set_closest(&sets[i], name);
			if (near)
				lu_strset_add(&nearest, near);
		}
		near = lu_closest_name(name, &nearest);
		lu_eprintf("lineup diff: struct %s is in neither %s nor "
				"%s%s%s%s\n",
			name, sets[0].path, sets[1].path,
			near ? " (did you mean '" : "", near ? near : "",
			near ? "'?)" : "");
		lu_strset_free(&nearest);
		return -1;
	}
	return 0;
}

static int report(const struct lu_cli *cli, const struct lu_diff *d,
		  const struct lu_set *sets, const struct lu_rules *rules)
{
	struct lu_diff_report r = {
		.d = d, .fail_on = cli->fail_on, .named = cli->n_structs > 0,
		.ctx = {
			.sets = sets, .n_sets = 2, .rules = rules,
			.line_size = sets[1].line_size, .pair = cli->pair,
			.color = cli->color, .hex = cli->hex,
		},
	};

	/* the writers flush and say when a byte did not make it */
	if (cli->format == LU_FORMAT_JSON)
		return lu_diff_report_json(stdout, &r);
	if (cli->format == LU_FORMAT_SARIF)
		return lu_diff_report_sarif(stdout, &r);
	return lu_diff_report_text(stdout, &r);
}

int lu_cmd_diff(struct lu_cli *cli)
{
	struct lu_rules rules = { 0 };
	struct lu_set sets[2];
	struct lu_error err;
	size_t n_sets = 0;
	int rc = LU_EXIT_USAGE;

	if (cli->n_args != 2)
		return lu_usage_error("diff", "lineup diff [--struct NAME]... "
				      "[--rules FILE.ini] OLD NEW",
				      cli->n_args == 1 ? "no NEW given"
				      : cli->n_args ? "OLD and NEW, not %zu files"
				      : "no OLD and NEW given", cli->n_args);
	if (cli->rules && lu_rules_parse_files(cli->rules_files, cli->n_rules,
						 &rules, &err) < 0) {
		fprintf(stderr, "lineup: %s\n", err.msg);
		return LU_EXIT_USAGE;
	}
	struct lu_read_opts ropts = {
		.names = cli->structs,
		.n_names = cli->n_structs,
		.expand_depth = lu_rules_max_depth(&rules),
		.line_size = cli->line_size,
		.jobs = cli->read_jobs,
	};

	n_sets = 2;
	if (read_both(cli->args, &ropts, sets, &err) < 0) {
		fprintf(stderr, "lineup: %s\n", err.msg);
		goto out;
	}
	if (names_found(cli, sets) < 0)
		goto out;

	struct lu_diff d;
	struct lu_diff_opts dopts = {
		.rules = cli->rules ? &rules : NULL, .pair = cli->pair,
		.named = cli->n_structs > 0, .names = cli->structs,
		.n_names = cli->n_structs,
	};

	lu_diff_sets(&sets[0], &sets[1], &dopts, &d);
	rc = lu_diff_exit(&d, cli->fail_on);
	if (report(cli, &d, sets, dopts.rules) < 0) {
		perror("lineup: failed to write the output");
		rc = LU_EXIT_USAGE;
	}
	lu_diff_free(&d);
out:
	for (size_t i = 0; i < n_sets; i++)
		lu_set_free(&sets[i]);
	lu_rules_free(&rules);
	return rc;
}
