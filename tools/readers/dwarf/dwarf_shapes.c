/* SPDX-License-Identifier: MIT */
/*
 * A unit's abbreviations decoded once, from the bytes of .debug_abbrev,
 * into shapes indexed by code: the tag, whether the DIE has children, the
 * steps over its values, and where the few values the hot loops read
 * (name, sibling, type) sit when every value before them has a fixed
 * size. libdw decodes an abbreviation on the first DIE that uses it, finds
 * it again in a hash table behind a lock for every DIE, and gives out its
 * attributes one by one from the start (dwarf_getabbrevattr_data is
 * linear in the index asked): a kernel's 3.9 million top-level DIEs cost
 * some 400 instructions each that way. drgn compiles the abbreviations
 * the same way.
 *
 * A unit whose table cannot be read here (a compressed section, a code
 * met twice, a code past MAX_CODES, a table that runs off its section)
 * has no shapes, and dwarf_attrs.c asks libdw, as before; so does any DIE
 * whose code the table lacks. tests/unit/test_dwarf_files.c holds every
 * DIE's tag, children and attributes to libdw's.
 */
#include "dwarf_attrs.h"
#include "dwarf_steps.h"

#include <dwarf.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CODES 65536

/* Section NAME of DW's ELF as it is in the file, or NULL when it is not
 * there as plain bytes (compressed, or absent: libdw's way then). */
static const unsigned char *plain_section(Dwarf *dw, const char *want,
					  size_t *size)
{
	Elf *elf = dwarf_getelf(dw);
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (!elf || elf_getshdrstrndx(elf, &shstrndx) != 0)
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr mem, *sh = gelf_getshdr(scn, &mem);
		const char *name =
			sh ? elf_strptr(elf, shstrndx, sh->sh_name) : NULL;

		if (!name || strcmp(name, want) != 0)
			continue;
		if (sh->sh_type == SHT_NOBITS || (sh->sh_flags & SHF_COMPRESSED))
			return NULL;
		Elf_Data *data = elf_getdata(scn, NULL);

		if (!data || !data->d_buf || data->d_size != sh->sh_size)
			return NULL;
		*size = data->d_size;
		return data->d_buf;
	}
	return NULL;
}

/* The LEB128 at *Q, moved past; false when it runs past END or is too
 * long for 64 bits. */
static inline bool read_uleb(const unsigned char **q,
			     const unsigned char *end, uint64_t *v)
{
	uint64_t x = 0;

	if (*q < end && **q < 0x80) {	/* one byte: nearly every one */
		*v = *(*q)++;
		return true;
	}

	for (unsigned shift = 0; *q < end && shift < 64; shift += 7) {
		unsigned char b = *(*q)++;

		x |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80)) {
			*v = x;
			return true;
		}
	}
	return false;
}

static bool read_sleb(const unsigned char **q, const unsigned char *end,
		      int64_t *v)
{
	uint64_t x = 0;
	unsigned shift = 0;

	while (*q < end && shift < 64) {
		unsigned char b = *(*q)++;

		x |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80)) {
			if (shift < 64 && (b & 0x40))
				x |= ~(uint64_t)0 << shift;
			*v = (int64_t)x;
			return true;
		}
	}
	return false;
}

static int slot_of(uint64_t name)
{
	switch (name) {
	case DW_AT_name:
		return LU_DW_SLOT_NAME;
	case DW_AT_sibling:
		return LU_DW_SLOT_SIBLING;
	case DW_AT_type:
		return LU_DW_SLOT_TYPE;
	case DW_AT_data_member_location:
		return LU_DW_SLOT_LOCATION;
	case DW_AT_data_bit_offset:
		return LU_DW_SLOT_BIT_OFFSET;
	case DW_AT_bit_size:
		return LU_DW_SLOT_BIT_SIZE;
	case DW_AT_byte_size:
		return LU_DW_SLOT_BYTE_SIZE;
	default:
		return -1;
	}
}

static struct lu_dw_shape *shape_for(struct lu_dw_plans *p, uint64_t code)
{
	if (code >= p->cap_shapes) {
		size_t cap = p->cap_shapes ? p->cap_shapes : 512;

		while (cap <= code)
			cap *= 2;
		p->shapes = realloc(p->shapes, cap * sizeof(*p->shapes));
		if (!p->shapes)
			abort();
		memset(p->shapes + p->cap_shapes, 0,
		       (cap - p->cap_shapes) * sizeof(*p->shapes));
		p->cap_shapes = cap;
	}
	if (code >= p->n_filled)
		p->n_filled = code + 1;
	return &p->shapes[code];
}

