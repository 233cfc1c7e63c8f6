/* SPDX-License-Identifier: MIT */
/*
 * Runtime side of lineup.h: line-aligned heap objects and the alignment
 * check. Layout itself is checked at compile time (check_header.py).
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdint.h>
#include <string.h>

#include "lineup.h"

#define L ((uintptr_t)LINEUP_CACHELINE_SIZE)

static int line_aligned(const void *p)
{
	return ((uintptr_t)p % L) == 0;
}

struct LINEUP_ALIGNED hot {
	long counter;
	LINEUP_ISOLATE_BEGIN(load);
	long load_avg;
	LINEUP_ISOLATE_END(load);
	void *parent;
};

/* Over-aligned beyond the line: LINEUP_NEW must honour the larger one. */
struct LINEUP_ALIGNED_TO(4 * LINEUP_CACHELINE_SIZE) huge_align {
	char c;
};

TestSuite(alloc, .description = "lineup_alloc, LINEUP_NEW, lineup_free");

ParameterizedTestParameters(alloc, sizes)
{
	static size_t sizes[] = {0, 1, 7, 63, 64, 65, 127, 128, 129, 1000,
				 4096, 100000};

	return cr_make_param_array(size_t, sizes,
				   sizeof(sizes) / sizeof(sizes[0]));
}

/* Every size, including 0 and sizes that are not a multiple of the line
 * (C11 aligned_alloc's contract), gives a usable line-aligned block. */
ParameterizedTest(size_t *size, alloc, sizes)
{
	unsigned char *p = lineup_alloc(*size);

	cr_assert_not_null(p, "lineup_alloc(%zu) failed", *size);
	cr_expect(line_aligned(p), "lineup_alloc(%zu) gave %p", *size,
		  (void *)p);
	memset(p, 0xa5, *size);
	lineup_free(p);
}

Test(alloc, overflow_is_null)
{
	cr_expect_null(lineup_alloc(SIZE_MAX));
	cr_expect_null(lineup_alloc(SIZE_MAX - LINEUP_CACHELINE_SIZE + 2));
}

Test(alloc, free_null)
{
	lineup_free(NULL);
}

Test(alloc, new_is_aligned_and_zeroed)
{
	struct hot *h = LINEUP_NEW(struct hot);
	size_t i;

	cr_assert_not_null(h);
	cr_expect(line_aligned(h));
	cr_expect(line_aligned(&h->load_avg));
	cr_expect(lineup_is_aligned(h));
	for (i = 0; i < sizeof(*h); i++)
		cr_expect_eq(((unsigned char *)h)[i], 0, "byte %zu not zeroed",
			     i);
	h->load_avg = 1;
	lineup_free(h);
}

Test(alloc, new_honours_larger_alignment)
{
	struct huge_align *p = LINEUP_NEW(struct huge_align);

	cr_assert_not_null(p);
	cr_expect(((uintptr_t)p % (4 * L)) == 0, "%p", (void *)p);
	lineup_free(p);
}

Test(alloc, new_plain_type)
{
	long *p = LINEUP_NEW(long);

	cr_assert_not_null(p);
	cr_expect(lineup_is_aligned(p));
	cr_expect_eq(*p, 0);
	lineup_free(p);
}

TestSuite(is_aligned, .description = "lineup_is_aligned");

Test(is_aligned, line_starts_only)
{
	unsigned char *p = lineup_alloc(2 * LINEUP_CACHELINE_SIZE);
	size_t i;

	cr_assert_not_null(p);
	cr_expect(lineup_is_aligned(p));
	cr_expect(!lineup_is_aligned(p + 1));
	for (i = 1; i < LINEUP_CACHELINE_SIZE; i++)
		cr_expect(!lineup_is_aligned(p + i), "offset %zu", i);
	cr_expect(lineup_is_aligned(p + LINEUP_CACHELINE_SIZE));
	lineup_free(p);
}

Test(is_aligned, null_and_static)
{
	static LINEUP_ALIGNED unsigned char buf[2 * LINEUP_CACHELINE_SIZE];

	cr_expect(lineup_is_aligned(NULL));
	cr_expect(lineup_is_aligned(buf));
	cr_expect(!lineup_is_aligned(buf + 8));
}
