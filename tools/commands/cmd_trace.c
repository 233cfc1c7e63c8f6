/* SPDX-License-Identifier: MIT */
/*
 * `lineup trace [OPTIONS] -- PROGRAM [ARGS]`: runs a program built with
 * `lineup trace-cc`, with the runtime told where to write (one trace file
 * per process, in a private directory), then reads each process's trace
 * and its program's layouts, maps, prints and drafts rules. Exit 1 when a
 * line is falsely shared, 0 when none is, 2 on usage and input errors
 * (a program that wrote no trace included).
 */
#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "arena.h"
#include "atomic_out.h"
#include "c2c_rules.h"
#include "cli.h"
#include "reader.h"
#include "slurp.h"
#include "tmpdir.h"
#include "trace_file.h"
#include "trace_asm.h"
#include "trace_map.h"
#include "trace_report.h"
#include "trace_syms.h"

/* a trace of a busy program runs to tens of MB; past this is not one */
#define MAX_TRACE (1u << 30)

static const char usage_line[] =
	"usage: lineup trace [--struct NAME]... [--sample N] "
	"[--rules-out FILE.ini] [-o FILE] [OPTIONS] -- PROGRAM [ARGS]\n";

/* Runs ARGV with the runtime's variables set; its status, -signal, or
 * -1000 when it could not be started (said). */
static int run(char **argv, const char *base, unsigned sample,
	       double *seconds, pid_t *child)
{
	struct timespec t0, t1;
	char n[16];
	int status;
	pid_t pid;

	snprintf(n, sizeof(n), "%u", sample ? sample : 1);
	fflush(NULL);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "lineup trace: failed to run %s: %s\n",
			argv[0], strerror(errno));
		return -1000;
	}
	*child = pid;
	if (!pid) {
		setenv("LINEUP_TRACE_FILE", base, 1);
		setenv("LINEUP_TRACE_SAMPLE", n, 1);
		execvp(argv[0], argv);
		fprintf(stderr, "lineup trace: failed to run %s: %s\n",
			argv[0], strerror(errno));
		_exit(127);
	}
	/* the program's ^C is the program's: lineup reads what it wrote */
	signal(SIGINT, SIG_IGN);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1000;
	signal(SIGINT, SIG_DFL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	*seconds = (double)(t1.tv_sec - t0.tv_sec) +
		   (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	if (WIFEXITED(status))
		return WEXITSTATUS(status) == 127 ? -1000 : WEXITSTATUS(status);
	return -WTERMSIG(status);
}

/* The file execvp will run for ARGV0: itself when it holds a slash, else
 * the first executable regular file of that name on $PATH. NULL: none. */
static char *program_path(const char *argv0)
{
	const char *path = getenv("PATH");
	struct stat st;

	if (strchr(argv0, '/'))
		return strdup(argv0);
	for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t len = strcspn(p, ":");
		char *f;

		if (asprintf(&f, "%.*s/%s", (int)len, len ? p : ".", argv0) < 0)
			abort();
		if (!stat(f, &st) && S_ISREG(st.st_mode) && !access(f, X_OK))
			return f;
		free(f);
		p += len + (p[len] == ':');
	}
	return NULL;
}

/*
 * --struct NAMEs, checked in the program before it runs, with the one
 * matcher show and check use (lu_set_find: qualified as the compiler
 * spells it, or unqualified when one name ends so): a misspelt name is an
 * error, not a run that reports nothing. The spellings the trace's DWARF
 * names may take (the qualified tag, its last scope, its typedefs) go to
 * *WANTED for the mapper. A program lineup cannot read (a script that
 * runs the real one) is checked after the run, in each process's. -1
 * said.
 */
