/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of holes.c: pahole's hole accounting. Each case is a struct
 * compiled with gcc -g on x86-64; its items are the members as lineup
 * reads them (offset, size, bit offset, bit size), and the expectations
 * are what pahole 1.24 prints for it, quoted beside them.
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include "holes.h"

#define MAX_ITEMS 4

struct hole_case {
	const char *source;
	uint64_t size;
	size_t n;
	struct lu_item items[MAX_ITEMS];
	uint64_t holes[MAX_ITEMS];	/* byte hole after each item */
	uint32_t bit_holes[MAX_ITEMS];
	struct lu_holes want;
};

#define I(off, sz, bo, bs) { .offset = off, .size = sz, .bit_offset = bo, \
			     .bit_size = bs }

static struct hole_case cases[] = {
	/* "XXX 7 bytes hole", "sum members: 9, holes: 1, sum holes: 7" */
	{ "struct { char a; long b; }", 16, 2,
	  { I(0, 1, 0, 0), I(8, 8, 0, 0) }, { 7, 0 }, { 0 },
	  { .n_holes = 1, .sum_holes = 7 } },
	/* "padding: 7" */
	{ "struct { long a; char b; }", 16, 2,
	  { I(0, 8, 0, 0), I(8, 1, 0, 0) }, { 0 }, { 0 },
	  { .padding = 7 } },
	/* "XXX 1 bit hole" after b, "bit holes: 1, sum bit holes: 1 bits",
	 * "padding: 2" */
	{ "struct { unsigned a:3; unsigned b:4; char c; }", 4, 3,
	  { I(0, 4, 0, 3), I(0, 4, 3, 4), I(1, 1, 0, 0) }, { 0 },
	  { 0, 1, 0 },
	  { .n_bit_holes = 1, .sum_bit_holes = 1, .padding = 2 } },
	/* "bit_padding: 20 bits" */
	{ "struct { char c; unsigned x:4; }", 4, 2,
	  { I(0, 1, 0, 0), I(0, 4, 8, 4) }, { 0 }, { 0 },
	  { .bit_padding = 20 } },
	/* "XXX 28 bits hole" (an unnamed :0 ends the unit), "bit_padding:
	 * 28 bits" */
	{ "struct { unsigned a:4; unsigned :0; unsigned b:4; }", 8, 2,
	  { I(0, 4, 0, 4), I(4, 4, 0, 4) }, { 0 }, { 28, 0 },
	  { .n_bit_holes = 1, .sum_bit_holes = 28, .bit_padding = 28 } },
	/* "padding: 4", "bit_padding: 27 bits": the unit ends at 12 */
	{ "struct { long l; unsigned a:5; }", 16, 2,
	  { I(0, 8, 0, 0), I(8, 4, 0, 5) }, { 0 }, { 0 },
	  { .padding = 4, .bit_padding = 27 } },
	/* a zero-size member splits the gap: "XXX 3 bytes hole", "XXX 4
	 * bytes hole", "holes: 2, sum holes: 7" */
	{ "struct { char a; int m[0]; long b; }", 16, 3,
	  { I(0, 1, 0, 0), I(4, 0, 0, 0), I(8, 8, 0, 0) }, { 3, 4, 0 },
	  { 0 }, { .n_holes = 2, .sum_holes = 7 } },
	/* units of two sizes: "XXX 1 bit hole" after t, "padding: 4" */
	{ "struct { short s; unsigned long long w:40; unsigned char t:7; "
	  "int after; }", 16, 4,
	  { I(0, 2, 0, 0), I(0, 8, 16, 40), I(7, 1, 0, 7), I(8, 4, 0, 0) },
	  { 0 }, { 0, 0, 1, 0 },
	  { .n_bit_holes = 1, .sum_bit_holes = 1, .padding = 4 } },
	/* an anonymous union, whole: "XXX 4 bytes hole" before it */
	{ "struct { int a; union { long l; char c; }; }", 16, 2,
	  { I(0, 4, 0, 0), I(8, 8, 0, 0) }, { 4, 0 }, { 0 },
	  { .n_holes = 1, .sum_holes = 4 } },
	/* a hole before the first member (an anonymous block's offsets
	 * count from its start) */
	{ "pre_hole", 16, 1, { I(8, 8, 0, 0) }, { 0 }, { 0 },
	  { .pre_hole = 8, .n_holes = 1, .sum_holes = 8 } },
	/* overlap, which pahole would print as a hole of 65,535 bytes:
	 * none */
	{ "overlapping members", 8, 2, { I(0, 8, 0, 0), I(4, 4, 0, 0) },
	  { 0 }, { 0 }, { 0 } },
};

ParameterizedTestParameters(holes, as_pahole_counts_them)
{
	return cr_make_param_array(struct hole_case, cases,
				   sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct hole_case *c, holes, as_pahole_counts_them)
{
	struct lu_holes h;

	lu_find_holes(c->items, c->n, c->size, &h);
	for (size_t i = 0; i < c->n; i++) {
		cr_expect_eq(c->items[i].hole, c->holes[i],
			     "%s: hole after item %zu: %llu, want %llu",
			     c->source, i,
			     (unsigned long long)c->items[i].hole,
			     (unsigned long long)c->holes[i]);
		cr_expect_eq(c->items[i].bit_hole, c->bit_holes[i],
			     "%s: bit hole after item %zu: %u, want %u",
			     c->source, i, c->items[i].bit_hole,
			     c->bit_holes[i]);
	}
	cr_expect_eq(h.pre_hole, c->want.pre_hole, "%s: pre_hole", c->source);
	cr_expect_eq(h.n_holes, c->want.n_holes, "%s: holes %zu", c->source,
		     h.n_holes);
	cr_expect_eq(h.sum_holes, c->want.sum_holes, "%s: sum holes",
		     c->source);
	cr_expect_eq(h.n_bit_holes, c->want.n_bit_holes, "%s: bit holes",
		     c->source);
	cr_expect_eq(h.sum_bit_holes, c->want.sum_bit_holes,
		     "%s: sum bit holes", c->source);
	cr_expect_eq(h.padding, c->want.padding, "%s: padding %llu",
		     c->source, (unsigned long long)h.padding);
	cr_expect_eq(h.bit_padding, c->want.bit_padding, "%s: bit_padding %u",
		     c->source, h.bit_padding);
}

/* An empty struct (GNU C) has nothing to count. */
Test(holes, nothing_in_nothing)
{
	struct lu_holes h;

	lu_find_holes(NULL, 0, 0, &h);
	cr_assert_eq(h.padding + h.n_holes + h.bit_padding, 0);
	lu_find_holes(NULL, 0, 4, &h);
	cr_assert_eq(h.padding, 4);
}
