/* SPDX-License-Identifier: MIT */
/* Configurations: enumeration, covering arrays, conditions; see configs.h. */
#include "configs.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		abort();
	return p;
}

const unsigned char *lu_config_row(const struct lu_configs *c, size_t i)
{
	return c->values + i * c->n_options;
}

static size_t option_values(const struct lu_matrix_option *o)
{
	return o->values ? o->n_values : 2;
}

/* ---- covering array ------------------------------------------------- */

/* Index of the pair (option a = value x, option b = value y), a < b. */
struct pairs {
	size_t n_options;
	const size_t *n_values;
	size_t *base;		/* per (a, b) offset into covered */
	bool *covered;
	size_t n_uncovered;
};

static size_t pair_slot(const struct pairs *p, size_t a, size_t x, size_t b,
			size_t y)
{
	return p->base[a * p->n_options + b] + x * p->n_values[b] + y;
}

static void pairs_init(struct pairs *p, size_t n, const size_t *n_values)
{
	size_t total = 0;

	p->n_options = n;
	p->n_values = n_values;
	p->base = xcalloc(n * n, sizeof(*p->base));
	for (size_t a = 0; a < n; a++)
		for (size_t b = a + 1; b < n; b++) {
			p->base[a * n + b] = total;
			total += n_values[a] * n_values[b];
		}
	p->covered = xcalloc(total, sizeof(*p->covered));
	p->n_uncovered = total;
}

static size_t row_gain(const struct pairs *p, const unsigned char *row,
		       const bool *set, size_t o, size_t v)
{
	size_t gain = 0;

	for (size_t k = 0; k < p->n_options; k++) {
		if (k == o || !set[k])
			continue;
		size_t a = k < o ? k : o, b = k < o ? o : k;
		size_t x = k < o ? row[k] : v, y = k < o ? v : row[k];

		gain += !p->covered[pair_slot(p, a, x, b, y)];
	}
	return gain;
}

/* xorshift: a fixed seed keeps the matrix the same from run to run */
static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Greedy (AETG-style): each new row covers as many new pairs as it can. */
static void covering_array(struct lu_configs *c)
{
	size_t n = c->n_options, cap = 16, rows = 0;
	struct pairs p;
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	unsigned char *best = xcalloc(n, 1), *row = xcalloc(n, 1);
	size_t *order = xcalloc(n, sizeof(*order));
	bool *set = xcalloc(n, sizeof(*set));

	pairs_init(&p, n, c->n_values);
	c->values = xcalloc(cap * n, 1);
	while (p.n_uncovered) {
		size_t best_gain = 0;

		for (int attempt = 0; attempt < 24; attempt++) {
			size_t gain = 0;

			for (size_t i = 0; i < n; i++)
				order[i] = i;
			for (size_t i = n; i > 1; i--) {
				size_t j = next_random(&seed) % i, t = order[i - 1];

				order[i - 1] = order[j];
				order[j] = t;
			}
			memset(set, 0, n * sizeof(*set));
			for (size_t i = 0; i < n; i++) {
				size_t o = order[i], best_v = 0, best_g = 0;
				size_t start = next_random(&seed) % c->n_values[o];

				for (size_t k = 0; k < c->n_values[o]; k++) {
					size_t v = (start + k) % c->n_values[o];
					size_t g = row_gain(&p, row, set, o, v);

					if (k == 0 || g > best_g) {
						best_g = g;
						best_v = v;
					}
				}
				row[o] = (unsigned char)best_v;
				set[o] = true;
				gain += best_g;
			}
			if (attempt == 0 || gain > best_gain) {
				best_gain = gain;
				memcpy(best, row, n);
			}
		}
		if (rows == cap) {
			cap *= 2;
			c->values = realloc(c->values, cap * n);
			if (!c->values)
				abort();
		}
		memcpy(c->values + rows * n, best, n);
		rows++;
		for (size_t a = 0; a < n; a++)
			for (size_t b = a + 1; b < n; b++) {
				size_t s = pair_slot(&p, a, best[a], b, best[b]);

				if (!p.covered[s]) {
					p.covered[s] = true;
					p.n_uncovered--;
				}
			}
		if (n == 1 && rows >= c->n_values[0])
			break;
	}
	/* One option alone has no pairs: list its values. */
	if (n == 1)
		for (size_t v = 0; v < c->n_values[0] && v < rows; v++)
			c->values[v] = (unsigned char)v;
	c->n_configs = rows;
	free(p.base);
	free(p.covered);
	free(best);
	free(row);
	free(order);
	free(set);
}

