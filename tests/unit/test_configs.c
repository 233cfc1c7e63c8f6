/* SPDX-License-Identifier: MIT */
/* Configurations: exhaustive sweeps, covering arrays, conditions. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "configs.h"
#include "reader.h"
#include "rules.h"

static void parse(struct lu_rules *r, const char *text)
{
	struct lu_error err;

	cr_assert_eq(lu_rules_parse_string(text, strlen(text), "t.ini", r, &err),
		     0, "%s", err.msg);
}

Test(configs, exhaustive_below_the_limit)
{
	struct lu_rules r;
	struct lu_configs c;

	parse(&r, "[matrix]\ncompile = cc -c x.c\noptions = A B LINE=64|128\n");
	cr_assert_eq(lu_configs_make(&r.matrix, false, &c), 0);
	cr_assert(c.exhaustive);
	cr_assert_eq(c.n_configs, 8);
	/* every row distinct */
	for (size_t i = 0; i < c.n_configs; i++)
		for (size_t j = i + 1; j < c.n_configs; j++)
			cr_assert_neq(memcmp(lu_config_row(&c, i),
					     lu_config_row(&c, j), 3), 0);
	struct lu_arena a = { 0 };
	const unsigned char row[3] = { 1, 0, 1 };

	cr_assert_str_eq(lu_config_flags(&a, &r.matrix, row),
			 " -DA -DLINE=128");
	cr_assert_str_eq(lu_config_name(&a, &r.matrix, row),
			 "A=y B=n LINE=128");
	lu_arena_free(&a);
	lu_configs_free(&c);
	lu_rules_free(&r);
}

/* With 12 toggles (4096 configurations) the sweep covers every pair. */
Test(configs, covering_array_covers_every_pair)
{
	struct lu_rules r;
	struct lu_configs c;

	parse(&r, "[matrix]\ncompile = cc\noptions = A B C D E F G H I J K "
		  "V=1|2|3\n");
	cr_assert_eq(lu_configs_make(&r.matrix, false, &c), 0);
	cr_assert_not(c.exhaustive);
	cr_assert_lt(c.n_configs, 30, "covering array too large: %zu",
		     c.n_configs);
	for (size_t a = 0; a < c.n_options; a++)
		for (size_t b = a + 1; b < c.n_options; b++)
			for (size_t x = 0; x < c.n_values[a]; x++)
				for (size_t y = 0; y < c.n_values[b]; y++) {
					bool seen = false;

					for (size_t i = 0; i < c.n_configs; i++) {
						const unsigned char *row =
							lu_config_row(&c, i);
						seen |= row[a] == x && row[b] == y;
					}
					cr_assert(seen, "pair %zu=%zu %zu=%zu "
							"missing", a, x, b, y);
				}
	lu_configs_free(&c);
	cr_assert_eq(lu_configs_make(&r.matrix, true, &c), 0);
	cr_assert_eq(c.n_configs, 4096 * 3 / 2);
	lu_configs_free(&c);
	lu_rules_free(&r);
}

/* Marks failing the rows where PRED holds. */
static void mark(const struct lu_configs *c, bool *failing,
		 bool (*pred)(const unsigned char *row))
{
	for (size_t i = 0; i < c->n_configs; i++)
		failing[i] = pred(lu_config_row(c, i));
}

static bool fair_and_smp(const unsigned char *row)
{
	return row[0] && row[1];
}

static bool rt_or_not_smp(const unsigned char *row)
{
	return row[2] || !row[1];
}

static bool none(const unsigned char *row)
{
	(void)row;
	return false;
}

static bool all(const unsigned char *row)
{
	(void)row;
	return true;
}

Test(configs, smallest_condition)
{
	struct lu_rules r;
	struct lu_configs c;
	struct lu_arena a = { 0 };
	bool failing[64];

	parse(&r, "[matrix]\ncompile = cc\noptions = FAIR SMP RT AUTO CFS "
		  "UCLAMP\n");
	cr_assert_eq(lu_configs_make(&r.matrix, false, &c), 0);
	cr_assert_eq(c.n_configs, 64);
	mark(&c, failing, fair_and_smp);
	cr_assert_str_eq(lu_condition(&a, &r.matrix, &c, failing),
			 "FAIR=y && SMP=y");
	mark(&c, failing, rt_or_not_smp);
	cr_assert_str_eq(lu_condition(&a, &r.matrix, &c, failing),
			 "SMP=n || RT=y");
	mark(&c, failing, none);
	cr_assert_null(lu_condition(&a, &r.matrix, &c, failing));
	mark(&c, failing, all);
	cr_assert_str_eq(lu_condition(&a, &r.matrix, &c, failing), "always");
	/* a lone configuration is named whole */
	memset(failing, 0, sizeof(failing));
	failing[37] = true;
	cr_assert_str_eq(lu_condition(&a, &r.matrix, &c, failing),
			 lu_arena_printf(&a, "%s", "FAIR=y && SMP=n && RT=n && "
						   "AUTO=y && CFS=n && UCLAMP=y"));
	lu_arena_free(&a);
	lu_configs_free(&c);
	lu_rules_free(&r);
}

