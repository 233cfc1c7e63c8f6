/* SPDX-License-Identifier: MIT */
/*
 * The smallest condition over the options that holds for exactly the
 * failing configurations among those tried (see lu_condition in
 * configs.h): an "or" of terms, each an "and" of literals (NAME=VALUE)
 * that holds for failing configurations only.
 *
 * Terms are chosen one at a time (greedy set cover): the term that
 * explains most of the failures not yet explained; ties go to the
 * shorter, then to the first in option order. Each round
 *  - grows a term from the first failure not yet explained, literal by
 *    literal as a rule learner does (FOIL's gain, Quinlan, "Learning
 *    logical definitions from relations", 1990: rule out passing
 *    configurations, keep failing ones), then strips the literals it does
 *    not need. It always exists (that whole configuration, at worst) and
 *    costs O(n) bitset operations per literal, for n options;
 *  - looks for a better term among all those of up to MAX_EXACT literals,
 *    depth first in option order, leaving out every prefix that cannot
 *    beat the best so far. That makes it exact (the answers of the
 *    exhaustive search this replaces) until SEARCH_BUDGET runs out, which
 *    on the matrices of a few dozen options it does not, nor where a short
 *    term explains the failures; when it does, the grown term stands.
 * So a condition costs at most MAX_TERMS grown terms and the budget:
 * O(n^2) bitset operations, not the O(n^4) of trying every term.
 * Sets of configurations are bitsets: one word covers 64 configurations.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "configs.h"

#define MAX_EXACT 4
/* Bitset words the exact search may touch per condition: some ms. */
#define SEARCH_BUDGET (1ll << 22)
/* More terms than this is no longer an explanation: the rest are counted. */
#define MAX_TERMS 64

struct term {
	size_t n;
	size_t *lit;		/* literal indices, ascending: option order */
	uint64_t *holds;	/* the configurations it holds for */
	size_t gain;		/* failures it explains that are left */
};

struct search {
	const struct lu_configs *c;
	size_t words, n_lits;
	size_t *first_lit;	/* per option: index of its value 0 */
	size_t *lit_opt;	/* per literal: its option */
	uint64_t *lits;		/* per literal: where it holds */
	uint64_t *pass;
	uint64_t *left;		/* failures not explained yet */
	long long budget;	/* word operations left to the exact search */
};

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		abort();
	return p;
}

static uint64_t *set_of(const struct search *s, size_t lit)
{
	return s->lits + lit * s->words;
}

static size_t count(const uint64_t *a, const uint64_t *b, size_t words)
{
	size_t n = 0;

	for (size_t w = 0; w < words; w++)
		n += (size_t)__builtin_popcountll(a[w] & b[w]);
	return n;
}

static bool meets(const uint64_t *a, const uint64_t *b, size_t words)
{
	for (size_t w = 0; w < words; w++)
		if (a[w] & b[w])
			return true;
	return false;
}

static void and_into(uint64_t *dst, const uint64_t *src, size_t words)
{
	for (size_t w = 0; w < words; w++)
		dst[w] &= src[w];
}

static void term_init(struct term *t, const struct search *s, size_t cap)
{
	t->n = 0;
	t->lit = xcalloc(cap, sizeof(*t->lit));
	t->holds = xcalloc(s->words, sizeof(*t->holds));
	t->gain = 0;
}

static void term_free(struct term *t)
{
	free(t->lit);
	free(t->holds);
}

/* Is A a better pick than B? */
static bool better(const struct term *a, const struct term *b)
{
	if (a->gain != b->gain)
		return a->gain > b->gain;
	if (a->n != b->n)
		return a->n < b->n;
	for (size_t i = 0; i < a->n; i++)
		if (a->lit[i] != b->lit[i])
			return a->lit[i] < b->lit[i];
	return false;
}

static void init(struct search *s, const struct lu_configs *c,
		 const bool *failing)
{
	memset(s, 0, sizeof(*s));
	s->c = c;
	s->words = (c->n_configs + 63) / 64;
	s->budget = SEARCH_BUDGET;
	s->first_lit = xcalloc(c->n_options, sizeof(*s->first_lit));
	for (size_t o = 0; o < c->n_options; o++) {
		s->first_lit[o] = s->n_lits;
		s->n_lits += c->n_values[o];
	}
	s->lit_opt = xcalloc(s->n_lits, sizeof(*s->lit_opt));
	s->lits = xcalloc(s->n_lits * s->words, sizeof(*s->lits));
	s->left = xcalloc(s->words, sizeof(*s->left));
	s->pass = xcalloc(s->words, sizeof(*s->pass));
	for (size_t o = 0; o < c->n_options; o++)
		for (size_t v = 0; v < c->n_values[o]; v++)
			s->lit_opt[s->first_lit[o] + v] = o;
	for (size_t r = 0; r < c->n_configs; r++) {
		const unsigned char *row = lu_config_row(c, r);
		uint64_t bit = 1ull << (r % 64);

		for (size_t o = 0; o < c->n_options; o++)
			set_of(s, s->first_lit[o] + row[o])[r / 64] |= bit;
		(failing[r] ? s->left : s->pass)[r / 64] |= bit;
	}
}

