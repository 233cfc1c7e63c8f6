/* SPDX-License-Identifier: MIT */
/*
 * Before the sweep: which [matrix] options can change the checked structs
 * (relevance.h), and the configurations of those alone. The others are
 * never swept, never named in a condition or a size line: toggles stay
 * off and valued options at their first value. When the exploration has
 * preprocessed every configuration to sweep, each one's struct text is
 * known already and the sweep only compiles one configuration per text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "matrix.h"

/* A relevance job: configuration ROW of the given options, preprocessed. */
static void preprocess_job(void *ctx, const unsigned char *row,
			   const char *out, struct lu_job *job)
{
	struct lu_matrix *mx = ctx;
	size_t n;
	const char **args = lu_config_args(&mx->arena, mx->given, row, 3, &n);

	args[n++] = "-E";
	args[n++] = "-o";
	args[n++] = out;
	*job = (struct lu_job){
		.command = lu_arch_command(mx, mx->given, row),
		.args = args, .n_args = n,
		.dir = mx->dir, .fd = -1,
	};
}

/* The swept rules: the relevant options, in the order given. */
static void make_swept(struct lu_matrix *mx)
{
	const struct lu_matrix_rules *g = mx->given;
	size_t k = 0;

	mx->swept = *g;
	mx->swept.options = lu_arena_alloc(&mx->arena, (g->n_options + 1) *
							       sizeof(*g->options));
	mx->fixed = lu_arena_alloc(&mx->arena,
				   (g->n_options + 1) * sizeof(*mx->fixed));
	for (size_t o = 0; o < g->n_options; o++) {
		const struct lu_matrix_option *opt = &g->options[o];

		if (mx->rel.any[o])
			mx->swept.options[k++] = *opt;
		else if (opt->values)
			mx->fixed[mx->n_fixed++] = lu_arena_printf(
				&mx->arena, "-D%s=%s", opt->name,
				opt->values[0]);
	}
	mx->swept.n_options = k;
	mx->m = &mx->swept;
}

/* Each configuration's key from the exploration, when it ran. */
static void take_keys(struct lu_matrix *mx)
{
	const struct lu_matrix_rules *g = mx->given;
	unsigned char *full = calloc(g->n_options + 1, 1);

	if (!full)
		abort();
	mx->keyed = true;
	for (size_t i = 0; i < mx->configs.n_configs; i++) {
		struct lu_config *c = &mx->cfg[i];
		size_t k = 0;

		for (size_t o = 0; o < g->n_options; o++)
			full[o] = mx->rel.any[o] ? c->row[k++] : 0;
		long r = lu_relevance_row(&mx->rel, full);

		if (r < 0) {
			mx->keyed = false;
			continue;
		}
		c->keyed = mx->rel.ok[r];
		c->key = mx->rel.keys[r];
	}
	free(full);
}

int lu_matrix_narrow(struct lu_matrix *mx, const struct lu_jobs_opts *o,
		     struct lu_error *err)
{
	const struct lu_cli *cli = mx->cli;
	size_t n_rules = mx->rules.n_structs;

	mx->given = &mx->rules.matrix;
	mx->names = lu_arena_alloc(&mx->arena,
				   (n_rules + 2) * sizeof(*mx->names));
	for (size_t i = 0; i < n_rules; i++)
		mx->names[i] = mx->rules.structs[i].name;
	mx->n_names = n_rules + 1;	/* and NULL: the marked ones */

	struct lu_relevance_in in = {
		.m = mx->given, .names = mx->names, .n_names = mx->n_names,
		.dir = mx->dir, .tmp = mx->tmp,
		/* the model keys nothing by text: a covering array of the
		 * options found is what it needs explored */
		.limit = cli->model ? LU_MODEL_EXPLORED : LU_RELEVANT_LIMIT,
		.job = preprocess_job, .ctx = mx, .jobs = o,
		.arena = &mx->arena, .subs = !cli->exhaustive,
	};

	if (lu_relevance_find(&in, &mx->rel) < 0)
		return -2;
	mx->n_preprocessed = mx->rel.explored;
	make_swept(mx);
	if (lu_configs_make_limit(mx->m, cli->exhaustive, LU_RELEVANT_LIMIT,
				  mx->rules.path, &mx->configs, err) < 0)
		return -1;

	size_t n = mx->configs.n_configs;

	mx->cfg = lu_arena_alloc(&mx->arena, (n + 1) * sizeof(*mx->cfg));
	for (size_t i = 0; i < n; i++) {
		struct lu_config *c = &mx->cfg[i];

		c->row = lu_config_row(&mx->configs, i);
		c->name = lu_config_name(&mx->arena, mx->m, c->row);
		c->flags = lu_config_flags(&mx->arena, mx->m, c->row);
	}
	take_keys(mx);
	return 0;
}

const char *lu_matrix_config_name(struct lu_matrix *mx, size_t c)
{
	struct lu_config *x = &mx->cfg[c];

	if (!x->name)
		x->name = lu_config_name(&mx->arena, mx->m, x->row);
	return x->name;
}

const char *lu_matrix_config_flags(struct lu_matrix *mx, size_t c)
{
	struct lu_config *x = &mx->cfg[c];

	if (!x->flags)
		x->flags = lu_config_flags(&mx->arena, mx->m, x->row);
	return x->flags;
}
