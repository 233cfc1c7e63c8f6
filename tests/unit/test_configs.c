/* SPDX-License-Identifier: MIT */
/* Configurations: exhaustive sweeps, covering arrays, conditions. */
#include <criterion/criterion.h>
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