static int resolve_structs(const struct lu_cli *cli, const char *exe,
			   struct lu_set *set, const char ***wanted, size_t *n,
			   uint64_t *min_size)
{
	struct lu_read_opts ro = {
		.names = (const char *const *)cli->structs,
		.n_names = cli->n_structs,
		.line_size = cli->line_size,
	};
	struct lu_error err;
	size_t cap = 0;

	*wanted = NULL;
	*n = 0;
	*min_size = 0;
	if (!exe || lu_read(exe, &ro, set, &err) < 0) {
		for (size_t i = 0; i < cli->n_structs; i++) {
			*wanted = lu_grow(*wanted, &cap, *n, sizeof(**wanted));
			(*wanted)[(*n)++] = cli->structs[i];
		}
		return 0;
	}
	for (size_t i = 0; i < cli->n_structs; i++) {
		const struct lu_struct *s =
			lu_set_find_or_error(set, cli->structs[i], &err);

		if (!s) {
			fprintf(stderr, "lineup trace: %s\n", err.msg);
			return -1;
		}
		if (!i || s->size < *min_size)
			*min_size = s->size;
		*wanted = lu_grow(*wanted, &cap, *n + 2 + s->n_typedefs,
				  sizeof(**wanted));
		(*wanted)[(*n)++] = s->name;
		if (lu_unqualified(s->name) != s->name)
			(*wanted)[(*n)++] = lu_unqualified(s->name);
		for (size_t k = 0; k < s->n_typedefs; k++)
			(*wanted)[(*n)++] = s->typedefs[k];
	}
	return 0;
}

struct process {
	struct lu_trace trace;
	struct lu_trace_syms *syms;
	struct lu_set set;
	bool set_ready;
	struct lu_trace_result result;
};

static int by_pid(const void *a, const void *b)
{
	const struct process *x = a, *y = b;

	return x->trace.pid < y->trace.pid ? -1 : x->trace.pid > y->trace.pid;
}

/* The program lineup ran first, its forked children after it by pid (pids
 * wrap: the smallest is not always the parent). */
static void program_first(struct process *ps, size_t n, pid_t child)
{
	for (size_t i = 1; i < n; i++)
		if (ps[i].trace.pid == (uint64_t)child) {
			struct process p = ps[i];

			memmove(&ps[1], &ps[0], i * sizeof(*ps));
			ps[0] = p;
			return;
		}
}

/* Every trace.PID file in DIR, parsed. -1 said. */
static int read_traces(const char *dir, struct process **out, size_t *n,
		       pid_t child)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t cap = 0;

	*out = NULL;
	*n = 0;
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		char path[4096], why[64], *text;
		struct lu_error err;
		size_t len;
		int rc;

		if (strncmp(e->d_name, "trace.", 6))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		rc = lu_slurp(path, MAX_TRACE, &text, &len);
		if (rc) {
			fprintf(stderr, "lineup trace: failed to read %s: %s\n",
				path, lu_slurp_reason(rc, MAX_TRACE, why,
						      sizeof(why)));
			closedir(d);
			return -1;
		}
		*out = lu_grow(*out, &cap, *n, sizeof(**out));
		memset(&(*out)[*n], 0, sizeof(**out));
		rc = lu_trace_parse(e->d_name, text, len, &(*out)[*n].trace,
				    &err);
		free(text);
		(*n)++;
		if (rc) {
			fprintf(stderr, "lineup trace: %s\n", err.msg);
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	if (*n) {
		qsort(*out, *n, sizeof(**out), by_pid);
		program_first(*out, *n, child);
	}
	return 0;
}

/* Objects, layouts and verdicts of one process. -1 said. */
static int analyse(struct process *p, const struct lu_cli *cli,
		   const char *const *wanted, size_t n_wanted, uint64_t min_size)
{
	struct lu_trace_map_opts mo = {
		.structs = wanted,
		.n_structs = n_wanted,
		.min_size = min_size,
		.line_size = cli->line_size,
	};
	struct lu_error err;
	const char **names = NULL;
	size_t n_names;

	if (lu_trace_syms_open(NULL, &p->trace, &p->syms, &err) < 0) {
		fprintf(stderr, "lineup trace: %s\n", err.msg);
		return -1;
	}
	n_names = lu_trace_find_objects(&p->trace, p->syms, &mo, &p->result,
					&names);
	struct lu_read_opts ro = {
		.names = names,
		.n_names = n_names,
		.line_size = cli->line_size,
		.jobs = cli->read_jobs,
	};

	lu_set_init(&p->set, p->trace.exe);
	p->set_ready = true;
	/* no object: nothing to read, but --struct names are still checked */
	if ((n_names || cli->n_structs) &&
	    lu_read(p->trace.exe, &ro, &p->set, &err) < 0) {
		fprintf(stderr, "lineup trace: %s\n", err.msg);
		free(names);
		return -1;
	}
	free(names);
	for (size_t i = 0; i < cli->n_structs; i++) {
		if (!lu_set_find(&p->set, cli->structs[i])) {
			struct lu_set all;
			struct lu_read_opts ao = { .names = (const char *const *)
							    &cli->structs[i],
						   .n_names = 1,
						   .line_size = cli->line_size,
						   .jobs = cli->read_jobs };

			/* absent from the objects, or from the program? */
			lu_set_init(&all, p->trace.exe);
			if (lu_read(p->trace.exe, &ao, &all, &err) == 0 &&
			    !lu_set_find_or_error(&all, cli->structs[i],
						  &err)) {
				fprintf(stderr, "lineup trace: %s\n", err.msg);
				lu_set_free(&all);
				return -1;
			} else {
				fprintf(stderr, "lineup trace: warning: no "
						"object of struct %s was seen "
						"(heap objects: "
						"LINEUP_TRACE_OBJECT names "
						"them)\n",
					cli->structs[i]);
			}
			lu_set_free(&all);
		}
	}
	lu_trace_map(&p->trace, p->syms, &p->set, &mo, &p->result);
	lu_trace_find_asm(&p->result, p->syms);
	return 0;
}

