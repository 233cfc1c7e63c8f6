/* SPDX-License-Identifier: MIT */
/* Configurations: enumeration, covering arrays, flags; see configs.h. */
#include "configs.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"

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

/* Pair lookups spent on the candidates for one row of a covering array. */
#define LU_ROW_BUDGET 4e6

size_t lu_option_n_values(const struct lu_matrix_option *o)
{
	return o->values ? o->n_values : 2;
}

double lu_configs_total(const struct lu_matrix_rules *m)
{
	double total = 1;

	for (size_t o = 0; o < m->n_options; o++)
		total *= (double)lu_option_n_values(&m->options[o]);
	return total;
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

/*
 * Candidate rows tried per row: AETG's paper uses 50; 24 does as well on
 * matrices of a few dozen options. A candidate costs O(values x options),
 * so with hundreds of options fewer are tried: the array is a little
 * larger, and it is made in a second, not in minutes.
 */
static int attempts_for(const struct lu_configs *c)
{
	double values = 0, per_try;

	for (size_t o = 0; o < c->n_options; o++)
		values += (double)c->n_values[o];
	per_try = values * (double)c->n_options;
	return per_try * 24 <= LU_ROW_BUDGET ? 24
	       : per_try >= LU_ROW_BUDGET    ? 1
					     : (int)(LU_ROW_BUDGET / per_try);
}

/* Greedy (AETG-style): each new row covers as many new pairs as it can. */
static void covering_array(struct lu_configs *c)
{
	size_t n = c->n_options, cap = 16, rows = 0;
	int attempts = attempts_for(c);
	struct pairs p;
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	unsigned char *best = xcalloc(n, 1), *row = xcalloc(n, 1);
	size_t *order = xcalloc(n, sizeof(*order));
	bool *set = xcalloc(n, sizeof(*set));

	pairs_init(&p, n, c->n_values);
	c->values = xcalloc(cap * n, 1);
	while (p.n_uncovered) {
		size_t best_gain = 0;

		for (int attempt = 0; attempt < attempts; attempt++) {
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

static int configs_make(const struct lu_matrix_rules *m,
			bool force_exhaustive, size_t limit,
			struct lu_configs *out)
{
	size_t n = m->n_options;
	double total = 1, pairs = 0, values = 0;

	memset(out, 0, sizeof(*out));
	out->n_options = n;
	out->n_values = xcalloc(n, sizeof(*out->n_values));
	for (size_t i = 0; i < n; i++) {
		out->n_values[i] = lu_option_n_values(&m->options[i]);
		if (out->n_values[i] > LU_MAX_VALUES)
			return LU_CONFIGS_TOO_MANY_VALUES;
		total *= (double)out->n_values[i];
		pairs += values * (double)out->n_values[i];
		values += (double)out->n_values[i];
	}
	if (force_exhaustive && total > LU_EXHAUSTIVE_MAX)
		return LU_CONFIGS_TOO_MANY_CONFIGS;
	if (total <= (double)limit || force_exhaustive) {
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
	if (pairs > LU_MAX_PAIRS)
		return LU_CONFIGS_TOO_MANY_PAIRS;
	covering_array(out);
	return 0;
}

int lu_configs_make(const struct lu_matrix_rules *m, bool force_exhaustive,
		    struct lu_configs *out)
{
	return configs_make(m, force_exhaustive, LU_EXHAUSTIVE_LIMIT, out);
}

int lu_configs_make_limit_quiet(const struct lu_matrix_rules *m,
				size_t limit, struct lu_configs *out)
{
	return configs_make(m, false, limit, out);
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

/* The -D word of option I at ROW's value, NULL for a toggle that is off. */
static char *define(struct lu_arena *a, const struct lu_matrix_rules *m,
		    const unsigned char *row, size_t i)
{
	const struct lu_matrix_option *o = &m->options[i];

	if (!o->values)
		return row[i] ? lu_arena_printf(a, "-D%s", o->name) : NULL;
	return lu_arena_printf(a, "-D%s=%s", o->name, o->values[row[i]]);
}

/* The words of a flags value ("-m32 -march=i686"), split on blanks. */
static size_t add_words(struct lu_arena *a, const char *value,
			const char **out)
{
	size_t n = 0;

	for (const char *p = value; *p;) {
		while (*p == ' ' || *p == '\t')
			p++;
		const char *w = p;

		while (*p && *p != ' ' && *p != '\t')
			p++;
		if (p > w) {
			if (out)
				out[n] = lu_arena_strndup(a, w, (size_t)(p - w));
			n++;
		}
	}
	return n;
}

const char **lu_config_args(struct lu_arena *a,
			    const struct lu_matrix_rules *m,
			    const unsigned char *row, size_t extra, size_t *n)
{
	size_t room = m->n_options + extra + 1;

	for (size_t i = 0; i < m->n_options; i++)
		if (m->options[i].kind == LU_OPTION_FLAGS)
			room += add_words(a, m->options[i].values[row[i]],
					  NULL);
	const char **args = lu_arena_alloc(a, room * sizeof(*args));

	*n = 0;
	for (size_t i = 0; i < m->n_options; i++) {
		const struct lu_matrix_option *o = &m->options[i];
		char *d = NULL;

		if (o->kind == LU_OPTION_FLAGS)
			*n += add_words(a, o->values[row[i]], args + *n);
		else if (o->kind == LU_OPTION_ARCH)
			continue;	/* its compiler's (matrix_arch.c) */
		else if (o->kind == LU_OPTION_LINE_SIZE)
			d = lu_arena_printf(a, "-DLINEUP_CACHELINE_SIZE=%s",
					    o->values[row[i]]);
		else
			d = define(a, m, row, i);
		if (d)
			args[(*n)++] = d;
	}
	return args;
}

uint64_t lu_config_dimensions_hash(const struct lu_matrix_rules *m,
				   const unsigned char *row)
{
	uint64_t h = 0;

	for (size_t i = 0; i < m->n_options; i++) {
		if (m->options[i].kind == LU_OPTION_DEFINE)
			continue;
		h = (h ^ i) * 0x100000001b3ull;
		for (const char *p = m->options[i].values[row[i]]; *p; p++)
			h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
	}
	return h;
}

unsigned lu_config_line_size(const struct lu_matrix_rules *m,
			     const unsigned char *row)
{
	for (size_t i = 0; i < m->n_options; i++)
		if (m->options[i].kind == LU_OPTION_LINE_SIZE)
			return (unsigned)strtoul(m->options[i].values[row[i]],
						 NULL, 10);
	return 0;
}

char *lu_config_join(struct lu_arena *a, const char *before,
		     const char *const *words, size_t n, const char *sep,
		     const char *after)
{
	size_t n_before = strlen(before), n_sep = strlen(sep);
	size_t len = n_before + strlen(after) + 1;

	for (size_t i = 0; i < n; i++)
		len += (i ? n_sep : 0) + strlen(words[i]);
	char *out = lu_arena_alloc(a, len), *p = out;

	memcpy(p, before, n_before);
	p += n_before;
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(words[i]);

		if (i) {
			memcpy(p, sep, n_sep);
			p += n_sep;
		}
		memcpy(p, words[i], k);
		p += k;
	}
	strcpy(p, after);
	return out;
}

char *lu_config_flags(struct lu_arena *a, const struct lu_matrix_rules *m,
		      const unsigned char *row)
{
	size_t n;
	const char **args = lu_config_args(a, m, row, 0, &n);

	return lu_config_join(a, n ? " " : "", args, n, " ", "");
}

char *lu_config_name(struct lu_arena *a, const struct lu_matrix_rules *m,
		     const unsigned char *row)
{
	const char **words = xcalloc(m->n_options, sizeof(*words));

	for (size_t i = 0; i < m->n_options; i++)
		words[i] = lu_config_literal(a, m, i, row[i]);
	char *out = lu_config_join(a, "", words, m->n_options, " ", "");

	free(words);
	return out;
}

int lu_configs_make_or_error(const struct lu_matrix_rules *m,
			     bool force_exhaustive, const char *rules_path,
			     struct lu_configs *out, struct lu_error *err)
{
	return lu_configs_make_limit(m, force_exhaustive, LU_EXHAUSTIVE_LIMIT,
				     rules_path, out, err);
}

int lu_configs_make_limit(const struct lu_matrix_rules *m,
			  bool force_exhaustive, size_t limit,
			  const char *rules_path, struct lu_configs *out,
			  struct lu_error *err)
{
	switch (configs_make(m, force_exhaustive, limit, out)) {
	case 0:
		return 0;
	case LU_CONFIGS_TOO_MANY_VALUES:
		lu_error_set(err, "%s:%u: error: an option has more than %d "
				  "values", rules_path, m->ini_line,
			     LU_MAX_VALUES);
		break;
	case LU_CONFIGS_TOO_MANY_CONFIGS:
		lu_error_set(err, "%s:%u: error: more than %d configurations "
				  "for --exhaustive", rules_path, m->ini_line,
			     LU_EXHAUSTIVE_MAX);
		break;
	default:
		lu_error_set(err, "%s:%u: error: %zu options are too many for "
				  "a covering array (more than %u pairs of "
				  "values to cover)", rules_path, m->ini_line,
			     m->n_options, LU_MAX_PAIRS);
		break;
	}
	return -1;
}

long lu_configs_find(const struct lu_configs *c, const unsigned char *row)
{
	size_t lo = 0, hi = c->n_configs, w = c->n_options;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int d = memcmp(lu_config_row(c, mid), row, w);

		if (!d)
			return (long)mid;
		if (d < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}
