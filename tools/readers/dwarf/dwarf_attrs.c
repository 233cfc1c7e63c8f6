/* SPDX-License-Identifier: MIT */
/*
 * A DIE's attributes as dwarf_getattrs gives them, for the hot loop of the
 * DWARF reader: every member of every copy of every struct in a kernel
 * (six million DIEs) is read to recognise duplicates. libdw decodes each
 * abbreviation's attribute list (two LEB128s per attribute) and the size
 * of each value anew for every DIE; here an abbreviation is planned once
 * per unit (dwarf_getabbrevattr_data) and a DIE is stepped over with the
 * plan, whose end is also where the next sibling of a DIE without
 * children starts. libdw still decodes every value (dwarf_formstring,
 * dwarf_formudata, dwarf_formref_die on the attributes given out); a form
 * not listed below, a DIE of another unit or a unit whose end is not known
 * goes to dwarf_getattrs itself. tests/unit/test_dwarf_files.c compares
 * both on every DIE of objects from GCC and Clang.
 */
#include "dwarf_attrs.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "dwarf_steps.h"

#define PLAN_MAX LU_DW_PLAN_MAX

/*
 * Where DIE's unit ends in memory, which libdw keeps to itself: its header
 * is one of the sizes DWARF 2-5 define before the unit's DIE, and
 * dwarf_next_unit confirms which and says where the next unit starts.
 * NULL when none is confirmed (type units of .debug_types).
 */
static const unsigned char *unit_end(Dwarf_Die *die, uint8_t *offset_size,
				     uint8_t *addr_size,
				     const unsigned char **unit_start,
				     Dwarf_Off *abbrev_offset)
{
	static const Dwarf_Off header_sizes[] = { 11, 12, 20, 23, 24, 32,
						  36, 40 };
	Dwarf_Die cudie;
	Dwarf *dw = dwarf_cu_getdwarf(die->cu);

	if (!dw || !dwarf_diecu(die, &cudie, addr_size, offset_size))
		return NULL;
	Dwarf_Off at = dwarf_dieoffset(&cudie);
	const unsigned char *base = (const unsigned char *)cudie.addr - at;

	for (size_t i = 0; i < sizeof(header_sizes) / sizeof(*header_sizes);
	     i++) {
		Dwarf_Off start = at - header_sizes[i], next;
		size_t header;

		if (at < header_sizes[i])
			break;
		if (dwarf_next_unit(dw, start, &next, &header, NULL,
				    abbrev_offset, NULL, NULL, NULL,
				    NULL) == 0 &&
		    start + header == at && next > at) {
			*unit_start = base + start;
			return base + next;
		}
	}
	return NULL;
}

void lu_dw_plans_reset(struct lu_dw_plans *p, Dwarf_Die *die)
{
	Dwarf_Off abbrev_offset = 0;
	Dwarf_Die cudie;

	p->cu = die->cu;
	p->offset_size = 4;
	p->address_size = 8;
	p->unit_start = NULL;
	p->unit_end = unit_end(die, &p->offset_size, &p->address_size,
			       &p->unit_start, &abbrev_offset);
	lu_dw_memo_forget(&p->by_abbrev);
	p->n_plans = 0;
	p->n_blocks = p->n_blocks ? 1 : 0;	/* the first is reused */
	p->used = 0;
	if (p->cap_codes)
		memset(p->by_code, 0, p->cap_codes * sizeof(*p->by_code));
	p->n_shapes = 0;
	if (p->unit_end && dwarf_diecu(die, &cudie, NULL, NULL))
		lu_dw_shapes_load(p, &cudie, abbrev_offset);
}

void lu_dw_plans_free(struct lu_dw_plans *p)
{
	lu_dw_memo_free(&p->by_abbrev);
	free(p->plans);
	for (size_t i = 0; i < p->cap_blocks; i++)
		free(p->blocks[i]);
	free(p->blocks);
	free(p->by_code);
	free(p->shapes);
	memset(p, 0, sizeof(*p));
}

static const struct lu_dw_plan *plan_of(struct lu_dw_plans *p,
					Dwarf_Abbrev *abbrev)
{
	uint64_t at;
	size_t n = 0;

	if (lu_dw_memo_get(&p->by_abbrev, abbrev, &at))
		return &p->plans[at - 1];
	p->plans = lu_grow(p->plans, &p->cap_plans, p->n_plans,
			   sizeof(*p->plans));
	struct lu_dw_plan *plan = &p->plans[p->n_plans];

	memset(plan, 0, sizeof(*plan));
	/* counted with dwarf_getabbrevattr_data: 0.188's dwarf_getattrcnt
	 * miscounts after an implicit constant (it skips not its value) */
	while (n <= PLAN_MAX && dwarf_getabbrevattr_data(abbrev, n, NULL, NULL,
							  NULL, NULL) == 0)
		n++;
	struct lu_dw_step *s = n <= PLAN_MAX ? lu_dw_take_steps(p, n, plan)
					     : NULL;

	if (s) {
		plan->n = (uint16_t)n;
		plan->ok = true;
		for (size_t i = 0; i < n && plan->ok; i++) {
			unsigned name, form;
			Dwarf_Sword data;

			if (dwarf_getabbrevattr_data(abbrev, i, &name, &form,
						     &data, NULL) != 0 ||
			    lu_dw_form_size(p, form) == LU_DW_FORM_UNKNOWN) {
				plan->ok = false;
				break;
			}
			s[i].code = (uint16_t)name;
			s[i].form = (uint16_t)form;
			s[i].size = lu_dw_form_size(p, form);
			if (form == DW_FORM_implicit_const)
				lu_dw_encode_sleb(s[i].sleb, data);
		}
	}
	lu_dw_memo_put(&p->by_abbrev, abbrev, ++p->n_plans);
	return plan;
}