static int draft(const struct lu_cli *cli, struct process *ps, size_t n,
		 const char *program)
{
	struct lu_c2c_draft *d = NULL;
	struct lu_c2c_map *maps = NULL;
	size_t nd = 0, cap = 0, cap_maps = 0, n_maps = 0;
	struct lu_error err;
	char *report;
	int rc;

	/* maps first: the drafts point into that array */
	for (size_t i = 0; i < n; i++)
		for (size_t t = 0; t < ps[i].result.n_types; t++)
			n_maps++;
	maps = calloc(n_maps ? n_maps : 1, sizeof(*maps));
	if (!maps)
		abort();
	cap_maps = n_maps;
	n_maps = 0;
	for (size_t i = 0; i < n; i++) {
		const struct lu_trace_result *r = &ps[i].result;

		for (size_t t = 0; t < r->n_types; t++) {
			const struct lu_trace_type *ty = &r->types[t];
			bool seen = false;

			for (size_t k = 0; k < nd && !seen; k++)
				seen = !strcmp(d[k].s->name, ty->s->name);
			if (seen || n_maps == cap_maps ||
			    !lu_trace_draft_map(r, ty, &maps[n_maps])) {
				if (n_maps < cap_maps)
					lu_c2c_map_free(&maps[n_maps]);
				continue;
			}
			d = lu_grow(d, &cap, nd, sizeof(*d));
			d[nd++] = (struct lu_c2c_draft){ ty->s, &maps[n_maps++] };
		}
	}
	if (asprintf(&report, "the trace of %s", program) < 0)
		abort();
	rc = lu_c2c_rules_write_n(cli->rules_out, "trace", report, d, nd,
				  ps[0].result.line_size, &err);
	if (rc < 0)
		fprintf(stderr, "lineup trace: %s\n", err.msg);
	else if (!nd)
		fprintf(stderr, "lineup trace: warning: %s drafts no rule: no "
				"member was stored by one thread while another "
				"thread accessed its neighbours\n",
			cli->rules_out);
	free(report);
	for (size_t i = 0; i < n_maps; i++)
		lu_c2c_map_free(&maps[i]);
	free(maps);
	free(d);
	return rc;
}

