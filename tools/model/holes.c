/* SPDX-License-Identifier: MIT */
/* pahole's hole accounting (holes.h), after class__find_holes in dwarves.c. */
#include "holes.h"

#include <stdbool.h>
#include <string.h>

static uint64_t min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* A difference that pahole keeps signed; a negative one is no gap. */
static uint64_t gap(uint64_t to, uint64_t from)
{
	return to > from ? to - from : 0;
}

void lu_find_holes(struct lu_item *items, size_t n, uint64_t size,
		   struct lu_holes *out)
{
	/* the end of the storage unit the last bit-fields live in */
	uint64_t unit_end = size * 8, unit_bits = 0;
	uint64_t last_seen_bit = 0;
	bool in_bitfield = false;
	struct lu_item *last = NULL;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < n; i++) {
		struct lu_item *pos = &items[i];
		uint64_t bit_start = pos->offset * 8 + pos->bit_offset;
		uint64_t bit_end = bit_start + (pos->bit_size ? pos->bit_size
							      : pos->size * 8);
		uint64_t bit_holes = 0, byte_holes;

		pos->hole = 0;
		pos->bit_hole = 0;
		if (in_bitfield) {
			/* the bits left unused in the previous unit */
			uint64_t end = min_u64(bit_start, unit_end);

			bit_holes = gap(end, last_seen_bit);
			last_seen_bit = end;
		}
		if (pos->bit_size) {
			uint64_t aligned_start = pos->offset * 8;

			/* bytes up to the unit, when it starts after them */
			byte_holes = 0;
			if (last_seen_bit < aligned_start &&
			    aligned_start <= bit_start) {
				byte_holes = pos->offset - last_seen_bit / 8;
				last_seen_bit = aligned_start;
			}
			bit_holes += gap(bit_start, last_seen_bit);
		} else {
			byte_holes = gap(bit_start / 8, last_seen_bit / 8);
		}
		last_seen_bit = bit_end;

		if (pos->bit_size) {
			in_bitfield = true;
			/* a new unit, or a wider type over the same bits */
			if (bit_end > unit_end || pos->size * 8 > unit_bits) {
				unit_bits = pos->size * 8;
				unit_end = pos->offset * 8 + unit_bits;
				/* the field runs into the next unit */
				if (bit_end > unit_end)
					unit_end += unit_bits;
			}
		} else {
			in_bitfield = false;
			unit_bits = 0;
			unit_end = bit_end;
		}

		if (last) {
			last->hole = byte_holes;
			last->bit_hole = (uint32_t)bit_holes;
		} else {
			out->pre_hole = byte_holes;
			out->pre_bit_hole = (uint32_t)bit_holes;
		}
		out->n_holes += byte_holes != 0;
		out->sum_holes += byte_holes;
		out->n_bit_holes += bit_holes != 0;
		out->sum_bit_holes += bit_holes;
		last = pos;
	}
	if (in_bitfield) {
		uint64_t end = min_u64(size * 8, unit_end);

		out->bit_padding = (uint32_t)gap(end, last_seen_bit);
		last_seen_bit = end;
	}
	out->padding = gap(size, last_seen_bit / 8);
}
