/* SPDX-License-Identifier: MIT */
/*
 * The DWARF reader's struct half: a struct, union or class DIE (or a
 * typedef naming one) becomes a layout. Members are flattened as C names
 * them, anonymous ones recorded as blocks; a named nested member is
 * expanded as deep as the rules reach. The many identical copies of a
 * struct (one per compilation unit) are recognised by a cheap fingerprint
 * before anything is built.
 */
#include "dwarf_reader.h"

#include <dwarf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "holes.h"

/* ---- members -------------------------------------------------------- */

/*
 * The declaring file, libdw's way: dwarf_decl_file, except that DWARF 5
 * numbers the primary source file 0, which Clang uses for it and elfutils
 * 0.188's dwarf_decl_file refuses, so that index is looked up in the
 * unit's file table directly.
 */
static const char *libdw_decl_file(Dwarf_Die *die)
{
	const char *f = dwarf_decl_file(die);
	Dwarf_Die cu;
	Dwarf_Files *files;
	size_t n;

	if (!f && dwarf_hasattr_integrate(die, DW_AT_decl_file) &&
	    lu_dw_udata(die, DW_AT_decl_file, 1) == 0 &&
	    dwarf_diecu(die, &cu, NULL, NULL) &&
	    dwarf_getsrcfiles(&cu, &files, &n) == 0 && n > 0)
		f = dwarf_filesrc(files, 0, NULL, NULL);
	return f;
}

/*
 * The same names from the unit's line table header (dwarf_files.c), which
 * spares decoding every unit's whole line program; interned once per
 * unit and index.
 */
static const char *decl_file(struct dwarf_reader *r, Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Word idx;
	bool libdw = false;
	const char *f;

	if (!dwarf_attr_integrate(die, DW_AT_decl_file, &a) ||
	    dwarf_formudata(&a, &idx) != 0)
		return NULL;
	if (a.cu != r->names_cu) {
		r->names_cu = a.cu;
		if (r->cap_names)
			memset(r->names, 0, r->cap_names * sizeof(*r->names));
	}
	if (idx < r->cap_names && r->names[idx])
		return r->names[idx];
	f = lu_dw_file_name(&r->files, a.cu, idx, &libdw);
	if (libdw) /* the unit's file table stays put until the end */
		return lu_intern_at(&r->strings, &r->set->arena,
				    libdw_decl_file(die));
	f = lu_intern_str(&r->strings, &r->set->arena, f);
	if (f && idx < LU_DW_MAX_FILES) {
		size_t old = r->cap_names;

		while (idx >= r->cap_names)
			r->names = lu_grow(r->names, &r->cap_names,
					   r->cap_names, sizeof(*r->names));
		memset(r->names + old, 0,
		       (r->cap_names - old) * sizeof(*r->names));
		r->names[idx] = f;
	}
	return f;
}

static unsigned decl_line(Dwarf_Die *die)
{
	int line = 0;

	if (dwarf_decl_line(die, &line) != 0 || line < 0)
		return 0;
	return (unsigned)line;
}

static bool is_aggregate(Dwarf_Die *t)
{
	int tag = dwarf_tag(t);

	return tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
	       tag == DW_TAG_class_type;
}

/* "failed to read DWARF from x.o: struct foo contains itself (DIE 0x2d)" */
static void fail_at(struct dwarf_reader *r, Dwarf_Die *die, const char *why)
{
	char what[96];

	lu_dw_describe(die, what, sizeof(what));
	lu_error_set(r->err, "failed to read DWARF from %s: %s %s (DIE 0x%llx)",
		     r->path, what, why,
		     (unsigned long long)dwarf_dieoffset(die));
	r->failed = true;
}

/* A string of the input, as the layout keeps it: one copy per text. */
static const char *keep(struct dwarf_reader *r, const char *s)
{
	return lu_intern_at(&r->strings, &r->set->arena, s ? s : "");
}

/*
 * A type's spelling, or with DIMS an array's dimensions: worked out once
 * per DIE, kept once per text. Members share their types, and spelling one
 * can take up to LU_DW_MAX_TEXT bytes of work. NULL when the spelling
 * meets a cycle (r->failed).
 */