/* One abbreviation's attributes at *Q, into SH's steps and slots. */
static bool read_attrs(struct lu_dw_plans *p, const unsigned char **q,
		       const unsigned char *end, struct lu_dw_shape *sh)
{
	struct lu_dw_step steps[LU_DW_PLAN_MAX];
	int pos = 0;	/* where the next value starts; -1: not fixed */
	size_t n = 0;

	sh->plan.ok = true;
	for (int s = 0; s < LU_DW_SLOTS; s++)
		sh->at[s] = -1;
	for (;;) {
		uint64_t name, form;
		int64_t implicit = 0;

		if (!read_uleb(q, end, &name) || !read_uleb(q, end, &form))
			return false;
		if (!name && !form)
			break;
		if (form == DW_FORM_implicit_const &&
		    !read_sleb(q, end, &implicit))
			return false;
		if (name == DW_AT_declaration)
			sh->declaration = true;
		if (name == DW_AT_specification ||
		    name == DW_AT_abstract_origin)
			sh->integrates = true;
		uint8_t size = lu_dw_form_size(p, (unsigned)form);
		int slot = slot_of(name);

		if (slot >= 0 && sh->at[slot] == -1) { /* the first wins */
			/* an implicit constant's value is in the table, an
			 * indirect form's names its form first: libdw's */
			sh->at[slot] = (int16_t)(pos >= 0 &&
					 form != DW_FORM_implicit_const &&
					 size != LU_DW_FORM_UNKNOWN
					 ? pos : -2);
			sh->form[slot] = (uint16_t)form;
		}
		if (size == LU_DW_FORM_UNKNOWN || name > UINT16_MAX ||
		    form > UINT16_MAX || n == LU_DW_PLAN_MAX)
			sh->plan.ok = false;
		if (sh->plan.ok) {
			steps[n] = (struct lu_dw_step){ .code = (uint16_t)name,
							.form = (uint16_t)form,
							.size = size };
			if (form == DW_FORM_implicit_const)
				lu_dw_encode_sleb(steps[n].sleb, implicit);
			n++;
		}
		if (size == LU_DW_FORM_VARIABLE || size == LU_DW_FORM_UNKNOWN)
			pos = -1;
		else if (pos >= 0 && pos + size < INT16_MAX)
			pos += size;
		else
			pos = -1;
	}
	sh->fixed = (int16_t)(sh->plan.ok && pos >= 0 ? pos : -1);
	sh->varying = 0;
	for (int s = 0; s < LU_DW_SLOTS; s++)
		if (sh->at[s] == -2)
			sh->varying |= (uint16_t)(1u << s);
	if (sh->plan.ok) {
		struct lu_dw_step *s = lu_dw_take_steps(p, n, &sh->plan);

		if (!s) {
			sh->plan.ok = false;
			sh->fixed = -1;
		} else {
			memcpy(s, steps, n * sizeof(*s));
			sh->plan.n = (uint16_t)n;
		}
	}
	return true;
}

/* The table at OFFSET of the section, every code once; false (and no
 * shapes) when it is not one this reads. */
static bool read_table(struct lu_dw_plans *p, uint64_t offset)
{
	const unsigned char *q = p->abbrev + offset,
			    *end = p->abbrev + p->abbrev_size;

	for (;;) {
		uint64_t code, tag;

		if (!read_uleb(&q, end, &code))
			return false;
		if (!code)
			return true;
		if (code >= MAX_CODES || !read_uleb(&q, end, &tag) ||
		    tag > UINT16_MAX || q >= end)
			return false;
		struct lu_dw_shape *sh = shape_for(p, code);

		if (sh->known)
			return false; /* twice: libdw's to decide */
		sh->known = true;
		sh->tag = (uint16_t)tag;
		sh->children = *q++ == DW_CHILDREN_yes;
		if (!read_attrs(p, &q, end, sh))
			return false;
	}
}

