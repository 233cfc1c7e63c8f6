/* SPDX-License-Identifier: MIT */
/*
 * `lineup matrix`: compile one source under every configuration of the
 * [matrix] options (or a covering array of them), check each layout, and say
 * under which condition each finding appears.
 *
 * Configurations whose preprocessed text is identical are compiled once.
 * Compiles go through the user's own command (ccache and distcc keep
 * working); lineup only adds -D flags and its own -o into a private
 * temporary directory, as arguments the shell passes on without parsing
 * (jobs.h). The directory is removed on every exit path, interrupts
 * included: from its creation to its removal SIGINT, SIGTERM and SIGHUP
 * are events every step looks at (interrupt.h), and lineup then dies of
 * the signal it got.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compdb.h"
#include "jobs.h"
#include "matrix.h"
#include "reader.h"

#define DEFAULT_TIMEOUT 300

/* ---- files ---------------------------------------------------------- */

/*
 * Empties the directory open as FD (and closes it), never following a
 * symbolic link: the compiles have lineup's directory as their TMPDIR, and
 * what they leave there may hold directories of its own.
 */
static void empty_dir(int fd)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;

	if (!d) {
		close(fd);
		return;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (unlinkat(dirfd(d), e->d_name, 0) == 0 || errno != EISDIR)
			continue;
		int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY |
						      O_NOFOLLOW | O_CLOEXEC);

		if (sub >= 0)
			empty_dir(sub);
		unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR);
	}
	closedir(d);
}

static void remove_tmp(struct lu_matrix *mx)
{
	if (!mx->tmp)
		return;
	int fd = open(mx->tmp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd >= 0)
		empty_dir(fd);
	rmdir(mx->tmp);
	mx->tmp = NULL;
}

static int make_tmp(struct lu_matrix *mx, struct lu_error *err)
{
	const char *tmpdir = getenv("TMPDIR");

	if (!tmpdir || !*tmpdir)
		tmpdir = "/tmp";
	mx->tmp = lu_arena_printf(&mx->arena, "%s/lineup-matrix.XXXXXX",
				  tmpdir);
	if (!mkdtemp(mx->tmp)) {
		lu_error_set(err, "failed to create a temporary directory in "
				  "%s: %s", tmpdir, strerror(errno));
		mx->tmp = NULL;
		return -1;
	}
	for (size_t i = 0; i < mx->configs.n_configs; i++)
		mx->cfg[i].preprocessed = lu_arena_printf(&mx->arena,
							  "%s/p%zu.i", mx->tmp,
							  i);
	return 0;
}

/* The compiler's first error line in its OUTPUT, to quote in the report. */
static const char *first_error(struct lu_arena *a, const char *output)
{
	const char *line;
	size_t n;

	if (!output)
		return "(no message)";
	line = strstr(output, "error");
	if (line) {
		while (line > output && line[-1] != '\n')
			line--;
	} else {
		line = output;
	}
	n = strcspn(line, "\n");
	return n ? lu_arena_strndup(a, line, n) : "(no message)";
}

/* FNV-1a of a regular file; the compile command could leave a FIFO. */
static uint64_t hash_file(const char *path, bool *ok)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	uint64_t h = 0xcbf29ce484222325ull;
	unsigned char buf[65536];
	struct stat st;
	ssize_t n;

	*ok = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
	while (*ok && (n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			*ok = errno == EINTR;
			continue;
		}
		for (ssize_t i = 0; i < n; i++)
			h = (h ^ buf[i]) * 0x100000001b3ull;
	}
	if (fd >= 0)
		close(fd);
	return h;
}

/* ---- steps ---------------------------------------------------------- */

static int setup(struct lu_matrix *mx, struct lu_error *err)
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
	switch (lu_configs_make(mx->m, cli->exhaustive, &mx->configs)) {
	case 0:
		break;
	case LU_CONFIGS_TOO_MANY_VALUES:
		lu_error_set(err, "%s:%u: error: an option has more than %d "
				  "values", cli->rules, mx->m->ini_line,
			     LU_MAX_VALUES);
		return -1;
	case LU_CONFIGS_TOO_MANY_CONFIGS:
		lu_error_set(err, "%s:%u: error: more than %d configurations "
				  "for --exhaustive", cli->rules,
			     mx->m->ini_line, LU_EXHAUSTIVE_MAX);
		return -1;
	default:
		lu_error_set(err, "%s:%u: error: %zu options are too many for "
				  "a covering array (more than %u pairs of "
				  "values to cover)", cli->rules,
			     mx->m->ini_line, mx->m->n_options, LU_MAX_PAIRS);
		return -1;
	}
	size_t n = mx->configs.n_configs;

	mx->cfg = lu_arena_alloc(&mx->arena, n * sizeof(*mx->cfg));
	for (size_t i = 0; i < n; i++) {
		struct lu_config *c = &mx->cfg[i];

		c->row = lu_config_row(&mx->configs, i);
		c->name = lu_config_name(&mx->arena, mx->m, c->row);
		c->flags = lu_config_flags(&mx->arena, mx->m, c->row);
	}
	return 0;
}

