/* SPDX-License-Identifier: MIT */
/* The steps over a DIE's values that dwarf_attrs.c and dwarf_shapes.c
 * share; see dwarf_steps.c. Stepping is inline: it is the hot loop's. */
#ifndef LINEUP_DWARF_STEPS_H
#define LINEUP_DWARF_STEPS_H

#include <dwarf.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "dwarf_attrs.h"

/* The bytes a value of FORM takes when they do not depend on the value;
 * LU_DW_FORM_VARIABLE when they do; LU_DW_FORM_UNKNOWN: libdw's. Inline:
 * asked of every attribute of every abbreviation of every unit. */
static inline uint8_t lu_dw_form_size(const struct lu_dw_plans *p,
				      unsigned form)
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
		return LU_DW_FORM_VARIABLE;
	default:
		return LU_DW_FORM_UNKNOWN;
	}
}

void lu_dw_encode_sleb(uint8_t out[11], int64_t v);
/* Room for N steps that stay put until the next reset, PLAN's; NULL when
 * the unit has used every block there can be. */
struct lu_dw_step *lu_dw_take_steps(struct lu_dw_plans *p, size_t n,
				    struct lu_dw_plan *plan);

/* Bytes of the LEB128 number at Q, 0 if it runs past END. */
static inline size_t lu_dw_leb_len(const unsigned char *q, const unsigned char *end)
{
	for (const unsigned char *r = q; r < end; r++)
		if (!(*r & 0x80))
			return (size_t)(r - q) + 1;
	return 0;
}

static inline uint64_t lu_dw_uleb(const unsigned char *q, size_t len)
{
	uint64_t v = 0;

	for (size_t i = len; i-- > 0;)
		v = v << 7 | (q[i] & 0x7f);
	return len <= 9 ? v : UINT64_MAX;
}

/* Where the value of S at Q ends; NULL past END. */
static inline const unsigned char *lu_dw_step_over(const struct lu_dw_step *s,
						 const unsigned char *q,
						 const unsigned char *end)
{
	size_t n, k;
	const unsigned char *nul;

	if (s->size != LU_DW_FORM_VARIABLE) {
		n = s->size;
	} else {
		switch (s->form) {
		case DW_FORM_string:
			nul = memchr(q, 0, (size_t)(end - q));
			n = nul ? (size_t)(nul - q) + 1 : 0;
			break;
		case DW_FORM_exprloc:
		case DW_FORM_block:
			k = lu_dw_leb_len(q, end);
			n = k && lu_dw_uleb(q, k) <= (uint64_t)(end - q) - k
				    ? k + (size_t)lu_dw_uleb(q, k)
				    : 0;
			break;
		case DW_FORM_block1:
			n = q < end ? 1 + (size_t)*q : 0;
			break;
		default: /* LEB128: udata, sdata, ref_udata, strx, addrx */
			n = lu_dw_leb_len(q, end);
			break;
		}
		if (!n)
			return NULL;
	}
	return n <= (size_t)(end - q) ? q + n : NULL;
}

#endif
