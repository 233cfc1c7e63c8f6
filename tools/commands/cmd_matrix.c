/* SPDX-License-Identifier: MIT */
/*
 * `lineup matrix`: compile one source under every configuration of the
 * [matrix] options (or a covering array of them), check each layout, and say
 * under which condition each finding appears.
 *
 * Only the options that can change a checked struct are swept
 * (matrix_narrow.c), and configurations whose structs' preprocessed text
 * is identical are compiled once (matrix_sweep.c).
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

#include "check_nothing.h"
#include "cli.h"
#include "compdb.h"
#include "jobs.h"
#include "kasserts_cli.h"
#include "check_kernel_asserts.h"
#include "kconfig_auto.h"
#include "matrix.h"
#include "matrix_model.h"
#include "reader.h"
#include "tmpdir.h"

#define DEFAULT_TIMEOUT 300

/* ---- steps ---------------------------------------------------------- */

static int setup(struct lu_matrix *mx, struct lu_error *err)
{
	const struct lu_cli *cli = mx->cli;
	const char *path;

	if (lu_rules_parse_files(cli->rules_files, cli->n_rules, &mx->rules,
				 err) < 0 ||
	    lu_rules_one_matrix(&mx->rules, err) < 0)
		return -1;
	/* of several files, the one with [matrix]: its directory and lines */
	path = mx->rules.path;
	mx->m = &mx->rules.matrix;
	if (!mx->m->present) {
		lu_error_set(err, "%s: error: no [matrix] section", path);
		return -1;
	}
	if (mx->m->kconfig) {
		/* a Kconfig matrix sweeps its options as given, or those
		 * options = auto finds: each configuration is a .config the
		 * tree resolves and builds (matrix_kconfig.c), not -D flags */
		if (lu_kconfig_validate(mx->m, path, err) < 0)
			return -1;
		mx->given = mx->m;
		/* options = auto: the configurations once the options are
		 * found (kconfig_auto.c) */
		if (mx->m->options_auto)
			return 0;
		if (lu_configs_make_or_error(mx->m, cli->exhaustive,
					     path, &mx->configs,
					     err) < 0)
			return -1;
		lu_kconfig_name_configs(mx);
		return 0;
	}
	if (mx->m->options_auto) {
		lu_error_set(err, "%s:%u: error: options = auto is for kconfig "
				  "matrices: a compile matrix sweeps only the "
				  "options that can change its structs already",
			     path, mx->m->ini_line);
		return -1;
	}
	if (lu_matrix_command(mx->m, path, &mx->arena, &mx->command,
			      &mx->dir, err) < 0)
		return -1;
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

/*
 * A rules name one configuration lacks and another has is the #ifdef
 * case, a note; one that no configuration has but close to a name is a
 * typo, an error (check_absent.c).
 */
static void settle_absent(struct lu_matrix *mx)
{
	struct lu_set *sets = calloc(mx->n_builds + 1, sizeof(*sets));
	struct lu_findings **fs = calloc(mx->n_builds + 1, sizeof(*fs));
	size_t n = 0;

	if (!sets || !fs)
		abort();
	for (size_t b = 0; b < mx->n_builds; b++) {
		if (mx->builds[b].state != LU_BUILD_OK)
			continue;
		fs[n] = &mx->builds[b].findings;
		sets[n++] = mx->builds[b].set;
	}
	if (!mx->cli->strict)
		lu_absent_settle(fs, n, sets, n, "configurations");
	free(sets);
	free(fs);
}

/* MSG with every OBJECT in it spelled LABEL. */
static const char *without_object(struct lu_arena *a, const char *msg,
				  const char *object, const char *label)
{
	size_t n = strlen(object);
	char *out = lu_arena_alloc(a, strlen(msg) * (strlen(label) + 1) + 1);
	char *o = out;

	while (*msg) {
		if (n && !strncmp(msg, object, n)) {
			o = stpcpy(o, label);
			msg += n;
		} else {
			*o++ = *msg++;
		}
	}
	*o = '\0';
	return out;
}

void lu_matrix_check_builds(struct lu_matrix *mx)
{
	size_t n_names = mx->rules.n_structs, n_asserted = 0;

	for (size_t k = 0; k < mx->n_kasserts; k++)
		n_asserted += mx->kasserts[k].n;
	const char **names = calloc(n_names + n_asserted + mx->n_held + 1,
				    sizeof(*names));

	if (!names)
		abort();
	for (size_t i = 0; i < n_names; i++)
		names[i] = mx->rules.structs[i].name;
	for (size_t i = 0; i < mx->n_held; i++)
		names[n_names++] = mx->held[i];
	/* the asserts' structs: read even without markers, to say so */
	for (size_t k = 0; k < mx->n_kasserts; k++)
		for (size_t i = 0; i < mx->kasserts[k].n; i++)
			if (mx->kasserts[k].items[i].struct_name)
				names[n_names++] =
					mx->kasserts[k].items[i].struct_name;
	struct lu_read_opts ropts = {
		.names = names, .n_names = n_names, .marked = true,
		.line_size = mx->cli->line_size,
		.expand_depth = lu_rules_max_depth(&mx->rules),
		.jobs = mx->cli->read_jobs,
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
		/* reports name the configuration, never the temporary
		 * object: output that reproduces across runs and -j */
		const char *label = lu_arena_printf(
			&mx->arena, "configuration %s",
			mx->cfg[bd->first_config].name);

		if (lu_read(bd->object, &ropts, &bd->set, &err) < 0) {
			bd->state = LU_BUILD_UNREADABLE;
			bd->message = without_object(&mx->arena, err.msg,
						     bd->object, label);
			continue;
		}
		unlink(bd->object);
		bd->set.path = label;
		unsigned line = lu_config_line_size(
			mx->m, mx->cfg[bd->first_config].row);

		if (line && !mx->cli->line_size)
			bd->set.line_size = line; /* the report reads it too */
		struct lu_check_opts copts = {
			.line_size = bd->set.line_size,
			.pair = mx->cli->pair, .strict = mx->cli->strict,
			.align = mx->cli->align, .typos_fail = true,
		};

		lu_check_set(&bd->set, b, &mx->rules, &copts, &bd->findings);
		/* the kernel's bounds after the rules, as check holds them */
		struct lu_check_opts kopts = { .strict = mx->cli->strict };

		size_t first = bd->findings.n;

		for (size_t k = 0; k < mx->n_kasserts; k++)
			lu_kasserts_check_sets(&bd->set, 1, &mx->kasserts[k],
					       &kopts, &bd->findings);
		for (size_t f = first; f < bd->findings.n; f++)
			bd->findings.items[f].set_index = b;
	}
	free(names);
	settle_absent(mx);
}

/* The sets of the builds that compiled, in build order (the caller frees
 * the array, not the sets), and their count in *N. */
static struct lu_set *ok_sets(const struct lu_matrix *mx, size_t *n)
{
	struct lu_set *sets = calloc(mx->n_builds + 1, sizeof(*sets));

	if (!sets)
		abort();
	*n = 0;
	for (size_t b = 0; b < mx->n_builds; b++)
		if (mx->builds[b].state == LU_BUILD_OK)
			sets[(*n)++] = mx->builds[b].set;
	return sets;
}

/*
 * Nothing checked is not a pass (design.md §4): every struct the rules
 * name must be in some configuration that compiled, and the configurations
 * together must have checked a struct. Configurations that failed to
 * compile are reported on their own and make the run exit 2 anyway.
 */
static int something_checked(struct lu_matrix *mx, struct lu_error *err)
{
	size_t n_ok = 0, n_checked = 0, first = mx->n_builds;

	for (size_t b = 0; b < mx->n_builds; b++) {
		if (mx->builds[b].state != LU_BUILD_OK)
			continue;
		n_ok++;
		n_checked += mx->builds[b].findings.n_structs_checked;
		if (first == mx->n_builds)
			first = b;
	}
	if (!n_ok)
		return 0;
	for (size_t r = 0; r < mx->rules.n_structs; r++) {
		const struct lu_rule_struct *rs = &mx->rules.structs[r];
		bool found = false;

		for (size_t b = 0; b < mx->n_builds && !found; b++)
			found = mx->builds[b].state == LU_BUILD_OK &&
				lu_set_find(&mx->builds[b].set, rs->name);
		if (found)
			continue;
		const char *near = lu_set_closest(&mx->builds[first].set,
						  rs->name);

		lu_error_set(err, "%s:%u: error: struct %s is in no "
				  "configuration%s%s%s%s",
			     mx->rules.path, rs->ini_line, rs->name,
			     near ? " (did you mean '" : "", near ? near : "",
			     near ? "'?)" : "",
			     mx->builds[first].set.no_types
				     ? " (no type information: the compile "
				       "command builds with -g1 or "
				       "-gline-tables-only; use -g)"
				     : "");
		return -1;
	}
	if (n_checked)
		return 0;
	struct lu_set *sets = ok_sets(mx, &n_ok);
	char where[64];
	size_t n_cfg = mx->configs.n_configs;

	if (n_cfg == 1)
		snprintf(where, sizeof(where), "its one configuration");
	else
		snprintf(where, sizeof(where), "any of the %zu configurations",
			 n_cfg);
	struct lu_error why;

	lu_nothing_checked(sets, n_ok, true, where, &why);
	lu_error_set(err, "%s: error: %s", mx->rules.path, why.msg);
	free(sets);
	return -1;
}

/* Every struct a --kernel-asserts call names is in some configuration
 * that compiled, as every rules struct must be. */
static int asserted_found(struct lu_matrix *mx)
{
	size_t n;
	struct lu_set *sets = ok_sets(mx, &n);
	int rc = lu_kasserts_found(mx->kasserts, mx->n_kasserts, sets, n,
				   "any configuration");

	free(sets);
	return rc;
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

	if (!cli->rules)
		return lu_usage_error("matrix", "lineup matrix --rules FILE.ini",
				      "no --rules FILE.ini given");
	if (cli->n_args)
		return lu_usage_error("matrix", "lineup matrix --rules FILE.ini",
				      "takes no FILE ('%s'): the rules' [matrix] "
				      "names the source", cli->args[0]);
	if (setup(&mx, &err) < 0 || lu_arch_setup(&mx, &err) < 0) {
		fprintf(stderr, "lineup: %s\n", err.msg);
		goto out;
	}
	bool ka_failed;
	struct lu_kasserts *ka = lu_kasserts_read_all(
		(const char *const *)cli->kernel_asserts,
		cli->n_kernel_asserts, &ka_failed);

	if (ka_failed)
		goto out;
	mx.kasserts = ka;
	mx.n_kasserts = cli->n_kernel_asserts;
	if (mx.m->kconfig && !cli->timeout)
		mx.timeout = LU_KCONFIG_TIMEOUT;
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

		int narrowed = !mx.m->kconfig ? lu_matrix_narrow(&mx, &o, &err)
			       : mx.m->options_auto
				       ? lu_kconfig_auto(&mx, &o, &err)
				       : 0;

		if (narrowed == -1)
			fprintf(stderr, "lineup: %s\n", err.msg);
		lu_progress_init(&mx.progress, stderr);
		int r = -1;

		int modelled = narrowed == 0
				       ? lu_matrix_model_sweep(&mx, &o, &err)
				       : 0;

		if (modelled == 1)
			r = 0;
		else if (modelled < 0)
			r = modelled;
		else if (narrowed == 0)
			r = mx.m->kconfig ? lu_kconfig_sweep(&mx, &o, &err)
					  : lu_matrix_sweep(&mx, &o);

		if (r == 0) {
			if (modelled != 1)
				lu_matrix_check_builds(&mx);
			swept = true;
		}
		lu_progress_clear(&mx.progress);
		if (r == -2)
			fprintf(stderr, "lineup: %s\n", err.msg);
		/* what options = auto found is what the user pins from */
		if (r == -2 && mx.kauto)
			lu_kconfig_auto_report_text(&mx, true, stderr);
	}
	if (mx.tmp)
		lu_tmpdir_remove(mx.tmp);
	mx.tmp = NULL;
	lu_interrupt_release(&mx.interrupt);
	sig = mx.interrupt.sig;
	if (swept && !sig && something_checked(&mx, &err) < 0)
		fprintf(stderr, "lineup: %s\n", err.msg);
	else if (swept && !sig && asserted_found(&mx) < 0)
		;	/* said */
	else if (swept && !sig)
		rc = lu_matrix_report(&mx);
out:
	for (size_t b = 0; b < mx.n_builds; b++) {
		lu_set_free(&mx.builds[b].set);
		lu_findings_free(&mx.builds[b].findings);
	}
	lu_configs_free(&mx.configs);
	lu_kconfig_auto_free(mx.kauto);
	lu_kasserts_free_all((struct lu_kasserts *)mx.kasserts, mx.n_kasserts);
	lu_rules_free(&mx.rules);
	lu_arena_free(&mx.arena);
	if (sig) {
		fprintf(stderr, "lineup matrix: interrupted; temporary files "
				"removed\n");
		return lu_interrupt_die(sig);
	}
	return rc;
}
