/* SPDX-License-Identifier: MIT */
/*
 * The steps of a plan (dwarf_attrs.c) or a shape (dwarf_shapes.c): the
 * bytes each form takes, an implicit constant encoded back to the SLEB128
 * libdw expects to read, and the blocks the steps live in until the next
 * unit. Both planners call in here; neither calls the other back.
 */
#include "dwarf_steps.h"

#include <dwarf.h>
#include <stdlib.h>

#include "arena.h"

void lu_dw_encode_sleb(uint8_t out[11], int64_t v)
{
	for (int i = 0; i < 11; i++) {
		uint8_t b = (uint8_t)(v & 0x7f);

		/* arithmetic shift: implementation-defined, so in gcc, clang */
		v >>= 7;
		bool done = (v == 0 && !(b & 0x40)) || (v == -1 && (b & 0x40));

		out[i] = done ? b : (uint8_t)(b | 0x80);
		if (done)
			return;
	}
}

struct lu_dw_step *lu_dw_take_steps(struct lu_dw_plans *p, size_t n,
				    struct lu_dw_plan *plan)
{
	if (p->n_blocks >= UINT16_MAX && p->used + n > LU_DW_STEP_BLOCK)
		return NULL;
	if (!p->n_blocks || p->used + n > LU_DW_STEP_BLOCK) {
		if (p->n_blocks == p->cap_blocks) {
			p->blocks = lu_grow(p->blocks, &p->cap_blocks,
					    p->n_blocks, sizeof(*p->blocks));
			for (size_t i = p->n_blocks; i < p->cap_blocks; i++)
				p->blocks[i] = NULL;
		}
		if (!p->blocks[p->n_blocks]) {
			p->blocks[p->n_blocks] = malloc(
				LU_DW_STEP_BLOCK * sizeof(struct lu_dw_step));
			if (!p->blocks[p->n_blocks])
				abort();
		}
		p->n_blocks++;
		p->used = 0;
	}
	plan->block = (uint16_t)(p->n_blocks - 1);
	plan->first = (uint32_t)p->used;
	p->used += n;
	return p->blocks[plan->block] + plan->first;
}
