/* SPDX-License-Identifier: MIT */
/*
 * dwarf_siblingof from the unit's shapes: the full walk steps from every
 * top-level DIE to the next with it, and the index from a DIE with
 * children but no DW_AT_sibling (GCC leaves it off the last of a list).
 * libdw looks each DIE's abbreviation up in a locked table and decodes a
 * unit's table anew when it first meets it; every struct of a kernel
 * spent a fifth of its time there. The walk is libdw's own (elfutils'
 * dwarf_siblingof.c): a DIE's DW_AT_sibling is followed where it has
 * one, its children are stepped over where it has none, and a null entry
 * ends a list. Where a DIE on the way has no shape, or a sibling does
 * not point ahead within the unit, libdw walks from the start instead.
 */
#include "dwarf_attrs.h"

int lu_dw_siblingof(const struct lu_dw_plans *p, Dwarf_Die *die,
		    Dwarf_Die *next)
{
	const unsigned char *addr = die->addr;
	unsigned level = 0;

	if (die->cu != p->cu || !p->n_shapes)
		return dwarf_siblingof(die, next);
	do {
		Dwarf_Die at = { .addr = (void *)addr, .cu = die->cu };
		const unsigned char *values;
		const struct lu_dw_shape *sh = lu_dw_shape(p, &at, &values);
		Dwarf_Attribute a;
		Dwarf_Die to;

		if (!sh)
			return dwarf_siblingof(die, next);
		if (sh->at[LU_DW_SLOT_SIBLING] != -1) {
			/* at its place, or stepped to after a value of
			 * varying size (a short name: DW_FORM_string);
			 * libdw's bound: after this DIE, within the unit */
			if (!(sh->at[LU_DW_SLOT_SIBLING] >= 0
				      ? lu_dw_slot_ref(p, &at, sh,
						       LU_DW_SLOT_SIBLING,
						       values, &to)
				      : lu_dw_attr(p, &at, DW_AT_sibling, &a) &&
						lu_dw_unit_ref(p, &at, a.form,
							       a.valp, &to)) ||
			    (const unsigned char *)to.addr <= addr)
				return dwarf_siblingof(die, next);
			addr = to.addr;
		} else {
			if (!(addr = lu_dw_values_end(p, sh, values)))
				return dwarf_siblingof(die, next);
			if (sh->children)
				++level;
		}
		for (;;) {
			if (addr >= p->unit_end)
				return 1;
			if (*addr != 0)
				break;
			if (level-- == 0)
				return 1;	/* no more siblings */
			++addr;
		}
	} while (level > 0);
	*next = (Dwarf_Die){ .addr = (void *)addr, .cu = die->cu };
	return 0;
}
