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
#include <errno.h>
#include <jansson.h>
#include <libgen.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>

#include "check.h"
#include "cli.h"
#include "compdb.h"
#include "configs.h"
#include "jobs.h"
#include "reader.h"
#include "report.h"
#include "rules.h"

#define DEFAULT_TIMEOUT 300

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
			     mx->m->line);
		return -1;
	}
	if (mx->m->compdb && !mx->m->source) {
		lu_error_set(err, "%s:%u: error: compdb needs source = FILE",
			     cli->rules, mx->m->line);
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

/* ---- report --------------------------------------------------------- */

/* A finding as it appears across configurations. */
struct seen_finding {
	const struct lu_finding *f;
	char *key;		/* message and location: its identity */
	bool *in;		/* per configuration */
};

static char *finding_key(struct lu_arena *a, const struct lu_finding *f,
			 const struct lu_report_ctx *ctx)
{
	char msg[2048];
	struct lu_location loc;

	lu_finding_message(f, ctx, msg, sizeof(msg));
	lu_finding_location(f, ctx, &loc);
	return lu_arena_printf(a, "%s:%u:%u %s %s", loc.file ? loc.file : "",
			       loc.line, loc.column, loc.where, msg);
}

static struct seen_finding *collect(struct matrix *mx, struct lu_set *sets,
				    const struct lu_report_ctx *ctx,
				    size_t *n_out)
{
	size_t n = 0, cap = 0, n_cfg = mx->configs.n_configs;
	struct seen_finding *seen = NULL;

	for (size_t b = 0; b < mx->n_builds; b++)
		sets[b] = mx->builds[b].set;
	for (size_t b = 0; b < mx->n_builds; b++) {
		const struct lu_findings *fs = &mx->builds[b].findings;

		for (size_t i = 0; i < fs->n; i++) {
			if (fs->items[i].severity == LU_NOTE)
				continue;
			char *key = finding_key(&mx->arena, &fs->items[i], ctx);
			struct seen_finding *s = NULL;

			for (size_t k = 0; k < n && !s; k++)
				if (!strcmp(seen[k].key, key))
					s = &seen[k];
			if (!s) {
				seen = lu_grow(seen, &cap, n, sizeof(*seen));
				s = &seen[n++];
				s->f = &fs->items[i];
				s->key = key;
				s->in = lu_arena_alloc(&mx->arena,
						       n_cfg * sizeof(bool));
			}
			for (size_t c = 0; c < n_cfg; c++)
				if (mx->cfg[c].build == b)
					s->in[c] = true;
		}
	}
	*n_out = n;
	return seen;
}

static void text_note(void *arg, const struct lu_location *loc,
		      const char *text)
{
	FILE *out = arg;

	if (loc->file) {
		fprintf(out, "%s:%u:", loc->file, loc->line);
		if (loc->column)
			fprintf(out, "%u:", loc->column);
	} else {
		fprintf(out, "%s:", loc->where);
	}
	fprintf(out, " note: %s\n", text);
}

struct size_range {
	const char *name;
	uint64_t min, max;
	size_t min_cfg, max_cfg;
	bool any;
};

static size_t size_ranges(struct matrix *mx, struct size_range **out)
{
	size_t n = 0, cap = 0;
	struct size_range *r = NULL;

	for (size_t c = 0; c < mx->configs.n_configs; c++) {
		const struct build *b = &mx->builds[mx->cfg[c].build];

		if (b->state != BUILD_OK)
			continue;
		for (size_t i = 0; i < b->set.n_structs; i++) {
			const struct lu_struct *s = &b->set.structs[i];
			struct size_range *x = NULL;

			if (s->variant)
				continue;
			for (size_t k = 0; k < n && !x; k++)
				if (!strcmp(r[k].name, s->name))
					x = &r[k];
			if (!x) {
				r = lu_grow(r, &cap, n, sizeof(*r));
				x = &r[n++];
				*x = (struct size_range){ s->name, s->size,
							  s->size, c, c, true };
			}
			if (s->size < x->min) {
				x->min = s->size;
				x->min_cfg = c;
			}
			if (s->size > x->max) {
				x->max = s->size;
				x->max_cfg = c;
			}
		}
	}
	*out = r;
	return n;
}

/* The size of struct NAME in configuration C, 0 when absent. */
static uint64_t struct_size(const struct matrix *mx, size_t c,
			    const char *name)
{
	const struct build *b = &mx->builds[mx->cfg[c].build];
	const struct lu_struct *s = b->state == BUILD_OK
					    ? lu_set_find(&b->set, name)
					    : NULL;

	return s ? s->size : 0;
}

/*
 * Configurations that could not be checked, one line per distinct message
 * with the condition under which it happens: a header missing everywhere
 * is one line, not sixty-four.
 */
static void report_broken(struct matrix *mx, FILE *out)
{
	size_t n_cfg = mx->configs.n_configs;
	bool *done = calloc(mx->n_builds + 1, sizeof(*done));
	bool *in = calloc(n_cfg + 1, sizeof(*in));

	if (!done || !in)
		abort();
	for (size_t b = 0; b < mx->n_builds; b++) {
		const struct build *bd = &mx->builds[b];
		size_t n = 0;

		if (bd->state == BUILD_OK || done[b])
			continue;
		for (size_t c = 0; c < n_cfg; c++) {
			const struct build *x = &mx->builds[mx->cfg[c].build];

			in[c] = x->state == bd->state &&
				!strcmp(x->message, bd->message);
			if (in[c]) {
				done[mx->cfg[c].build] = true;
				n++;
			}
		}
		const char *verb = bd->state == BUILD_UNREADABLE ? "be read"
								 : "compile";
		const char *cond = lu_condition(&mx->arena, mx->m,
						&mx->configs, in);

		if (n == 1)
			fprintf(out, "%s: error: configuration %s failed to %s: "
				     "%s\n", mx->cli->rules,
				mx->cfg[bd->first_config].name, verb,
				bd->message);
		else if (!strcmp(cond, "always"))
			fprintf(out, "%s: error: every configuration failed to "
				     "%s: %s\n", mx->cli->rules, verb,
				bd->message);
		else
			fprintf(out, "%s: error: %zu configurations [%s] failed "
				     "to %s: %s\n", mx->cli->rules, n, cond, verb,
				bd->message);
	}
	free(done);
	free(in);
}

static void report_text(struct matrix *mx, struct seen_finding *seen,
			size_t n_seen, const struct lu_report_ctx *ctx,
			const bool *failing, size_t n_failing,
			size_t n_broken)
{
	FILE *out = stdout;
	size_t n_cfg = mx->configs.n_configs;

	printf("lineup matrix: %zu option%s, %zu configuration%s (%s), %zu "
	       "distinct after preprocessing\n",
	       mx->m->n_options, mx->m->n_options == 1 ? "" : "s", n_cfg,
	       n_cfg == 1 ? "" : "s",
	       mx->configs.exhaustive ? "all"
				      : "covering every pair of values",
	       mx->n_builds);
	report_broken(mx, out);
	for (size_t i = 0; i < n_seen; i++) {
		char msg[2048];
		struct lu_location loc;
		const char *cond = lu_condition(&mx->arena, mx->m, &mx->configs,
						seen[i].in);

		lu_finding_message(seen[i].f, ctx, msg, sizeof(msg));
		lu_finding_location(seen[i].f, ctx, &loc);
		if (loc.file) {
			fprintf(out, "%s:%u:", loc.file, loc.line);
			if (loc.column)
				fprintf(out, "%u:", loc.column);
		} else {
			fprintf(out, "%s:", loc.where);
		}
		fprintf(out, " %s: %s [%s]\n",
			lu_severity_name(seen[i].f->severity), msg,
			cond ? cond : "never");
		lu_finding_notes(seen[i].f, ctx, text_note, out);
	}
	struct size_range *r = NULL;
	size_t n_r = size_ranges(mx, &r);

	for (size_t i = 0; i < n_r; i++) {
		if (r[i].min == r[i].max) {
			fprintf(out, "lineup matrix: %s is %llu bytes in every "
				     "configuration\n", r[i].name,
				(unsigned long long)r[i].max);
			continue;
		}
		bool *largest = calloc(n_cfg, sizeof(*largest));

		if (!largest)
			abort();
		size_t n_largest = 0;

		for (size_t c = 0; c < n_cfg; c++) {
			largest[c] = struct_size(mx, c, r[i].name) == r[i].max;
			n_largest += largest[c];
		}
		const char *when = lu_condition(&mx->arena, mx->m,
						&mx->configs, largest);

		/* a condition nobody can read helps less than an example */
		if (strlen(when) > 160)
			when = lu_arena_printf(&mx->arena,
					       "in %zu configurations, e.g. %s",
					       n_largest,
					       mx->cfg[r[i].max_cfg].name);
		else
			when = lu_arena_printf(&mx->arena, "when %s", when);
		fprintf(out, "lineup matrix: %s is %llu to %llu bytes (%llu "
			     "%s)\n", r[i].name,
			(unsigned long long)r[i].min,
			(unsigned long long)r[i].max,
			(unsigned long long)r[i].max, when);
		free(largest);
	}
	free(r);
	const char *cond = lu_condition(&mx->arena, mx->m, &mx->configs,
					failing);

	if (n_failing)
		fprintf(out, "lineup matrix: %zu of %zu configurations fail: %s\n",
			n_failing, n_cfg, cond);
	else if (n_broken < n_cfg)
		fprintf(out, "lineup matrix: all %zu configurations %spass\n",
			n_cfg - n_broken, n_broken ? "that were checked " : "");
	if (n_broken)
		fprintf(out, "lineup matrix: %zu configuration%s could not be "
			     "checked\n", n_broken, n_broken == 1 ? "" : "s");
}

static void report_json(struct matrix *mx, struct seen_finding *seen,
			size_t n_seen, const struct lu_report_ctx *ctx,
			const bool *failing, size_t n_failing)
{
	json_t *root = json_object(), *configs = json_array(),
	       *findings = json_array();
	size_t n_cfg = mx->configs.n_configs;

	for (size_t c = 0; c < n_cfg; c++) {
		const struct build *b = &mx->builds[mx->cfg[c].build];
		json_t *sizes = json_object();

		for (size_t i = 0; b->state == BUILD_OK && i < b->set.n_structs;
		     i++)
			if (!b->set.structs[i].variant)
				json_object_set_new(
					sizes, b->set.structs[i].name,
					json_integer((json_int_t)
							     b->set.structs[i].size));
		json_array_append_new(
			configs,
			json_pack("{s:s, s:s, s:s, s:o, s:I, s:o}", "name",
				  mx->cfg[c].name, "flags", mx->cfg[c].flags,
				  "status",
				  b->state != BUILD_OK ? "error"
				  : failing[c]	       ? "fail" : "pass",
				  "message",
				  b->message ? json_string(b->message)
					     : json_null(),
				  "build", (json_int_t)mx->cfg[c].build,
				  "sizes", sizes));
	}
	for (size_t i = 0; i < n_seen; i++) {
		json_t *j = lu_finding_json(seen[i].f, ctx), *in = json_array();
		const char *cond = lu_condition(&mx->arena, mx->m, &mx->configs,
						seen[i].in);

		for (size_t c = 0; c < n_cfg; c++)
			if (seen[i].in[c])
				json_array_append_new(in,
						      json_string(mx->cfg[c].name));
		json_object_set_new(j, "condition", json_string(cond ? cond : ""));
		json_object_set_new(j, "configurations", in);
		json_array_append_new(findings, j);
	}
	const char *cond = lu_condition(&mx->arena, mx->m, &mx->configs,
					failing);

	json_object_set_new(root, "lineup", json_integer(1));
	json_object_set_new(root, "exhaustive",
			    json_boolean(mx->configs.exhaustive));
	json_object_set_new(root, "builds", json_integer((json_int_t)mx->n_builds));
	json_object_set_new(root, "configurations", configs);
	json_object_set_new(root, "findings", findings);
	json_object_set_new(root, "failing", json_integer((json_int_t)n_failing));
	json_object_set_new(root, "condition",
			    cond ? json_string(cond) : json_null());
	json_dumpf(root, stdout, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	fputc('\n', stdout);
	json_decref(root);
}

static int report(struct matrix *mx)
{
	size_t n_cfg = mx->configs.n_configs, n_seen = 0, n_failing = 0,
	       n_broken = 0;
	struct lu_set *sets = calloc(mx->n_builds + 1, sizeof(*sets));
	bool *failing = calloc(n_cfg + 1, sizeof(*failing));

	if (!sets || !failing)
		abort();
	struct lu_report_ctx ctx = {
		.sets = sets, .n_sets = mx->n_builds, .rules = &mx->rules,
		.line_size = lu_cli_line_size(mx->cli, 0),
		.pair = mx->cli->pair,
	};

	/* the objects' machine decides the line size, as in check */
	for (size_t b = 0; b < mx->n_builds; b++)
		if (mx->builds[b].state == BUILD_OK) {
			ctx.line_size = lu_cli_line_size(
				mx->cli, mx->builds[b].set.line_size);
			break;
		}
	struct seen_finding *seen = collect(mx, sets, &ctx, &n_seen);

	for (size_t c = 0; c < n_cfg; c++) {
		const struct build *b = &mx->builds[mx->cfg[c].build];

		failing[c] = b->state == BUILD_OK && b->findings.n_errors;
		n_failing += failing[c];
		n_broken += b->state != BUILD_OK;
	}
	if (mx->cli->format == LU_FORMAT_JSON)
		report_json(mx, seen, n_seen, &ctx, failing, n_failing);
	else
		report_text(mx, seen, n_seen, &ctx, failing, n_failing,
			    n_broken);
	free(seen);
	free(sets);
	free(failing);
	return n_broken ? LU_EXIT_USAGE
	       : n_failing ? LU_EXIT_FINDINGS : LU_EXIT_OK;
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
	rc = report(&mx);
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