static void fini(struct search *s)
{
	free(s->first_lit);
	free(s->lit_opt);
	free(s->lits);
	free(s->left);
	free(s->pass);
}

/* ---- grown: from one failing configuration -------------------------- */

/* log2(X) for X >= 1, to 2^-24: bit by bit, so no libm. */
static double lg(size_t x)
{
	int e = 63 - __builtin_clzll((unsigned long long)x);
	double m = (double)x / (double)(1ull << e), r = e, bit = 1;

	for (int i = 0; i < 24; i++) {
		m *= m;
		bit /= 2;
		if (m >= 2) {
			m /= 2;
			r += bit;
		}
	}
	return r;
}

/* FOIL's gain of going from P of P+N to P2 of P2+N2. */
static double foil(size_t p, size_t n, size_t p2, size_t n2)
{
	return (double)p2 * (lg(p2) - lg(p2 + n2) - lg(p) + lg(p + n));
}

static void grow(struct search *s, size_t r, struct term *t)
{
	const unsigned char *row = lu_config_row(s->c, r);
	size_t n_opt = s->c->n_options, words = s->words;
	bool *used = xcalloc(n_opt, sizeof(*used));
	uint64_t *pos = xcalloc(words, sizeof(*pos));
	uint64_t *neg = xcalloc(words, sizeof(*neg));

	memcpy(pos, s->left, words * sizeof(*pos));
	memcpy(neg, s->pass, words * sizeof(*neg));
	/* Every passing configuration differs from ROW in some option not
	 * used yet (the used ones ruled out those differing there). */
	while (meets(neg, neg, words)) {
		size_t p = count(pos, pos, words), n = count(neg, neg, words);
		size_t best = SIZE_MAX, best_n = 0;
		double best_gain = 0;

		for (size_t o = 0; o < n_opt; o++) {
			const uint64_t *set =
				set_of(s, s->first_lit[o] + row[o]);
			size_t n2 = used[o] ? n : count(neg, set, words);

			if (n2 == n)
				continue;
			double g = foil(p, n, count(pos, set, words), n2);

			if (best == SIZE_MAX || g > best_gain ||
			    (g == best_gain && n2 < best_n)) {
				best = o;
				best_gain = g;
				best_n = n2;
			}
		}
		used[best] = true;
		t->lit[t->n++] = s->first_lit[best] + row[best];
		and_into(pos, set_of(s, t->lit[t->n - 1]), words);
		and_into(neg, set_of(s, t->lit[t->n - 1]), words);
	}
	/* Drop, first added first, each literal the others do without. */
	for (size_t i = 0; i < t->n;) {
		memset(t->holds, 0xff, words * sizeof(*t->holds));
		for (size_t j = 0; j < t->n; j++)
			if (j != i)
				and_into(t->holds, set_of(s, t->lit[j]), words);
		if (t->n > 1 && !meets(t->holds, s->pass, words)) {
			memmove(&t->lit[i], &t->lit[i + 1],
				(t->n - i - 1) * sizeof(*t->lit));
			t->n--;
		} else {
			i++;
		}
	}
	memset(t->holds, 0xff, words * sizeof(*t->holds));
	for (size_t j = 0; j < t->n; j++)
		and_into(t->holds, set_of(s, t->lit[j]), words);
	t->gain = count(t->holds, s->left, words);
	/* option order, as the exact terms */
	for (size_t i = 1; i < t->n; i++)
		for (size_t j = i; j > 0 && t->lit[j - 1] > t->lit[j]; j--) {
			size_t x = t->lit[j];

			t->lit[j] = t->lit[j - 1];
			t->lit[j - 1] = x;
		}
	free(used);
	free(pos);
	free(neg);
}

/* ---- exact: terms of up to MAX_EXACT literals ----------------------- */

struct walk {
	struct search *s;
	struct term *best;
	struct term cur;	/* cur.lit: the prefix */
	size_t size;		/* of the terms looked at in this walk */
	uint64_t *holds;	/* MAX_EXACT + 1 levels of words */
};

/*
 * Terms are built in option order, so each comes once and in the order of
 * the search this replaces. A prefix is not extended when it explains
 * fewer failures than the best term (its extensions explain no more), or
 * is a term already (a longer one loses the tie).
 */
