/* SPDX-License-Identifier: MIT */
/* Thresholds: a condition as the bytes that decide, or none. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "configs.h"
#include "reader.h"
#include "rules.h"
#include "threshold.h"

static void parse(struct lu_rules *r, const char *text)
{
	struct lu_error err;

	cr_assert_eq(lu_rules_parse_string(text, strlen(text), "t.ini", r, &err),
		     0, "%s", err.msg);
}

/* IN of every configuration of A B C D: is the sum of WEIGHTS over those on
 * below BOUND. */
static void mark(const struct lu_configs *c, const int64_t *weights,
		 int64_t bound, bool *in)
{
	for (size_t i = 0; i < c->n_configs; i++) {
		int64_t sum = 0;

		for (size_t o = 0; o < c->n_options; o++)
			sum += lu_config_row(c, i)[o] ? weights[o] : 0;
		in[i] = sum < bound;
	}
}

Test(threshold, finds_the_sum_and_its_bound)
{
	struct lu_rules r;
	struct lu_configs c;
	struct lu_arena a = { 0 };
	struct lu_threshold t;
	bool in[16];
	/* A never decides (it weighs nothing in the truth) */
	const int64_t truth[4] = { 0, 8, 16, 24 };
	const int64_t model[4] = { 4, 8, 16, 24 };

	parse(&r, "[matrix]\ncompile = cc -c x.c\noptions = A B C D\n");
	cr_assert_eq(lu_configs_make(&r.matrix, false, &c), 0);
	mark(&c, truth, 32, in);
	cr_assert(lu_threshold_find(&r.matrix, &c, in, model, &a, &t));
	cr_assert_eq(t.n, 3);
	cr_assert(t.less);
	cr_assert_eq(t.bound, 32);
	cr_assert_str_eq(lu_threshold_text(&a, &r.matrix, &t),
			 "8\u00b7B + 16\u00b7C + 24\u00b7D < 32");
	lu_configs_free(&c);
	lu_arena_free(&a);
}

Test(threshold, none_where_no_sum_is_exact)
{
	struct lu_rules r;
	struct lu_configs c;
	struct lu_arena a = { 0 };
	struct lu_threshold t;
	bool in[16];
	const int64_t model[4] = { 8, 8, 8, 8 };

	parse(&r, "[matrix]\ncompile = cc -c x.c\noptions = A B C D\n");
	cr_assert_eq(lu_configs_make(&r.matrix, false, &c), 0);
	/* A xor B: no weights and bound say it */
	for (size_t i = 0; i < c.n_configs; i++)
		in[i] = lu_config_row(&c, i)[0] != lu_config_row(&c, i)[1];
	cr_assert_not(lu_threshold_find(&r.matrix, &c, in, model, &a, &t));
	/* a weight the model does not know */
	const int64_t unknown[4] = { 8, LU_THRESHOLD_NO_WEIGHT, 8, 8 };

	mark(&c, model, 16, in);
	cr_assert_not(lu_threshold_find(&r.matrix, &c, in, unknown, &a, &t));
	cr_assert(lu_threshold_find(&r.matrix, &c, in, model, &a, &t));
	lu_configs_free(&c);
	lu_arena_free(&a);
}

Test(threshold, long_conditions_only)
{
	char buf[64 * 8 + 1] = "A=y";

	cr_assert_not(lu_condition_long(NULL));
	cr_assert_not(lu_condition_long("A=y || B=y"));
	for (int i = 1; i < 64; i++)
		strcat(buf, " || A");
	cr_assert_not(lu_condition_long(buf));	/* 64 terms */
	strcat(buf, " || 3 other configurations");
	cr_assert(lu_condition_long(buf));
}