/* Values reach the compiler as single words, exactly as written. */
Test(configs, args_are_verbatim_words)
{
	const char *values[] = { "(1<<3)", "\"a b\"", "$(touch PWNED)",
				 ";touch PWNED", "`id`" };
	struct lu_matrix_option opts[] = {
		{ .name = "T" },
		{ .name = "V", .values = values, .n_values = 5 },
	};
	struct lu_matrix_rules m = { .options = opts, .n_options = 2 };
	struct lu_arena a = { 0 };
	size_t n;

	for (unsigned char v = 0; v < 5; v++) {
		const unsigned char row[] = { 1, v };
		const char **args = lu_config_args(&a, &m, row, 2, &n);

		cr_assert_eq(n, 2);
		cr_assert_str_eq(args[0], "-DT");
		cr_assert_str_eq(args[1],
				 lu_arena_printf(&a, "-DV=%s", values[v]));
	}
	const unsigned char off[] = { 0, 1 };
	const char **args = lu_config_args(&a, &m, off, 0, &n);

	cr_assert_eq(n, 1);
	cr_assert_str_eq(args[0], "-DV=\"a b\"");
	cr_assert_str_eq(lu_config_name(&a, &m, off), "T=n V=\"a b\"");
	lu_arena_free(&a);
}

/* xorshift, so the "random" configurations are the same on every run */
static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* N_CONFIGS random configurations of N toggles named O0, O1, ... */
static void random_configs(struct lu_matrix_rules *m, struct lu_configs *c,
			   struct lu_arena *a, size_t n, size_t n_configs)
{
	uint64_t seed = 0x2545f4914f6cdd1dull;

	m->n_options = n;
	m->options = lu_arena_alloc(a, n * sizeof(*m->options));
	c->n_options = n;
	c->n_values = lu_arena_alloc(a, n * sizeof(*c->n_values));
	c->n_configs = n_configs;
	c->values = lu_arena_alloc(a, n * n_configs);
	for (size_t o = 0; o < n; o++) {
		m->options[o].name = lu_arena_printf(a, "O%zu", o);
		c->n_values[o] = 2;
	}
	for (size_t i = 0; i < n * n_configs; i++)
		c->values[i] = next(&seed) & 1;
}

/* Does COND, as lu_condition writes it, hold for ROW? */
static bool holds(const char *cond, const struct lu_matrix_rules *m,
		  const unsigned char *row)
{
	char *copy = strdup(cond), *save_or = NULL, *term;
	bool any = false;

	for (term = strtok_r(copy, "|", &save_or); term && !any;
	     term = strtok_r(NULL, "|", &save_or)) {
		char *save_and = NULL, *lit;
		bool all = true;

		for (lit = strtok_r(term, "&() ", &save_and); lit;
		     lit = strtok_r(NULL, "&() ", &save_and)) {
			char *eq = strchr(lit, '=');
			size_t o = 0;

			cr_assert_not_null(eq, "bad literal %s", lit);
			*eq = '\0';
			while (o < m->n_options && strcmp(m->options[o].name, lit))
				o++;
			cr_assert_lt(o, m->n_options, "unknown option %s", lit);
			all = all && row[o] == (eq[1] == 'y');
		}
		any = all;
	}
	free(copy);
	return any;
}

/* COND holds for exactly the failing configurations. */
static void assert_exact(const char *cond, const struct lu_matrix_rules *m,
			 const struct lu_configs *c, const bool *failing)
{
	for (size_t r = 0; r < c->n_configs; r++)
		cr_assert_eq(holds(cond, m, lu_config_row(c, r)), failing[r],
			     "'%s' is wrong for configuration %zu", cond, r);
}

static void mark_first(const struct lu_configs *c, bool *failing, size_t k)
{
	for (size_t r = 0; r < c->n_configs; r++) {
		const unsigned char *row = lu_config_row(c, r);

		failing[r] = true;
		for (size_t o = 0; o < k; o++)
			failing[r] = failing[r] && row[o];
	}
}