static void walk(struct walk *w, size_t depth, size_t first_opt)
{
	struct search *s = w->s;
	const uint64_t *above = w->holds + depth * s->words;
	uint64_t *here = w->holds + (depth + 1) * s->words;

	for (size_t o = first_opt; o < s->c->n_options; o++) {
		for (size_t v = 0; v < s->c->n_values[o]; v++) {
			size_t l = s->first_lit[o] + v;

			if (s->budget <= 0)
				return;
			s->budget -= (long long)s->words;
			memcpy(here, above, s->words * sizeof(*here));
			and_into(here, set_of(s, l), s->words);
			size_t gain = count(here, s->left, s->words);

			if (!gain || gain < w->best->gain ||
			    (gain == w->best->gain && w->size > w->best->n))
				continue;
			bool pure = !meets(here, s->pass, s->words);

			w->cur.lit[depth] = l;
			if (depth + 1 < w->size) {
				if (!pure)
					walk(w, depth + 1, o + 1);
				continue;
			}
			w->cur.n = w->size;
			w->cur.gain = gain;
			if (pure && better(&w->cur, w->best)) {
				w->best->n = w->size;
				w->best->gain = gain;
				memcpy(w->best->lit, w->cur.lit,
				       w->size * sizeof(*w->cur.lit));
				memcpy(w->best->holds, here,
				       s->words * sizeof(*here));
			}
		}
	}
}

/* BEST, grown, is replaced by any better term of up to MAX_EXACT. */
static void exact(struct search *s, struct term *best)
{
	struct walk w = { .s = s, .best = best };

	term_init(&w.cur, s, MAX_EXACT);
	w.holds = xcalloc((MAX_EXACT + 1) * s->words, sizeof(*w.holds));
	memset(w.holds, 0xff, s->words * sizeof(*w.holds));
	for (w.size = 1; w.size <= MAX_EXACT && w.size <= s->c->n_options;
	     w.size++)
		walk(&w, 0, 0);
	free(w.holds);
	term_free(&w.cur);
}

/* ---- text ----------------------------------------------------------- */

static char *term_text(struct lu_arena *a, const struct lu_matrix_rules *m,
		       const struct search *s, const struct term *t,
		       bool paren)
{
	const char **lits = xcalloc(t->n, sizeof(*lits));

	for (size_t i = 0; i < t->n; i++) {
		size_t o = s->lit_opt[t->lit[i]];

		lits[i] = lu_config_literal(a, m, o,
					    t->lit[i] - s->first_lit[o]);
	}
	char *out = lu_config_join(a, paren ? "(" : "", lits, t->n, " && ",
				   paren ? ")" : "");

	free(lits);
	return out;
}

/* The terms joined with " || ", and REST failures that none explains. */
static char *or_text(struct lu_arena *a, const struct lu_matrix_rules *m,
		     const struct search *s, const struct term *terms,
		     size_t n, size_t rest)
{
	const char **texts = xcalloc(n + 1, sizeof(*texts));

	for (size_t i = 0; i < n; i++)
		texts[i] = term_text(a, m, s, &terms[i],
				     (n > 1 || rest) && terms[i].n > 1);
	if (rest)
		texts[n++] = lu_arena_printf(a, "%zu other configuration%s",
					     rest, rest == 1 ? "" : "s");
	char *out = lu_config_join(a, "", texts, n, " || ", "");

	free(texts);
	return out;
}

char *lu_condition(struct lu_arena *a, const struct lu_matrix_rules *m,
		   const struct lu_configs *c, const bool *failing)
{
	size_t n_fail = 0, n_terms = 0, r = 0;

	for (size_t i = 0; i < c->n_configs; i++)
		n_fail += failing[i];
	if (!n_fail)
		return NULL;
	if (n_fail == c->n_configs)
		return lu_arena_strdup(a, "always");

	struct search s;
	struct term *terms = xcalloc(MAX_TERMS, sizeof(*terms));

	init(&s, c, failing);
	while (n_terms < MAX_TERMS && meets(s.left, s.left, s.words)) {
		struct term *t = &terms[n_terms++];

		while (!(s.left[r / 64] >> (r % 64) & 1))
			r++;
		term_init(t, &s, c->n_options);
		grow(&s, r, t);
		exact(&s, t);
		for (size_t k = 0; k < s.words; k++)
			s.left[k] &= ~t->holds[k];
	}
	char *out = or_text(a, m, &s, terms, n_terms,
			    count(s.left, s.left, s.words));

	for (size_t i = 0; i < n_terms; i++)
		term_free(&terms[i]);
	free(terms);
	fini(&s);
	return out;
}
