/* SPDX-License-Identifier: MIT */
/*
 * Recognising a struct's copies: the same struct is defined again in every
 * unit that includes its header (a kernel's vmlinux holds 650,000
 * definitions of 8,000 structs), and each copy is read for a cheap
 * fingerprint -- size, member names, places and types -- before anything
 * is built. It reads six million member DIEs on a kernel: one pass over
 * each (dwarf_attrs.c), the next member found where the last one ends,
 * type hashes kept per unit.
 */
#include "dwarf_reader.h"

#include <dwarf.h>
#include <string.h>

static uint64_t mix(uint64_t h, uint64_t v)
{
	return lu_dw_mix(h, v);
}

/*
 * A string: a short one by its text, a long one by the hash of its
 * interned copy, which is found by the string's own address in O(1) and
 * hashed once, so that one long name shared by every member is not hashed
 * again for each. Either way the same text mixes the same value: in every
 * worker of a parallel read, whose interned copies differ
 * (dwarf_kept.c compares their fingerprints).
 */
/* One 64-bit word of a short name into H: MurmurHash3's finaliser
 * steps, so that every bit of W reaches every bit of the result. */
static uint64_t mix_word(uint64_t h, uint64_t w)
{
	h ^= w;
	h *= 0xff51afd7ed558ccdull;
	return h ^ (h >> 33);
}

static uint64_t mix_str(struct dwarf_reader *r, uint64_t h, const char *s)
{
	uint64_t text;
	/* strnlen, then eight bytes a step: a byte a step was a tenth of
	 * reading a kernel (member names are short) */
	size_t len = s ? strnlen(s, LU_INTERN_SHORT) : 0;

	if (len < LU_INTERN_SHORT) {	/* NULL and "" alike, as before */
		uint64_t w;
		size_t i = 0;

		text = h;
		for (; i + 8 <= len; i += 8) {
			memcpy(&w, s + i, 8);
			text = mix_word(text, w);
		}
		if (i < len) {
			w = 0;
			memcpy(&w, s + i, len - i);
			text = mix_word(text, w);
		}
		return mix(mix_word(text, len), 0xff);
	}
	const char *kept = lu_intern_at(&r->strings, &r->set->arena, s);

	if (!lu_dw_memo_get(&r->strhash, kept, &text)) {
		text = 0xcbf29ce484222325ull;
		for (const char *p = kept; *p; p++)
			text = (text ^ (unsigned char)*p) * 0x100000001b3ull;
		lu_dw_memo_put(&r->strhash, kept, text);
	}
	return mix(h, text);
}

/*
 * A name read through attribute A (S its text) into H. BY_PLACE, a name
 * in a string section is mixed by its address, not its text: within one
 * read every module stays mapped, so one address is one text, and the
 * text is never touched (reading it from .debug_str was a sixth of a
 * kernel's read). Such a hash says "the same" only: see
 * lu_dwarf_fingerprint_by_place.
 */
static uint64_t mix_name(struct dwarf_reader *r, uint64_t h,
			 const Dwarf_Attribute *a, const char *s,
			 bool by_place)
{
	if (by_place && s && lu_dw_string_in_section(a->form))
		return mix(mix(h, 0x57), (uint64_t)(uintptr_t)s);
	return mix_str(r, h, s);
}

/*
 * The attributes of a member that the fingerprint reads, in one pass over
 * the DIE: looked up one by one, each absent attribute costs three scans
 * (dwarf_attr_integrate also tries DW_AT_abstract_origin and
 * DW_AT_specification), for every copy of a wanted struct in every unit.
 * A member that refers elsewhere takes the lookups instead.
 */
struct member_attrs {
	Dwarf_Attribute name, loc, bit_offset, bit_size, type;
	bool has_name, has_loc, has_bit_offset, has_bit_size, has_type;
	bool indirect;
};

static int collect_member_attr(Dwarf_Attribute *attr, void *arg)
{
	struct member_attrs *m = arg;
	Dwarf_Attribute *slot;
	bool *has;

	switch (dwarf_whatattr(attr)) {
	case DW_AT_name:
		slot = &m->name, has = &m->has_name;
		break;
	case DW_AT_data_member_location:
		slot = &m->loc, has = &m->has_loc;
		break;
	case DW_AT_data_bit_offset:
		slot = &m->bit_offset, has = &m->has_bit_offset;
		break;
	case DW_AT_bit_size:
		slot = &m->bit_size, has = &m->has_bit_size;
		break;
	case DW_AT_type:
		slot = &m->type, has = &m->has_type;
		break;
	case DW_AT_abstract_origin:
	case DW_AT_specification:
		m->indirect = true;
		return DWARF_CB_ABORT;
	default:
		return DWARF_CB_OK;
	}
	if (!*has) { /* the first one wins, as in dwarf_attr */
		*slot = *attr;
		*has = true;
	}
	return DWARF_CB_OK;
}

