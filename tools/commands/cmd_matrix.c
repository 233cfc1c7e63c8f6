/* SPDX-License-Identifier: MIT */
/*
 * `lineup matrix`: compile one source under every configuration of the
 * [matrix] options (or a covering array of them), check each layout, and say
 * under which condition each finding appears.
 *
 * Configurations whose preprocessed text is identical are compiled once
 * (matrix_sweep.c).
 * Compiles go through the user's own command (ccache and distcc keep
 * working); lineup only adds -D flags and its own -o into a private
 * temporary directory, as arguments the shell passes on without parsing
 * (jobs.h). The directory is removed on every exit path, interrupts
 * included: from its creation to its removal SIGINT, SIGTERM and SIGHUP
 * are events every step looks at (interrupt.h), and lineup then dies of
 * the signal it got.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "compdb.h"
#include "jobs.h"
#include "matrix.h"
#include "reader.h"
#include "tmpdir.h"

#define DEFAULT_TIMEOUT 300

/* ---- steps ---------------------------------------------------------- */

static int setup(struct lu_matrix *mx, struct lu_error *err)
{
	const struct lu_cli *cli = mx->cli;
	if (lu_rules_parse_file(cli->rules, &mx->rules, err) < 0)
		return -1;
	mx->m = &mx->rules.matrix;
	if (!mx->m->present) {
		lu_error_set(err, "%s: error: no [matrix] section", cli->rules);
		return -1;
	}
	if (lu_matrix_command(mx->m, cli->rules, &mx->arena, &mx->command,
			      &mx->dir, err) < 0 ||
	    lu_configs_make_or_error(mx->m, cli->exhaustive, cli->rules,
				     &mx->configs, err) < 0)
		return -1;
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
		.timeout = mx->timeout,
		.arena = &mx->arena,
		.interrupt = &mx->interrupt,
		.tmpdir = mx->tmp,
	};
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
		char what[96];

		snprintf(what, sizeof(what),
			 "lineup matrix: %zu configurations: %zu of %zu builds "
			 "checked", mx->configs.n_configs, b, mx->n_builds);
		lu_progress_draw(&mx->progress, b == 0, what, (double)b,
				 (double)mx->n_builds);
		lu_set_init(&bd->set, bd->object);
		/* signals are blocked: look between objects */
		if (bd->state != LU_BUILD_OK ||
		    lu_interrupt_check(&mx->interrupt))
			continue;
		if (access(bd->object, F_OK) < 0) {
			/* it exited 0 (or it would have failed): say so */
			bd->state = LU_BUILD_UNREADABLE;
			bd->message = "the compile exited 0 but wrote no object "
				      "(does the command take lineup's -o?)";
			continue;
		}
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
	struct lu_matrix mx = {
		.cli = cli, .interrupt = { .fd = -1 },
		.timeout = cli->timeout ? cli->timeout : DEFAULT_TIMEOUT,
	};
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
	mx.tmp = lu_tmpdir_make(&mx.arena, "lineup-matrix", &err);
	if (!mx.tmp) {
		fprintf(stderr, "lineup: %s\n", err.msg);
	} else {
		struct lu_jobs_opts o = jobs_opts(&mx);

		lu_progress_init(&mx.progress, stderr);
		if (lu_matrix_sweep(&mx, &o) == 0) {
			check_builds(&mx);
			swept = true;
		}
		lu_progress_clear(&mx.progress);
	}
	if (mx.tmp)
		lu_tmpdir_remove(mx.tmp);
	mx.tmp = NULL;
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
