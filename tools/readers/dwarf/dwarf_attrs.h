/* SPDX-License-Identifier: MIT */
/* A DIE's attributes in one cheap pass; see dwarf_attrs.c. */
#ifndef LINEUP_DWARF_ATTRS_H
#define LINEUP_DWARF_ATTRS_H

#include <elfutils/libdw.h>
#include <stddef.h>
#include <stdint.h>

#include "dwarf_types.h"

/* An attribute of an abbreviation, as a plan steps over its value. */
struct lu_dw_step {
	uint16_t code, form;
	uint8_t size;		/* fixed bytes, or 0: read from the value */
	uint8_t sleb[11];	/* DW_FORM_implicit_const's value, encoded */
};

struct lu_dw_plan {
	uint32_t first;		/* in the steps of its block */
	uint16_t n;
	uint16_t block;
	bool ok;		/* every form is one stepped over here */
};

#define LU_DW_STEP_BLOCK 4096

/*
 * The plans of one unit's abbreviations, made as its DIEs meet them; the
 * steps stay put (blocks are never moved) until the next unit's reset, as
 * an implicit constant's attribute points into them.
 */
struct lu_dw_plans {
	Dwarf_CU *cu;
	const unsigned char *unit_end;	/* NULL: not known, libdw's way */
	uint8_t offset_size, address_size;
	struct lu_dw_memo by_abbrev;	/* Dwarf_Abbrev -> 1 + plan */
	struct lu_dw_plan *plans;
	size_t n_plans, cap_plans;
	struct lu_dw_step **blocks;
	size_t n_blocks, cap_blocks, used;	/* steps used in the last */
	/* libdw's abbreviations of the unit by code, as met */
	Dwarf_Abbrev **by_code;
	size_t cap_codes;
};

/* Starts the plans of DIE's unit, and finds where it ends (unit_end). */
void lu_dw_plans_reset(struct lu_dw_plans *p, Dwarf_Die *die);
void lu_dw_plans_free(struct lu_dw_plans *p);

/*
 * dwarf_tag (DIE), with the unit's abbreviations found by their code in
 * an array: libdw looks each DIE's up in a hash table behind a lock.
 */
int lu_dw_tag(struct lu_dw_plans *p, Dwarf_Die *die);

/*
 * dwarf_getattrs (DIE, CB, ARG, 0): CB with each attribute in order, 1
 * when all were seen, -1 on an error, another value when CB stopped. And
 * *END: where DIE's attribute values end (its children, or its next
 * sibling when it has none), NULL when libdw read them.
 */
ptrdiff_t lu_dw_getattrs(struct lu_dw_plans *p, Dwarf_Die *die,
			 int (*cb)(Dwarf_Attribute *, void *), void *arg,
			 const unsigned char **end);

/*
 * dwarf_siblingof (DIE, NEXT) for a DIE whose values end at END (from
 * lu_dw_getattrs; NULL: not known): one without children is followed by
 * the DIE at END, or by none at a null entry or the unit's end, which
 * spares reading its attributes a second time.
 */
int lu_dw_next_sibling(const struct lu_dw_plans *p, Dwarf_Die *die,
		       const unsigned char *end, Dwarf_Die *next);

#endif
