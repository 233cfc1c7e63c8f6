/* SPDX-License-Identifier: MIT */
/* A DIE's attributes in one cheap pass; see dwarf_attrs.c. */
#ifndef LINEUP_DWARF_ATTRS_H
#define LINEUP_DWARF_ATTRS_H

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

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
#define LU_DW_PLAN_MAX 64	/* attributes of one abbreviation planned */
#define LU_DW_FORM_VARIABLE 0xff /* lu_dw_step.size: read from the value */
#define LU_DW_FORM_UNKNOWN 0xfe	/* a form left to libdw */

/* The values of an abbreviation the hot loops read, by slot. */
enum {
	LU_DW_SLOT_NAME,
	LU_DW_SLOT_SIBLING,
	LU_DW_SLOT_TYPE,
	LU_DW_SLOT_LOCATION,	/* DW_AT_data_member_location */
	LU_DW_SLOT_BIT_OFFSET,	/* DW_AT_data_bit_offset */
	LU_DW_SLOT_BIT_SIZE,
	LU_DW_SLOT_BYTE_SIZE,
	LU_DW_SLOTS
};

/*
 * One abbreviation of a unit, decoded from .debug_abbrev's bytes
 * (dwarf_shapes.c): its tag, children, steps, and where the slots' values
 * start after the DIE's code: -1 absent, -2 not at a fixed place (a value
 * of varying size comes before, or an implicit constant).
 */
struct lu_dw_shape {
	struct lu_dw_plan plan;
	uint16_t tag;
	int16_t fixed;		/* bytes of all values; -1: one varies */
	int16_t at[LU_DW_SLOTS];
	uint16_t varying;	/* bit 1 << slot: that slot's at is -2 */
	uint16_t form[LU_DW_SLOTS];
	bool known, children;
	bool declaration;	/* DW_AT_declaration is there */
	bool integrates;	/* DW_AT_specification or _abstract_origin */
};

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
	/* the unit's own table by code, n_shapes 0 when it has none */
	const unsigned char *unit_start;	/* its header */
	struct lu_dw_shape *shapes;
	size_t n_shapes, cap_shapes;
	size_t n_filled;		/* codes written, for the next reset */
	Dwarf *abbrev_dw;		/* the one abbrev below is of */
	const unsigned char *abbrev;	/* .debug_abbrev, or NULL */
	size_t abbrev_size;
	const unsigned char *str, *line_str;	/* the same, or NULL */
	size_t str_size, line_str_size;
	bool msb;			/* its ELF is big-endian */
};

/* A unit's own DIE: compile, partial, type or skeleton unit. */
static inline bool lu_dw_is_unit_tag(unsigned tag)
{
	return tag == DW_TAG_compile_unit || tag == DW_TAG_partial_unit ||
	       tag == DW_TAG_type_unit || tag == DW_TAG_skeleton_unit;
}

/* An unsigned value of N bytes at V, in the unit's byte order. The
 * widths of strp offsets and references are loaded whole: a loop over
 * the bytes was a tenth of reading ten structs of a kernel. */
static inline uint64_t lu_dw_read_uint(const struct lu_dw_plans *p,
				       const unsigned char *v, unsigned n)
{
	uint64_t x = 0;
	bool swap = p->msb != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
	uint32_t w4;
	uint16_t w2;

	switch (n) {
	case 1:
		return v[0];
	case 2:
		memcpy(&w2, v, 2);
		return swap ? __builtin_bswap16(w2) : w2;
	case 4:
		memcpy(&w4, v, 4);
		return swap ? __builtin_bswap32(w4) : w4;
	case 8:
		memcpy(&x, v, 8);
		return swap ? __builtin_bswap64(x) : x;
	default:
		for (unsigned i = 0; i < n; i++)
			x |= (uint64_t)v[p->msb ? n - 1 - i : i] << (8 * i);
		return x;
	}
}

/* Reads CUDIE's unit's table at ABBREV_OFFSET of its .debug_abbrev into
 * P's shapes; false (no shapes: libdw's way) when it cannot. */
bool lu_dw_shapes_load(struct lu_dw_plans *p, Dwarf_Die *cudie,
		       uint64_t abbrev_offset);

