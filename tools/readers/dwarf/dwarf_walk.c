/* SPDX-License-Identifier: MIT */
/*
 * The full walk of a unit's top-level DIEs (and those of namespaces and
 * C++ classes) to dwarf_structs.c, for check's markers, show of every
 * struct and C++ units; dwarf_index.c's indexed walk falls back to it for
 * what it cannot skip. Both use the helpers here, so neither calls the
 * other's file.
 *
 * Speed matters on a kernel's vmlinux: only top-level DIEs are visited
 * (lu_dw_siblingof skips whole subtrees) and only wanted structs are built.
 */
#include "dwarf_reader.h"

#include <dwarf.h>
#include <elfutils/libdw.h>

#include "map_guard.h"

/*
 * The last libdw (or libdwfl) error, else libelf's: neither keeps one when
 * libelf failed beneath it (a corrupt compressed section), and their
 * "no error" helps nobody.
 */
const char *lu_dw_why(void)
{
	int e = dwarf_errno();

	if (e)
		return dwarf_errmsg(e);
	e = elf_errno();
	return e ? elf_errmsg(e) : "malformed DWARF";
}

void lu_dwarf_visit_children(struct dwarf_reader *r, Dwarf_Die *parent,
			     int depth)
{
	Dwarf_Die die;
	int rc;

	if (depth > 8 || (rc = lu_dw_child(&r->plans, parent, &die)) > 0)
		return;
	/* -1 is a DIE libdw cannot decode, not the end of the list */
	while (rc == 0 && !r->failed) {
		if (lu_map_guard_shrank()) {
			r->failed = true; /* zeros from here: the guard says */
			return;
		}
		int tag = lu_dw_tag(&r->plans, &die);

		if (tag == DW_TAG_namespace) {
			lu_dwarf_visit_children(r, &die, depth + 1);
		} else {
			lu_dwarf_visit_type(r, &die);
			/* C++ classes nest theirs (Outer<int>::Block), and
			 * functions and their blocks theirs, which pahole
			 * lists too (--show_private_classes) */
			if (r->scopes.cplus &&
			    (tag == DW_TAG_structure_type ||
			     tag == DW_TAG_class_type ||
			     tag == DW_TAG_union_type ||
			     tag == DW_TAG_subprogram ||
			     tag == DW_TAG_lexical_block))
				lu_dwarf_visit_children(r, &die, depth + 1);
		}
		r->n_types += lu_dw_is_type_tag(tag);
		rc = lu_dw_siblingof(&r->plans, &die, &die);
	}
	if (rc < 0 && !r->failed) {
		lu_error_set(r->err,
			     "failed to read DWARF from %s: %s at DIE 0x%llx",
			     r->path, lu_dw_why(),
			     (unsigned long long)dwarf_dieoffset(parent));
		r->failed = true;
	}
}
