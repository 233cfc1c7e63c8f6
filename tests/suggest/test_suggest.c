/* SPDX-License-Identifier: MIT */
/*
 * Units of lineup suggest's pure core: which keys a proposal moves, how a
 * proposal is laid out (markers, isolation, the struct's alignment), the
 * searches on hand-made layouts, and the diff of a source file.
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "rules.h"
#include "suggest.h"
#include "suggest_diff.h"

/* ---- lu_sg_moved ---------------------------------------------------- */

struct moved_case {
	size_t order[6];
	size_t n;
	size_t moved;
	bool flags[6];
};

ParameterizedTestParameters(moved, cases)
{
	static struct moved_case cases[] = {
		{ { 0, 1, 2, 3 }, 4, 0, { 0 } },
		{ { 1, 0, 2, 3 }, 4, 1, { true, false, false, false } },
		{ { 3, 2, 1, 0 }, 4, 3, { true, true, true, false } },
		/* one key from the end to the front: only it moved */
		{ { 5, 0, 1, 2, 3, 4 }, 6, 1, { true } },
		{ { 0 }, 1, 0, { 0 } },
	};

	return cr_make_param_array(struct moved_case, cases,
				   sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct moved_case *c, moved, cases)
{
	bool flags[6];

	cr_assert_eq(lu_sg_moved(c->order, c->n, flags), c->moved);
	for (size_t i = 0; i < c->n; i++)
		cr_expect_eq(flags[i], c->flags[i], "position %zu", i);
}

/* ---- hand-made layouts ---------------------------------------------- */

/* struct { long w; long r; } or, with BIG, 128 bytes between them. */
struct fixture {
	struct lu_member members[3];
	struct lu_struct s;
	struct lu_rules rules;
	struct lu_sg_plan plan;
};

static void fixture_init(struct fixture *f, bool big, const char *ini)
{
	struct lu_error err;
	const struct lu_struct *structs[1] = { &f->s };
	struct lu_check_opts opts = { .line_size = 64 };

	memset(f, 0, sizeof(*f));
	f->members[0] = (struct lu_member){ .name = "w", .type = "long",
					    .dims = "", .size = 8,
					    .group = -1 };
	f->members[1] = (struct lu_member){ .name = "pad", .type = "char",
					    .dims = "[128]", .offset = 8,
					    .size = 128, .group = -1 };
	f->members[2] = (struct lu_member){ .name = "r", .type = "long",
					    .dims = "", .offset = 8,
					    .size = 8, .group = -1 };
	f->s = (struct lu_struct){ .name = "t", .size = 16, .align = 8,
				   .forced_stated = true,
				   .members = f->members, .n_members = 3 };
	if (big) {
		f->members[2].offset = 136;
		f->s.size = 144;
	} else {
		f->members[1] = f->members[2];
		f->s.n_members = 2;
	}
	cr_assert_eq(lu_rules_parse_string(ini, strlen(ini), "t.ini",
					   &f->rules, &err), 0, "%s", err.msg);
	cr_assert_eq(lu_sg_plan_init(&f->plan, structs, NULL, NULL, 1,
				     lu_rules_find(&f->rules, "t"), &opts,
				     &err), 0, "%s", err.msg);
}

static void fixture_free(struct fixture *f)
{
	lu_sg_plan_free(&f->plan);
	lu_rules_free(&f->rules);
}

static const char rules_wr[] = "[struct t]\nwrite = w\nread = r\n";

Test(search, tiny_cannot_reorder)
{
	struct fixture f;
	struct lu_sg_proposal p;

	fixture_init(&f, false, rules_wr);
	lu_sg_proposal_init(&f.plan, &p);
	lu_sg_reorder(&f.plan, LU_SG_SMALLEST, &p);
	cr_expect(!p.found);
	cr_expect(p.exhaustive, "two units: every order tried");
	lu_sg_proposal_free(&p);
	fixture_free(&f);
}

Test(search, isolate_costs_lines)
{
	struct fixture f;
	struct lu_sg_proposal p;

	fixture_init(&f, false, rules_wr);
	lu_sg_proposal_init(&f.plan, &p);
	lu_sg_isolate(&f.plan, &p);
	cr_assert(p.found);
	/* w alone on line 0, r on line 1, the struct line-aligned */
	cr_expect_eq(p.size, 128);
	lu_sg_proposal_free(&p);
	fixture_free(&f);
}

Test(search, reorder_keeps_size)
{
	struct fixture f;
	struct lu_sg_proposal p;

	/* 8-aligned, 144 bytes: w and r 128 bytes apart hold at every
	 * start; the source's order already does, so nothing moves */
	fixture_init(&f, true, rules_wr);
	lu_sg_proposal_init(&f.plan, &p);
	lu_sg_reorder(&f.plan, LU_SG_FEWEST_MOVES, &p);
	cr_assert(p.found);
	cr_expect_eq(p.size, 144);
	cr_expect_eq(p.moved, 0);
	lu_sg_proposal_free(&p);
	fixture_free(&f);
}

Test(layout, markers_and_isolation)
{
	struct fixture f;
	struct lu_sg_proposal p;
	struct lu_arena arena = { 0 };
	struct lu_struct s;

	fixture_init(&f, false, rules_wr);
	lu_sg_proposal_init(&f.plan, &p);
	for (size_t g = 0; g < f.plan.n_groups; g++) {
		p.marked[g] = true;
		p.isolate[g] = f.plan.groups[g].kind == LU_KIND_WRITE;
	}
	lu_sg_build(&f.plan, &f.plan.layouts[0], &p, &arena, &s, NULL);
	cr_expect_eq(s.align, 64);
	cr_expect_eq(s.size, 128);
	cr_assert_eq(s.n_groups, 2);
	cr_expect_str_eq(s.groups[0].name, "write");
	cr_expect_eq(s.groups[0].begin, 0);
	cr_expect_eq(s.groups[0].end, 8);
	/* the isolation pads to the line: the read group opens there */
	cr_expect_eq(s.groups[1].begin, 64);
	cr_expect_eq(s.n_blocks, 1);
	cr_expect_eq(s.blocks[0].size, 64);
	lu_arena_free(&arena);
	lu_sg_proposal_free(&p);
	fixture_free(&f);
}

Test(plan, no_write_group)
{
	struct fixture f;
	struct lu_error err;
	const struct lu_struct *structs[1];
	struct lu_check_opts opts = { .line_size = 64 };
	struct lu_sg_plan plan;

	fixture_init(&f, false, rules_wr);
	structs[0] = &f.s;
	cr_expect_eq(lu_sg_plan_init(&plan, structs, NULL, NULL, 1, NULL,
				     &opts, &err), -1);
	cr_expect(strstr(err.msg, "struct t has no write group") != NULL,
		  "%s", err.msg);
	lu_sg_plan_free(&plan);
	fixture_free(&f);
}

/* ---- lu_sg_diff ----------------------------------------------------- */

Test(diff, body_replaced_context_kept)
{
	char path[] = "/tmp/lineup-sg-diffXXXXXX";
	int fd = mkstemp(path);
	const char src[] = "#include <x.h>\n"
			   "struct t {\n"
			   "\tlong w;\n"
			   "\tlong r;\n"
			   "};\n";
	char *d;
	bool conditional = true;
	const char *why;

	cr_assert(fd >= 0);
	cr_assert_eq(write(fd, src, sizeof(src) - 1), (ssize_t)sizeof(src) - 1);
	close(fd);
	d = lu_sg_diff(path, "t.c", 2, "\tlong r;\n\tlong w;\n", false,
		       &conditional, &why);
	cr_assert(d);
	cr_expect(!conditional);
	/* three lines of context each side, as diff -u, but where the file
	 * ends: patch reads a shorter side as the file's start or end */
	cr_expect_str_eq(d, "--- a/t.c\n+++ b/t.c\n@@ -1,5 +1,5 @@\n"
			    " #include <x.h>\n struct t {\n"
			    "+\tlong r;\n \tlong w;\n-\tlong r;\n };\n");
	free(d);
	/* a proposal that changes nothing is no diff (it was a hunk of
	 * context only, which patch calls malformed), and says so */
	cr_expect_null(lu_sg_diff(path, "t.c", 2, "\tlong w;\n\tlong r;\n",
				  false, &conditional, &why));
	cr_expect(why && strstr(why, "keeps every line"));
	/* a file name patch(1) would cut at its newline */
	cr_expect_null(lu_sg_diff(path, "t\n.c", 2, "\tlong r;\n", false,
				  &conditional, &why));
	cr_expect(why && strstr(why, "control character"));
	unlink(path);
	cr_expect_null(lu_sg_diff("/nonexistent/t.c", "t.c", 2, "x\n", true,
				  &conditional, &why));
}

/* lu_sg_diff of SRC, the struct on line 1 of a temporary file, to PROP. */
static char *diff_text(const char *src, const char *prop)
{
	char path[] = "/tmp/lineup-sg-diffXXXXXX";
	int fd = mkstemp(path);
	const char *why;
	bool conditional;
	char *d;

	cr_assert(fd >= 0);
	cr_assert_eq(write(fd, src, strlen(src)), (ssize_t)strlen(src));
	close(fd);
	d = lu_sg_diff(path, "t.c", 1, prop, false, &conditional, &why);
	unlink(path);
	return d;
}

/* The struct's closing line is the file's last and has no newline: the
 * context says so, as diff(1) does, or patch finds no match. */
Test(diff, closing_line_without_newline)
{
	char *d = diff_text("struct t {\n\tlong w;\n\tlong r;\n};",
			    "\tlong r;\n\tlong w;\n");

	cr_assert(d);
	cr_expect(strstr(d, "\n };\n\\ No newline at end of file\n"), "%s", d);
	free(d);
}

/* DWARF's line holds "struct t;" (a declaration, a stale line): the next
 * '{' is another struct's, whose lines must not be quoted. */
Test(diff, declaration_opens_no_body)
{
	cr_expect_null(diff_text("struct t;\nstruct u {\n\tlong a;\n};\n",
				 "\tlong r;\n"));
}

static size_t count_changes(const char *d)
{
	size_t n = 0;

	for (const char *l = strstr(d, "@@\n"); l; l = strchr(l + 1, '\n'))
		n += l[1] == '-' || l[1] == '+';
	return n;
}

/* HEAD, then for I in [0, N) a line "\tPRE<I>POST", then TAIL. */
static char *lines_of(const char *head, const char *pre, size_t n,
		      const char *post, const char *tail)
{
	size_t len = 0;
	char *text = NULL;
	FILE *f = open_memstream(&text, &len);

	cr_assert(f);
	fputs(head, f);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "\t%s%zu%s\n", pre, i, post);
	fputs(tail, f);
	fclose(f);
	return text;
}

