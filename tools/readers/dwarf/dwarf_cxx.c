/* SPDX-License-Identifier: MIT */
/*
 * What C++ adds to a struct's layout in DWARF (dwarf_structs.c builds it):
 * virtual bases, whose offset is an expression the vtable answers at run
 * time, and empty classes, whose one byte of size a [[no_unique_address]]
 * member or an empty base does not take.
 */
#include "dwarf_reader.h"

#include <dwarf.h>

/*
 * A C++ virtual base: its place is the most derived object's choice, and
 * DW_AT_data_member_location is an expression that reads it from the
 * vtable at run time.
 */
bool lu_dw_is_virtual_base(Dwarf_Die *m)
{
	Dwarf_Attribute a;
	uint64_t loc;

	if (dwarf_tag(m) != DW_TAG_inheritance)
		return false;
	if (lu_dw_udata(m, DW_AT_virtuality, DW_VIRTUALITY_none) !=
	    DW_VIRTUALITY_none)
		return true;
	return dwarf_attr(m, DW_AT_data_member_location, &a) &&
	       !lu_dw_location_value(&a, &loc);
}

/* Does the class type T have no data members, its bases none either (a
 * C++ empty class: std::allocator<T>, a stateless comparator)? */
bool lu_dw_is_empty_class(Dwarf_Die *t, int depth)
{
	Dwarf_Die child, base, core;

	if (depth > 16 || (dwarf_tag(t) != DW_TAG_structure_type &&
			   dwarf_tag(t) != DW_TAG_class_type))
		return false;
	if (lu_dw_udata(t, DW_AT_byte_size, 0) != 1)
		return false;
	if (dwarf_child(t, &child) == 0) {
		do {
			if (!lu_dw_is_data_member(&child))
				continue;
			if (dwarf_tag(&child) != DW_TAG_inheritance ||
			    lu_dw_is_virtual_base(&child) ||
			    !lu_dw_type_of(&child, &base) ||
			    !lu_dw_strip_type(&base, &core) ||
			    !lu_dw_is_empty_class(&core, depth + 1))
				return false;
		} while (dwarf_siblingof(&child, &child) == 0);
	}
	return true;
}

/*
 * A member of an empty class type that shares its byte with another
 * member, or lies at the end, is C++20's [[no_unique_address]] (or an
 * empty base's twin): it takes no room, and its 1 byte of type size
 * would count as a member byte and leave a phantom hole after it.
 */
void lu_dwarf_drop_empty_room(struct dwarf_reader *r, uint64_t size)
{
	for (size_t i = 0; i < r->n_members; i++) {
		struct lu_member *m = &r->members[i];
		bool shared = m->offset >= size;

		if (!r->empty[i] || m->size != 1)
			continue;
		for (size_t j = 0; j < r->n_members && !shared; j++) {
			const struct lu_member *o = &r->members[j];

			shared = j != i && !r->empty[j] && o->size &&
				 o->depth == m->depth && o->offset <= m->offset &&
				 m->offset < o->offset + o->size;
		}
		if (shared)
			m->size = 0;
	}
}
