/* SPDX-License-Identifier: MIT */
/*
 * pahole's guess at a forced alignment that the input does not record
 * (BTF records none; DWARF's DW_AT_alignment reaches lineup's model only
 * for structs): the gap before a member shows it.
 */
#ifndef LINEUP_ALIGN_GUESS_H
#define LINEUP_ALIGN_GUESS_H

#include <stdint.h>

/*
 * The alignment the GAP before a member at OFFSET forces, as pahole infers
 * it (btf_loader.c, class__infer_alignment): the power of two above the
 * gap, raised to the LINE size when OFFSET is a multiple of it; 0 when the
 * member's NATURAL alignment explains the gap.
 */
uint64_t lu_gap_align(uint64_t offset, uint64_t gap, uint64_t natural,
		      uint64_t line);

#endif
