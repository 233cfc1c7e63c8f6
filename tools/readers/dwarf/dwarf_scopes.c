/* SPDX-License-Identifier: MIT */
/*
 * C++ scopes for the DWARF reader: the qualified name of every type DIE
 * of a C++ unit ("ns::Ring<long int, 4>", "Outer<int>::Block"), as the
 * compiler spells it, so that two classes named Meter in two namespaces
 * are two types and a nested class can be found. libdw keeps no parent
 * links, so one walk per C++ unit over its namespaces and classes (their
 * member functions skipped whole) records each type's enclosing scope.
 * C units are never walked: their struct names are all at file scope.
 */
#include "dwarf_reader.h"

#include <dwarf.h>
#include <string.h>

/* Deeper than any real nesting of namespaces and classes. */
#define MAX_SCOPE_DEPTH 32

bool lu_dw_lang_is_cplus(Dwarf_Word lang)
{
	switch (lang) {
	case DW_LANG_C_plus_plus:
	case DW_LANG_C_plus_plus_03:
	case DW_LANG_C_plus_plus_11:
	case DW_LANG_C_plus_plus_14:
		return true;
	default:
		return false;
	}
}

static bool is_scope_type(int tag)
{
	return tag == DW_TAG_structure_type || tag == DW_TAG_class_type ||
	       tag == DW_TAG_union_type || tag == DW_TAG_enumeration_type ||
	       tag == DW_TAG_typedef;
}

static void walk(struct dwarf_reader *r, Dwarf_Die *parent, const char *prefix,
		 int depth)
{
	Dwarf_Die die;

	if (depth > MAX_SCOPE_DEPTH || dwarf_child(parent, &die) != 0)
		return;
	do {
		int tag = dwarf_tag(&die);
		const char *name = dwarf_diename(&die);

		if (tag == DW_TAG_namespace) {
			/* GDB's spelling of what the source cannot name */
			walk(r, &die,
			     lu_intern_join(&r->strings, &r->set->arena, prefix,
					    name ? name : "(anonymous namespace)",
					    "::"),
			     depth + 1);
			continue;
		}
		if (!is_scope_type(tag))
			continue;
		if (*prefix)
			lu_dw_memo_put(&r->scopes.prefix, die.addr,
				       (uintptr_t)prefix);
		if (name && tag != DW_TAG_typedef &&
		    tag != DW_TAG_enumeration_type)
			walk(r, &die,
			     lu_intern_join(&r->strings, &r->set->arena, prefix,
					    name, "::"),
			     depth + 1);
	} while (dwarf_siblingof(&die, &die) == 0);
}

void lu_dwarf_scopes_enter(struct dwarf_reader *r, Dwarf_Die *cudie,
			   bool cplus)
{
	if (cudie->cu == r->scopes.cu)
		return;
	r->scopes.cu = cudie->cu;
	lu_dw_memo_forget(&r->scopes.prefix);
	r->scopes.cplus = cplus;
	if (r->scopes.cplus)
		walk(r, cudie, "", 0);
}

const char *lu_dw_scope_of(const struct lu_dw_scopes *sc, Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Die spec;
	uint64_t v;

	if (!sc || !sc->cplus)
		return NULL;
	if (lu_dw_memo_get(&sc->prefix, die->addr, &v))
		return (const char *)(uintptr_t)v;
	/* an out-of-class definition names its declaration's scope */
	if (dwarf_attr(die, DW_AT_specification, &a) &&
	    dwarf_formref_die(&a, &spec) &&
	    lu_dw_memo_get(&sc->prefix, spec.addr, &v))
		return (const char *)(uintptr_t)v;
	return NULL;
}