bool lu_dw_shapes_load(struct lu_dw_plans *p, Dwarf_Die *cudie,
		       uint64_t abbrev_offset)
{
	Dwarf *dw = dwarf_cu_getdwarf(cudie->cu);

	p->n_shapes = 0;
	if (!dw || !p->unit_start)
		return false;
	if (dw != p->abbrev_dw) {
		Elf *elf = dwarf_getelf(dw);
		GElf_Ehdr eh;

		p->abbrev_dw = dw;
		p->abbrev = plain_section(dw, ".debug_abbrev", &p->abbrev_size);
		p->str = plain_section(dw, ".debug_str", &p->str_size);
		p->line_str = plain_section(dw, ".debug_line_str",
					    &p->line_str_size);
		/* every offset within them then starts a terminated string */
		if (p->str && (!p->str_size || p->str[p->str_size - 1]))
			p->str = NULL;
		if (p->line_str && (!p->line_str_size ||
				    p->line_str[p->line_str_size - 1]))
			p->line_str = NULL;
		p->msb = elf && gelf_getehdr(elf, &eh) &&
			 eh.e_ident[EI_DATA] == ELFDATA2MSB;
	}
	if (!p->abbrev || abbrev_offset >= p->abbrev_size)
		return false;
	if (p->n_filled)	/* the last unit's codes, no more */
		memset(p->shapes, 0, p->n_filled * sizeof(*p->shapes));
	p->n_filled = 0;
	bool ok = read_table(p, abbrev_offset);
	/*
	 * The table is the one the unit's header names (its offset is
	 * dwarf_next_unit's); the unit's own DIE must read as a unit. It is
	 * not asked of libdw: libdw would decode the table again, in order
	 * up to the unit DIE's code, which GCC puts near the end
	 * (test_dwarf_files holds every DIE's shape to libdw's instead).
	 */
	const struct lu_dw_shape *sh = NULL;
	const unsigned char *values;

	if (ok) {
		p->n_shapes = p->n_filled;
		sh = lu_dw_shape(p, cudie, &values);
	}
	if (!sh || !lu_dw_is_unit_tag(sh->tag)) {
		p->n_shapes = 0;
		return false;
	}
	return true;
}

const unsigned char *lu_dw_values_end_varying(const struct lu_dw_plans *p,
					      const struct lu_dw_shape *sh,
					      const unsigned char *values)
{
	if (!sh->plan.ok)
		return NULL;
	const struct lu_dw_step *s = p->blocks[sh->plan.block] + sh->plan.first;
	const unsigned char *q = values;

	for (size_t i = 0; i < sh->plan.n && q; i++)
		if (s[i].form != DW_FORM_implicit_const)
			q = lu_dw_step_over(&s[i], q, p->unit_end);
	return q;
}

bool lu_dw_slot_ref(const struct lu_dw_plans *p, Dwarf_Die *die,
		    const struct lu_dw_shape *sh, int slot,
		    const unsigned char *values, Dwarf_Die *to)
{
	return sh->at[slot] >= 0 &&
	       lu_dw_unit_ref(p, die, sh->form[slot], values + sh->at[slot],
			      to);
}

const char *lu_dw_formstring(const struct lu_dw_plans *p, Dwarf_Attribute *a)
{
	const unsigned char *base = NULL;
	size_t size = 0;

	if (a->cu != p->cu || !p->n_shapes)
		return dwarf_formstring(a);
	switch (a->form) {
	case DW_FORM_strp:
		base = p->str, size = p->str_size;
		break;
	case DW_FORM_line_strp:
		base = p->line_str, size = p->line_str_size;
		break;
	default:
		return dwarf_formstring(a);
	}
	const unsigned char *v = a->valp;

	if (!base || p->unit_end - v < p->offset_size)
		return dwarf_formstring(a);
	uint64_t off = lu_dw_read_uint(p, v, p->offset_size);

	return off < size ? (const char *)base + off : dwarf_formstring(a);
}

/* dwarf_attr_integrate from the shape: dwarf_lookups.c's and
 * dwarf_sibling.c's (a DW_AT_sibling after a value of varying size). */
bool lu_dw_attr(const struct lu_dw_plans *p, Dwarf_Die *die, unsigned code,
		Dwarf_Attribute *out)
{
	const unsigned char *q;
	const struct lu_dw_shape *sh = lu_dw_shape(p, die, &q);

	/* an origin's attributes, a split unit's skeleton: libdw's */
	if (!sh || sh->integrates || !sh->plan.ok || lu_dw_is_unit_tag(sh->tag))
		return dwarf_attr_integrate(die, code, out) != NULL;
	const struct lu_dw_step *s = p->blocks[sh->plan.block] + sh->plan.first;

	for (size_t i = 0; i < sh->plan.n; i++) {
		const unsigned char *v = q;

		if (s[i].form == DW_FORM_implicit_const)
			v = s[i].sleb;
		else if (!(q = lu_dw_step_over(&s[i], q, p->unit_end)))
			return dwarf_attr_integrate(die, code, out) != NULL;
		if (s[i].code == code) {
			*out = (Dwarf_Attribute){ .code = code,
						  .form = s[i].form,
						  .valp = (unsigned char *)v,
						  .cu = die->cu };
			return true;
		}
	}
	return false;
}