/* DIE's shape and where its values start, or NULL: ask libdw. A code of
 * a table here fits in three bytes (dwarf_shapes.c's MAX_CODES). */
static inline const struct lu_dw_shape *
lu_dw_shape(const struct lu_dw_plans *p, Dwarf_Die *die,
	    const unsigned char **values)
{
	const unsigned char *q = die->addr;
	size_t code = 0;

	if (!p->n_shapes || die->cu != p->cu)
		return NULL;
	for (unsigned i = 0;; i++) {
		if (q >= p->unit_end || i == 3)
			return NULL;
		code |= (size_t)(*q & 0x7f) << (7 * i);
		if (!(*q++ & 0x80))
			break;
	}
	if (code >= p->n_shapes || !p->shapes[code].known)
		return NULL;
	*values = q;
	return &p->shapes[code];
}

/* lu_dw_values_end's for a shape whose values vary in size. */
const unsigned char *lu_dw_values_end_varying(const struct lu_dw_plans *p,
					      const struct lu_dw_shape *sh,
					      const unsigned char *values);

/* Where the values of a DIE of shape SH starting at VALUES end, NULL when
 * they run past the unit or a form is libdw's. Inline: asked of every
 * top-level DIE, and most have values of fixed sizes. */
static inline const unsigned char *
lu_dw_values_end(const struct lu_dw_plans *p, const struct lu_dw_shape *sh,
		 const unsigned char *values)
{
	if (sh->fixed >= 0)
		return sh->fixed <= p->unit_end - values ? values + sh->fixed
							 : NULL;
	return lu_dw_values_end_varying(p, sh, values);
}

/*
 * dwarf_formudata (A, V) for the constant forms every version reads as
 * constants (data1, data2), in the unit's byte order without libdw's
 * call; libdw's for the rest (data4 and data8 are offsets into other
 * sections before DWARF 4, for some attributes).
 */
static inline int lu_dw_formudata(const struct lu_dw_plans *p,
				  Dwarf_Attribute *a, Dwarf_Word *v)
{
	if (a->cu == p->cu && p->n_shapes) {
		if (a->form == DW_FORM_data1) {
			*v = *a->valp;
			return 0;
		}
		if (a->form == DW_FORM_data2) {
			*v = lu_dw_read_uint(p, a->valp, 2);
			return 0;
		}
	}
	return dwarf_formudata(a, v);
}

/* The DIE a reference of FORM at V within DIE's unit (ref1, ref2, ref4)
 * names, as dwarf_formref_die finds it; false for any other form, or when
 * the unit has no shapes (its start is not known). */
static inline bool lu_dw_unit_ref(const struct lu_dw_plans *p, Dwarf_Die *die,
		    unsigned form, const unsigned char *v, Dwarf_Die *to)
{
	unsigned size;

	switch (form) {
	case DW_FORM_ref1:
		size = 1;
		break;
	case DW_FORM_ref2:
		size = 2;
		break;
	case DW_FORM_ref4:
		size = 4;
		break;
	default:
		return false; /* libdw's: ref8, ref_udata, ref_addr, sig8 */
	}
	if (!p->n_shapes || die->cu != p->cu || v < p->unit_start ||
	    p->unit_end - v < (ptrdiff_t)size)
		return false;
	uint64_t off = lu_dw_read_uint(p, v, size);

	/* dwarf_formref_die's bound: within the unit, from its header */
	if (off >= (uint64_t)(p->unit_end - p->unit_start))
		return false;
	*to = (Dwarf_Die){ .addr = (void *)(p->unit_start + off),
			   .cu = die->cu };
	return true;
}

/* The DIE a reference of SLOT within the unit (ref1, ref2, ref4) names,
 * as dwarf_formref_die finds it; false for any other form or place. */
bool lu_dw_slot_ref(const struct lu_dw_plans *p, Dwarf_Die *die,
		    const struct lu_dw_shape *sh, int slot,
		    const unsigned char *values, Dwarf_Die *to);

/* The attribute CODE of a DIE of shape SH whose values start at VALUES,
 * at SLOT's place (at[slot] >= 0). */