static struct lu_jobs_opts jobs_opts(struct lu_matrix *mx)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	const struct lu_cli *cli = mx->cli;

	return (struct lu_jobs_opts){
		.parallel = cli->jobs  ? cli->jobs
			    : cpus > 0 ? (unsigned)cpus
				       : 1,
		.timeout = cli->timeout ? cli->timeout : DEFAULT_TIMEOUT,
		.arena = &mx->arena,
		.interrupt = &mx->interrupt,
		.tmpdir = mx->tmp,
	};
}

/* A job for configuration C: its -D words, then TAIL ("-E", "-o", ...). */
static void config_job(struct lu_matrix *mx, struct lu_job *job,
		       const struct lu_config *c, const char *const *tail,
		       size_t n_tail)
{
	size_t n;
	const char **args = lu_config_args(&mx->arena, mx->m, c->row, n_tail,
					   &n);

	memcpy(args + n, tail, n_tail * sizeof(*tail));
	job->command = mx->command;
	job->args = args;
	job->n_args = n + n_tail;
	job->dir = mx->dir;
}

static void fail_build(struct lu_matrix *mx, struct lu_build *b,
		       const struct lu_job *job)
{
	b->output = job->output;
	if (job->state == LU_JOB_TIMED_OUT) {
		b->state = LU_BUILD_TIMED_OUT;
		b->message = lu_arena_printf(&mx->arena,
					     "timed out after %u s (--timeout)",
					     jobs_opts(mx).timeout);
	} else {
		b->state = LU_BUILD_FAILED;
		b->message = first_error(&mx->arena, job->output);
	}
}

/* Builds by hash of their preprocessed text: open addressing, 2x room. */
struct dedup {
	size_t *slot;		/* config index + 1, 0: empty */
	size_t mask;
};

static size_t *dedup_find(struct dedup *d, const struct lu_config *cfg,
			  uint64_t hash)
{
	size_t i = (size_t)(hash ^ hash >> 29) & d->mask;

	while (d->slot[i] && cfg[d->slot[i] - 1].hash != hash)
		i = (i + 1) & d->mask;
	return &d->slot[i];
}

/* Preprocess every configuration; identical texts share one build. */
static int preprocess(struct lu_matrix *mx)
{
	size_t n = mx->configs.n_configs;
	struct lu_job *jobs = calloc(n, sizeof(*jobs));
	struct lu_jobs_opts o = jobs_opts(mx);
	struct dedup d = { .mask = 1 };

	while (d.mask < 2 * n)
		d.mask = 2 * d.mask + 1;
	d.slot = calloc(d.mask + 1, sizeof(*d.slot));
	if (!jobs || !d.slot)
		abort();
	for (size_t i = 0; i < n; i++) {
		const char *tail[] = { "-E", "-o", mx->cfg[i].preprocessed };

		config_job(mx, &jobs[i], &mx->cfg[i], tail, 3);
	}
	lu_jobs_run(jobs, n, &o);
	mx->builds = lu_arena_alloc(&mx->arena, n * sizeof(*mx->builds));
	for (size_t i = 0; i < n && !lu_interrupt_check(&mx->interrupt); i++) {
		struct lu_config *c = &mx->cfg[i];
		bool ok = jobs[i].state == LU_JOB_DONE && jobs[i].status == 0;

		c->hash = ok ? hash_file(c->preprocessed, &ok) : 0;
		/* one text compiled with two sets of flags, or checked on
		 * two line sizes, is two builds */
		c->hash ^= lu_config_dimensions_hash(mx->m, c->row);
		unlink(c->preprocessed);
		if (!ok) {
			/* its own build, marked failed: reported, not built */
			struct lu_build *b = &mx->builds[mx->n_builds];

			b->first_config = i;
			fail_build(mx, b, &jobs[i]);
			c->failed_early = true;
			c->build = mx->n_builds++;
			continue;
		}
		size_t *slot = dedup_find(&d, mx->cfg, c->hash);

		if (*slot) {
			c->build = mx->cfg[*slot - 1].build;
		} else {
			*slot = i + 1;
			mx->builds[mx->n_builds].first_config = i;
			c->build = mx->n_builds++;
		}
	}
	free(jobs);
	free(d.slot);
	return lu_interrupt_check(&mx->interrupt) ? -1 : 0;
}