/*
 * A thousand options: the search this replaced tried every term of up to
 * four literals (about 10^13) and never came back. Terms of two literals
 * are still found exactly; the three-literal one is grown, then trimmed.
 */
Test(configs, condition_over_a_thousand_options, .timeout = 60)
{
	struct lu_matrix_rules m = { 0 };
	struct lu_configs c = { 0 };
	struct lu_arena a = { 0 };
	bool failing[64];

	random_configs(&m, &c, &a, 1000, 64);
	mark_first(&c, failing, 2);
	cr_assert_str_eq(lu_condition(&a, &m, &c, failing), "O0=y && O1=y");
	mark_first(&c, failing, 3);
	cr_assert_str_eq(lu_condition(&a, &m, &c, failing),
			 "O0=y && O1=y && O2=y");
	/* a lone configuration: a few of its literals set it apart */
	memset(failing, 0, sizeof(failing));
	failing[5] = true;
	const char *cond = lu_condition(&a, &m, &c, failing);

	assert_exact(cond, &m, &c, failing);
	cr_assert_lt(strlen(cond), 60, "%s", cond);
	/* every third configuration: an "or" of short terms, still exact */
	for (size_t r = 0; r < 64; r++)
		failing[r] = r % 3 == 0;
	assert_exact(lu_condition(&a, &m, &c, failing), &m, &c, failing);
	lu_arena_free(&a);
}

/* The same at a hundred options, and "or"s of terms. */
Test(configs, condition_over_a_hundred_options, .timeout = 60)
{
	struct lu_matrix_rules m = { 0 };
	struct lu_configs c = { 0 };
	struct lu_arena a = { 0 };
	bool failing[64];

	random_configs(&m, &c, &a, 100, 64);
	mark_first(&c, failing, 3);
	cr_assert_str_eq(lu_condition(&a, &m, &c, failing),
			 "O0=y && O1=y && O2=y");
	for (size_t r = 0; r < 64; r++) {
		const unsigned char *row = lu_config_row(&c, r);

		failing[r] = (row[0] && row[1]) || (!row[0] && row[7]);
	}
	/* the term that explains more comes first */
	cr_assert_str_eq(lu_condition(&a, &m, &c, failing),
			 "(O0=n && O7=y) || (O0=y && O1=y)");
	for (size_t r = 0; r < 64; r++)
		failing[r] = r % 5 == 1;
	assert_exact(lu_condition(&a, &m, &c, failing), &m, &c, failing);
	lu_arena_free(&a);
}

/* Whatever fails, the condition says exactly which configurations did. */
Test(configs, condition_is_exact_for_any_failures, .timeout = 60)
{
	struct lu_matrix_rules m = { 0 };
	struct lu_configs c = { 0 };
	struct lu_arena a = { 0 };
	bool failing[256];
	uint64_t seed = 42;

	random_configs(&m, &c, &a, 40, 256);
	for (int round = 0; round < 21; round++) {
		for (size_t r = 0; r < 256; r++)
			failing[r] = next(&seed) % 7 < (uint64_t)round % 7;
		const char *cond = lu_condition(&a, &m, &c, failing);

		if (cond && strcmp(cond, "always"))
			assert_exact(cond, &m, &c, failing);
	}
	lu_arena_free(&a);
}

static bool parity(const unsigned char *row)
{
	unsigned x = 0;

	for (size_t o = 0; o < 10; o++)
		x ^= row[o];
	return x;
}

/* Past 64 terms a condition explains nothing: the rest is counted. */
Test(configs, condition_of_too_many_terms_is_cut)
{
	struct lu_rules r;
	struct lu_configs c;
	struct lu_arena a = { 0 };
	bool failing[1024];

	parse(&r, "[matrix]\ncompile = cc\noptions = A B C D E F G H I J\n");
	cr_assert_eq(lu_configs_make(&r.matrix, true, &c), 0);
	cr_assert_eq(c.n_configs, 1024);
	mark(&c, failing, parity);
	const char *cond = lu_condition(&a, &r.matrix, &c, failing);

	cr_assert(strstr(cond, " || 448 other configurations"), "%s", cond);
	cr_assert(!strncmp(cond, "(A=n && B=n && C=n && D=n && E=n && F=n && "
				 "G=n && H=n && I=n && J=y) || ", 61), "%s", cond);
	lu_arena_free(&a);
	lu_configs_free(&c);
	lu_rules_free(&r);
}