static inline Dwarf_Attribute lu_dw_slot_attr(const struct lu_dw_shape *sh,
					      int slot, unsigned code,
					      const unsigned char *values,
					      Dwarf_CU *cu)
{
	return (Dwarf_Attribute){
		.code = code,
		.form = sh->form[slot],
		.valp = (unsigned char *)values + sh->at[slot],
		.cu = cu,
	};
}

/* dwarf_formstring (A), a strp or line_strp of the unit's read in place. */
const char *lu_dw_formstring(const struct lu_dw_plans *p, Dwarf_Attribute *a);
/* Does a string of FORM sit in a string section (.debug_str and the
 * like), where one address is one text while the read lasts, not inline
 * in the DIE? */
static inline bool lu_dw_string_in_section(unsigned form)
{
	switch (form) {
	case DW_FORM_strp:
	case DW_FORM_line_strp:
	case DW_FORM_strx:
	case DW_FORM_strx1:
	case DW_FORM_strx2:
	case DW_FORM_strx3:
	case DW_FORM_strx4:
	case DW_FORM_GNU_str_index:
	case DW_FORM_GNU_strp_alt:
		return true;
	default:
		return false;
	}
}

/* dwarf_attr_integrate (DIE, CODE, OUT) from DIE's shape when it has one
 * and refers nowhere else (dwarf_lookups.c); libdw's otherwise. */
bool lu_dw_attr(const struct lu_dw_plans *p, Dwarf_Die *die, unsigned code,
		Dwarf_Attribute *out);
/* dwarf_diename (DIE), the same way. */
const char *lu_dw_name(const struct lu_dw_plans *p, Dwarf_Die *die);
/* The same, and in *PLACED whether it sits in a string section
 * (lu_dw_string_in_section). */
const char *lu_dw_name_placed(const struct lu_dw_plans *p, Dwarf_Die *die,
			      bool *placed);
/* lu_dw_udata (DIE, CODE, DFLT), the same way. */
uint64_t lu_dw_shape_udata(const struct lu_dw_plans *p, Dwarf_Die *die,
			   unsigned code, uint64_t dflt);
/* dwarf_hasattr (DIE, DW_AT_declaration), the same way. */
bool lu_dw_declared(const struct lu_dw_plans *p, Dwarf_Die *die);
/* dwarf_child (DIE, CHILD), the same way. */
int lu_dw_child(const struct lu_dw_plans *p, Dwarf_Die *die, Dwarf_Die *child);

/* lu_dw_type_of (DIE, TYPE), the same way. */
bool lu_dw_shape_type_of(struct lu_dw_plans *p, Dwarf_Die *die,
			 Dwarf_Die *type);
/* lu_dw_strip_type (DIE, CORE), the same way: through typedefs and
 * qualifiers to the type they name. */
bool lu_dw_shape_strip_type(struct lu_dw_plans *p, Dwarf_Die *die,
			    Dwarf_Die *core);

/* dwarf_siblingof (DIE, NEXT), from the shapes of DIE and its children
 * where they have them (dwarf_sibling.c). */
int lu_dw_siblingof(const struct lu_dw_plans *p, Dwarf_Die *die,
		    Dwarf_Die *next);

/* dwarf_haschildren (DIE) > 0, from its shape when it has one. */
bool lu_dw_has_children(const struct lu_dw_plans *p, Dwarf_Die *die);

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

/* lu_dw_next_sibling (P, DIE, END, NEXT) for a DIE whose shape SH (NULL:
 * none) the caller has: one without children is followed at once. */
static inline int lu_dw_next_after(const struct lu_dw_plans *p,
				   Dwarf_Die *die,
				   const struct lu_dw_shape *sh,
				   const unsigned char *end, Dwarf_Die *next)
{
	if (sh && end && !sh->children && die->cu == p->cu) {
		if (end >= p->unit_end || *end == 0)
			return 1;
		*next = (Dwarf_Die){ .addr = (void *)end, .cu = die->cu };
		return 0;
	}
	return lu_dw_next_sibling(p, die, end, next);
}

#endif
