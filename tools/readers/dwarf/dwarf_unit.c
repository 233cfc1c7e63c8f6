/* SPDX-License-Identifier: MIT */
/*
 * One unit's walk: its name, then every top-level DIE (and those of
 * namespaces and C++ classes) to dwarf_structs.c. read_dwarf.c calls it
 * unit after unit, dwarf_jobs.c on each worker's units.
 *
 * Speed matters on a kernel's vmlinux: only top-level DIEs are visited
 * (dwarf_siblingof skips whole subtrees) and only wanted structs are built.
 */
#include "dwarf_reader.h"

#include <dwarf.h>
#include <elfutils/libdw.h>

#include "map_guard.h"
#include "path_join.h"

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

/*
 * gcc -g1 keeps variables without types, clang -gline-tables-only only the
 * units: neither has a type DIE, which even a file of `int x;` has at -g.
 */
bool lu_dw_is_type_tag(int tag)
{
	return tag == DW_TAG_base_type || tag == DW_TAG_structure_type ||
	       tag == DW_TAG_union_type || tag == DW_TAG_class_type ||
	       tag == DW_TAG_typedef || tag == DW_TAG_pointer_type ||
	       tag == DW_TAG_enumeration_type;
}

void lu_dwarf_visit_children(struct dwarf_reader *r, Dwarf_Die *parent,
			     int depth)
{
	Dwarf_Die die;
	int rc;

	if (depth > 8 || (rc = dwarf_child(parent, &die)) > 0)
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
		rc = dwarf_siblingof(&die, &die);
	}
	if (rc < 0 && !r->failed) {
		lu_error_set(r->err,
			     "failed to read DWARF from %s: %s at DIE 0x%llx",
			     r->path, lu_dw_why(),
			     (unsigned long long)dwarf_dieoffset(parent));
		r->failed = true;
	}
}


/*
 * The unit as findings name the units that hold a definition: its
 * DW_AT_name joined with DW_AT_comp_dir, relative under the current
 * directory, as declarations' files are (dwarf_structs.c); interned.
 */
static const char *unit_path(struct dwarf_reader *r, Dwarf_Die *cudie)
{
	Dwarf_Attribute dir;
	const char *comp_dir = NULL;
	char path[4096];

	if (!r->cu)
		return NULL;
	if (dwarf_attr_integrate(cudie, DW_AT_comp_dir, &dir))
		comp_dir = dwarf_formstring(&dir);
	return lu_intern_str(&r->strings, &r->set->arena,
			     lu_path_under(lu_path_join(comp_dir, r->cu, path,
							sizeof(path)),
					   r->cwd));
}

void lu_dwarf_read_unit(struct dwarf_reader *r, Dwarf_Die *cudie)
{
	r->cu = dwarf_diename(cudie);
	r->cu_path = unit_path(r, cudie);
	lu_dwarf_enter_unit(r, cudie);
	/* asked for some structs by name: only what may give them is
	 * decoded (dwarf_index.c); every struct (check's markers, show of
	 * all) or a C++ unit: every top-level DIE is */
	if (r->opts->n_names && !r->opts->marked && !r->opts->full_walk &&
	    !r->scopes.cplus)
		lu_dwarf_index_children(r, cudie);
	else
		lu_dwarf_visit_children(r, cudie, 0);
}

