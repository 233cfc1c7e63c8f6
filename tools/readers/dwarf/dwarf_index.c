/* SPDX-License-Identifier: MIT */
/*
 * Decoding only what is asked: the walk of a C unit's top-level DIEs when
 * the read wants some structs by name (show -C a,b, not check's every
 * marked struct). Each DIE's attributes are read in one planned pass
 * (dwarf_attrs.c), a DIE with children is jumped over by its
 * DW_AT_sibling where it has one (a function's body, its variables and
 * their location lists are never decoded), and a name is looked up by the
 * address of its text (.debug_str holds each name once) instead of being
 * interned and hashed in every unit. Only the DIEs that may give a wanted
 * struct go to dwarf_structs.c, which then does what the full walk does;
 * every other DIE only has its name recorded, once per text, as
 * lu_read_wants records it for "did you mean".
 *
 * The result is the full walk's, byte for byte (tests/jobs: the index
 * against LINEUP_DWARF_WALK=full): a DIE is handed on whenever the full
 * walk could have done more with it than record a name, and the per-unit
 * state the full walk touches for every struct and typedef (which unit
 * dwarf_structs.c's memos are for) is touched here the same way. C++
 * units, whose names depend on scopes and are matched by their spelling,
 * take the full walk.
 */
#include "dwarf_reader.h"

#include <dwarf.h>
#include <elfutils/libdw.h>

#include "map_guard.h"

/* The attributes of a top-level DIE the index looks at. */
struct index_attrs {
	Dwarf_Attribute name, sibling;
	bool has_name, has_sibling, declaration, integrates;
};

static int collect_index_attr(Dwarf_Attribute *a, void *arg)
{
	struct index_attrs *x = arg;

	switch (dwarf_whatattr(a)) {
	case DW_AT_name:
		x->name = *a;
		x->has_name = true;
		break;
	case DW_AT_sibling:
		x->sibling = *a;
		x->has_sibling = true;
		break;
	case DW_AT_declaration:
		x->declaration = true;
		break;
	case DW_AT_specification:
	case DW_AT_abstract_origin:
		x->integrates = true;	/* dwarf_diename looks there too */
		break;
	default:
		break;
	}
	return DWARF_CB_OK;
}

/*
 * X and *END for DIE from its shape, without a pass over its attributes:
 * false when a slot it reads is not at a fixed place, or its values' end
 * is not known (then lu_dw_getattrs or libdw reads them).
 */
static bool attrs_from_shape(const struct lu_dw_shape *sh, Dwarf_Die *die,
			     const unsigned char *values,
			     const unsigned char *values_end,
			     struct index_attrs *x, const unsigned char **end)
{
	if (!values_end || sh->at[LU_DW_SLOT_NAME] == -2 ||
	    sh->at[LU_DW_SLOT_SIBLING] == -2)
		return false;
	*end = values_end;
	x->has_name = sh->at[LU_DW_SLOT_NAME] >= 0;
	if (x->has_name)
		x->name = lu_dw_slot_attr(sh, LU_DW_SLOT_NAME, DW_AT_name,
					  values, die->cu);
	x->has_sibling = sh->at[LU_DW_SLOT_SIBLING] >= 0;
	if (x->has_sibling)
		x->sibling = lu_dw_slot_attr(sh, LU_DW_SLOT_SIBLING,
					     DW_AT_sibling, values, die->cu);
	x->declaration = sh->declaration;
	x->integrates = sh->integrates;
	return true;
}

/* dwarf_diename (DIE), from the attributes X read. */
static const char *name_of(struct dwarf_reader *r, Dwarf_Die *die,
			   struct index_attrs *x)
{
	if (x->integrates)
		return dwarf_diename(die);
	return x->has_name ? lu_dw_formstring(&r->plans, &x->name) : NULL;
}

/*
 * lu_read_wants for the name at TEXT, asked once per text address. The
 * worker logs the name as dwarf_structs.c's wants() does, for the merge.
 */
static bool wants_text(struct dwarf_reader *r, const char *text)
{
	uint64_t v;

	if (!lu_dw_memo_get(&r->wanted_text, text, &v)) {
		v = lu_read_wants(r->ctx, text);
		lu_dw_memo_put(&r->wanted_text, text, v);
		lu_dw_log(r, LU_DW_EV_NAME, 0, 0, text, NULL, false);
	}
	return v;
}

/* A struct DIE: true when dwarf_structs.c is to see it. */
static bool struct_asked(struct dwarf_reader *r, Dwarf_Die *die,
			 struct index_attrs *x)
{
	const char *name;
	uint64_t built;

	if (x->declaration || !(name = name_of(r, die, x)))
		return false;
	lu_dwarf_enter_die(r, die);
	if (lu_dw_memo_get(&r->built, die->addr, &built))
		return false; /* a typedef built it: visit_struct stops too */
	return wants_text(r, name);
}

/*
 * A typedef: true when dwarf_structs.c is to see it, which is when it
 * names a struct that is wanted by the typedef's name or its own tag, or
 * one built already (the typedef is then one more name of it).
 */