int lu_cmd_trace(struct lu_cli *cli)
{
	struct lu_arena arena = { 0 };
	struct lu_error err;
	struct process *ps = NULL;
	size_t n = 0, findings = 0, n_wanted = 0, untyped = 0, unseen = 0;
	uint64_t min_size = 0;
	double seconds = 0;
	pid_t child = 0;
	const char **wanted = NULL;
	struct lu_set named;
	struct lu_atomic_out report;
	FILE *to = stdout;
	char *exe;
	char base[4096];
	int status, rc = LU_EXIT_USAGE;
	char *dir;

	if (!cli->n_args) {
		fputs(usage_line, stderr);
		return LU_EXIT_USAGE;
	}
	exe = program_path(cli->args[0]);
	lu_set_init(&named, exe ? exe : cli->args[0]);
	if (cli->n_structs &&
	    resolve_structs(cli, exe, &named, &wanted, &n_wanted,
			    &min_size) < 0) {
		dir = NULL;
		goto out;
	}
	/* -o's refusals (not a regular file, no such directory) before a
	 * long run, not after it */
	if (cli->output) {
		dir = NULL;
		if (lu_atomic_open(&report, cli->output, &err) < 0) {
			fprintf(stderr, "lineup trace: %s\n", err.msg);
			goto out;
		}
		lu_atomic_abandon(&report);
	}
	dir = lu_tmpdir_make(&arena, "lineup-trace", &err);
	if (!dir) {
		fprintf(stderr, "lineup trace: %s\n", err.msg);
		goto out;
	}
	snprintf(base, sizeof(base), "%s/trace", dir);
	status = run(cli->args, base, cli->sample, &seconds, &child);
	if (status == -1000 || read_traces(dir, &ps, &n, child) < 0)
		goto out;
	if (!n && status < 0) {
		/* the runtime writes at SIGINT and SIGTERM: this was another
		 * signal, or the program's own handler */
		fprintf(stderr, "lineup trace: %s wrote no trace: it was "
				"killed by signal %d before it could write one\n",
			cli->args[0], -status);
		goto out;
	}
	if (!n) {
		fprintf(stderr, "lineup trace: %s wrote no trace (it was not "
				"built with the runtime, or it left through "
				"_exit or exec): build it with lineup trace-cc "
				"(doc/trace.md)\n",
			cli->args[0]);
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		if (analyse(&ps[i], cli, wanted, n_wanted, min_size) < 0)
			goto out;
	if (cli->output) {
		if (lu_atomic_open(&report, cli->output, &err) < 0) {
			fprintf(stderr, "lineup trace: %s\n", err.msg);
			goto out;
		}
		to = report.f;
	}
	for (size_t i = 0; i < n; i++) {
		char program[4200];
		struct lu_trace_out o = {
			.program = program,
			.status = status,
			.trace = &ps[i].trace,
			.r = &ps[i].result,
			.all = cli->n_structs > 0,
			.seconds = seconds,
		};

		if (i == 0)
			snprintf(program, sizeof(program), "%s", cli->args[0]);
		else
			snprintf(program, sizeof(program),
				 "%s (forked process %llu)", cli->args[0],
				 (unsigned long long)ps[i].trace.pid);
		if (i && cli->format == LU_FORMAT_TEXT)
			fputc('\n', to);
		if ((cli->format == LU_FORMAT_JSON
			     ? lu_trace_print_json(to, &o)
			     : lu_trace_print_text(to, &o)) < 0) {
			perror("lineup trace: failed to write the output");
			if (cli->output)
				lu_atomic_abandon(&report);
			goto out;
		}
		findings += ps[i].result.n_false_sharing;
		untyped += ps[i].result.untyped.n_shared;
		unseen += lu_trace_unseen_hot(&o);
	}
	if (cli->output && lu_atomic_commit(&report, &err) < 0) {
		fprintf(stderr, "lineup trace: %s\n", err.msg);
		goto out;
	}
	if (cli->rules_out && draft(cli, ps, n, cli->args[0]) < 0)
		goto out;
	if (status > 0 || status < 0)
		fprintf(stderr, "lineup trace: warning: %s %s %d\n",
			cli->args[0],
			status > 0 ? "exited with status" : "was killed by signal",
			status > 0 ? status : -status);
	rc = findings ? LU_EXIT_FINDINGS : LU_EXIT_OK;
	/* no verdict is not "clean" when an object no type fits was
	 * shared: it may be the one falsely shared */
	if (!findings && untyped) {
		fprintf(stderr, "lineup trace: inconclusive: %zu heap object%s "
				"touched by two threads at once %s no type (see "
				"the report; LINEUP_TRACE_OBJECT names it)\n",
			untyped, untyped == 1 ? "" : "s",
			untyped == 1 ? "has" : "have");
		rc = LU_EXIT_USAGE;
	}
	if (!findings && unseen) {
		fprintf(stderr, "lineup trace: inconclusive: %zu member%s a "
				"group calls hot %s never accessed as it says by "
				"the threads that ran (see the report)\n",
			unseen, unseen == 1 ? "" : "s",
			unseen == 1 ? "was" : "were");
		rc = LU_EXIT_USAGE;
	}
out:
	for (size_t i = 0; i < n; i++) {
		lu_trace_result_free(&ps[i].result);
		lu_trace_syms_close(ps[i].syms);
		if (ps[i].set_ready)
			lu_set_free(&ps[i].set);
		lu_trace_free(&ps[i].trace);
	}
	free(ps);
	free(wanted);
	lu_set_free(&named);
	free(exe);
	if (dir)
		lu_tmpdir_remove(dir);
	lu_arena_free(&arena);
	return rc;
}
