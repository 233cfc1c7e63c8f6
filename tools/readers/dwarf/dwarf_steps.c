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

#define VARIABLE LU_DW_FORM_VARIABLE

uint8_t lu_dw_form_size(const struct lu_dw_plans *p, unsigned form)
{
	switch (form) {
	case DW_FORM_flag_present:
	case DW_FORM_implicit_const:
		return 0;
	case DW_FORM_data1:
	case DW_FORM_ref1:
	case DW_FORM_flag:
	case DW_FORM_strx1:
	case DW_FORM_addrx1:
		return 1;
	case DW_FORM_data2:
	case DW_FORM_ref2:
	case DW_FORM_strx2:
	case DW_FORM_addrx2:
		return 2;
	case DW_FORM_strx3:
	case DW_FORM_addrx3:
		return 3;
	case DW_FORM_data4:
	case DW_FORM_ref4:
	case DW_FORM_strx4:
	case DW_FORM_addrx4:
		return 4;
	case DW_FORM_data8:
	case DW_FORM_ref8:
	case DW_FORM_ref_sig8:
		return 8;
	case DW_FORM_data16:
		return 16;
	case DW_FORM_strp:
	case DW_FORM_line_strp:
	case DW_FORM_sec_offset:
		return p->offset_size;
	case DW_FORM_addr:
		return p->address_size;
	case DW_FORM_udata:
	case DW_FORM_sdata:
	case DW_FORM_ref_udata:
	case DW_FORM_strx:
	case DW_FORM_addrx:
	case DW_FORM_GNU_str_index:
	case DW_FORM_GNU_addr_index:
	case DW_FORM_string:
	case DW_FORM_exprloc:
	case DW_FORM_block:
	case DW_FORM_block1:
		return VARIABLE;
	default:
		return LU_DW_FORM_UNKNOWN;
	}
}

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
