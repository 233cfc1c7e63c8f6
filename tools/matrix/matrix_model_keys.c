/* SPDX-License-Identifier: MIT */
/* Each modelled member's key; see matrix_model_keys.h. */
#include "matrix_model_keys.h"

#include <stdlib.h>
#include <string.h>

#include "kconfig_auto.h"
#include "kconfig_flags.h"
#include "strset.h"

struct watching {
	struct lu_arena *a;
	const char **name;
	size_t n, cap;
	struct lu_strset seen;
};

static void watch(struct watching *w, const char *name)
{
	size_t n = strlen(name);

	/* Kconfig's engine computes CONFIG_ symbols; ARCH is the make's */
	if (strncmp(name, "CONFIG_", 7))
		return;
	if (lu_strset_add(&w->seen, name)) {
		w->name = lu_grow(w->name, &w->cap, w->n, sizeof(*w->name));
		w->name[w->n++] = name;
	}
	/* CONFIG_X_MODULE is defined when X is m: X's value tells it */
	if (n > 7 && !strcmp(name + n - 7, "_MODULE"))
		watch(w, lu_arena_printf(w->a, "%.*s", (int)(n - 7), name));
}

static long index_of(const struct watching *w, const char *name)
{
	for (size_t i = 0; i < w->n; i++)
		if (!strcmp(w->name[i], name))
			return (long)i;
	return -1;
}

static long option_of(const struct lu_matrix_rules *m, const char *name)
{
	for (size_t o = 0; o < m->n_options; o++)
		if (!strcmp(m->options[o].name, name))
			return (long)o;
	return -1;
}

/* ID into the key FLAGS (options) and WFLAGS (watched), as the sweep's
 * kind reads it. */
static void key_set(const struct lu_matrix *mx, const struct watching *w,
		    const char *id, bool *flags, bool *wflags)
{
	size_t n = strlen(id);
	long o = option_of(mx->m, id);

	if (o >= 0)
		flags[o] = true;
	if (!wflags)
		return;
	long j = index_of(w, id);

	if (j >= 0)
		wflags[j] = true;
	if (n > 7 && !strcmp(id + n - 7, "_MODULE")) {
		char *base = strndup(id, n - 7);

		if (!base)
			abort();
		j = index_of(w, base);
		if (j >= 0)
			wflags[j] = true;
		free(base);
	}
}

/* The index among the N names of relevance name R, or -1. */
static long name_of_rel(const size_t *rel_of, size_t n, size_t r)
{
	for (size_t k = 0; k < n; k++)
		if (rel_of[k] == r)
			return (long)k;
	return -1;
}

/* The uses of each name held by value (lu_relevance_sub), among the N,
 * into USES[k] and N_USES[k] (in MX's arena). */
static void held_uses(struct lu_matrix *mx, const size_t *rel_of, size_t n,
		      struct lu_model_use **uses, size_t *n_uses)
{
	const struct lu_relevance *rel = &mx->rel;

	for (size_t i = 0; i < rel->n_subs; i++) {
		const struct lu_relevance_sub *u = &rel->subs[i];
		long of = name_of_rel(rel_of, n, u->parent);
		long k = name_of_rel(rel_of, n, u->name);

		if (of < 0 || k < 0 || u->mixed)
			continue;
		if (!uses[k])
			uses[k] = lu_arena_alloc(&mx->arena,
						 (rel->n_subs + 1) *
							 sizeof(**uses));
		uses[k][n_uses[k]++] = (struct lu_model_use){ (size_t)of,
							      u->line };
	}
}