static bool typedef_asked(struct dwarf_reader *r, Dwarf_Die *die,
			  struct index_attrs *x)
{
	const char *name = name_of(r, die, x), *tag;
	Dwarf_Die type, core;
	uint64_t built;
	bool asked;

	if (!name || !lu_dw_shape_type_of(&r->plans, die, &type) ||
	    !lu_dw_shape_strip_type(&r->plans, &type, &core))
		return false;
	if (!lu_dw_is_aggregate_tag(lu_dw_tag(&r->plans, &core)) ||
	    lu_dw_declared(&r->plans, &core))
		return false;
	tag = lu_dw_name(&r->plans, &core);
	asked = wants_text(r, name);
	lu_dwarf_enter_die(r, &core);
	if (lu_dw_memo_get(&r->built, core.addr, &built))
		return true;
	return (tag && wants_text(r, tag)) || asked;
}

/*
 * The DIE after DIE, whose attributes end at END: its DW_AT_sibling when
 * it has children and one that points ahead within the unit, else as
 * lu_dw_next_sibling finds it (dwarf_siblingof, which also follows the
 * attribute, for anything else: its errors are the full walk's).
 */
static int next_of(struct dwarf_reader *r, Dwarf_Die *die,
		   const struct lu_dw_shape *sh, const unsigned char *end,
		   struct index_attrs *x, Dwarf_Die *next)
{
	bool children = sh ? sh->children : dwarf_haschildren(die) > 0;
	Dwarf_Die to;

	if (end && x->has_sibling && die->cu == r->plans.cu && children &&
	    dwarf_whatform(&x->sibling) != DW_FORM_ref_addr &&
	    (lu_dw_unit_ref(&r->plans, die, x->sibling.form,
			    x->sibling.valp, &to) ||
	     dwarf_formref_die(&x->sibling, &to)) &&
	    to.cu == die->cu &&
	    (const unsigned char *)to.addr > end &&
	    (const unsigned char *)to.addr < r->plans.unit_end) {
		if (*(const unsigned char *)to.addr == 0)
			return 1; /* the null entry that ends the list */
		*next = to;
		return 0;
	}
	return lu_dw_next_after(&r->plans, die, sh, end, next);
}

/* Top-level DIEs between two asks of the map guard. */
#define GUARD_EVERY 256

void lu_dwarf_index_children(struct dwarf_reader *r, Dwarf_Die *cudie)
{
	Dwarf_Die die;
	unsigned since_guard = 0;
	int rc;

	if ((rc = lu_dw_child(&r->plans, cudie, &die)) > 0)
		return;
	while (rc == 0 && !r->failed) {
		struct index_attrs x = { .has_name = false };
		const unsigned char *end = NULL;

		/* asked every GUARD_EVERY DIEs, not each (3 % of a read):
		 * a vanished page reads as zeros, a null entry that ends the
		 * walk of its own, and the unit's end asks once more */
		if (++since_guard % GUARD_EVERY == 0 && lu_map_guard_shrank()) {
			r->failed = true; /* zeros from here: the guard says */
			return;
		}
		const unsigned char *values;
		const struct lu_dw_shape *sh =
			lu_dw_shape(&r->plans, &die, &values);
		int tag = sh ? sh->tag : lu_dw_tag(&r->plans, &die);

		if (tag == DW_TAG_namespace) {
			/* not C: the full walk's, as it would be there */
			lu_dwarf_visit_children(r, &die, 1);
			rc = dwarf_siblingof(&die, &die);
			continue;
		}
		if (sh && attrs_from_shape(sh, &die, values,
					   lu_dw_values_end(&r->plans, sh,
							    values),
					   &x, &end)) {
			/* the shape said it all: no pass over the values */
		} else if (lu_dw_getattrs(&r->plans, &die, collect_index_attr,
					  &x, &end) != 1) {
			/* libdw read them (or could not): as the full walk */
			end = NULL;
			x = (struct index_attrs){
				.has_name = false,
				.declaration =
					dwarf_hasattr(&die, DW_AT_declaration),
				.integrates = true,
			};
		}
		bool asked = false;

		if (tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
		    tag == DW_TAG_class_type)
			asked = struct_asked(r, &die, &x);
		else if (tag == DW_TAG_typedef)
			asked = typedef_asked(r, &die, &x);
		if (asked) {
			lu_dwarf_visit_type(r, &die);
			/* a typedef of a struct in another unit plans that
			 * unit's abbreviations: this one's again (a cache) */
			if (r->plans.cu != cudie->cu)
				lu_dw_plans_reset(&r->plans, cudie);
		}
		r->n_types += lu_dw_is_type_tag(tag);
		rc = next_of(r, &die, sh, end, &x, &die);
	}
	if (lu_map_guard_shrank()) {
		r->failed = true;
		return;
	}
	if (rc < 0 && !r->failed) {
		lu_error_set(r->err,
			     "failed to read DWARF from %s: %s at DIE 0x%llx",
			     r->path, lu_dw_why(),
			     (unsigned long long)dwarf_dieoffset(cudie));
		r->failed = true;
	}
}