int lu_configs_make(const struct lu_matrix_rules *m, bool force_exhaustive,
		    struct lu_configs *out)
{
	size_t n = m->n_options;
	double total = 1;

	memset(out, 0, sizeof(*out));
	out->n_options = n;
	out->n_values = xcalloc(n, sizeof(*out->n_values));
	for (size_t i = 0; i < n; i++) {
		out->n_values[i] = option_values(&m->options[i]);
		if (out->n_values[i] > 255)
			return -1;
		total *= (double)out->n_values[i];
	}
	if (total > 1e6 && force_exhaustive)
		return -1;
	if (total <= LU_EXHAUSTIVE_LIMIT || force_exhaustive) {
		size_t rows = (size_t)total;

		out->exhaustive = true;
		out->n_configs = rows;
		out->values = xcalloc(rows * (n ? n : 1), 1);
		for (size_t r = 0; r < rows; r++) {
			size_t x = r;

			/* the first option changes slowest: reads naturally */
			for (size_t i = n; i-- > 0;) {
				out->values[r * n + i] =
					(unsigned char)(x % out->n_values[i]);
				x /= out->n_values[i];
			}
		}
		return 0;
	}
	covering_array(out);
	return 0;
}

void lu_configs_free(struct lu_configs *c)
{
	free(c->n_values);
	free(c->values);
	memset(c, 0, sizeof(*c));
}

char *lu_config_literal(struct lu_arena *a, const struct lu_matrix_rules *m,
			size_t o, size_t v)
{
	const struct lu_matrix_option *opt = &m->options[o];

	if (!opt->values)
		return lu_arena_printf(a, "%s=%s", opt->name, v ? "y" : "n");
	return lu_arena_printf(a, "%s=%s", opt->name, opt->values[v]);
}

char *lu_config_flags(struct lu_arena *a, const struct lu_matrix_rules *m,
		      const unsigned char *row)
{
	char *flags = lu_arena_strdup(a, "");

	for (size_t i = 0; i < m->n_options; i++) {
		const struct lu_matrix_option *o = &m->options[i];

		if (!o->values && row[i])
			flags = lu_arena_printf(a, "%s -D%s", flags, o->name);
		else if (o->values)
			flags = lu_arena_printf(a, "%s -D%s=%s", flags, o->name,
						o->values[row[i]]);
	}
	return flags;
}

char *lu_config_name(struct lu_arena *a, const struct lu_matrix_rules *m,
		     const unsigned char *row)
{
	char *name = lu_arena_strdup(a, "");

	for (size_t i = 0; i < m->n_options; i++)
		name = lu_arena_printf(a, "%s%s%s", name, i ? " " : "",
				       lu_config_literal(a, m, i, row[i]));
	return name;
}

/* ---- conditions ----------------------------------------------------- */

#define MAX_TERM 4

struct term {
	size_t n;
	size_t opt[MAX_TERM], val[MAX_TERM];
};

static bool term_holds(const struct term *t, const unsigned char *row)
{
	for (size_t i = 0; i < t->n; i++)
		if (row[t->opt[i]] != t->val[i])
			return false;
	return true;
}