static int compile(struct lu_matrix *mx)
{
	struct lu_job *jobs = calloc(mx->n_builds, sizeof(*jobs));
	size_t *which = calloc(mx->n_builds, sizeof(*which));
	struct lu_jobs_opts o = jobs_opts(mx);
	size_t n = 0;

	if (!jobs || !which)
		abort();
	for (size_t b = 0; b < mx->n_builds; b++) {
		struct lu_build *bd = &mx->builds[b];
		const struct lu_config *c = &mx->cfg[bd->first_config];

		if (c->failed_early)
			continue;
		bd->object = lu_arena_printf(&mx->arena, "%s/c%zu.o", mx->tmp,
					     b);

		const char *tail[] = { "-o", bd->object };

		config_job(mx, &jobs[n], c, tail, 2);
		which[n++] = b;
	}
	lu_jobs_run(jobs, n, &o);
	for (size_t i = 0; i < n && !lu_interrupt_check(&mx->interrupt); i++)
		if (jobs[i].state != LU_JOB_DONE || jobs[i].status)
			fail_build(mx, &mx->builds[which[i]], &jobs[i]);
	free(jobs);
	free(which);
	return lu_interrupt_check(&mx->interrupt) ? -1 : 0;
}

static void check_builds(struct lu_matrix *mx)
{
	size_t n_names = mx->rules.n_structs;
	const char **names = calloc(n_names + 1, sizeof(*names));

	if (!names)
		abort();
	for (size_t i = 0; i < n_names; i++)
		names[i] = mx->rules.structs[i].name;
	struct lu_read_opts ropts = {
		.names = names, .n_names = n_names, .marked = true,
		.line_size = mx->cli->line_size,
		.expand_depth = lu_rules_max_depth(&mx->rules),
	};

	for (size_t b = 0; b < mx->n_builds; b++) {
		struct lu_build *bd = &mx->builds[b];
		struct lu_error err;

		lu_set_init(&bd->set, bd->object);
		/* signals are blocked: look between objects */
		if (bd->state != LU_BUILD_OK ||
		    lu_interrupt_check(&mx->interrupt))
			continue;
		if (lu_read(bd->object, &ropts, &bd->set, &err) < 0) {
			bd->state = LU_BUILD_UNREADABLE;
			bd->message = lu_arena_strdup(&mx->arena, err.msg);
			continue;
		}
		unlink(bd->object);
		unsigned line = lu_config_line_size(
			mx->m, mx->cfg[bd->first_config].row);

		if (line && !mx->cli->line_size)
			bd->set.line_size = line; /* the report reads it too */
		struct lu_check_opts copts = {
			.line_size = bd->set.line_size,
			.pair = mx->cli->pair, .strict = mx->cli->strict,
			.align = mx->cli->align,
		};

		lu_check_set(&bd->set, b, &mx->rules, &copts, &bd->findings);
	}
	free(names);
}

int lu_cmd_matrix(struct lu_cli *cli)
{
	struct lu_matrix mx = { .cli = cli, .interrupt = { .fd = -1 } };
	struct lu_error err;
	int rc = LU_EXIT_USAGE, sig = 0;
	bool swept = false;

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
	/*
	 * From the temporary directory's creation to its removal, interrupts
	 * are events that every step looks at; after, they kill as usual.
	 */
	if (lu_interrupt_init(&mx.interrupt) < 0) {
		fprintf(stderr, "lineup matrix: failed to block signals: %s\n",
			strerror(errno));
		goto out;
	}
	if (make_tmp(&mx, &err) < 0) {
		fprintf(stderr, "lineup: %s\n", err.msg);
	} else if (preprocess(&mx) == 0 && compile(&mx) == 0) {
		check_builds(&mx);
		swept = true;
	}
	remove_tmp(&mx);
	lu_interrupt_release(&mx.interrupt);
	sig = mx.interrupt.sig;
	if (swept && !sig)
		rc = lu_matrix_report(&mx);
out:
	for (size_t b = 0; b < mx.n_builds; b++) {
		lu_set_free(&mx.builds[b].set);
		lu_findings_free(&mx.builds[b].findings);
	}
	lu_configs_free(&mx.configs);
	lu_rules_free(&mx.rules);
	lu_arena_free(&mx.arena);
	if (sig) {
		fprintf(stderr, "lineup matrix: interrupted; temporary files "
				"removed\n");
		return lu_interrupt_die(sig);
	}
	return rc;
}
