/* SPDX-License-Identifier: MIT */
/*
 * pahole's accounting of a struct: the holes between its direct members,
 * its tail padding and the bit-level ones, computed as pahole's
 * class__find_holes (dwarves.c) computes them, so that `lineup show` and
 * pahole agree line for line. A direct member is a member, or a whole
 * anonymous struct or union: the holes inside one are its own.
 */
#ifndef LINEUP_HOLES_H
#define LINEUP_HOLES_H

#include <stddef.h>
#include <stdint.h>

/* One direct member, as the accounting sees it. */
struct lu_item {
	uint64_t offset;	/* bytes from the container's start */
	uint64_t size;		/* bytes; a bit-field's storage unit */
	uint32_t bit_offset;	/* bit-fields: first bit within the unit */
	uint32_t bit_size;	/* 0 unless a bit-field */
	/* filled in: the gap after this item, as pahole prints it */
	uint64_t hole;
	uint32_t bit_hole;
};

struct lu_holes {
	uint64_t pre_hole;	/* bytes before the first item */
	uint32_t pre_bit_hole;
	size_t n_holes, n_bit_holes;	/* pre_* included */
	uint64_t sum_holes, sum_bit_holes;
	uint64_t padding;	/* bytes after the last item's storage */
	uint32_t bit_padding;	/* unused bits of a trailing bit-field unit */
};

/*
 * The holes of a struct of SIZE bytes whose direct members are ITEMS, in
 * declaration order. Where pahole's arithmetic goes negative (members
 * that overlap, which C structs never do but hand-made input may), there
 * is no hole: pahole would print the difference modulo 2^16.
 */
void lu_find_holes(struct lu_item *items, size_t n, uint64_t size,
		   struct lu_holes *out);

#endif
