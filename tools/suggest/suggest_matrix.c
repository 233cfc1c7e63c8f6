/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest with a [matrix]: compiles the source once per
 * configuration (configs.h's sweep, jobs.h's runner: the user's command
 * with lineup's words as "$@", never through a shell) and reads each
 * object's struct, so a proposal is laid out and checked with every
 * configuration's own members, sizes and alignments. Unlike `lineup
 * matrix`, configurations are not merged by preprocessed text: suggest
 * needs each configuration's struct by name, and the objects are small.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compdb.h"
#include "reader.h"
#include "suggest_matrix.h"
#include "tmpdir.h"

#define DEFAULT_TIMEOUT 300

/* Compiles every configuration into TMP; -1 with ERR on the first
 * failure, 1 when interrupted. */
static int compile_all(struct lu_sg_matrix *mx, const struct lu_rules *rules,
		       const struct lu_cli *cli, const char *tmp,
		       struct lu_interrupt *in, struct lu_error *err)
{
	const char *command, *dir;
	size_t n = mx->configs.n_configs;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	if (lu_rules_one_matrix(rules, err) < 0 ||
	    lu_matrix_command(&rules->matrix, rules->path, &mx->arena, &command,
			      &dir, err) < 0)
		return -1;
	/* its compiles would all be the host's: refused, not wrong */
	for (size_t o = 0; o < rules->matrix.n_options; o++)
		if (rules->matrix.options[o].kind == LU_OPTION_ARCH) {
			lu_error_set(err, "%s:%u: error: lineup suggest does "
					  "not build per architecture (arch =); "
					  "lineup matrix does", rules->path,
				     rules->matrix.ini_line);
			return -1;
		}
	struct lu_job *jobs = calloc(n, sizeof(*jobs));

	if (!jobs)
		abort();
	for (size_t i = 0; i < n; i++) {
		size_t k;
		const char **args = lu_config_args(&mx->arena, &rules->matrix,
						   mx->rows[i], 2, &k);

		mx->objects[i] = lu_arena_printf(&mx->arena, "%s/c%zu.o", tmp,
						 i);
		args[k] = "-o";
		args[k + 1] = mx->objects[i];
		jobs[i] = (struct lu_job){ .command = command, .args = args,
					   .n_args = k + 2, .dir = dir };
	}
	struct lu_jobs_opts o = {
		.parallel = cli->jobs ? cli->jobs : cpus > 0 ? (unsigned)cpus : 1,
		.timeout = cli->timeout ? cli->timeout : DEFAULT_TIMEOUT,
		.arena = &mx->arena,
		.tmpdir = tmp,
		.interrupt = in,
	};
	int rc = 0;

	lu_jobs_run(jobs, n, &o);
	if (lu_interrupt_check(in))
		rc = 1;
	for (size_t i = 0; i < n && !rc; i++) {
		if (jobs[i].state == LU_JOB_DONE && !jobs[i].status)
			continue;
		const char *out = jobs[i].output ? jobs[i].output : "";

		lu_error_set(err, "failed to compile configuration %s (%s): %.*s",
			     mx->names[i], rules->path,
			     (int)strcspn(out, "\n"), out);
		rc = -1;
	}
	free(jobs);
	return rc;
}

static int read_all(struct lu_sg_matrix *mx, const char *name,
		    const struct lu_rules *rules, const struct lu_cli *cli,
		    struct lu_interrupt *in, struct lu_error *err)
{
	const char *names[] = { name };

	for (size_t i = 0; i < mx->configs.n_configs; i++) {
		unsigned line = lu_config_line_size(&rules->matrix,
						    mx->rows[i]);
		struct lu_read_opts ro = {
			.names = names, .n_names = 1,
			.expand_depth = lu_rules_max_depth(rules),
			.line_size = line ? line : cli->line_size,
		};

		if (lu_interrupt_check(in))
			return 1;
		lu_set_init(&mx->sets[i], mx->objects[i]);
		mx->n_sets = i + 1;
		if (lu_read(mx->objects[i], &ro, &mx->sets[i], err) < 0)
			return -1;
		mx->structs[i] = lu_set_find(&mx->sets[i], name);
		if (!mx->structs[i]) {
			lu_error_set(err, "struct %s is not in configuration "
					  "%s of %s", name, mx->names[i],
				     rules->path);
			return -1;
		}
	}
	return 0;
}

int lu_sg_matrix_build(struct lu_sg_matrix *mx, const struct lu_rules *rules,
		       const char *name, const struct lu_cli *cli,
		       struct lu_error *err)
{
	struct lu_interrupt in = { .fd = -1 };
	int rc;

	memset(mx, 0, sizeof(*mx));
	if (lu_configs_make_or_error(&rules->matrix, cli->exhaustive,
				     rules->path, &mx->configs, err) < 0)
		return -1;
	size_t n = mx->configs.n_configs;

	mx->rows = lu_arena_alloc(&mx->arena, n * sizeof(*mx->rows));
	mx->names = lu_arena_alloc(&mx->arena, n * sizeof(*mx->names));
	mx->objects = lu_arena_alloc(&mx->arena, n * sizeof(*mx->objects));
	mx->structs = lu_arena_alloc(&mx->arena, n * sizeof(*mx->structs));
	mx->sets = calloc(n, sizeof(*mx->sets));
	if (!mx->sets)
		abort();
	for (size_t i = 0; i < n; i++) {
		mx->rows[i] = lu_config_row(&mx->configs, i);
		mx->names[i] = lu_config_name(&mx->arena, &rules->matrix,
					      mx->rows[i]);
	}
	if (lu_interrupt_init(&in) < 0) {
		lu_error_set(err, "failed to block signals: %s",
			     strerror(errno));
		return -1;
	}
	char *tmp = lu_tmpdir_make(&mx->arena, "lineup-suggest", err);

	if (!tmp) {
		lu_interrupt_release(&in);
		return -1;
	}
	rc = compile_all(mx, rules, cli, tmp, &in, err);
	if (!rc)
		rc = read_all(mx, name, rules, cli, &in, err);
	lu_tmpdir_remove(tmp);
	lu_interrupt_release(&in);
	if (in.sig) {
		lu_sg_matrix_free(mx);
		fprintf(stderr, "lineup suggest: interrupted; temporary files "
				"removed\n");
		exit(lu_interrupt_die(in.sig));
	}
	return rc ? -1 : 0;
}

void lu_sg_matrix_free(struct lu_sg_matrix *mx)
{
	for (size_t i = 0; i < mx->n_sets; i++)
		lu_set_free(&mx->sets[i]);
	free(mx->sets);
	lu_configs_free(&mx->configs);
	lu_arena_free(&mx->arena);
	memset(mx, 0, sizeof(*mx));
}