static const char *type_text(struct dwarf_reader *r, Dwarf_Die *die,
			     bool dims)
{
	struct lu_dw_memo *memo = dims ? &r->dims : &r->spelled;
	Dwarf_Die cycle;
	uint64_t v;

	if (lu_dw_memo_get(memo, die->addr, &v))
		return (const char *)(uintptr_t)v;
	r->text.len = 0;
	r->text.full = false;
	if (dims) {
		lu_dw_array_dims(die, &r->text);
	} else if (!lu_dw_type_name(die, &r->text, &cycle)) {
		fail_at(r, &cycle, "refers to itself");
		return NULL;
	}
	const char *s = lu_intern(&r->strings, &r->set->arena,
				  r->text.len ? r->text.p : "", r->text.len);

	lu_dw_memo_put(memo, die->addr, (uintptr_t)s);
	return s;
}

void lu_dwarf_free_memos(struct dwarf_reader *r)
{
	lu_dw_memo_free(&r->wanted);
	lu_dw_plans_free(&r->plans);
	lu_dw_files_free(&r->files);
	free(r->names);
	lu_intern_free(&r->strings);
	lu_dw_memo_free(&r->spelled);
	lu_dw_memo_free(&r->dims);
	lu_dw_memo_free(&r->walked);
	lu_dw_memo_free(&r->typehash);
	free(r->text.p);
}

/*
 * A bit-field member M at LOC, of BIT_SIZE bits in a type of *SIZE bytes:
 * its storage unit's offset from the struct start into *OFFSET, its size
 * into *SIZE, and its first bit within the unit.
 */
static uint32_t place_bits(struct dwarf_reader *r, Dwarf_Die *m, uint64_t loc,
			   uint64_t bit_size, uint64_t *offset, uint64_t *size)
{
	uint64_t unit = lu_dw_udata(m, DW_AT_byte_size, *size);
	Dwarf_Attribute attr;
	Dwarf_Word v;
	Dwarf_Sword msb = 0;
	int64_t bits;

	if (!unit)
		unit = 1;
	*size = unit;
	if (dwarf_attr_integrate(m, DW_AT_data_bit_offset, &attr) &&
	    !dwarf_formudata(&attr, &v)) {
		/* DWARF 4+: bits from the struct start */
		bits = (int64_t)(loc * 8 + v);
	} else {
		/* DWARF 2/3 (and GCC before DWARF 5): bits from the MSB of
		 * the unit at DW_AT_data_member_location, which is bit 0 only
		 * on big-endian targets. */
		if (dwarf_attr_integrate(m, DW_AT_bit_offset, &attr))
			dwarf_formsdata(&attr, &msb);
		bits = (int64_t)loc * 8 +
		       (r->big_endian ? msb
				      : (int64_t)(unit * 8 - bit_size) - msb);
	}
	/* The storage unit is the type-sized, type-aligned block around the
	 * field, and the bit offset counts from its start in memory order:
	 * pahole's convention on every target. */
	if (bits < 0)
		bits = 0;
	uint64_t unit_bits = unit * 8;

	*offset = ((uint64_t)bits / unit_bits) * unit;
	return (uint32_t)((uint64_t)bits % unit_bits);
}

/* Members of one struct type the padding walk looks at, at most. */
#define MAX_PADDING_ITEMS 4096

/*
 * The tail padding of the struct type T, as pahole reports it after a
 * member of that type: its direct members (an anonymous one whole) through
 * lu_find_holes. 0 when T is malformed or larger than the walk allows.
 */
static uint64_t struct_padding(struct dwarf_reader *r, Dwarf_Die *t)
{
	struct lu_item *items = NULL;
	size_t n = 0, cap = 0;
	uint64_t padding = 0;
	Dwarf_Die child, type;

	/* many members share a type: each is walked once per struct */
	if (lu_dw_memo_get(&r->padded, t->addr, &padding))
		return padding;
	if (dwarf_child(t, &child) != 0)
		goto out;
	do {
		uint64_t loc, bit_size;

		if (!lu_dw_is_data_member(&child))
			continue;
		if (n == MAX_PADDING_ITEMS || !lu_dw_type_of(&child, &type) ||
		    !lu_dw_member_location(&child, &loc))
			goto out;
		items = lu_grow(items, &cap, n, sizeof(*items));
		struct lu_item *it = &items[n++];

		memset(it, 0, sizeof(*it));
		it->offset = loc;
		it->size = lu_dw_type_size(&type);
		bit_size = lu_dw_udata(&child, DW_AT_bit_size, 0);
		if (bit_size) {
			it->bit_size = (uint32_t)bit_size;
			it->bit_offset = place_bits(r, &child, loc, bit_size,
						    &it->offset, &it->size);
		}
	} while (dwarf_siblingof(&child, &child) == 0);
	struct lu_holes h;

	lu_find_holes(items, n, lu_dw_udata(t, DW_AT_byte_size, 0), &h);
	padding = h.padding;
out:
	lu_dw_memo_put(&r->padded, t->addr, padding);
	free(items);
	return padding;
}

