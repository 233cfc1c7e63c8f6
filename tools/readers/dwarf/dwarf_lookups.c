/* SPDX-License-Identifier: MIT */
/*
 * libdw's lookups answered from a DIE's shape (dwarf_shapes.c), so that
 * a unit whose DIEs are only fingerprinted (a copy of a struct kept
 * already: most of a kernel's units) never has libdw decode its table:
 * libdw's first lookup in a unit decodes the abbreviations in order up to
 * the code asked, and GCC orders them by use, not by place (the unit's
 * own DIE is near the end). Ten structs of a 6.1 vmlinux: 2.47 G
 * instructions before, 2.25 G with these alone. Whatever a shape does not
 * answer (an origin's attributes, a value that runs past the unit, a form
 * the steps do not know) is libdw's, as before; test_dwarf_files holds
 * each to libdw on every DIE of objects from GCC and Clang.
 */
#include "dwarf_attrs.h"
#include "dwarf_steps.h"

#include <dwarf.h>

const char *lu_dw_name(const struct lu_dw_plans *p, Dwarf_Die *die)
{
	Dwarf_Attribute a;

	return lu_dw_attr(p, die, DW_AT_name, &a) ? lu_dw_formstring(p, &a)
						   : NULL;
}

const char *lu_dw_name_placed(const struct lu_dw_plans *p, Dwarf_Die *die,
			      bool *placed)
{
	Dwarf_Attribute a;

	*placed = false;
	if (!lu_dw_attr(p, die, DW_AT_name, &a))
		return NULL;
	*placed = lu_dw_string_in_section(a.form);
	return lu_dw_formstring(p, &a);
}

uint64_t lu_dw_shape_udata(const struct lu_dw_plans *p, Dwarf_Die *die,
			   unsigned code, uint64_t dflt)
{
	Dwarf_Attribute a;
	Dwarf_Word v;

	return lu_dw_attr(p, die, code, &a) && dwarf_formudata(&a, &v) == 0
		       ? v
		       : dflt;
}

bool lu_dw_declared(const struct lu_dw_plans *p, Dwarf_Die *die)
{
	const unsigned char *values;
	const struct lu_dw_shape *sh = lu_dw_shape(p, die, &values);

	if (!sh || !lu_dw_values_end(p, sh, values))
		return dwarf_hasattr(die, DW_AT_declaration);
	return sh->declaration;
}

int lu_dw_child(const struct lu_dw_plans *p, Dwarf_Die *die, Dwarf_Die *child)
{
	const unsigned char *values, *first, *q;
	const struct lu_dw_shape *sh = lu_dw_shape(p, die, &values);

	if (!sh || !(first = lu_dw_values_end(p, sh, values)))
		return dwarf_child(die, child);
	if (!sh->children)
		return 1;
	/* a null entry first (a ULEB128 0, which libdw allows padded with
	 * 0x80s) means no children, as does the unit's end; the child
	 * starts at FIRST either way (code 128 is 0x80 0x01) */
	for (q = first; q < p->unit_end && *q == 0x80;)
		q++;
	if (q >= p->unit_end || *q == 0)
		return 1;
	*child = (Dwarf_Die){ .addr = (void *)first, .cu = die->cu };
	return 0;
}

bool lu_dw_shape_type_of(struct lu_dw_plans *p, Dwarf_Die *die,
			 Dwarf_Die *type)
{
	const unsigned char *values;
	const struct lu_dw_shape *sh = lu_dw_shape(p, die, &values);
	Dwarf_Attribute a;

	if (sh && !sh->integrates) {
		if (sh->at[LU_DW_SLOT_TYPE] == -1)
			return false; /* void */
		if (lu_dw_slot_ref(p, die, sh, LU_DW_SLOT_TYPE, values, type))
			return true;
		/* after a value of varying size (a short name is
		 * DW_FORM_string: typedef u32): stepped to */
		if (sh->at[LU_DW_SLOT_TYPE] == -2 &&
		    lu_dw_attr(p, die, DW_AT_type, &a) &&
		    lu_dw_unit_ref(p, die, a.form, a.valp, type))
			return true;
	}
	return lu_dw_type_of(die, type);
}

bool lu_dw_shape_strip_type(struct lu_dw_plans *p, Dwarf_Die *die,
			    Dwarf_Die *core)
{
	Dwarf_Die cur = *die;

	for (int depth = 0; depth < MAX_TYPE_DEPTH; depth++) {
		switch (lu_dw_tag(p, &cur)) {
		case DW_TAG_typedef:
		case DW_TAG_const_type:
		case DW_TAG_volatile_type:
		case DW_TAG_restrict_type:
		case DW_TAG_atomic_type:
			if (!lu_dw_shape_type_of(p, &cur, &cur))
				return false;
			break;
		default:
			*core = cur;
			return true;
		}
	}
	return false;
}
