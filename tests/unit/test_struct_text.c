/* SPDX-License-Identifier: MIT */
/* struct_text.c: what text can change a struct, from cc -E output. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "struct_text.h"

static char *write_unit(const char *text)
{
	static char path[64];
	int fd;

	strcpy(path, "/tmp/lineup-struct-text.XXXXXX");
	fd = mkstemp(path);
	cr_assert(fd >= 0);
	cr_assert(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
	close(fd);
	return path;
}

static struct lu_pp_unit *unit(const char *text)
{
	char *path = write_unit(text);
	struct lu_pp_unit *u = lu_pp_unit_read(path);

	unlink(path);
	cr_assert(u);
	return u;
}

/* Spans of NAME as "file:first-last " words. */
static void spans(const struct lu_pp_unit *u, const char *name, char *out,
		  size_t size, bool *found)
{
	struct lu_arena a = { 0 };
	struct lu_struct_text t;

	lu_struct_text_of(u, name, &a, &t);
	*found = t.found;
	out[0] = '\0';
	for (size_t i = 0; i < t.n_spans; i++) {
		size_t n = strlen(out);

		snprintf(out + n, size - n, "%s:%u-%u ", t.spans[i].file,
			 t.spans[i].first, t.spans[i].last);
	}
	lu_arena_free(&a);
}

static const char *const UNIT =
	"# 0 \"s.c\"\n"
	"# 1 \"s.c\"\n"
	"# 1 \"inner.h\" 1\n"
	"typedef struct {\n"
	" long w[8];\n"
	"} inner_t;\n"
	"struct pointed { int x; };\n"
	"enum sizes { A_CNT = 3 };\n"
	"# 2 \"s.c\" 2\n"
	"struct s {\n"
	" inner_t in;\n"
	" struct pointed *p;\n"
	" char arr[A_CNT];\n"
	"} __attribute__((aligned(64)));\n"
	"struct other { long y; };\n";

Test(struct_text, embedded_by_value_not_through_pointers)
{
	struct lu_pp_unit *u = unit(UNIT);
	char buf[512];
	bool found;

	spans(u, "s", buf, sizeof(buf), &found);
	cr_assert(found);
	/* s itself, inner_t's typedef, the enum of A_CNT; not pointed */
	cr_assert_str_eq(buf, "s.c:2-6 inner.h:1-3 inner.h:5-5 ", "%s", buf);
	spans(u, "missing", buf, sizeof(buf), &found);
	cr_assert(!found);
	lu_pp_unit_free(u);
}

Test(struct_text, include_edges_from_markers)
{
	struct lu_pp_unit *u = unit(UNIT);
	size_t n;
	const struct lu_include_edge *e = lu_pp_unit_edges(u, &n);

	cr_assert_eq(n, 1);
	cr_assert_str_eq(e[0].file, "inner.h");
	cr_assert_str_eq(e[0].parent, "s.c");
	cr_assert_eq(e[0].line, 1);
	lu_pp_unit_free(u);
}

Test(struct_text, key_follows_the_struct_not_the_unit)
{
	const char *names[] = { "s" };
	struct lu_pp_unit *a = unit(UNIT);
	char *other = strdup(UNIT);

	/* another struct changes: the same key */
	*strstr(other, "long y") = 'i';
	memcpy(strstr(other, "iong y"), "int  y", 6);
	struct lu_pp_unit *b = unit(other);

	cr_assert_eq(lu_struct_key(a, names, 1), lu_struct_key(b, names, 1));
	/* an embedded type changes: another key */
	memcpy(strstr(other, "w[8]"), "w[9]", 4);
	struct lu_pp_unit *c = unit(other);

	cr_assert_neq(lu_struct_key(a, names, 1), lu_struct_key(c, names, 1));
	/* an attribute after the body is part of it */
	memcpy(strstr(other, "aligned(64)"), "aligned(32)", 11);
	memcpy(strstr(other, "w[9]"), "w[8]", 4);
	struct lu_pp_unit *d = unit(other);

	cr_assert_neq(lu_struct_key(a, names, 1), lu_struct_key(d, names, 1));
	free(other);
	lu_pp_unit_free(a);
	lu_pp_unit_free(b);
	lu_pp_unit_free(c);
	lu_pp_unit_free(d);
}

Test(struct_text, marked_structs)
{
	struct lu_pp_unit *u = unit(
		"# 1 \"m.c\"\n"
		"struct plain { int a; };\n"
		"struct hot {\n"
		" __extension__ int lineup__begin__w[0];\n"
		" int a;\n"
		"};\n");
	char buf[256];
	bool found;

	spans(u, NULL, buf, sizeof(buf), &found);
	cr_assert(found);
	cr_assert_str_eq(buf, "m.c:2-5 ", "%s", buf);
	lu_pp_unit_free(u);
}

