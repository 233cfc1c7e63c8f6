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
 * What the unit's own DIE says that a read needs: its name, directory and
 * language. Read through its shape (dwarf_shapes.c) in one pass: asked of
 * libdw, the first lookup in a unit decodes the unit's abbreviations in
 * order up to the unit DIE's code, which GCC puts near the end of the
 * table (133 of 140 in a kernel unit), so every unit's table was decoded
 * a second time, 8 % of `show` of ten structs of a vmlinux. What the shape
 * does not hold (a split unit's directory is its skeleton's) is libdw's.
 */
struct unit_attrs {
	Dwarf_Attribute name, dir, lang;
	bool has_name, has_dir, has_lang;
};

static int collect_unit_attr(Dwarf_Attribute *a, void *arg)
{
	struct unit_attrs *u = arg;

	switch (dwarf_whatattr(a)) {
	case DW_AT_name:
		if (!u->has_name)
			u->name = *a, u->has_name = true;
		break;
	case DW_AT_comp_dir:
		if (!u->has_dir)
			u->dir = *a, u->has_dir = true;
		break;
	case DW_AT_language:
		if (!u->has_lang)
			u->lang = *a, u->has_lang = true;
		break;
	default:
		break;
	}
	return DWARF_CB_OK;
}

static const char *unit_string(struct dwarf_reader *r, Dwarf_Die *cudie,
			       Dwarf_Attribute *a, bool has, unsigned code)
{
	Dwarf_Attribute integrated;

	if (has)
		return lu_dw_formstring(&r->plans, a);
	return dwarf_attr_integrate(cudie, code, &integrated)
		       ? dwarf_formstring(&integrated)
		       : NULL;
}

/*
 * The unit as findings name the units that hold a definition: its
 * DW_AT_name joined with DW_AT_comp_dir, relative under the current
 * directory, as declarations' files are (dwarf_structs.c); interned.
 */
static const char *unit_path(struct dwarf_reader *r, const char *comp_dir)
{
	char path[4096];

	if (!r->cu)
		return NULL;
	return lu_intern_str(&r->strings, &r->set->arena,
			     lu_path_under(lu_path_join(comp_dir, r->cu, path,
							sizeof(path)),
					   r->cwd));
}

void lu_dwarf_read_unit(struct dwarf_reader *r, Dwarf_Die *cudie)
{
	struct unit_attrs u = { .has_name = false };
	const unsigned char *end;
	Dwarf_Word lang;

	lu_dwarf_enter_die(r, cudie);	/* the unit's shapes, first */
	if (lu_dw_getattrs(&r->plans, cudie, collect_unit_attr, &u, &end) !=
	    1)
		u = (struct unit_attrs){ .has_name = false };
	r->cu = unit_string(r, cudie, &u.name, u.has_name, DW_AT_name);
	r->cu_path = unit_path(r, unit_string(r, cudie, &u.dir, u.has_dir,
					      DW_AT_comp_dir));
	if (!u.has_lang || dwarf_formudata(&u.lang, &lang) != 0)
		lang = (Dwarf_Word)dwarf_srclang(cudie);
	lu_dwarf_scopes_enter(r, cudie, lu_dw_lang_is_cplus(lang));
	/* asked for some structs by name: only what may give them is
	 * decoded (dwarf_index.c); every struct (check's markers, show of
	 * all) or a C++ unit: every top-level DIE is */
	if (r->opts->n_names && !r->opts->marked && !r->opts->full_walk &&
	    !r->scopes.cplus)
		lu_dwarf_index_children(r, cudie);
	else
		lu_dwarf_visit_children(r, cudie, 0);
}
