/* SPDX-License-Identifier: MIT */
/*
 * `lineup matrix`: compile one source under every configuration of the
 * [matrix] options (or a covering array of them), check each layout, and say
 * under which condition each finding appears.
 *
 * Configurations whose preprocessed text is identical are compiled once.
 * Compiles go through the user's own command (ccache and distcc keep
 * working); lineup only adds -D flags and its own -o into a private
 * temporary directory that is removed on every exit path, interrupts
 * included (jobs.c turns SIGINT/SIGTERM into a return value).
 */
#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compdb.h"
#include "jobs.h"
#include "matrix.h"
#include "reader.h"

#define DEFAULT_TIMEOUT 300

/* ---- files ---------------------------------------------------------- */

static void remove_tmp(struct matrix *mx)
{
	if (!mx->tmp)
		return;
	DIR *d = opendir(mx->tmp);

	if (d) {
		struct dirent *e;

		while ((e = readdir(d)))
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				unlinkat(dirfd(d), e->d_name, 0);
		closedir(d);
	}
	rmdir(mx->tmp);
	mx->tmp = NULL;
}

static char *read_small(const char *path, size_t max, size_t *len)
{
	FILE *f = fopen(path, "rb");

	*len = 0;
	if (!f)
		return NULL;
	char *buf = malloc(max + 1);

	if (!buf)
		abort();
	*len = fread(buf, 1, max, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

/* The compiler's first error line, to quote in the report. */
static const char *first_error(struct lu_arena *a, const char *log)
{
	size_t len;
	char *text = read_small(log, 1 << 16, &len);
	const char *out = "(no message)";

	if (!text)
		return out;
	char *line = strstr(text, "error");

	if (line) {
		while (line > text && line[-1] != '\n')
			line--;
	} else {
		line = text;
	}
	size_t n = strcspn(line, "\n");

	if (n)
		out = lu_arena_strndup(a, line, n);
	free(text);
	return out;
}

static uint64_t hash_file(const char *path, bool *ok)
{
	FILE *f = fopen(path, "rb");
	uint64_t h = 0xcbf29ce484222325ull;
	unsigned char buf[65536];
	size_t n;

	*ok = f != NULL;
	if (!f)
		return 0;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		for (size_t i = 0; i < n; i++)
			h = (h ^ buf[i]) * 0x100000001b3ull;
	fclose(f);
	return h;
}

/* ---- steps ---------------------------------------------------------- */

static int setup(struct matrix *mx, struct lu_error *err)
{
	const struct lu_cli *cli = mx->cli;
	char *rules_copy = lu_arena_strdup(&mx->arena, cli->rules);
	const char *base = dirname(rules_copy);

	if (lu_rules_parse_file(cli->rules, &mx->rules, err) < 0)
		return -1;
	mx->m = &mx->rules.matrix;
	if (!mx->m->present) {
		lu_error_set(err, "%s: error: no [matrix] section", cli->rules);
		return -1;
	}
	if (!mx->m->compile == !mx->m->compdb) {
		lu_error_set(err, "%s:%u: error: [matrix] needs either compile "
				  "or compdb (with source)", cli->rules,
			     mx->m->ini_line);
		return -1;
	}
	if (mx->m->compdb && !mx->m->source) {
		lu_error_set(err, "%s:%u: error: compdb needs source = FILE",
			     cli->rules, mx->m->ini_line);
		return -1;
	}
	if (mx->m->compile) {
		mx->command = mx->m->compile;
		mx->dir = base;
	} else if (lu_compdb_command(mx->m->compdb, mx->m->source, base,
				     &mx->arena, &mx->command, &mx->dir,
				     err) < 0) {
		return -1;
	}
	if (lu_configs_make(mx->m, cli->exhaustive, &mx->configs) < 0) {
		lu_error_set(err, "%s: error: too many configurations for "
				  "--exhaustive", cli->rules);
		return -1;
	}
	const char *tmpdir = getenv("TMPDIR");

	mx->tmp = lu_arena_printf(&mx->arena, "%s/lineup-matrix.XXXXXX",
				  tmpdir && *tmpdir ? tmpdir : "/tmp");
	if (!mkdtemp(mx->tmp)) {
		lu_error_set(err, "failed to create a temporary directory in "
				  "%s: %s", tmpdir && *tmpdir ? tmpdir : "/tmp",
			     strerror(errno));
		mx->tmp = NULL;
		return -1;
	}
	size_t n = mx->configs.n_configs;

	mx->cfg = lu_arena_alloc(&mx->arena, n * sizeof(*mx->cfg));
	for (size_t i = 0; i < n; i++) {
		struct config *c = &mx->cfg[i];

		c->row = lu_config_row(&mx->configs, i);
		c->name = lu_config_name(&mx->arena, mx->m, c->row);
		c->flags = lu_config_flags(&mx->arena, mx->m, c->row);
		c->preprocessed = lu_arena_printf(&mx->arena, "%s/p%zu.i",
						  mx->tmp, i);
		c->log = lu_arena_printf(&mx->arena, "%s/p%zu.log", mx->tmp, i);
	}
	return 0;
}

static unsigned jobs_for(const struct lu_cli *cli)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	return cli->jobs ? cli->jobs : cpus > 0 ? (unsigned)cpus : 1;
}

static unsigned timeout_for(const struct lu_cli *cli)
{
	return cli->timeout ? cli->timeout : DEFAULT_TIMEOUT;
}

/* Preprocess every configuration; identical texts share one build. */
static int preprocess(struct matrix *mx)
{
	size_t n = mx->configs.n_configs;
	struct lu_job *jobs = calloc(n, sizeof(*jobs));

	if (!jobs)
		abort();
	for (size_t i = 0; i < n; i++) {
		jobs[i].command = lu_arena_printf(&mx->arena, "%s%s -E -o %s",
						  mx->command, mx->cfg[i].flags,
						  mx->cfg[i].preprocessed);
		jobs[i].dir = mx->dir;
		jobs[i].stderr_path = mx->cfg[i].log;
		jobs[i].stdout_path = "/dev/null";
	}
	mx->interrupted = lu_jobs_run(jobs, n, jobs_for(mx->cli),
				      timeout_for(mx->cli));
	mx->builds = lu_arena_alloc(&mx->arena, n * sizeof(*mx->builds));
	for (size_t i = 0; i < n && !mx->interrupted; i++) {
		struct config *c = &mx->cfg[i];
		bool ok = jobs[i].state == LU_JOB_DONE && jobs[i].status == 0;

		c->hash = ok ? hash_file(c->preprocessed, &ok) : 0;
		if (!ok) {
			/* its own build, marked failed: reported, not compiled */
			struct build *b = &mx->builds[mx->n_builds];

			b->first_config = i;
			b->state = jobs[i].state == LU_JOB_TIMED_OUT
					   ? BUILD_TIMED_OUT
					   : BUILD_FAILED;
			b->message = b->state == BUILD_TIMED_OUT
					     ? lu_arena_printf(&mx->arena,
							       "timed out after %u s (--timeout)",
							       timeout_for(mx->cli))
					     : first_error(&mx->arena, c->log);
			c->failed_early = true;
			c->build = mx->n_builds++;
			continue;
		}
		c->build = SIZE_MAX;
		for (size_t k = 0; k < i; k++) {
			if (!mx->cfg[k].failed_early &&
			    mx->cfg[k].hash == c->hash) {
				c->build = mx->cfg[k].build;
				break;
			}
		}
		if (c->build == SIZE_MAX) {
			mx->builds[mx->n_builds].first_config = i;
			c->build = mx->n_builds++;
		}
		unlink(c->preprocessed);
	}
	free(jobs);
	return mx->interrupted ? -1 : 0;
}

static int compile(struct matrix *mx)
{
	struct lu_job *jobs = calloc(mx->n_builds, sizeof(*jobs));
	size_t n = 0;
	size_t *which = calloc(mx->n_builds, sizeof(*which));

	if (!jobs || !which)
		abort();
	for (size_t b = 0; b < mx->n_builds; b++) {
		struct build *bd = &mx->builds[b];
		struct config *c = &mx->cfg[bd->first_config];

		if (c->failed_early)
			continue;
		bd->object = lu_arena_printf(&mx->arena, "%s/c%zu.o", mx->tmp, b);
		bd->log = lu_arena_printf(&mx->arena, "%s/c%zu.log", mx->tmp, b);
		jobs[n].command = lu_arena_printf(&mx->arena, "%s%s -o %s",
						  mx->command, c->flags,
						  bd->object);
		jobs[n].dir = mx->dir;
		jobs[n].stderr_path = bd->log;
		jobs[n].stdout_path = "/dev/null";
		which[n++] = b;
	}
	mx->interrupted = lu_jobs_run(jobs, n, jobs_for(mx->cli),
				      timeout_for(mx->cli));
	for (size_t i = 0; i < n && !mx->interrupted; i++) {
		struct build *bd = &mx->builds[which[i]];

		if (jobs[i].state == LU_JOB_TIMED_OUT) {
			bd->state = BUILD_TIMED_OUT;
			bd->message = lu_arena_printf(&mx->arena,
						      "timed out after %u s (--timeout)",
						      timeout_for(mx->cli));
		} else if (jobs[i].state != LU_JOB_DONE || jobs[i].status) {
			bd->state = BUILD_FAILED;
			bd->message = first_error(&mx->arena, bd->log);
		}
	}
	free(jobs);
	free(which);
	return mx->interrupted ? -1 : 0;
}

static void check_builds(struct matrix *mx)
{
	size_t n_names = mx->rules.n_structs;
	const char **names = calloc(n_names + 1, sizeof(*names));

	if (!names)
		abort();
	for (size_t i = 0; i < n_names; i++)
		names[i] = mx->rules.structs[i].name;
	struct lu_read_opts ropts = {
		.names = names, .n_names = n_names, .marked = true,
		.allow_missing = true,
		.expand_depth = lu_rules_max_depth(&mx->rules),
	};

	for (size_t b = 0; b < mx->n_builds; b++) {
		struct build *bd = &mx->builds[b];
		struct lu_error err;

		lu_set_init(&bd->set, bd->object);
		if (bd->state != BUILD_OK)
			continue;
		if (lu_read(bd->object, &ropts, &bd->set, &err) < 0) {
			bd->state = BUILD_UNREADABLE;
			bd->message = lu_arena_strdup(&mx->arena, err.msg);
			continue;
		}
		unlink(bd->object);
		struct lu_check_opts copts = {
			.line_size = lu_cli_line_size(mx->cli, bd->set.line_size),
			.pair = mx->cli->pair, .strict = mx->cli->strict,
		};

		lu_check_set(&bd->set, b, &mx->rules, &copts, &bd->findings);
	}
	free(names);
}

int lu_cmd_matrix(struct lu_cli *cli)
{
	struct matrix mx = { .cli = cli };
	struct lu_error err;
	int rc = LU_EXIT_USAGE;

	if (!cli->rules || cli->n_args) {
		fprintf(stderr, "usage: lineup matrix --rules FILE.ini\n");
		return LU_EXIT_USAGE;
	}
	if (cli->format == LU_FORMAT_SARIF) {
		fprintf(stderr, "lineup matrix: --format sarif is for check; "
				"use text or json\n");
		return LU_EXIT_USAGE;
	}
	if (setup(&mx, &err) < 0) {
		fprintf(stderr, "lineup: %s\n", err.msg);
		goto out;
	}
	if (preprocess(&mx) < 0 || compile(&mx) < 0)
		goto out;
	check_builds(&mx);
	rc = lu_matrix_report(&mx);
out:
	remove_tmp(&mx);
	for (size_t b = 0; b < mx.n_builds; b++) {
		lu_set_free(&mx.builds[b].set);
		lu_findings_free(&mx.builds[b].findings);
	}
	lu_configs_free(&mx.configs);
	lu_rules_free(&mx.rules);
	lu_arena_free(&mx.arena);
	if (mx.interrupted) {
		fprintf(stderr, "lineup matrix: interrupted; temporary files "
				"removed\n");
		signal(mx.interrupted, SIG_DFL);
		raise(mx.interrupted);
		return 128 + mx.interrupted;
	}
	return rc;
}
