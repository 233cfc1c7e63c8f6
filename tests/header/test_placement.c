/* SPDX-License-Identifier: MIT */
/*
 * The placement arithmetic behind the assertions, checked against brute
 * force: for every alignment A and every pair of byte ranges in a few lines,
 * try every start the object could have inside a line. The macros are
 * constant expressions in the assertions and plain expressions here. The
 * lineup tool must use the same rule (doc/header.md, "Placement").
 */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stddef.h>

#include "lineup.h"

#define L ((size_t)LINEUP_CACHELINE_SIZE)
#define SPAN (3 * L) /* ranges start and end within three lines */

static size_t line_of(size_t start, size_t off)
{
	return (start + off) / L;
}

/* Do [a0, a1) and [b0, b1) share a line when the object starts at s? */
static bool share_at(size_t s, size_t a0, size_t a1, size_t b0, size_t b1)
{
	if (a0 >= a1 || b0 >= b1)
		return false;
	return line_of(s, a0) <= line_of(s, b1 - 1) &&
	       line_of(s, b0) <= line_of(s, a1 - 1);
}

static size_t lines_at(size_t s, size_t b, size_t e)
{
	return e <= b ? 0 : line_of(s, e - 1) - line_of(s, b) + 1;
}

static void check_apart(size_t A, size_t a0, size_t a1, size_t b0, size_t b1)
{
	bool any = false;

	for (size_t s = 0; s < L; s += A)
		any = any || share_at(s, a0, a1, b0, b1);
	cr_assert_eq(LINEUP__RANGES_APART(A, a0, a1, b0, b1), !any,
		     "A=%zu [%zu,%zu) [%zu,%zu)", A, a0, a1, b0, b1);
}

Test(placement, apart_matches_brute_force)
{
	for (size_t A = 1; A <= L; A *= 2)
		for (size_t a0 = 0; a0 < SPAN; a0 += 3)
			for (size_t a1 = a0; a1 < a0 + L + 8; a1 += 5)
				for (size_t b0 = 0; b0 < SPAN; b0 += 7)
					check_apart(A, a0, a1, b0, b0 + a0 % 17);
}

static void check_span(size_t A, size_t lo, size_t hi)
{
	bool always = true;
	size_t most = 0;

	for (size_t s = 0; s < L; s += A) {
		size_t n = lines_at(s, lo, hi);

		always = always && n == 1;
		most = n > most ? n : most;
	}
	cr_assert_eq(LINEUP__RANGE_IN_ONE_LINE(A, lo, hi), always,
		     "A=%zu [%zu,%zu)", A, lo, hi);
	cr_assert_eq(LINEUP__RANGE_MAX_LINES(A, lo, hi), most,
		     "A=%zu [%zu,%zu)", A, lo, hi);
}

Test(placement, one_line_and_max_lines_match_brute_force)
{
	for (size_t A = 1; A <= L; A *= 2)
		for (size_t lo = 0; lo < SPAN; lo++)
			for (size_t hi = lo + 1; hi < lo + 2 * L + 2; hi++)
				check_span(A, lo, hi);
}

Test(placement, empty_ranges)
{
	cr_expect(LINEUP__RANGES_APART(8, 5, 5, 0, 64));
	cr_expect(LINEUP__RANGES_APART(8, 0, 64, 5, 5));
	cr_expect_eq(LINEUP__RANGE_MAX_LINES(8, 5, 5), 0);
}