static void add_members(struct dwarf_reader *r, Dwarf_Die *s, uint64_t base,
			const char *prefix, unsigned depth, int nesting);

static void add_member(struct dwarf_reader *r, Dwarf_Die *m, uint64_t base,
		       const char *prefix, unsigned depth, int nesting)
{
	Dwarf_Die type, core;
	uint64_t loc;
	const char *name = dwarf_diename(m);

	if (++r->visits > MAX_MEMBER_VISITS) {
		lu_error_set(r->err,
			     "failed to read DWARF from %s: a struct expands "
			     "to more than %u members (malformed DWARF?)",
			     r->path, MAX_MEMBER_VISITS);
		r->failed = true;
		return;
	}
	if (!lu_dw_type_of(m, &type) || !lu_dw_member_location(m, &loc)) {
		lu_error_set(r->err,
			     "failed to read DWARF from %s: malformed member "
			     "'%s' at DIE 0x%llx",
			     r->path, name ? name : "",
			     (unsigned long long)dwarf_dieoffset(m));
		r->failed = true;
		return;
	}
	bool have_core = lu_dw_strip_type(&type, &core);

	/* Anonymous struct or union, or a C++ base class: its members are
	 * the parent's; a block says where it was. */
	if (!name && have_core && is_aggregate(&core)) {
		if (nesting >= MAX_ANON_DEPTH) {
			lu_error_set(r->err,
				     "failed to read DWARF from %s: anonymous "
				     "structs nested deeper than %d",
				     r->path, MAX_ANON_DEPTH);
			r->failed = true;
			return;
		}
		int outer = r->open_block;
		size_t b = r->n_blocks;

		if (!depth) {
			const char *cls = NULL;

			if (dwarf_tag(m) == DW_TAG_inheritance &&
			    !(cls = type_text(r, &type, false)))
				return;
			r->blocks = lu_grow(r->blocks, &r->cap_blocks,
					    r->n_blocks, sizeof(*r->blocks));
			r->blocks[b] = (struct lu_block){
				.offset = base + loc,
				.size = lu_dw_type_size(&type),
				.first = r->n_members,
				.parent = outer,
				.is_union = dwarf_tag(&core) == DW_TAG_union_type,
				.base = cls,
				.forced_align =
					lu_dw_udata(m, DW_AT_alignment, 0),
			};
			r->n_blocks++;
			r->open_block = (int)b;
		}
		add_members(r, &core, base + loc, prefix, depth, nesting + 1);
		if (r->open_block != outer) {
			r->blocks[b].last = r->n_members;
			r->open_block = outer;
		}
		return;
	}

	const char *tn, *dims = "";
	Dwarf_Die elem;

	/* Arrays print as "type name[dims]": keep the dimensions apart. */
	if (have_core && dwarf_tag(&core) == DW_TAG_array_type &&
	    dwarf_tag(&type) == DW_TAG_array_type) {
		dims = type_text(r, &type, true);
		tn = !lu_dw_type_of(&type, &elem) ? keep(r, "void")
						  : type_text(r, &elem, false);
	} else {
		tn = type_text(r, &type, false);
	}
	if (!tn)
		return;

	r->members = lu_grow(r->members, &r->cap_members, r->n_members,
			     sizeof(*r->members));
	struct lu_member *out = &r->members[r->n_members++];

	memset(out, 0, sizeof(*out));
	out->name = prefix ? lu_intern_join(&r->strings, &r->set->arena,
					    prefix, name ? name : "", "")
			   : keep(r, name);
	out->type = tn;
	out->dims = dims;
	out->depth = depth;
	out->group = -1;
	out->file = decl_file(r, m);
	out->decl_line = decl_line(m);
	int col = 0;

	if (dwarf_decl_column(m, &col) == 0 && col > 0)
		out->decl_column = (unsigned)col;
	out->size = lu_dw_type_size(&type);
	out->offset = base + loc;
	out->forced_align = (uint32_t)lu_dw_udata(m, DW_AT_alignment, 0);

	uint64_t bit_size = lu_dw_udata(m, DW_AT_bit_size, 0);

	if (bit_size) {
		uint64_t unit_offset;

		out->bit_size = (uint32_t)bit_size;
		out->bit_offset = place_bits(r, m, loc, bit_size, &unit_offset,
					     &out->size);
		out->offset = base + unit_offset;
	}
	/* pahole looks at the member's own type, not through typedefs */
	if (!bit_size && (dwarf_tag(&type) == DW_TAG_structure_type ||
			  dwarf_tag(&type) == DW_TAG_class_type))
		out->type_padding = struct_padding(r, &type);

	if (depth < r->opts->expand_depth && have_core &&
	    is_aggregate(&core) && dwarf_tag(&type) != DW_TAG_array_type &&
	    name) {
		const char *sub = lu_intern_join(&r->strings, &r->set->arena,
						 prefix ? prefix : "", name, ".");

		add_members(r, &core, out->offset, sub, depth + 1, nesting + 1);
	}
}

