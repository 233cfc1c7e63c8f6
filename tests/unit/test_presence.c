/* SPDX-License-Identifier: MIT */
/* presence.c: the #ifs of a struct's body, evaluated as cpp would. */
#include <criterion/criterion.h>
#include <string.h>

#include "presence.h"

static const char *const ab_values[] = { "64", "128" };
static struct lu_matrix_option options[] = {
	{ "A", LU_OPTION_DEFINE, NULL, 0 },
	{ "B", LU_OPTION_DEFINE, NULL, 0 },
	{ "LINE", LU_OPTION_DEFINE, (const char **)ab_values, 2 },
};
static const struct lu_matrix_rules m = { .options = options,
					  .n_options = 3 };

static void scan(const char *text, struct lu_arena *a, struct lu_presence *p)
{
	unsigned lines = 1;

	for (const char *c = text; *c; c++)
		lines += *c == '\n';
	lu_presence_scan(text, strlen(text), 1, lines, &m, a, p);
}

/* Does ROW (A, B, LINE's value index) keep LINE_NO? */
static bool keeps(const struct lu_presence *p, unsigned a, unsigned b,
		  unsigned line, unsigned line_no)
{
	unsigned char row[] = { (unsigned char)a, (unsigned char)b,
				(unsigned char)line };

	return lu_presence_keeps(p, &m, row, line_no);
}

Test(presence, branches_and_nesting)
{
	struct lu_arena a = { 0 };
	struct lu_presence p;

	scan("struct s {\n"		/* 1 */
	     "#ifdef A\n"		/* 2 */
	     "\tlong a;\n"		/* 3 */
	     "#elif defined(B) && LINE == 128\n"	/* 4 */
	     "\tlong b;\n"		/* 5 */
	     "#else\n"			/* 6 */
	     "\tlong c;\n"		/* 7 */
	     "#ifndef B\n"		/* 8 */
	     "\tlong d; /* #if X */\n"	/* 9 */
	     "#endif\n"			/* 10 */
	     "#endif\n"			/* 11 */
	     "\tlong e;\n"		/* 12 */
	     "};\n", &a, &p);
	cr_assert_null(p.refused, "%s", p.refused);
	cr_assert(keeps(&p, 1, 0, 0, 3));
	cr_assert(!keeps(&p, 0, 0, 0, 3));
	cr_assert(keeps(&p, 0, 1, 1, 5));
	cr_assert(!keeps(&p, 0, 1, 0, 5));
	cr_assert(!keeps(&p, 1, 1, 1, 5));	/* #elif after a taken #if */
	cr_assert(keeps(&p, 0, 1, 0, 7));
	cr_assert(!keeps(&p, 0, 1, 1, 7));
	cr_assert(keeps(&p, 0, 0, 0, 9));
	cr_assert(!keeps(&p, 0, 1, 0, 9));
	for (unsigned r = 0; r < 8; r++)
		cr_assert(keeps(&p, r & 1, r >> 1 & 1, r >> 2, 12));
	lu_arena_free(&a);
}

Test(presence, arithmetic_as_cpp)
{
	struct lu_arena a = { 0 };
	struct lu_presence p;

	/* an undefined toggle is 0; -DA is 1; precedence is C's */
	scan("struct s {\n#if A + 1 * 2 == 3 || LINE / 64 > 1 ? 1 : 0\n"
	     "\tlong x;\n#endif\n};\n", &a, &p);
	cr_assert_null(p.refused);
	cr_assert(keeps(&p, 1, 0, 0, 3));
	cr_assert(!keeps(&p, 0, 0, 0, 3));
	cr_assert(keeps(&p, 0, 0, 1, 3));
	lu_arena_free(&a);
}

Test(presence, refuses_what_it_cannot_tell)
{
	static const char *const bodies[] = {
		"struct s {\n#if WIDE\n\tlong x;\n#endif\n};\n",
		"struct s {\n#if defined(__GNUC__)\n\tlong x;\n#endif\n};\n",
		"struct s {\n#define N 4\n\tlong x[N];\n};\n",
		"struct s {\n#pragma pack(1)\n\tlong x;\n};\n",
		"struct s {\n#if A\n\tlong x;\n};\n",
		"struct s {\n\tlong x;\n#endif\n};\n",
		"struct s {\n#if A /\n\tlong x;\n#endif\n};\n",
	};
	for (size_t i = 0; i < sizeof(bodies) / sizeof(*bodies); i++) {
		struct lu_arena a = { 0 };
		struct lu_presence p;

		scan(bodies[i], &a, &p);
		cr_assert_not_null(p.refused, "body %zu accepted", i);
		lu_arena_free(&a);
	}
}

/* A Kconfig matrix's symbol is two macros, as the kernel's autoconf.h
 * writes them: CONFIG_X when y, CONFIG_X_MODULE when m. */
Test(presence, kconfig_symbols_y_and_m)
{
	static const char *const tri[] = { "n", "y", "m" };
	static struct lu_matrix_option kopts[] = {
		{ "CONFIG_X", LU_OPTION_DEFINE, (const char **)tri, 3 },
	};
	const struct lu_matrix_rules km = { .options = kopts, .n_options = 1,
					    .kconfig = "tree" };
	const char *text = "struct s {\n"			/* 1 */
			   "#ifdef CONFIG_X\n"			/* 2 */
			   "\tlong y;\n"			/* 3 */
			   "#endif\n"				/* 4 */
			   "#if defined(CONFIG_X_MODULE)\n"	/* 5 */
			   "\tlong m;\n"			/* 6 */
			   "#endif\n"				/* 7 */
			   "#if !CONFIG_X\n"			/* 8 */
			   "\tlong not_y;\n"			/* 9 */
			   "#endif\n"				/* 10 */
			   "};\n";
	struct lu_arena a = { 0 };
	struct lu_presence p;
	unsigned char n = 0, y = 1, mod = 2;

	lu_presence_scan(text, strlen(text), 1, 11, &km, &a, &p);
	cr_assert_null(p.refused, "%s", p.refused);
	cr_assert(lu_presence_keeps(&p, &km, &y, 3));
	cr_assert(!lu_presence_keeps(&p, &km, &n, 3));
	cr_assert(!lu_presence_keeps(&p, &km, &mod, 3), "m defines no CONFIG_X");
	cr_assert(lu_presence_keeps(&p, &km, &mod, 6));
	cr_assert(!lu_presence_keeps(&p, &km, &y, 6));
	cr_assert(lu_presence_keeps(&p, &km, &n, 9));
	cr_assert(lu_presence_keeps(&p, &km, &mod, 9));
	cr_assert(!lu_presence_keeps(&p, &km, &y, 9));
	lu_arena_free(&a);
}