/* Slot SLOT of a DIE of shape SH into *A and *HAS. */
static inline void take_slot(const struct lu_dw_shape *sh, int slot,
			     unsigned code, const unsigned char *values,
			     Dwarf_CU *cu, Dwarf_Attribute *a, bool *has)
{
	*has = sh->at[slot] >= 0;
	if (*has)
		*a = lu_dw_slot_attr(sh, slot, code, values, cu);
}

/* The slots a member's fingerprint reads. */
#define MEMBER_SLOTS                                                        \
	((1u << LU_DW_SLOT_NAME) | (1u << LU_DW_SLOT_LOCATION) |            \
	 (1u << LU_DW_SLOT_BIT_OFFSET) | (1u << LU_DW_SLOT_BIT_SIZE) |      \
	 (1u << LU_DW_SLOT_TYPE))

/* M from DIE's shape, with no pass over its values: false when a slot is
 * not at a fixed place or the member refers elsewhere. */
static bool member_from_shape(struct dwarf_reader *r, Dwarf_Die *die,
			      const struct lu_dw_shape *sh,
			      const unsigned char *values,
			      struct member_attrs *m, const unsigned char **end)
{
	Dwarf_CU *cu = die->cu;

	if (!sh || sh->integrates || (sh->varying & MEMBER_SLOTS) ||
	    !(*end = lu_dw_values_end(&r->plans, sh, values)))
		return false; /* before M is touched: lu_dw_getattrs' */
	take_slot(sh, LU_DW_SLOT_NAME, DW_AT_name, values, cu, &m->name,
		  &m->has_name);
	take_slot(sh, LU_DW_SLOT_LOCATION, DW_AT_data_member_location, values,
		  cu, &m->loc, &m->has_loc);
	take_slot(sh, LU_DW_SLOT_BIT_OFFSET, DW_AT_data_bit_offset, values, cu,
		  &m->bit_offset, &m->has_bit_offset);
	take_slot(sh, LU_DW_SLOT_BIT_SIZE, DW_AT_bit_size, values, cu,
		  &m->bit_size, &m->has_bit_size);
	take_slot(sh, LU_DW_SLOT_TYPE, DW_AT_type, values, cu, &m->type,
		  &m->has_type);
	m->indirect = false;
	return true;
}

static uint64_t udata_of(struct dwarf_reader *r, Dwarf_Attribute *attr,
			 bool has)
{
	Dwarf_Word v;

	return has && !lu_dw_formudata(&r->plans, attr, &v) ? v : 0;
}

/* lu_dw_location_value (A, LOC), a data1 or data2 offset read here. */
static void location_of(struct dwarf_reader *r, Dwarf_Attribute *a,
			uint64_t *loc)
{
	Dwarf_Word v;

	if ((a->form == DW_FORM_data1 || a->form == DW_FORM_data2) &&
	    lu_dw_formudata(&r->plans, a, &v) == 0)
		*loc = v;
	else
		lu_dw_location_value(a, loc);
}

/* What mix_type reads of a type DIE, in one pass as for members. */
struct type_attrs {
	Dwarf_Attribute name, size, type;
	bool has_name, has_size, has_type;
};

static int collect_type_attr(Dwarf_Attribute *attr, void *arg)
{
	struct type_attrs *t = arg;
	Dwarf_Attribute *slot;
	bool *has;

	switch (dwarf_whatattr(attr)) {
	case DW_AT_name:
		slot = &t->name, has = &t->has_name;
		break;
	case DW_AT_byte_size:
		slot = &t->size, has = &t->has_size;
		break;
	case DW_AT_type:
		slot = &t->type, has = &t->has_type;
		break;
	default:
		return DWARF_CB_OK;
	}
	if (!*has) {
		*slot = *attr;
		*has = true;
	}
	return DWARF_CB_OK;
}

/* The slots a type's hash reads. */
#define TYPE_SLOTS                                                          \
	((1u << LU_DW_SLOT_NAME) | (1u << LU_DW_SLOT_BYTE_SIZE) |           \
	 (1u << LU_DW_SLOT_TYPE))

/* A of type DIE T from its shape, with no pass over its values: false
 * when a value it reads is not at a fixed place (lu_dw_getattrs' then). */
static bool type_from_shape(struct dwarf_reader *r, Dwarf_Die *t,
			    struct type_attrs *a)
{
	const unsigned char *values;
	const struct lu_dw_shape *sh = lu_dw_shape(&r->plans, t, &values);