/* Each declaration of s's body with the spans of the types it names. */
Test(struct_text, declarations_each_with_their_types)
{
	struct lu_pp_unit *u = unit(UNIT);
	struct lu_arena a = { 0 };
	struct lu_struct_decl *d;
	size_t n = lu_struct_decls(u, "s", &a, &d);

	cr_assert_eq(n, 3);
	/* inner_t in: its typedef; the pointer names nothing; the array
	 * its enum */
	cr_assert_eq(d[0].first, 3);
	cr_assert_eq(d[0].n_spans, 1);
	cr_assert_str_eq(d[0].spans[0].file, "inner.h");
	cr_assert_eq(d[0].spans[0].first, 1);
	cr_assert_eq(d[0].spans[0].last, 3);
	cr_assert_eq(d[1].first, 4);
	cr_assert_eq(d[1].n_spans, 0);
	cr_assert_eq(d[2].first, 5);
	cr_assert_eq(d[2].n_spans, 1);
	cr_assert_eq(d[2].spans[0].first, 5);
	cr_assert_eq(lu_struct_decls(u, "missing", &a, &d), LU_NO_DECLS);
	lu_arena_free(&a);
	lu_pp_unit_free(u);
}

/* A block in braces, its members with it, is one declaration. */
Test(struct_text, a_block_is_one_declaration)
{
	struct lu_pp_unit *u = unit("# 1 \"b.c\"\n"
				    "struct b {\n"
				    " union {\n"
				    "  int x;\n"
				    "  long y;\n"
				    " };\n"
				    " int z;\n"
				    "};\n");
	struct lu_arena a = { 0 };
	struct lu_struct_decl *d;
	size_t n = lu_struct_decls(u, "b", &a, &d);

	cr_assert_eq(n, 2);
	cr_assert_eq(d[0].first, 2);
	cr_assert_eq(d[0].last, 5);
	cr_assert_eq(d[1].first, 6);
	cr_assert_eq(d[1].last, 6);
	lu_arena_free(&a);
	lu_pp_unit_free(u);
}

/* `struct T x;` holds T by value, attributes and all; an array, a
 * pointer, two declarators or a bit-field do not; packed marks all. */
Test(struct_text, declarations_that_hold_a_struct_by_value)
{
	struct lu_pp_unit *u = unit(
		"# 1 \"h.c\"\n"
		"struct h {\n"
		" struct t a;\n"
		" struct t b __attribute__((__aligned__(64)));\n"
		" const union v c;\n"
		" struct t d[2];\n"
		" struct t *e;\n"
		" struct t f, g;\n"
		" unsigned k : 3;\n"
		" int m[X ? 1 : 2];\n"
		"};\n"
		"struct __attribute__((packed)) p {\n"
		" struct t a;\n"
		"};\n");
	struct lu_arena a = { 0 };
	struct lu_struct_decl *d;
	size_t n = lu_struct_decls(u, "h", &a, &d);

	cr_assert_eq(n, 8);
	cr_assert_str_eq(d[0].by_value, "t");
	cr_assert_str_eq(d[1].by_value, "t");
	cr_assert_str_eq(d[2].by_value, "v");
	for (size_t i = 3; i < 8; i++)
		cr_assert_null(d[i].by_value, "declaration %zu", i);
	for (size_t i = 0; i < 8; i++)
		cr_assert_eq(d[i].unmodelled, i == 6, "declaration %zu", i);
	cr_assert_eq(lu_struct_decls(u, "p", &a, &d), 1);
	cr_assert_str_eq(d[0].by_value, "t");
	cr_assert(d[0].unmodelled);
	lu_arena_free(&a);
	lu_pp_unit_free(u);
}

/* A typedef name holds a struct by value when it is one with a body, or
 * stands for a tag; a scalar, an enum or a pointer typedef does not. */
Test(struct_text, typedef_names_that_hold_a_struct)
{
	struct lu_pp_unit *u = unit(
		"# 1 \"t.c\"\n"
		"typedef struct raw { int a; } raw_t, *raw_p;\n"
		"typedef struct { int b; } anon_t;\n"
		"typedef struct tag tag_t;\n"
		"typedef unsigned int u32;\n"
		"typedef enum { E } e_t;\n"
		"struct tag { int c; };\n"
		"struct s {\n"
		" raw_t a;\n"
		" anon_t b;\n"
		" tag_t c;\n"
		" u32 d;\n"
		" e_t e;\n"
		" raw_p f;\n"
		" const raw_t g __attribute__((aligned(8)));\n"
		"};\n");
	struct lu_arena a = { 0 };
	struct lu_struct_decl *d;

	cr_assert_eq(lu_struct_decls(u, "s", &a, &d), 7);
	cr_assert_str_eq(d[0].by_value, "raw_t");
	cr_assert_str_eq(d[1].by_value, "anon_t");
	cr_assert_str_eq(d[2].by_value, "tag");
	cr_assert_null(d[3].by_value);
	cr_assert_null(d[4].by_value);
	cr_assert_null(d[5].by_value);
	cr_assert_str_eq(d[6].by_value, "raw_t");
	lu_arena_free(&a);
	lu_pp_unit_free(u);
}

/* An empty body (an #if kept none of its members) has no declarations,
 * and is told from a name with no one body. */
Test(struct_text, an_empty_body_has_no_declarations)
{
	struct lu_pp_unit *u = unit("# 1 \"e.c\"\n"
				    "struct e {\n"
				    "};\n"
				    "struct f;\n");
	struct lu_arena a = { 0 };
	struct lu_struct_decl *d;

	cr_assert_eq(lu_struct_decls(u, "e", &a, &d), 0);
	cr_assert_eq(lu_struct_decls(u, "f", &a, &d), LU_NO_DECLS);
	lu_arena_free(&a);
	lu_pp_unit_free(u);
}
