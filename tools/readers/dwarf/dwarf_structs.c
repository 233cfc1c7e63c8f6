/* SPDX-License-Identifier: MIT */
/*
 * The DWARF reader's struct half: a struct, union or class DIE (or a
 * typedef naming one) becomes a layout. Members are flattened as C names
 * them, anonymous ones recorded as blocks; a named nested member is
 * expanded as deep as the rules reach. The many identical copies of a
 * struct (one per compilation unit) are recognised by a cheap fingerprint
 * (dwarf_fingerprint.c) before anything is built.
 */
#include "dwarf_reader.h"

#include <dwarf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "path_join.h"
#include "holes.h"
#include "markers.h"

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
	char path[4096];

	if (a.cu != r->names_cu) {
		Dwarf_Die cudie;
		Dwarf_Attribute dir;

		r->names_cu = a.cu;
		r->comp_dir = NULL;
		if (dwarf_cu_die(a.cu, &cudie, NULL, NULL, NULL, NULL, NULL,
				 NULL) &&
		    dwarf_attr_integrate(&cudie, DW_AT_comp_dir, &dir))
			r->comp_dir = dwarf_formstring(&dir);
		if (r->cap_names)
			memset(r->names, 0, r->cap_names * sizeof(*r->names));
	}
	if (idx < r->cap_names && r->names[idx])
		return r->names[idx];
	f = lu_dw_file_name(&r->files, a.cu, idx, &libdw);
	/* a path that resolves wherever lineup runs (path_join.c) */
	if (libdw) { /* the unit's file table stays put until the end */
		/* dwarf_getsrcfiles fills the unit's table once: two
		 * threads may fill that of a type unit both refer to */
		if (r->libdw_lock)
			pthread_mutex_lock(r->libdw_lock);
		f = libdw_decl_file(die);
		if (r->libdw_lock)
			pthread_mutex_unlock(r->libdw_lock);
		return lu_intern_str(
			&r->strings, &r->set->arena,
			lu_path_under(lu_path_join(r->comp_dir, f, path,
						    sizeof(path)),
				      r->cwd));
	}
	f = lu_intern_str(&r->strings, &r->set->arena,
			  lu_path_under(lu_path_join(r->comp_dir, f, path,
						      sizeof(path)),
				      r->cwd));
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
	} else if (!lu_dw_type_name(die, &r->scopes, &r->text, &cycle)) {
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
	lu_dw_memo_free(&r->wanted_text);
	lu_dw_plans_free(&r->plans);
	lu_dw_files_free(&r->files);
	free(r->names);
	lu_intern_free(&r->strings);
	lu_dw_memo_free(&r->spelled);
	lu_dw_memo_free(&r->dims);
	lu_dw_memo_free(&r->walked);
	lu_dw_memo_free(&r->typehash);
	lu_dw_memo_free(&r->typehash_place);
	lu_dw_memo_free(&r->strhash);
	lu_dw_memo_free(&r->scopes.prefix);
	free(r->vbases);
	free(r->empty);
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

/* Records the virtual base M once per struct, by its type's spelling. */
static void add_virtual_base(struct dwarf_reader *r, Dwarf_Die *m)
{
	Dwarf_Die type;
	const char *tn = lu_dw_type_of(m, &type) ? type_text(r, &type, false)
						  : keep(r, "<unknown>");

	if (!tn)
		return;
	for (size_t i = 0; i < r->n_vbases; i++)
		if (r->vbases[i] == tn)
			return;
	r->vbases = lu_grow(r->vbases, &r->cap_vbases, r->n_vbases,
			    sizeof(*r->vbases));
	r->vbases[r->n_vbases++] = tn;
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

		if (!lu_dw_is_data_member(&child) || lu_dw_is_virtual_base(&child))
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
	if (lu_dw_is_virtual_base(m)) {
		add_virtual_base(r, m);
		return;
	}
	if (!lu_dw_type_of(m, &type) || !lu_dw_member_location(m, &loc)) {
		/* this type only: the others of the input stand */
		snprintf(r->skip_why, sizeof(r->skip_why),
			 "member '%.64s' at DIE 0x%llx has no type or no "
			 "constant offset",
			 name ? name : "", (unsigned long long)dwarf_dieoffset(m));
		for (char *p = r->skip_why; *p; p++)
			if ((unsigned char)*p < ' ' || *p == 0x7f)
				*p = '?';
		return;
	}
	bool have_core = lu_dw_strip_type(&type, &core);

	/* Anonymous struct or union, or a C++ base class: its members are
	 * the parent's; a block says where it was. */
	if (!name && have_core && lu_dw_is_aggregate(&core)) {
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
	while (r->n_members >= r->cap_empty)
		r->empty = lu_grow(r->empty, &r->cap_empty, r->cap_empty,
				   sizeof(*r->empty));
	r->empty[r->n_members] = have_core && !lu_dw_udata(m, DW_AT_bit_size, 0) &&
				 dwarf_tag(&type) != DW_TAG_array_type &&
				 lu_dw_is_empty_class(&core, 0);
	struct lu_member *out = &r->members[r->n_members++];

	memset(out, 0, sizeof(*out));
	out->name = prefix ? lu_intern_join(&r->strings, &r->set->arena,
					    prefix, name ? name : "", "")
			   : keep(r, name);
	out->type = tn;
	out->dims = dims;
	out->depth = depth;
	out->group = -1;
	/* DWARF states an access only where it is not the default (private
	 * in a class, public in a struct or union) */
	uint64_t access = lu_dw_udata(m, DW_AT_accessibility,
				      r->in_class ? DW_ACCESS_private
						  : DW_ACCESS_public);

	out->hidden = access != DW_ACCESS_public;
	out->file = decl_file(r, m);
	out->decl_line = decl_line(m);
	int col = 0;

	if (dwarf_decl_column(m, &col) == 0 && col > 0)
		out->decl_column = (unsigned)col;
	out->size = lu_dw_type_size(&type);
	out->offset = base + loc;
	out->forced_align = (uint32_t)lu_dw_udata(m, DW_AT_alignment, 0);
	/* the ABI's, as the struct's own alignment is worked out, so that
	 * suggest moves members where the compiler would put them */
	out->abi_align = (uint32_t)lu_dw_type_align(&r->abi, &type);

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
	    lu_dw_is_aggregate(&core) && dwarf_tag(&type) != DW_TAG_array_type &&
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
	bool outer = r->in_class;

	if (dwarf_child(s, &child) != 0)
		return;
	r->in_class = dwarf_tag(s) == DW_TAG_class_type;
	do {
		if (lu_dw_is_data_member(&child))
			add_member(r, &child, base, prefix, depth, nesting);
	} while (!r->failed && !r->skip_why[0] &&
		 dwarf_siblingof(&child, &child) == 0);
	r->in_class = outer;
}

/* ---- structs -------------------------------------------------------- */

/* False when DIE cannot be laid out: skipped with a note, or failed. */
static bool build_struct(struct dwarf_reader *r, Dwarf_Die *die,
			 const char *name)
{
	Dwarf_Die bad;

	/* before anything that recurses into members or sums their sizes */
	if (lu_dw_check_layout(&r->walked, die, &bad) < 0) {
		fail_at(r, &bad, "contains itself");
		return false;
	}
	r->n_members = 0;
	r->n_blocks = 0;
	r->n_vbases = 0;
	r->skip_why[0] = '\0';
	r->open_block = -1;
	r->visits = 0;
	add_members(r, die, 0, NULL, 0, 0);
	lu_dw_memo_free(&r->padded);
	if (r->failed)
		return false;
	if (r->skip_why[0]) {
		lu_set_skip(r->set, name, r->skip_why);
		return false;
	}
	lu_dwarf_drop_empty_room(r, lu_dw_udata(die, DW_AT_byte_size, 0));

	struct lu_struct *s = lu_set_add(r->set);
	struct lu_arena *a = &r->set->arena;

	s->name = name;
	s->is_union = dwarf_tag(die) == DW_TAG_union_type;
	s->is_class = dwarf_tag(die) == DW_TAG_class_type;
	s->cplus = r->scopes.cplus;
	s->size = lu_dw_udata(die, DW_AT_byte_size, 0);
	s->align = lu_dw_udata(die, DW_AT_alignment, 0);
	s->align_stated = s->align != 0;
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
	if (r->n_vbases) {
		s->virtual_bases = lu_arena_alloc(a, r->n_vbases *
							  sizeof(*s->virtual_bases));
		memcpy(s->virtual_bases, r->vbases,
		       r->n_vbases * sizeof(*s->virtual_bases));
		s->n_virtual_bases = r->n_vbases;
	}
	return true;
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
	const char *text = name;
	Dwarf_Die child;

	name = u64_text(nbuf, (uintptr_t)name);

	if (lu_strset_has2(&r->unmarked, name, size))
		return false;
	if (dwarf_child(die, &child) == 0) {
		do {
			if (dwarf_tag(&child) == DW_TAG_member &&
			    lu_is_begin_marker_name(dwarf_diename(&child))) {
				if (r->log)
					lu_strset_add2(&r->log->marked, text,
						       size);
				return true;
			}
		} while (dwarf_siblingof(&child, &child) == 0);
	}
	lu_strset_add2(&r->unmarked, name, size);
	if (r->log)
		lu_strset_add2(&r->log->unmarked, text, size);
	return false;
}

/* The per-unit memos hold DIE addresses, which another unit reuses. */
static void enter_unit(struct dwarf_reader *r, Dwarf_Die *die)
{
	if (die->cu != r->plans.cu)
		lu_dw_plans_reset(&r->plans, die);
	if (die->cu != r->typehash_cu) {
		/* type_hash's DIEs are shared within a unit, not across:
		 * keeping them all would grow with every copy of every wanted
		 * struct */
		lu_dw_memo_forget(&r->typehash);
		lu_dw_memo_forget(&r->typehash_place);
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
	/* a copy met before is found by place, its names' text unread */
	uint64_t place = lu_dwarf_fingerprint_by_place(r, die);
	const struct kept_slot *met = lu_dw_kept_slot(&r->placed, name, place);
	bool known = met->name != NULL;
	uint64_t fp = known ? met->canon : lu_dwarf_fingerprint(r, die);
	struct kept_slot *slot = lu_dw_kept_slot(&r->kept, name, fp);

	if (!slot->name) {
		bool held = r->claims && lu_dw_built_below(r->claims, name, fp,
							    r->log->task);

		if (held) {
			/* the merge keeps the lower unit's build: a stand-in
			 * here, for this worker's typedefs and units */
			lu_set_add(r->set)->name = name;
		} else if (!build_struct(r, die, name)) {
			if (!r->failed)
				lu_dw_log(r, LU_DW_EV_SKIP, 0, fp, name,
					  r->skip_why, false);
			return SIZE_MAX;
		} else if (r->claims) {
			lu_dw_claim(r->claims, name, fp, r->log->task);
		}
		slot->name = name;
		slot->fp = fp;
		slot->index = r->set->n_structs - 1;
		slot->held = held;
		r->kept.count++;
	}
	if (!known) {
		*lu_dw_kept_slot(&r->placed, name, place) = (struct kept_slot){
			.name = name, .fp = place, .canon = fp,
		};
		r->placed.count++;
	}
	/* which units hold it: a finding on one variant names them */
	lu_struct_add_unit(&r->set->structs[slot->index], &r->set->arena,
			   r->cu_path);
	lu_dw_log(r, slot->held ? LU_DW_EV_HELD : LU_DW_EV_KEEP, slot->index,
		  fp, name, r->cu_path, false);
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
		lu_dw_log(r, LU_DW_EV_NAME, 0, 0, name, NULL, false);
	}
	return v;
}

/* NAME of DIE with its C++ scope ("ns::" NAME), interned; by address
 * when the name is PLACED in a string section (a struct's name comes
 * back in every unit: its text is read once). */
static const char *qualified(struct dwarf_reader *r, Dwarf_Die *die,
			     const char *name, bool placed, bool *scoped)
{
	const char *scope = lu_dw_scope_of(&r->scopes, die);

	*scoped = scope != NULL;
	if (scope)
		return lu_intern_join(&r->strings, &r->set->arena, scope, name,
				      "");
	return placed ? lu_intern_placed(&r->strings, &r->set->arena, name)
		      : keep(r, name);
}

/* Wanted by its qualified name KEPT, or (SCOPED) by the unqualified
 * NAME. */
static bool wanted_as(struct dwarf_reader *r, const char *kept,
		      const char *name, bool scoped)
{
	bool w = wants(r, kept);

	if (scoped && strcmp(kept, name) && wants(r, keep(r, name)))
		w = true;
	return w;
}

/* A struct DIE met in the walk: kept when wanted by its tag or marked. */
static size_t visit_struct(struct dwarf_reader *r, Dwarf_Die *die)
{
	uint64_t index;

	enter_unit(r, die);	/* the unit's shapes, before the lookups */
	if (lu_dw_declared(&r->plans, die))
		return SIZE_MAX;
	bool placed, scoped;
	const char *name = lu_dw_name_placed(&r->plans, die, &placed);

	if (!name)
		return SIZE_MAX; /* tagless: only a typedef can name it */
	if (lu_dw_memo_get(&r->built, die->addr, &index))
		return (size_t)index - 1; /* a typedef got here first */
	const char *kept = qualified(r, die, name, placed, &scoped);

	if (!wanted_as(r, kept, name, scoped) &&
	    !(r->opts->marked && has_markers(r, die, kept)))
		return SIZE_MAX;
	return keep_definition(r, die, kept);
}

/*
 * "typedef struct {...} foo_t;" is how much C names its structs, and
 * "typedef struct foo foo_t;" gives a tag a second name: either finds the
 * struct, as pahole -C does. The struct DIE may come before or after.
 */
static void visit_typedef(struct dwarf_reader *r, Dwarf_Die *die)
{
	/* from the unit's shapes, as visit_struct's lookups (libdw's for a
	 * struct in another unit) */
	bool placed, scoped, tag_placed, tag_scoped;
	const char *name = lu_dw_name_placed(&r->plans, die, &placed);
	Dwarf_Die type, core;
	uint64_t index;

	if (!name || !lu_dw_shape_type_of(&r->plans, die, &type) ||
	    !lu_dw_shape_strip_type(&r->plans, &type, &core) ||
	    !lu_dw_is_aggregate_tag(lu_dw_tag(&r->plans, &core)) ||
	    lu_dw_declared(&r->plans, &core))
		return;
	const char *kept = qualified(r, die, name, placed, &scoped);
	bool wanted = wanted_as(r, kept, name, scoped);
	const char *tag = lu_dw_name_placed(&r->plans, &core, &tag_placed);
	size_t at = SIZE_MAX;

	enter_unit(r, &core);
	if (lu_dw_memo_get(&r->built, core.addr, &index))
		at = (size_t)index - 1;
	else if (tag)
		at = visit_struct(r, &core);
	if (at == SIZE_MAX && !r->failed &&
	    (wanted || (r->opts->marked && has_markers(r, &core, kept))))
		at = keep_definition(r, &core,
				     tag ? qualified(r, &core, tag, tag_placed,
						     &tag_scoped)
					 : kept);
	if (at != SIZE_MAX && !r->failed) {
		lu_dw_log(r, LU_DW_EV_TYPEDEF, at, 0, kept, NULL, !tag);
		lu_dw_add_typedef(r->set, at, kept, !tag);
	}
}

void lu_dwarf_enter_die(struct dwarf_reader *r, Dwarf_Die *die)
{
	enter_unit(r, die);
}

void lu_dwarf_visit_type(struct dwarf_reader *r, Dwarf_Die *die)
{
	enter_unit(r, die);
	int tag = lu_dw_tag(&r->plans, die);

	if (lu_dw_is_aggregate_tag(tag))
		visit_struct(r, die);
	else if (tag == DW_TAG_typedef)
		visit_typedef(r, die);
}