	/* the DIE's own values, as dwarf_getattrs gives them: all within
	 * the unit, or libdw's to report */
	if (!sh || (sh->varying & TYPE_SLOTS) ||
	    !lu_dw_values_end(&r->plans, sh, values))
		return false;
	take_slot(sh, LU_DW_SLOT_NAME, DW_AT_name, values, t->cu, &a->name,
		  &a->has_name);
	take_slot(sh, LU_DW_SLOT_BYTE_SIZE, DW_AT_byte_size, values, t->cu,
		  &a->size, &a->has_size);
	take_slot(sh, LU_DW_SLOT_TYPE, DW_AT_type, values, t->cu, &a->type,
		  &a->has_type);
	return true;
}

/* One bound of an array's dimension, for mix_dims. */
struct bounds {
	Dwarf_Word count, lower, upper;
	bool has_count, has_upper;
};

static int collect_bound(Dwarf_Attribute *attr, void *arg)
{
	struct bounds *b = arg;
	Dwarf_Word v;

	if (dwarf_formudata(attr, &v) != 0)
		return DWARF_CB_OK; /* not a constant: as if absent */
	switch (dwarf_whatattr(attr)) {
	case DW_AT_count:
		b->count = v, b->has_count = true;
		break;
	case DW_AT_lower_bound:
		b->lower = v;
		break;
	case DW_AT_upper_bound:
		b->upper = v, b->has_upper = true;
		break;
	default:
		break;
	}
	return DWARF_CB_OK;
}

/*
 * An array's element counts, one per dimension, whether the producer
 * wrote DW_AT_count (Clang) or bounds (GCC); 0 for an unknown count (a
 * flexible array). With the element's own size, which the type chain
 * meets next, they say what the array's size says (dwarf_aggregate_size,
 * which costs ten times more) and its shape too.
 */
static uint64_t mix_dims(struct dwarf_reader *r, uint64_t h, Dwarf_Die *array)
{
	const unsigned char *end;
	Dwarf_Die sub;

	if (lu_dw_child(&r->plans, array, &sub) != 0)
		return mix(h, 0);
	do {
		struct bounds b = { .has_count = false };

		end = NULL;
		if (lu_dw_tag(&r->plans, &sub) != DW_TAG_subrange_type ||
		    lu_dw_getattrs(&r->plans, &sub, collect_bound, &b,
				   &end) == -1)
			continue;
		h = mix(h, b.has_count ? b.count
			   : b.has_upper ? b.upper - b.lower + 1 : 0);
	} while (lu_dw_next_sibling(&r->plans, &sub, end, &sub) == 0);
	return h;
}

/* Hops followed from a member's type to its name and size: real types
 * need two or three (const char *, u32 to __u32 to unsigned int). */
#define TYPE_CHAIN 8

/*
 * A member's type, cheaply: the tags down to the first name (int, struct
 * list_head *, u32) and the first size on the way (through typedefs), so
 * that `int a` and `char a`, or pointers to different structs, tell two
 * definitions apart. Not the type's DIE offset: each unit has its own copy
 * of the type. Kept per DIE, as the members of a unit share their types.
 */
static uint64_t type_hash(struct dwarf_reader *r, Dwarf_Die *type,
			  bool by_place)
{
	struct lu_dw_memo *memo = by_place ? &r->typehash_place : &r->typehash;
	Dwarf_Die t = *type;
	bool named = false, sized = false;
	const unsigned char *end;
	uint64_t h = 0;

	if (lu_dw_memo_get(memo, type->addr, &h))
		return h;

	for (int i = 0; i < TYPE_CHAIN; i++) {
		struct type_attrs a = { .has_name = false };
		int tag = lu_dw_tag(&r->plans, &t);

		if (!type_from_shape(r, &t, &a) &&
		    lu_dw_getattrs(&r->plans, &t, collect_type_attr, &a,
				   &end) == -1) {
			h = mix(h, 1); /* add_member will say */
			break;
		}
		if (!named)
			h = mix(h, (uint64_t)tag);
		if (!sized && a.has_size) {
			h = mix(h, udata_of(r, &a.size, true));
			sized = true;
		} else if (!sized && tag == DW_TAG_array_type) {
			/* its counts here, its element's size next */
			h = mix_dims(r, h, &t);
		}
		if (!named && a.has_name) {
			h = mix_name(r, h, &a.name,
				     lu_dw_formstring(&r->plans, &a.name),
				     by_place);
			named = true;
		}
		if (named && sized)
			break;
		if (!a.has_type ||
		    (!lu_dw_unit_ref(&r->plans, &t, a.type.form, a.type.valp,
				     &t) &&
		     !dwarf_formref_die(&a.type, &t))) {
			/* void, or a name without a size */
			h = mix(h, 0);
			break;
		}
	}
	lu_dw_memo_put(memo, type->addr, h);
	return h;
}

/*
 * The anonymous aggregates met in one struct: a few, so a short list
 * first. A table for every copy (17,000 in ten structs of a kernel) cost
 * 4 KiB of calloc each, 1.6 % of the read.
 */
