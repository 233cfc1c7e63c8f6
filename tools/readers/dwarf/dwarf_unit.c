/* SPDX-License-Identifier: MIT */
/*
 * One unit's walk: its name, then its DIEs, indexed (dwarf_index.c) when
 * only some structs are asked for, else all (dwarf_walk.c). read_dwarf.c
 * calls it unit after unit, dwarf_jobs.c on each worker's units.
 */
#include "dwarf_reader.h"

#include <dwarf.h>
#include <elfutils/libdw.h>

#include "path_join.h"

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