void lu_matrix_model_keys(struct lu_matrix *mx, const size_t *rel_of,
			  const struct lu_presence *presence, size_t n,
			  struct lu_model_keys *keys, const char ***watch_out,
			  size_t *n_watch)
{
	const struct lu_relevance *rel = &mx->rel;
	const struct lu_matrix_rules *m = mx->m, *given = mx->given;
	size_t w = m->n_options, gw = given->n_options;
	bool kconfig = m->kconfig != NULL;
	struct watching ws = { .a = &mx->arena };
	const char **flags = NULL;
	size_t n_flags = 0;

	/* the symbols watched: every CONFIG_ name a key holds */
	if (kconfig) {
		const struct lu_kconfig_auto *ka = mx->kauto;

		for (size_t i = 0; i < rel->n_line_keys; i++)
			watch(&ws, rel->line_keys[i].id);
		for (size_t i = 0; i < rel->n_ids; i++)
			watch(&ws, rel->ids[i].id);
		for (size_t g = 0; g < gw; g++)
			if (rel->any[g])
				watch(&ws, given->options[g].name);
		/* every architecture's Makefiles (arch/$(SRCARCH)/Makefile) */
		for (; ka; ka = ka->next) {
			const char **more;
			size_t n_more = lu_kconfig_flag_symbols(
				ka->tree, ka->srcarch, m->object, &mx->arena,
				&more);
			const char **all = lu_arena_alloc(
				&mx->arena,
				(n_flags + n_more + 1) * sizeof(*all));

			if (n_flags)
				memcpy(all, flags, n_flags * sizeof(*all));
			if (n_more)
				memcpy(all + n_flags, more,
				       n_more * sizeof(*all));
			flags = all;
			n_flags += n_more;
		}
		for (size_t i = 0; i < n_flags; i++)
			watch(&ws, flags[i]);
	}
	size_t nw = ws.n;
	struct lu_model_use **uses = calloc(n + 1, sizeof(*uses));
	size_t *n_uses = calloc(n + 1, sizeof(*n_uses));

	if (!uses || !n_uses)
		abort();
	held_uses(mx, rel_of, n, uses, n_uses);
	for (size_t k = 0; k < n; k++) {
		const struct lu_presence *p = &presence[k];
		size_t r = rel_of[k], lines = p->last - p->first + 1;
		bool *opt = lu_arena_alloc(&mx->arena,
					   ((lines + 1) * w + 1) * sizeof(bool));
		bool *wt = kconfig ? lu_arena_alloc(&mx->arena,
						    ((lines + 1) * nw + 1) *
							    sizeof(bool))
				   : NULL;
		/* the outer key first: row 0, the lines after it */
		bool *outer = opt, *wouter = wt;
		bool lines_known = !rel->no_lines[r];
		bool *in_some = calloc(gw + 1, sizeof(bool));

		if (!in_some)
			abort();
		memset(opt, 0, ((lines + 1) * w + 1) * sizeof(bool));
		if (wt)
			memset(wt, 0, ((lines + 1) * nw + 1) * sizeof(bool));
		for (size_t o = 0; o < w; o++)
			if (m->options[o].kind != LU_OPTION_DEFINE)
				outer[o] = true;
		for (size_t i = 0; i < n_flags; i++)
			key_set(mx, &ws, flags[i], outer, wouter);
		for (size_t i = 0; i < rel->n_line_keys && lines_known; i++) {
			const struct lu_relevance_line_key *lk =
				&rel->line_keys[i];
			size_t row;

			if (lk->name != r)
				continue;
			if (lk->line && (lk->line < p->first ||
					 lk->line > p->last))
				continue;
			row = lk->line ? 1 + lk->line - p->first : 0;
			key_set(mx, &ws, lk->id, opt + row * w,
				wt ? wt + row * nw : NULL);
			long g = option_of(given, lk->id);

			if (g >= 0)
				in_some[g] = true;
		}
		/* what the sizes closure names and no key holds (a type the
		 * head names, or a body not told apart): every member's */
		for (size_t g = 0; g < gw; g++)
			if (rel->any[g] && rel->sized[r * gw + g] &&
			    !in_some[g])
				key_set(mx, &ws, given->options[g].name, outer,
					wouter);
		for (size_t i = 0; i < rel->n_ids && kconfig; i++)
			if (rel->ids[i].name == r && !lines_known)
				key_set(mx, &ws, rel->ids[i].id, outer, wouter);
		free(in_some);
		/* a line that holds a struct by value: keyed by what its
		 * own text reaches, the struct's model sizing it */
		size_t *sub = lu_arena_alloc(&mx->arena,
					     (lines + 1) * sizeof(*sub));

		for (size_t l = 0; l < lines; l++)
			sub[l] = LU_MODEL_NO_SUB;
		for (size_t i = 0; i < rel->n_subs && lines_known; i++) {
			const struct lu_relevance_sub *u = &rel->subs[i];
			long h = name_of_rel(rel_of, n, u->name);

			if (u->parent != r || u->mixed || h < 0 ||
			    u->line < p->first || u->last > p->last)
				continue;
			for (unsigned l = u->line; l <= u->last; l++) {
				size_t row = 1 + l - p->first;

				memset(opt + row * w, 0, w * sizeof(bool));
				if (wt)
					memset(wt + row * nw, 0,
					       nw * sizeof(bool));
				sub[l - p->first] = (size_t)h;
			}
			for (size_t j = 0; j < rel->n_own_keys; j++) {
				const struct lu_relevance_line_key *lk =
					&rel->own_keys[j];
				size_t row = 1 + lk->line - p->first;

				if (lk->name == r && lk->line >= u->line &&
				    lk->line <= u->last)
					key_set(mx, &ws, lk->id, opt + row * w,
						wt ? wt + row * nw : NULL);
			}
		}
		/* each line's key holds the outer one */
		for (size_t l = 1; l <= lines; l++) {
			for (size_t o = 0; o < w; o++)
				opt[l * w + o] |= outer[o];
			for (size_t j = 0; wt && j < nw; j++)
				wt[l * nw + j] |= wouter[j];
		}
		keys[k] = (struct lu_model_keys){
			.first = p->first, .last = p->last,
			.n_options = w, .n_watched = nw,
			.opt = opt + w, .watch = wt ? wt + nw : NULL,
			.outer_opt = outer, .outer_watch = wouter,
			.sub = sub, .uses = uses[k], .n_uses = n_uses[k],
		};
	}
	free(uses);
	free(n_uses);
	lu_strset_free(&ws.seen);
	*watch_out = lu_arena_alloc(&mx->arena, (ws.n + 1) * sizeof(*ws.name));
	if (ws.n)
		memcpy(*watch_out, ws.name, ws.n * sizeof(*ws.name));
	*n_watch = ws.n;
	free(ws.name);
}
