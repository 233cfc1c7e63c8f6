/* SPDX-License-Identifier: MIT */
/*
 * What Kconfig resolved a refused configuration to is a configuration
 * too (matrix_kconfig.h): olddefconfig's .config is one Kconfig keeps as
 * it is, so the values it gave the options are a valid configuration of
 * them. Where the configurations asked are all of them, every such one
 * was asked already; where they are a covering array over symbols that
 * depend on one another (options = auto finds tens), Kconfig refuses
 * most rows, and excluding them would leave nothing to sweep. So each
 * distinct one not asked is swept as well, from the directory its
 * olddefconfig left: it costs a build, never another resolution.
 */
#include <stdlib.h>
#include <string.h>

#include "matrix.h"

/* The index of value GOT among option O's values, or -1. */
static int value_index(const struct lu_matrix_option *o, char got)
{
	if (!o->values)
		return got == 'y' ? 1 : got == 'n' ? 0 : -1;
	for (size_t v = 0; v < o->n_values; v++)
		if (o->values[v][0] == got && o->values[v][1] == '\0')
			return (int)v;
	return -1;
}

/* Configuration C's row as Kconfig resolved it, into ROW; false when a
 * value it gave is none the option sweeps. */
static bool resolved_row(const struct lu_matrix *mx, size_t c,
			 unsigned char *row)
{
	const struct lu_matrix_rules *m = mx->m;
	const char *got = &mx->kconfig.resolved[c * m->n_options];

	memcpy(row, lu_config_row(&mx->configs, c), m->n_options);
	for (size_t o = 0; o < m->n_options; o++) {
		if (!got[o])
			continue;
		int v = value_index(&m->options[o], got[o]);

		if (v < 0)
			return false;
		row[o] = (unsigned char)v;
	}
	return true;
}

/* The configuration among the first N whose row is ROW and that
 * Kconfig kept, or -1. */
static long kept_with_row(const struct lu_matrix *mx, size_t n,
			  const unsigned char *row)
{
	size_t w = mx->m->n_options;

	for (size_t c = 0; c < n; c++)
		if (!mx->kconfig.excluded[c] &&
		    !memcmp(lu_config_row(&mx->configs, c), row, w))
			return (long)c;
	return -1;
}

static void *grow(struct lu_arena *a, const void *old, size_t used,
		  size_t size)
{
	void *p = lu_arena_alloc(a, size + 1);

	memcpy(p, old, used);
	return p;
}

size_t lu_kconfig_add_reached(struct lu_matrix *mx, const char ***dir)
{
	struct lu_kconfig_result *kr = &mx->kconfig;
	struct lu_configs *cs = &mx->configs;
	struct lu_arena *a = &mx->arena;
	size_t n = cs->n_configs, w = mx->m->n_options, k = n;
	unsigned char *row = malloc(w + 1);

	if (!row)
		abort();
	/* at most one new configuration per refused one */
	cs->values = realloc(cs->values, (2 * n) * w + 1);
	if (!cs->values)
		abort();
	kr->excluded = grow(a, kr->excluded, n, 2 * n);
	kr->resolved = grow(a, kr->resolved, n * w, 2 * n * w);
	kr->hash = grow(a, kr->hash, n * sizeof(*kr->hash),
			2 * n * sizeof(*kr->hash));
	mx->cfg = grow(a, mx->cfg, n * sizeof(*mx->cfg),
		       2 * n * sizeof(*mx->cfg));
	*dir = grow(a, *dir, n * sizeof(**dir), 2 * n * sizeof(**dir));
	for (size_t c = 0; c < n; c++) {
		if (!kr->excluded[c] || !resolved_row(mx, c, row) ||
		    kept_with_row(mx, k, row) >= 0)
			continue;
		memcpy(cs->values + k * w, row, w);
		kr->excluded[k] = false;
		memset(kr->resolved + k * w, 0, w);
		kr->hash[k] = kr->hash[c];
		(*dir)[k] = (*dir)[c];
		mx->cfg[k] = (struct lu_config){
			.row = lu_config_row(cs, k),
			.name = lu_config_name(a, mx->m, lu_config_row(cs, k)),
			.flags = "",
		};
		k++;
	}
	free(row);
	cs->n_configs = k;
	/* the rows moved with the realloc */
	for (size_t c = 0; c < k; c++)
		mx->cfg[c].row = lu_config_row(cs, c);
	kr->n_reached = k - n;
	return k - n;
}
