/* SPDX-License-Identifier: MIT */
/* String interning: one copy per text, found by text or by address. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "intern.h"

Test(intern, one_copy_per_text)
{
	struct lu_arena a = { 0 };
	struct lu_intern t = { 0 };
	char buf[] = "load_avg";
	const char *x = lu_intern_str(&t, &a, "load_avg");

	cr_assert_str_eq(x, "load_avg");
	cr_assert_neq(x, buf, "the copy is the arena's");
	cr_assert_eq(lu_intern_str(&t, &a, buf), x);
	cr_assert_eq(lu_intern(&t, &a, "load_avg_x", 8), x);
	cr_assert_neq(lu_intern_str(&t, &a, "load_av"), x);
	cr_assert_str_eq(lu_intern(&t, &a, "", 0), "");
	cr_assert_null(lu_intern_str(&t, &a, NULL));
	cr_assert_null(lu_intern_at(&t, &a, NULL));
	lu_intern_free(&t);
	cr_assert_str_eq(x, "load_avg", "the arena keeps the strings");
	lu_arena_free(&a);
}

Test(intern, growing_keeps_every_string)
{
	struct lu_arena a = { 0 };
	struct lu_intern t = { 0 };
	const char *first[5000];
	char name[32];

	for (int i = 0; i < 5000; i++) {
		snprintf(name, sizeof(name), "member_%d", i);
		first[i] = lu_intern_str(&t, &a, name);
	}
	for (int i = 0; i < 5000; i++) {
		snprintf(name, sizeof(name), "member_%d", i);
		cr_assert_eq(lu_intern_str(&t, &a, name), first[i]);
		cr_assert_eq(lu_intern_at(&t, &a, first[i]), first[i]);
	}
	lu_intern_free(&t);
	lu_arena_free(&a);
}

Test(intern, by_address_agrees_with_by_text)
{
	struct lu_arena a = { 0 };
	struct lu_intern t = { 0 };
	char one[LU_INTERN_SHORT + 16], two[sizeof(one)];

	memset(one, 'm', sizeof(one) - 1);
	one[sizeof(one) - 1] = '\0';
	memcpy(two, one, sizeof(one));
	/* a long string, at two addresses: one copy */
	const char *x = lu_intern_at(&t, &a, one);

	cr_assert_str_eq(x, one);
	cr_assert_eq(lu_intern_at(&t, &a, two), x);
	cr_assert_eq(lu_intern_at(&t, &a, one), x);
	cr_assert_eq(lu_intern_str(&t, &a, one), x);
	lu_intern_free(&t);
	lu_arena_free(&a);
}