/* Calls VISIT for every term of SIZE literals over distinct options. */
static void each_term(const struct lu_configs *c, struct term *t, size_t size,
		      size_t first_opt,
		      void (*visit)(const struct term *, void *), void *arg)
{
	if (t->n == size) {
		visit(t, arg);
		return;
	}
	for (size_t o = first_opt; o < c->n_options; o++) {
		for (size_t v = 0; v < c->n_values[o]; v++) {
			t->opt[t->n] = o;
			t->val[t->n] = v;
			t->n++;
			each_term(c, t, size, o + 1, visit, arg);
			t->n--;
		}
	}
}

struct search {
	const struct lu_configs *c;
	const bool *failing;
	const bool *covered;
	struct term best;
	size_t best_gain;
};

/* A term may be used if every tried configuration it holds for fails. */
static void consider(const struct term *t, void *arg)
{
	struct search *s = arg;
	size_t gain = 0;

	for (size_t r = 0; r < s->c->n_configs; r++) {
		if (!term_holds(t, lu_config_row(s->c, r)))
			continue;
		if (!s->failing[r])
			return;
		gain += !s->covered[r];
	}
	if (gain > s->best_gain) {
		s->best_gain = gain;
		s->best = *t;
	}
}

static char *term_text(struct lu_arena *a, const struct lu_matrix_rules *m,
		       const struct term *t)
{
	char *s = lu_arena_strdup(a, "");

	for (size_t i = 0; i < t->n; i++)
		s = lu_arena_printf(a, "%s%s%s", s, i ? " && " : "",
				    lu_config_literal(a, m, t->opt[i], t->val[i]));
	return s;
}

/* A whole configuration as a term, for failures nothing shorter explains. */
static char *row_text(struct lu_arena *a, const struct lu_matrix_rules *m,
		      const unsigned char *row)
{
	char *s = lu_arena_strdup(a, "");

	for (size_t i = 0; i < m->n_options; i++)
		s = lu_arena_printf(a, "%s%s%s", s, i ? " && " : "",
				    lu_config_literal(a, m, i, row[i]));
	return s;
}

static char *or_join(struct lu_arena *a, char *out, char *term, bool paren)
{
	if (paren)
		term = lu_arena_printf(a, "(%s)", term);
	return out ? lu_arena_printf(a, "%s || %s", out, term) : term;
}

char *lu_condition(struct lu_arena *a, const struct lu_matrix_rules *m,
		   const struct lu_configs *c, const bool *failing)
{
	size_t n_fail = 0;

	for (size_t r = 0; r < c->n_configs; r++)
		n_fail += failing[r];
	if (!n_fail)
		return NULL;
	if (n_fail == c->n_configs)
		return lu_arena_strdup(a, "always");

	bool *covered = xcalloc(c->n_configs, sizeof(*covered));
	struct term *terms = xcalloc(n_fail, sizeof(*terms));
	size_t n_terms = 0, left = n_fail;

	/* Greedy cover: the term explaining most failures; ties go to the
	 * shorter, since shorter terms are tried first. */
	while (left) {
		struct search s = { .c = c, .failing = failing,
				    .covered = covered };
		struct term t = { 0 };

		for (size_t size = 1; size <= MAX_TERM && size <= c->n_options;
		     size++)
			each_term(c, &t, size, 0, consider, &s);
		if (!s.best_gain)
			break;
		terms[n_terms++] = s.best;
		for (size_t r = 0; r < c->n_configs; r++)
			if (!covered[r] &&
			    term_holds(&s.best, lu_config_row(c, r))) {
				covered[r] = true;
				left--;
			}
	}
	bool several = n_terms + left > 1;
	char *out = NULL;

	for (size_t i = 0; i < n_terms; i++)
		out = or_join(a, out, term_text(a, m, &terms[i]),
			      several && terms[i].n > 1);
	for (size_t r = 0; r < c->n_configs; r++)
		if (failing[r] && !covered[r])
			out = or_join(a, out, row_text(a, m, lu_config_row(c, r)),
				      several && c->n_options > 1);
	free(covered);
	free(terms);
	return out;
}
