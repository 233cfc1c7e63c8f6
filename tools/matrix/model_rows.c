/* SPDX-License-Identifier: MIT */
/*
 * The layout model's keys and the -D sweep's learning rows (layout_model.h):
 * what each class of lines must be seen with, as few rows as agree.
 */
#include <stdlib.h>
#include <string.h>

#include "layout_model.h"

/* ---- the rows to build ------------------------------------------------ */

struct rows {
	unsigned char *v;
	bool *fixed;
	size_t n, cap, width;
};

/* Adds ROW (FIX marking what it must keep) to a row it agrees with. */
static void merge_row(struct rows *r, const unsigned char *row,
		      const bool *fix, size_t first)
{
	size_t w = r->width;

	for (size_t i = first; i < r->n; i++) {
		unsigned char *v = r->v + i * w;
		bool *f = r->fixed + i * w, ok = true;

		for (size_t o = 0; o < w && ok; o++)
			ok = !(fix[o] && f[o] && v[o] != row[o]);
		if (!ok)
			continue;
		for (size_t o = 0; o < w; o++)
			if (fix[o]) {
				v[o] = row[o];
				f[o] = true;
			}
		return;
	}
	r->v = lu_grow(r->v, &r->cap, r->n, w ? w : 1);
	r->fixed = realloc(r->fixed, (r->cap + 1) * (w ? w : 1));
	if (!r->fixed)
		abort();
	memcpy(r->v + r->n * w, row, w);
	memcpy(r->fixed + r->n * w, fix, w * sizeof(bool));
	r->n++;
}

/* Steps ROW to the next combination of the options WHICH marks (others
 * untouched); false after the last. */
static bool next_combination(const struct lu_matrix_rules *m,
			     unsigned char *row, const bool *which)
{
	for (size_t o = 0; o < m->n_options; o++) {
		if (!which[o])
			continue;
		size_t n = m->options[o].values ? m->options[o].n_values : 2;

		if (++row[o] < n)
			return true;
		row[o] = 0;
	}
	return false;
}

/* A condition of some struct's body: all of a chain must hold. */
struct chain {
	const struct lu_presence *p[LU_MODEL_MAX_DEPTH + 1];
	size_t cond[LU_MODEL_MAX_DEPTH + 1];
	size_t n;
};

static bool chain_holds(const struct lu_matrix_rules *m, const struct chain *c,
			const unsigned char *row)
{
	for (size_t i = 0; i < c->n; i++)
		if (!lu_presence_holds(c->p[i], m, row, c->cond[i]))
			return false;
	return true;
}

/* A row with SIZED as in BASE that makes every condition of C true, into
 * ROW, with FIX its options; false when none does (or too many to try). */
static bool satisfy(const struct lu_matrix_rules *m, const struct chain *c,
		    const bool *sized, const unsigned char *base,
		    unsigned char *row, bool *fix, bool *too_many)
{
	size_t w = m->n_options, tries = 0;

	memset(fix, 0, w * sizeof(bool));
	for (size_t i = 0; i < c->n; i++)
		lu_presence_options(c->p[i], m, c->cond[i], fix);
	memcpy(row, base, w);
	for (size_t o = 0; o < w; o++) {
		if (sized[o])
			fix[o] = false;
		else if (fix[o])
			row[o] = 0;
	}
	do {
		if (chain_holds(m, c, row)) {
			for (size_t o = 0; o < w; o++)
				fix[o] = fix[o] || sized[o];
			return true;
		}
		if (++tries > 4096) {
			*too_many = true;
			return false;
		}
	} while (next_combination(m, row, fix));
	return false;
}

/* ---- keys ------------------------------------------------------------ */

/* Line LINE's key (0: the outer one) as flags per option and symbol. */
static void key_of(const struct lu_model_keys *k, unsigned line,
		   const bool **opt, const bool **watch)
{
	if (!line) {
		*opt = k->outer_opt;
		*watch = k->outer_watch;
		return;
	}
	*opt = k->opt + (size_t)(line - k->first) * k->n_options;
	*watch = k->watch ? k->watch + (size_t)(line - k->first) *
						k->n_watched
			  : NULL;
}

bool lu_model_same_key(const struct lu_model_keys *k, unsigned line,
		       const struct lu_model_config *a,
		       const struct lu_model_config *b)
{
	const bool *opt, *watch;

	key_of(k, line, &opt, &watch);
	for (size_t o = 0; o < k->n_options; o++)
		if (opt[o] && a->row[o] != b->row[o])
			return false;
	for (size_t j = 0; watch && j < k->n_watched; j++)
		if (watch[j] && a->watched[j] != b->watched[j])
			return false;
	return true;
}

uint64_t lu_model_key_hash(const struct lu_model_keys *k, unsigned line,
			   const struct lu_model_config *c)
{
	const bool *opt, *watch;
	uint64_t h = 0xcbf29ce484222325ull;

	key_of(k, line, &opt, &watch);
	for (size_t o = 0; o < k->n_options; o++)
		if (opt[o])
			h = (h ^ c->row[o]) * 0x100000001b3ull;
	for (size_t j = 0; watch && j < k->n_watched; j++)
		if (watch[j])
			h = (h ^ c->watched[j]) * 0x100000001b3ull;
	return h;
}