/* Codes cached per unit; a kernel unit uses a few hundred. */
#define MAX_CODES 65536

int lu_dw_tag(struct lu_dw_plans *p, Dwarf_Die *die)
{
	const unsigned char *q = die->addr;
	const struct lu_dw_shape *sh;
	size_t k;

	if (!die->abbrev && (sh = lu_dw_shape(p, die, &q)))
		return sh->tag;
	q = die->addr;
	if (die->abbrev || die->cu != p->cu || !p->unit_end ||
	    q >= p->unit_end || !(k = lu_dw_leb_len(q, p->unit_end)) || k > 3)
		return dwarf_tag(die);
	size_t code = (size_t)lu_dw_uleb(q, k);

	if (code < p->cap_codes && p->by_code[code]) {
		die->abbrev = p->by_code[code];
		return dwarf_tag(die);
	}
	int tag = dwarf_tag(die);

	if (code < MAX_CODES && die->abbrev &&
	    die->abbrev != (Dwarf_Abbrev *)-1l) {
		if (code >= p->cap_codes) {
			size_t cap = p->cap_codes ? p->cap_codes : 256;

			while (cap <= code)
				cap *= 2;
			p->by_code = realloc(p->by_code,
					     cap * sizeof(*p->by_code));
			if (!p->by_code)
				abort();
			memset(p->by_code + p->cap_codes, 0,
			       (cap - p->cap_codes) * sizeof(*p->by_code));
			p->cap_codes = cap;
		}
		p->by_code[code] = die->abbrev;
	}
	return tag;
}

ptrdiff_t lu_dw_getattrs(struct lu_dw_plans *p, Dwarf_Die *die,
			 int (*cb)(Dwarf_Attribute *, void *), void *arg,
			 const unsigned char **end)
{
	const unsigned char *values[PLAN_MAX];
	const struct lu_dw_plan *plan;
	const struct lu_dw_shape *sh;
	const unsigned char *q, *stop = p->unit_end;

	*end = NULL;
	if ((sh = lu_dw_shape(p, die, &q))) {
		if (!sh->plan.ok)
			return dwarf_getattrs(die, cb, arg, 0);
		plan = &sh->plan;
	} else {
		if (die->cu != p->cu || !p->unit_end ||
		    (lu_dw_tag(p, die), !die->abbrev) ||
		    die->abbrev == (Dwarf_Abbrev *)-1l ||
		    !(plan = plan_of(p, die->abbrev))->ok)
			return dwarf_getattrs(die, cb, arg, 0);
		q = die->addr;
		size_t k = q < stop ? lu_dw_leb_len(q, stop) : 0;

		/* the abbreviation code, then every value, before any
		 * callback: a DIE that runs past its unit is libdw's */
		if (!k)
			return dwarf_getattrs(die, cb, arg, 0);
		q += k;
	}
	const struct lu_dw_step *s = p->blocks[plan->block] + plan->first;

	for (size_t i = 0; i < plan->n; i++) {
		values[i] = s[i].form == DW_FORM_implicit_const ? s[i].sleb : q;
		if (s[i].form != DW_FORM_implicit_const &&
		    !(q = lu_dw_step_over(&s[i], q, stop)))
			return dwarf_getattrs(die, cb, arg, 0);
	}
	for (size_t i = 0; i < plan->n; i++) {
		Dwarf_Attribute a = { .code = s[i].code, .form = s[i].form,
				      .valp = (unsigned char *)values[i],
				      .cu = die->cu };

		if (cb(&a, arg) != DWARF_CB_OK)
			return 2;
	}
	*end = q;
	return 1;
}

int lu_dw_next_sibling(const struct lu_dw_plans *p, Dwarf_Die *die,
		       const unsigned char *end, Dwarf_Die *next)
{
	/* a DIE of another unit (DW_FORM_ref_addr) is not p's */
	if (!end || die->cu != p->cu || lu_dw_has_children(p, die))
		return lu_dw_siblingof(p, die, next);
	if (end >= p->unit_end || *end == 0)
		return 1;
	*next = (Dwarf_Die){ .addr = (void *)end, .cu = die->cu };
	return 0;
}

bool lu_dw_has_children(const struct lu_dw_plans *p, Dwarf_Die *die)
{
	const unsigned char *values;
	const struct lu_dw_shape *sh = lu_dw_shape(p, die, &values);

	return sh ? sh->children : dwarf_haschildren(die) > 0;
}