static void add_members(struct dwarf_reader *r, Dwarf_Die *s, uint64_t base,
			const char *prefix, unsigned depth, int nesting)
{
	Dwarf_Die child;

	if (dwarf_child(s, &child) != 0)
		return;
	do {
		if (lu_dw_is_data_member(&child))
			add_member(r, &child, base, prefix, depth, nesting);
	} while (!r->failed && dwarf_siblingof(&child, &child) == 0);
}

/* ---- structs -------------------------------------------------------- */

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h;
}

/*
 * A string: a short one by its text, a long one by the address of its
 * interned copy, which is found by the string's own address in O(1), so
 * that one long name shared by every member is not hashed again for each.
 * Either way the same text mixes the same value throughout a read.
 */
static uint64_t mix_str(struct dwarf_reader *r, uint64_t h, const char *s)
{
	uint64_t text = h;

	/* one pass: the text's hash, until it proves long */
	for (size_t i = 0; s && i < LU_INTERN_SHORT; i++) {
		if (!s[i])
			return mix(text, 0xff);
		text = (text ^ (unsigned char)s[i]) * 0x100000001b3ull;
	}
	if (!s)
		return mix(text, 0xff);
	return mix(h, (uintptr_t)lu_intern_at(&r->strings, &r->set->arena, s));
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

static uint64_t udata_of(Dwarf_Attribute *attr, bool has)
{
	Dwarf_Word v;

	return has && !dwarf_formudata(attr, &v) ? v : 0;
}

/*
 * The sibling after DIE, whose attribute values end at END (NULL: not
 * known): a member has no children, so it is the DIE at END, or none at
 * a null entry or the unit's end -- what dwarf_siblingof finds, without
 * reading every attribute of DIE a second time.
 */
static int next_sibling(const struct dwarf_reader *r, Dwarf_Die *die,
			const unsigned char *end, Dwarf_Die *next)
{
	/* a type in another unit (DW_FORM_ref_addr) is not r's unit */
	if (!end || die->cu != r->end_cu || dwarf_haschildren(die))
		return dwarf_siblingof(die, next);
	if (end >= r->unit_end || *end == 0)
		return 1;
	*next = (Dwarf_Die){ .addr = (void *)end, .cu = die->cu };
	return 0;
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

	if (dwarf_child(array, &sub) != 0)
		return mix(h, 0);
	do {
		struct bounds b = { .has_count = false };

		if (dwarf_tag(&sub) != DW_TAG_subrange_type ||
		    lu_dw_getattrs(&r->plans, &sub, collect_bound, &b,
				   &end) == -1)
			continue;
		h = mix(h, b.has_count ? b.count
			   : b.has_upper ? b.upper - b.lower + 1 : 0);
	} while (dwarf_siblingof(&sub, &sub) == 0);
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
static uint64_t type_hash(struct dwarf_reader *r, Dwarf_Die *type)
{
	Dwarf_Die t = *type;
	bool named = false, sized = false;
	const unsigned char *end;
	uint64_t h = 0;

	if (lu_dw_memo_get(&r->typehash, type->addr, &h))
		return h;

	for (int i = 0; i < TYPE_CHAIN; i++) {
		struct type_attrs a = { .has_name = false };
		int tag = lu_dw_tag(&r->plans, &t);

		if (lu_dw_getattrs(&r->plans, &t, collect_type_attr, &a,
				   &end) == -1) {
			h = mix(h, 1); /* add_member will say */
			break;
		}
		if (!named)
			h = mix(h, (uint64_t)tag);
		if (!sized && a.has_size) {
			h = mix(h, udata_of(&a.size, true));
			sized = true;
		} else if (!sized && tag == DW_TAG_array_type) {
			/* its counts here, its element's size next */
			h = mix_dims(r, h, &t);
		}
		if (!named && a.has_name) {
			h = mix_str(r, h, dwarf_formstring(&a.name));
			named = true;
		}
		if (named && sized)
			break;
		if (!a.has_type || !dwarf_formref_die(&a.type, &t)) {
			h = mix(h, 0); /* void, or a name without a size */
			break;
		}
	}
	lu_dw_memo_put(&r->typehash, type->addr, h);
	return h;
}

/*
 * Cheap identity of a definition: size, member names, places and types
 * (base classes are members without a name).
 * SEEN holds the anonymous aggregates already hashed for this struct: C
 * gives each its own DIE, so one met twice is malformed DWARF sharing it,
 * and hashing it again would make the walk exponential.
 */
static uint64_t fingerprint(struct dwarf_reader *r, Dwarf_Die *s, int nesting,
			    size_t *budget, struct lu_dw_memo *seen)
{
	uint64_t h = mix(0, lu_dw_udata(s, DW_AT_byte_size, 0));
	Dwarf_Die child, t, core;

	if (nesting > MAX_ANON_DEPTH || dwarf_child(s, &child) != 0)
		return h;
	const unsigned char *end;

	do {
		int tag = lu_dw_tag(&r->plans, &child);

		end = NULL;
		if (tag != DW_TAG_member && tag != DW_TAG_inheritance)
			continue;
		if (!*budget)
			return h; /* malformed nesting: add_member says so */
		--*budget;
		struct member_attrs m = { .indirect = false };
		const char *name;
		uint64_t loc = 0;
		bool has_type;

		if (lu_dw_getattrs(&r->plans, &child, collect_member_attr, &m,
				   &end) == -1)
			m.indirect = true; /* let the lookups report it */
		if (m.indirect) {
			end = NULL;
			name = dwarf_diename(&child);
			lu_dw_member_location(&child, &loc);
			h = mix_str(r, mix(h, loc), name);
			h = mix(h, lu_dw_udata(&child, DW_AT_data_bit_offset, 0));
			h = mix(h, lu_dw_udata(&child, DW_AT_bit_size, 0));
			has_type = lu_dw_type_of(&child, &t);
		} else {
			name = m.has_name ? dwarf_formstring(&m.name) : NULL;
			if (m.has_loc)
				lu_dw_location_value(&m.loc, &loc);
			h = mix_str(r, mix(h, loc), name);
			h = mix(h, udata_of(&m.bit_offset, m.has_bit_offset));
			h = mix(h, udata_of(&m.bit_size, m.has_bit_size));
			has_type = m.has_type && dwarf_formref_die(&m.type, &t);
		}
		h = mix(h, has_type ? type_hash(r, &t) : 0);
		if (!name && has_type && lu_dw_strip_type(&t, &core) &&
		    is_aggregate(&core)) {
			uint64_t met;

			if (lu_dw_memo_get(seen, core.addr, &met))
				continue;
			lu_dw_memo_put(seen, core.addr, 1);
			h = mix(h, fingerprint(r, &core, nesting + 1, budget,
					       seen));
		}
	} while (next_sibling(r, &child, end, &child) == 0);
	return h;
}

static void build_struct(struct dwarf_reader *r, Dwarf_Die *die,
			 const char *name)
{
	Dwarf_Die bad;

	/* before anything that recurses into members or sums their sizes */
	if (lu_dw_check_layout(&r->walked, die, &bad) < 0) {
		fail_at(r, &bad, "contains itself");
		return;
	}
	r->n_members = 0;
	r->n_blocks = 0;
	r->open_block = -1;
	r->visits = 0;
	add_members(r, die, 0, NULL, 0, 0);
	lu_dw_memo_free(&r->padded);
	if (r->failed)
		return;

	struct lu_struct *s = lu_set_add(r->set);
	struct lu_arena *a = &r->set->arena;

	s->name = name;
	s->is_union = dwarf_tag(die) == DW_TAG_union_type;
	s->size = lu_dw_udata(die, DW_AT_byte_size, 0);
	s->align = lu_dw_udata(die, DW_AT_alignment, 0);
	if (!s->align)
		s->align = lu_dw_struct_align(&r->abi, die);
	s->forced_stated = true;	/* DW_AT_alignment on the members */
	s->file = decl_file(r, die);
	s->decl_line = decl_line(die);
	/* where a definition comes from tells two variants apart; by text,
	 * as r->unit need not outlive its module */
	s->unit = lu_intern_str(&r->strings, a, r->unit ? r->unit : r->cu);
	lu_struct_keep_members(s, a, r->members, r->n_members, r->blocks,
			       r->n_blocks);
}

/* Looks for group markers among the direct members, once per definition. */
/* "%llu" without snprintf, which cost more than the lookup it keys. */
static const char *u64_text(char buf[24], uint64_t v)
{
	char *p = buf + 23;

	*p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	return p;
}

/* NAME is interned: its address stands for it in keys, however long. */
static bool has_markers(struct dwarf_reader *r, Dwarf_Die *die,
			const char *name)
{
	char buf[24], nbuf[24];
	const char *size = u64_text(buf, lu_dw_udata(die, DW_AT_byte_size, 0));
	Dwarf_Die child;

	name = u64_text(nbuf, (uintptr_t)name);

	if (lu_strset_has2(&r->unmarked, name, size))
		return false;
	if (dwarf_child(die, &child) == 0) {
		do {
			if (dwarf_tag(&child) == DW_TAG_member &&
			    lu_is_begin_marker_name(dwarf_diename(&child)))
				return true;
		} while (dwarf_siblingof(&child, &child) == 0);
	}
	lu_strset_add2(&r->unmarked, name, size);
	return false;
}

static size_t kept_hash(const char *name, uint64_t fp)
{
	return (size_t)mix((uint64_t)(uintptr_t)name, fp);
}

/* The slot of (NAME, FP): the kept one, or the free one to fill. */
static struct kept_slot *kept_slot(struct kept_map *m, const char *name,
				   uint64_t fp)
{
	if ((m->count + 1) * 2 > m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 256;
		struct kept_slot *slots = calloc(cap, sizeof(*slots));

		if (!slots)
			abort();
		for (size_t i = 0; i < m->cap; i++) {
			struct kept_slot *o = &m->slots[i];
			size_t k = kept_hash(o->name, o->fp) & (cap - 1);

			if (!o->name)
				continue;
			while (slots[k].name)
				k = (k + 1) & (cap - 1);
			slots[k] = *o;
		}
		free(m->slots);
		m->slots = slots;
		m->cap = cap;
	}
	size_t k = kept_hash(name, fp) & (m->cap - 1);

	while (m->slots[k].name &&
	       !(m->slots[k].name == name && m->slots[k].fp == fp))
		k = (k + 1) & (m->cap - 1);
	return &m->slots[k];
}

/* The per-unit memos hold DIE addresses, which another unit reuses. */
static void enter_unit(struct dwarf_reader *r, Dwarf_Die *die)
{
	if (die->cu != r->end_cu) {
		r->end_cu = die->cu;
		lu_dw_plans_reset(&r->plans, die);
		r->unit_end = r->plans.unit_end;
	}
	if (die->cu != r->typehash_cu) {
		/* type_hash's DIEs are shared within a unit, not across:
		 * keeping them all would grow with every copy of every wanted
		 * struct */
		lu_dw_memo_forget(&r->typehash);
		r->typehash_cu = die->cu;
	}
	if (die->cu != r->built_cu) {
		lu_dw_memo_forget(&r->built);
		r->built_cu = die->cu;
	}
}

/*
 * Keeps the definition DIE as NAME (interned) unless an identical one is
 * kept already; either way its index in the set, SIZE_MAX on failure.
 */
static size_t keep_definition(struct dwarf_reader *r, Dwarf_Die *die,
			      const char *name)
{
	size_t budget = MAX_MEMBER_VISITS;
	struct lu_dw_memo seen = { 0 };
	uint64_t fp = fingerprint(r, die, 0, &budget, &seen);

	lu_dw_memo_free(&seen);
	struct kept_slot *slot = kept_slot(&r->kept, name, fp);

	if (!slot->name) {
		build_struct(r, die, name);
		if (r->failed)
			return SIZE_MAX;
		slot->name = name;
		slot->fp = fp;
		slot->index = r->set->n_structs - 1;
		r->kept.count++;
	}
	lu_dw_memo_put(&r->built, die->addr, slot->index + 1);
	return slot->index;
}

/*
 * lu_read_wants for an interned NAME, asked once per name: a kernel's
 * struct names come back in every unit, and the sets hash the text.
 */
static bool wants(struct dwarf_reader *r, const char *name)
{
	uint64_t v;

	if (!lu_dw_memo_get(&r->wanted, name, &v)) {
		v = lu_read_wants(r->ctx, name);
		lu_dw_memo_put(&r->wanted, name, v);
	}
	return v;
}

/* A struct DIE met in the walk: kept when wanted by its tag or marked. */
static size_t visit_struct(struct dwarf_reader *r, Dwarf_Die *die)
{
	uint64_t index;

	if (dwarf_hasattr(die, DW_AT_declaration))
		return SIZE_MAX;
	const char *name = dwarf_diename(die);

	if (!name)
		return SIZE_MAX; /* tagless: only a typedef can name it */
	enter_unit(r, die);
	if (lu_dw_memo_get(&r->built, die->addr, &index))
		return (size_t)index - 1; /* a typedef got here first */
	const char *kept = keep(r, name);

	if (!wants(r, kept) &&
	    !(r->opts->marked && has_markers(r, die, kept)))
		return SIZE_MAX;
	return keep_definition(r, die, kept);
}

/* Adds the typedef NAME (interned) to the struct at INDEX, once. */
static void add_typedef(struct dwarf_reader *r, size_t index,
			const char *name, bool tagless)
{
	struct lu_struct *s = &r->set->structs[index];

	for (size_t i = 0; i < s->n_typedefs; i++)
		if (s->typedefs[i] == name)
			return;
	const char **names = lu_arena_alloc(&r->set->arena, (s->n_typedefs + 1) *
								    sizeof(*names));

	if (s->n_typedefs)
		memcpy(names, s->typedefs, s->n_typedefs * sizeof(*names));
	names[s->n_typedefs++] = name;
	s->typedefs = names;
	s->tagless = tagless;
}

/*
 * "typedef struct {...} foo_t;" is how much C names its structs, and
 * "typedef struct foo foo_t;" gives a tag a second name: either finds the
 * struct, as pahole -C does. The struct DIE may come before or after.
 */
static void visit_typedef(struct dwarf_reader *r, Dwarf_Die *die)
{
	const char *name = dwarf_diename(die);
	Dwarf_Die type, core;
	uint64_t index;

	if (!name || !lu_dw_type_of(die, &type) ||
	    !lu_dw_strip_type(&type, &core) || !is_aggregate(&core) ||
	    dwarf_hasattr(&core, DW_AT_declaration))
		return;
	const char *kept = keep(r, name);
	bool wanted = wants(r, kept);
	const char *tag = dwarf_diename(&core);
	size_t at = SIZE_MAX;

	enter_unit(r, &core);
	if (lu_dw_memo_get(&r->built, core.addr, &index))
		at = (size_t)index - 1;
	else if (tag)
		at = visit_struct(r, &core);
	if (at == SIZE_MAX && !r->failed &&
	    (wanted || (r->opts->marked && has_markers(r, &core, kept))))
		at = keep_definition(r, &core, tag ? keep(r, tag) : kept);
	if (at != SIZE_MAX && !r->failed)
		add_typedef(r, at, kept, !tag);
}

void lu_dwarf_enter_unit(struct dwarf_reader *r, Dwarf_Die *cudie)
{
	enter_unit(r, cudie);
}

void lu_dwarf_visit_type(struct dwarf_reader *r, Dwarf_Die *die)
{
	int tag = dwarf_tag(die);

	if (tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
	    tag == DW_TAG_class_type)
		visit_struct(r, die);
	else if (tag == DW_TAG_typedef)
		visit_typedef(r, die);
}