#define SEEN_FEW 16

struct seen {
	const void *few[SEEN_FEW];
	size_t n;
	struct lu_dw_memo more;
};

/* Was ADDR met already? It is from now on. */
static bool seen_before(struct seen *s, const void *addr)
{
	uint64_t met;

	for (size_t i = 0; i < s->n && i < SEEN_FEW; i++)
		if (s->few[i] == addr)
			return true;
	if (s->n < SEEN_FEW) {
		s->few[s->n++] = addr;
		return false;
	}
	if (lu_dw_memo_get(&s->more, addr, &met))
		return true;
	lu_dw_memo_put(&s->more, addr, 1);
	return false;
}

/*
 * Cheap identity of a definition: size, member names, places and types
 * (base classes are members without a name).
 * SEEN holds the anonymous aggregates already hashed for this struct: C
 * gives each its own DIE, so one met twice is malformed DWARF sharing it,
 * and hashing it again would make the walk exponential.
 */
static uint64_t fingerprint(struct dwarf_reader *r, Dwarf_Die *s, int nesting,
			    size_t *budget, struct seen *seen, bool by_place)
{
	uint64_t h = mix(0, lu_dw_shape_udata(&r->plans, s, DW_AT_byte_size,
					      0));
	Dwarf_Die child, t, core;

	if (nesting > MAX_ANON_DEPTH || lu_dw_child(&r->plans, s, &child) != 0)
		return h;
	const unsigned char *end, *values = NULL;
	const struct lu_dw_shape *sh;

	do {
		/* the member's shape, decoded once for all it is asked */
		sh = lu_dw_shape(&r->plans, &child, &values);
		int tag = sh ? sh->tag : lu_dw_tag(&r->plans, &child);

		end = NULL;
		if (tag != DW_TAG_member && tag != DW_TAG_inheritance)
			continue;
		if (!*budget)
			return h; /* malformed nesting: add_member says so */
		--*budget;
		struct member_attrs m;
		const char *name;
		uint64_t loc = 0;
		bool has_type;

		if (!member_from_shape(r, &child, sh, values, &m, &end)) {
			m = (struct member_attrs){ .indirect = false };
			if (lu_dw_getattrs(&r->plans, &child,
					   collect_member_attr, &m,
					   &end) == -1)
				m.indirect = true; /* the lookups report it */
		}
		if (m.indirect) {
			end = NULL;
			sh = NULL;
			name = dwarf_diename(&child);
			lu_dw_member_location(&child, &loc);
			h = mix_str(r, mix(h, loc), name);
			h = mix(h, lu_dw_udata(&child, DW_AT_data_bit_offset, 0));
			h = mix(h, lu_dw_udata(&child, DW_AT_bit_size, 0));
			has_type = lu_dw_type_of(&child, &t);
		} else {
			name = m.has_name ? lu_dw_formstring(&r->plans, &m.name)
					 : NULL;
			if (m.has_loc)
				location_of(r, &m.loc, &loc);
			h = mix_name(r, mix(h, loc), &m.name, name, by_place);
			h = mix(h, udata_of(r, &m.bit_offset,
					    m.has_bit_offset));
			h = mix(h, udata_of(r, &m.bit_size, m.has_bit_size));
			has_type = m.has_type &&
				   (lu_dw_unit_ref(&r->plans, &child,
						   m.type.form, m.type.valp,
						   &t) ||
				    dwarf_formref_die(&m.type, &t));
		}
		h = mix(h, has_type ? type_hash(r, &t, by_place) : 0);
		if (!name && has_type &&
		    lu_dw_shape_strip_type(&r->plans, &t, &core) &&
		    lu_dw_is_aggregate_tag(lu_dw_tag(&r->plans, &core))) {
			if (seen_before(seen, core.addr))
				continue;
			h = mix(h, fingerprint(r, &core, nesting + 1, budget,
					       seen, by_place));
		}
	} while (lu_dw_next_after(&r->plans, &child, sh, end, &child) == 0);
	return h;
}

static uint64_t fingerprint_of(struct dwarf_reader *r, Dwarf_Die *die,
			       bool by_place)
{
	size_t budget = MAX_MEMBER_VISITS;
	struct seen seen = { .n = 0 };
	uint64_t fp = fingerprint(r, die, 0, &budget, &seen, by_place);

	lu_dw_memo_free(&seen.more);
	return fp;
}

uint64_t lu_dwarf_fingerprint(struct dwarf_reader *r, Dwarf_Die *die)
{
	return fingerprint_of(r, die, false);
}

uint64_t lu_dwarf_fingerprint_by_place(struct dwarf_reader *r, Dwarf_Die *die)
{
	return fingerprint_of(r, die, true);
}