/* 20,000 comment lines between two moved members: no N * M table (it was
 * 3 GiB), Myers' search finds the two changed lines. */
Test(diff, long_body_without_table)
{
	char *src = lines_of("struct t {\n\tlong w;\n", "/* ", 20000, " */",
			     "\tlong r;\n};\n");
	char *prop = lines_of("", "/* ", 20000, " */", "\tlong r;\n\tlong w;\n");
	char *d = diff_text(src, prop);

	cr_assert(d);
	cr_expect(strstr(d, "@@ -1,20004 +1,20004 @@\n struct t {\n-\tlong w;\n"
			    " \t/* 0 */\n"), "%.200s", d);
	cr_expect(strstr(d, " \tlong r;\n+\tlong w;\n };\n"));
	cr_expect_eq(count_changes(d), 2);
	free(d);
	free(prop);
	free(src);
}

/* Past the search's bound (no line in common, 2,100 each way): the lines
 * as one deletion and one insertion, still a patch. */
Test(diff, past_the_bound_replaced_whole)
{
	char *src = lines_of("struct t {\n", "long a", 2100, ";", "};\n");
	char *prop = lines_of("", "long b", 2100, ";", "");
	char *d = diff_text(src, prop);

	cr_assert(d);
	cr_expect(strstr(d, "-\tlong a2099;\n+\tlong b0;\n"));
	cr_expect_eq(count_changes(d), 2 * 2100);
	free(d);
	free(prop);
	free(src);
}

/* Without every configuration's members, a diff would delete the #if
 * lines and what other builds have: none, and the caller is told why. */
Test(diff, conditional_body_needs_every_configuration)
{
	char path[] = "/tmp/lineup-sg-diffXXXXXX";
	int fd = mkstemp(path);
	const char src[] = "struct t {\n"
			   "\tlong w;\n"
			   "#ifdef CONFIG_X\n"
			   "\tlong x;\n"
			   "#endif\n"
			   "\tlong r;\n"
			   "};\n";
	const char *prop = "\tlong r;\n\tlong w;\n";
	bool conditional = false;
	const char *why;
	char *d;

	cr_assert(fd >= 0);
	cr_assert_eq(write(fd, src, sizeof(src) - 1), (ssize_t)sizeof(src) - 1);
	close(fd);
	cr_expect_null(lu_sg_diff(path, "t.c", 1, prop, false, &conditional,
				  &why));
	cr_expect(conditional);
	d = lu_sg_diff(path, "t.c", 1, prop, true, &conditional, &why);
	unlink(path);
	cr_expect(d && strstr(d, "-#ifdef CONFIG_X\n"));
	free(d);
}