size_t lu_model_classes(const struct lu_presence *p,
			const struct lu_model_keys *k, size_t **class_of)
{
	size_t lines = p->last - p->first + 1, n = 0;
	size_t *of = calloc(lines + 1, sizeof(*of));
	size_t *rep = calloc(lines + 1, sizeof(*rep));	/* per class */

	if (!of || !rep)
		abort();
	for (size_t l = 0; l < lines; l++) {
		const bool *opt = k->opt + l * k->n_options;
		const bool *w = k->watch ? k->watch + l * k->n_watched : NULL;

		of[l] = n;
		for (size_t c = 0; c < n; c++) {
			size_t r = rep[c];

			if (p->cond_of_line[r] == p->cond_of_line[l] &&
			    !memcmp(k->opt + r * k->n_options, opt,
				    k->n_options * sizeof(bool)) &&
			    (!w || !memcmp(k->watch + r * k->n_watched, w,
					   k->n_watched * sizeof(bool)))) {
				of[l] = c;
				break;
			}
		}
		if (of[l] == n)
			rep[n++] = l;
	}
	free(rep);
	*class_of = of;
	return n;
}

/* The line of each class of P's body (a representative), malloc'd. */
unsigned *lu_model_class_lines(const struct lu_presence *p,
			     const size_t *class_of, size_t n)
{
	unsigned *line = calloc(n + 1, sizeof(*line));

	if (!line)
		abort();
	for (unsigned l = p->last + 1; l-- > p->first;)
		line[class_of[l - p->first]] = l;
	return line;
}

bool lu_model_shown(const struct lu_matrix_rules *m,
		    const struct lu_presence *const *presence,
		    const struct lu_model_keys *const *keys, size_t i,
		    const unsigned char *row)
{
	const struct lu_model_keys *k = keys[i];

	if (!k->n_uses)
		return true;
	for (size_t u = 0; u < k->n_uses; u++) {
		const struct lu_presence *p = presence[k->uses[u].of];
		size_t cond = p->cond_of_line[k->uses[u].line - p->first];

		if (lu_presence_holds(p, m, row, cond) &&
		    lu_model_shown(m, presence, keys, k->uses[u].of, row))
			return true;
	}
	return false;
}

/* The conditions that show struct I's line L (0: none of its own): its
 * own, then those of the first line that holds it, up to an asked
 * struct; false past LU_MODEL_MAX_DEPTH. */
static bool chain_of(const struct lu_presence *const *presence,
		     const struct lu_model_keys *const *keys, size_t i,
		     size_t cond, struct chain *c)
{
	c->n = 0;
	c->p[c->n] = presence[i];
	c->cond[c->n++] = cond;
	while (keys[i]->n_uses) {
		const struct lu_model_use *u = &keys[i]->uses[0];
		const struct lu_presence *p = presence[u->of];

		if (c->n == LU_MODEL_MAX_DEPTH + 1)
			return false;
		c->p[c->n] = p;
		c->cond[c->n++] = p->cond_of_line[u->line - p->first];
		i = u->of;
	}
	return true;
}

size_t lu_model_rows(const struct lu_matrix_rules *m,
		     const struct lu_presence *const *presence,
		     const struct lu_model_keys *const *keys, size_t n,
		     unsigned char **out, const char **why)
{
	size_t w = m->n_options;
	struct rows r = { .width = w };
	unsigned char *base = calloc(w + 1, 1), *row = calloc(w + 1, 1);
	bool *fix = calloc(w + 1, sizeof(bool)), too_many = false;
	bool *dims = calloc(w + 1, sizeof(bool));

	if (!base || !row || !fix || !dims)
		abort();
	*why = NULL;
	for (size_t i = 0; i < n && !*why && !too_many; i++) {
		const struct lu_presence *p = presence[i];
		size_t *class_of, nc = lu_model_classes(p, keys[i], &class_of);
		unsigned *line = lu_model_class_lines(p, class_of, nc);

		/* the outer key first (line 0), then each class's */
		for (size_t c = 0; c <= nc && !*why && !too_many; c++) {
			unsigned l = c ? line[c - 1] : 0;
			size_t cond = c ? p->cond_of_line[l - p->first] : 0;
			const bool *opt, *wt;
			size_t combos = 1;
			struct chain ch;

			if (!chain_of(presence, keys, i, cond, &ch)) {
				*why = "structs held by value too deep";
				break;
			}
			key_of(keys[i], l, &opt, &wt);
			memcpy(dims, opt, w * sizeof(bool));
			for (size_t o = 0; o < w; o++)
				if (dims[o])
					combos *= m->options[o].values
							  ? m->options[o].n_values
							  : 2;
			if (combos > LU_MODEL_MAX_SIZED) {
				*why = "too many options change member types "
				       "or sizes";
				break;
			}
			memset(base, 0, w);
			do {
				if (!cond && ch.n == 1) {
					for (size_t o = 0; o < w; o++)
						fix[o] = dims[o];
					merge_row(&r, base, fix, 0);
				} else if (satisfy(m, &ch, dims, base, row, fix,
						   &too_many)) {
					merge_row(&r, row, fix, 0);
				}
			} while (!too_many && next_combination(m, base, dims));
		}
		free(class_of);
		free(line);
	}
	if (too_many)
		*why = "a body #if over too many options to satisfy";
	else if (!*why && r.n > LU_MODEL_MAX_SIZED)
		*why = "more than 64 builds to learn from";
	free(base);
	free(row);
	free(fix);
	free(dims);
	free(r.fixed);
	if (*why) {
		free(r.v);
		*out = NULL;
		return 0;
	}
	*out = r.v;
	return r.n;
}

