/* SPDX-License-Identifier: MIT */
/*
 * The DWARF reader: struct layouts from ELF objects, executables, shared
 * libraries and archives through elfutils. libdwfl applies the relocations
 * that relocatable objects need and opens archives member by member.
 *
 * Speed matters on a kernel's vmlinux: only top-level DIEs are visited
 * (dwarf_siblingof skips whole subtrees), only wanted structs are built, and
 * the many identical copies of a struct (one per compilation unit) are
 * recognised by a cheap fingerprint before anything is built.
 */
#include "read_internal.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ar.h"
#include "dwarf_types.h"
#include "strset.h"

/* Deeper than any real nesting; stops malformed or hostile input. */
#define MAX_ANON_DEPTH 256
/* Members visited for one struct, anonymous ones included: shared types
 * can make a malformed nesting exponential. Real structs are far below. */
#define MAX_MEMBER_VISITS (1u << 20)

struct dwarf_reader {
	struct lu_read_ctx *ctx;
	const struct lu_read_opts *opts;
	struct lu_set *set;
	struct lu_error *err;
	const char *path;	/* for errors: the input, or "lib.a(member)" */
	const char *unit;	/* archive member, or NULL */
	const char *cu;		/* the compilation unit's name, or NULL */
	bool big_endian;	/* DWARF 2/3 bit offsets count from the MSB */
	struct lu_strset seen;	/* "name\n<fingerprint>" of kept structs */
	struct lu_strset unmarked;	/* "name\n<size>" without markers */
	/* the struct being built */
	struct lu_member *members;
	size_t n_members, cap_members;
	size_t visits;		/* add_member calls for this struct */
	struct lu_dw_abi abi;	/* alignments, by the ELF's ABI */
	bool failed;
};

/*
 * The last libdw (or libdwfl) error, else libelf's: neither keeps one when
 * libelf failed beneath it (a corrupt compressed section), and their
 * "no error" helps nobody.
 */
static const char *dw_why(void)
{
	int e = dwarf_errno();

	if (e)
		return dwarf_errmsg(e);
	e = elf_errno();
	return e ? elf_errmsg(e) : "malformed DWARF";
}

static const char *dwfl_why(void)
{
	int e = dwfl_errno();

	if (e)
		return dwfl_errmsg(e);
	e = elf_errno();
	return e ? elf_errmsg(e) : "malformed ELF file";
}

/* ---- members -------------------------------------------------------- */

/*
 * The declaring file. DWARF 5 numbers the primary source file 0, which
 * Clang uses for it and elfutils 0.188's dwarf_decl_file refuses, so that
 * index is looked up in the unit's file table directly.
 */
static const char *decl_file(struct dwarf_reader *r, Dwarf_Die *die)
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
	return f ? lu_arena_strdup(&r->set->arena, f) : NULL;
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

	/* Anonymous struct or union: its members are the parent's, in C. */
	if (!name && have_core && is_aggregate(&core)) {
		if (nesting >= MAX_ANON_DEPTH) {
			lu_error_set(r->err,
				     "failed to read DWARF from %s: anonymous "
				     "structs nested deeper than %d",
				     r->path, MAX_ANON_DEPTH);
			r->failed = true;
			return;
		}
		add_members(r, &core, base + loc, prefix, depth, nesting + 1);
		return;
	}

	struct lu_dw_buf tn = { 0 }, dims = { 0 };
	Dwarf_Die elem = type;

	/* Arrays print as "type name[dims]": keep the dimensions apart. */
	if (have_core && dwarf_tag(&core) == DW_TAG_array_type &&
	    dwarf_tag(&type) == DW_TAG_array_type) {
		lu_dw_array_dims(&type, &dims);
		if (!lu_dw_type_of(&type, &elem))
			lu_dw_buf_puts(&tn, "void");
		else
			lu_dw_type_name(&elem, &tn);
	} else {
		lu_dw_type_name(&type, &tn);
	}

	r->members = lu_grow(r->members, &r->cap_members, r->n_members,
			     sizeof(*r->members));
	struct lu_member *out = &r->members[r->n_members++];
	struct lu_arena *a = &r->set->arena;

	memset(out, 0, sizeof(*out));
	out->name = prefix ? lu_arena_printf(a, "%s%s", prefix, name ? name : "")
			   : lu_arena_strdup(a, name ? name : "");
	out->type = lu_arena_strdup(a, tn.p ? tn.p : "");
	out->dims = lu_arena_strdup(a, dims.p ? dims.p : "");
	free(tn.p);
	free(dims.p);
	out->depth = depth;
	out->group = -1;
	out->file = decl_file(r, m);
	out->decl_line = decl_line(m);
	int col = 0;

	if (dwarf_decl_column(m, &col) == 0 && col > 0)
		out->decl_column = (unsigned)col;
	out->size = lu_dw_type_size(&type);
	out->offset = base + loc;

	uint64_t bit_size = lu_dw_udata(m, DW_AT_bit_size, 0);

	if (bit_size) {
		uint64_t unit = lu_dw_udata(m, DW_AT_byte_size, out->size);
		Dwarf_Attribute attr;
		Dwarf_Word v;

		Dwarf_Sword msb = 0;
		int64_t bits;

		if (!unit)
			unit = 1;
		out->bit_size = (uint32_t)bit_size;
		out->size = unit;
		if (dwarf_attr_integrate(m, DW_AT_data_bit_offset, &attr) &&
		    !dwarf_formudata(&attr, &v)) {
			/* DWARF 4+: bits from the struct start */
			bits = (int64_t)(loc * 8 + v);
		} else {
			/* DWARF 2/3 (and GCC before DWARF 5): bits from the
			 * MSB of the unit at DW_AT_data_member_location,
			 * which is bit 0 only on big-endian targets. */
			if (dwarf_attr_integrate(m, DW_AT_bit_offset, &attr))
				dwarf_formsdata(&attr, &msb);
			bits = (int64_t)loc * 8 +
			       (r->big_endian ? msb
					      : (int64_t)(unit * 8 - bit_size) -
							msb);
		}
		/* The storage unit is the type-sized, type-aligned block
		 * around the field, and the bit offset counts from its start
		 * in memory order: pahole's convention on every target. */
		if (bits < 0)
			bits = 0;
		uint64_t unit_bits = unit * 8;

		out->offset = base + ((uint64_t)bits / unit_bits) * unit;
		out->bit_offset = (uint32_t)((uint64_t)bits % unit_bits);
	}

	if (depth < r->opts->expand_depth && have_core &&
	    is_aggregate(&core) && dwarf_tag(&type) != DW_TAG_array_type &&
	    name) {
		char *sub = lu_arena_printf(a, "%s%s.", prefix ? prefix : "",
					    name);

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
		int tag = dwarf_tag(&child);

		if (tag != DW_TAG_member && tag != DW_TAG_inheritance)
			continue;
		/* C++ static data members take no room in the object. */
		if (dwarf_hasattr(&child, DW_AT_external) ||
		    dwarf_hasattr(&child, DW_AT_declaration))
			continue;
		add_member(r, &child, base, prefix, depth, nesting);
	} while (!r->failed && dwarf_siblingof(&child, &child) == 0);
}

/* ---- structs -------------------------------------------------------- */

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h;
}

static uint64_t hash_str(uint64_t h, const char *s)
{
	for (; s && *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	return mix(h, 0xff);
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
 * Cheap identity of a definition: size, member names and places.
 * SEEN holds the anonymous aggregates already hashed for this struct: C
 * gives each its own DIE, so one met twice is malformed DWARF sharing it,
 * and hashing it again would make the walk exponential.
 */
static uint64_t fingerprint(Dwarf_Die *s, int nesting, size_t *budget,
			    struct lu_dw_memo *seen)
{
	uint64_t h = mix(0, lu_dw_udata(s, DW_AT_byte_size, 0));
	Dwarf_Die child, t, core;

	if (nesting > MAX_ANON_DEPTH || dwarf_child(s, &child) != 0)
		return h;
	do {
		if (dwarf_tag(&child) != DW_TAG_member)
			continue;
		if (!*budget)
			return h; /* malformed nesting: add_member says so */
		--*budget;
		struct member_attrs m = { .indirect = false };
		const char *name;
		uint64_t loc = 0;
		bool has_type;

		if (dwarf_getattrs(&child, collect_member_attr, &m, 0) == -1)
			m.indirect = true; /* let the lookups report it */
		if (m.indirect) {
			name = dwarf_diename(&child);
			lu_dw_member_location(&child, &loc);
			h = hash_str(mix(h, loc), name);
			h = mix(h, lu_dw_udata(&child, DW_AT_data_bit_offset, 0));
			h = mix(h, lu_dw_udata(&child, DW_AT_bit_size, 0));
			has_type = lu_dw_type_of(&child, &t);
		} else {
			name = m.has_name ? dwarf_formstring(&m.name) : NULL;
			if (m.has_loc)
				lu_dw_location_value(&m.loc, &loc);
			h = hash_str(mix(h, loc), name);
			h = mix(h, udata_of(&m.bit_offset, m.has_bit_offset));
			h = mix(h, udata_of(&m.bit_size, m.has_bit_size));
			has_type = m.has_type && dwarf_formref_die(&m.type, &t);
		}
		if (!name && has_type && lu_dw_strip_type(&t, &core) &&
		    is_aggregate(&core)) {
			size_t k = seen->cap ? lu_dw_memo_slot(seen, core.addr) : 0;

			if (seen->cap && seen->die[k])
				continue;
			lu_dw_memo_put(seen, core.addr, 1);
			h = mix(h, fingerprint(&core, nesting + 1, budget, seen));
		}
	} while (dwarf_siblingof(&child, &child) == 0);
	return h;
}

static void build_struct(struct dwarf_reader *r, Dwarf_Die *die,
			 const char *name)
{
	r->n_members = 0;
	r->visits = 0;
	add_members(r, die, 0, NULL, 0, 0);
	if (r->failed)
		return;

	struct lu_struct *s = lu_set_add(r->set);
	struct lu_arena *a = &r->set->arena;

	s->name = lu_arena_strdup(a, name);
	s->is_union = dwarf_tag(die) == DW_TAG_union_type;
	s->size = lu_dw_udata(die, DW_AT_byte_size, 0);
	s->align = lu_dw_udata(die, DW_AT_alignment, 0);
	if (!s->align)
		s->align = lu_dw_struct_align(&r->abi, die);
	s->file = decl_file(r, die);
	s->decl_line = decl_line(die);
	/* where a definition comes from tells two variants apart */
	s->unit = r->unit ? lu_arena_strdup(a, r->unit)
		: r->cu	  ? lu_arena_strdup(a, r->cu)
			  : NULL;
	s->members = lu_arena_memdup(a, r->members,
				     r->n_members * sizeof(*r->members));
	s->n_members = r->n_members;
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

static bool has_markers(struct dwarf_reader *r, Dwarf_Die *die,
			const char *name)
{
	char buf[24];
	const char *size = u64_text(buf, lu_dw_udata(die, DW_AT_byte_size, 0));
	Dwarf_Die child;

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

static void visit_type(struct dwarf_reader *r, Dwarf_Die *die)
{
	int tag = dwarf_tag(die);

	if (tag != DW_TAG_structure_type && tag != DW_TAG_union_type &&
	    tag != DW_TAG_class_type)
		return;
	if (dwarf_hasattr(die, DW_AT_declaration))
		return;
	const char *name = dwarf_diename(die);

	if (!name)
		return;
	if (!lu_read_wants(r->ctx, name) &&
	    !(r->opts->marked && has_markers(r, die, name)))
		return;

	/* The same definition appears in every unit that includes it. */
	size_t budget = MAX_MEMBER_VISITS;
	struct lu_dw_memo seen = { 0 };
	uint64_t fp = fingerprint(die, 0, &budget, &seen);

	free(seen.die);
	free(seen.align);
	char key[32];

	snprintf(key, sizeof(key), "%016llx", (unsigned long long)fp);
	if (!lu_strset_add2(&r->seen, name, key))
		return;
	build_struct(r, die, name);
}

static void visit_children(struct dwarf_reader *r, Dwarf_Die *parent,
			   int depth)
{
	Dwarf_Die die;
	int rc;

	if (depth > 8 || (rc = dwarf_child(parent, &die)) > 0)
		return;
	/* -1 is a DIE libdw cannot decode, not the end of the list */
	while (rc == 0 && !r->failed) {
		if (dwarf_tag(&die) == DW_TAG_namespace)
			visit_children(r, &die, depth + 1);
		else
			visit_type(r, &die);
		rc = dwarf_siblingof(&die, &die);
	}
	if (rc < 0 && !r->failed) {
		lu_error_set(r->err,
			     "failed to read DWARF from %s: %s at DIE 0x%llx",
			     r->path, dw_why(),
			     (unsigned long long)dwarf_dieoffset(parent));
		r->failed = true;
	}
}

static int visit_dwarf(struct dwarf_reader *r, Dwarf *dw)
{
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie, subdie;
	uint8_t unit_type;
	Dwarf_Half version;

	while (!r->failed) {
		int rc = dwarf_get_units(dw, cu, &cu, &version, &unit_type,
					 &cudie, &subdie);

		if (rc > 0)
			break;
		if (rc < 0) {
			lu_error_set(r->err,
				     "failed to read DWARF from %s: %s",
				     r->path, dw_why());
			r->failed = true;
			return -1;
		}
		r->cu = dwarf_diename(&cudie);
		visit_children(r, &cudie, 0);
	}
	return r->failed ? -1 : 0;
}

/* ---- files ---------------------------------------------------------- */

static int find_no_debuginfo(Dwfl_Module *mod, void **userdata,
			     const char *modname, Dwarf_Addr base,
			     const char *file_name,
			     const char *debuglink_file, GElf_Word debuglink_crc,
			     char **debuginfo_file_name)
{
	(void)mod, (void)userdata, (void)modname, (void)base;
	(void)file_name, (void)debuglink_file, (void)debuglink_crc;
	*debuginfo_file_name = NULL;
	return -1;
}

static const Dwfl_Callbacks offline_callbacks = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = find_no_debuginfo,
	.section_address = dwfl_offline_section_address,
};

static unsigned max_base_align_for(Elf *elf)
{
	GElf_Ehdr ehdr;

	if (!gelf_getehdr(elf, &ehdr))
		return 8;
	if (ehdr.e_machine == EM_386)
		return 4; /* i386 SysV ABI: 8-byte scalars are 4-aligned */
	return ehdr.e_ident[EI_CLASS] == ELFCLASS64 ? 16 : 8;
}

struct module_walk {
	struct dwarf_reader *r;
	size_t n_modules, n_with_dwarf;
	bool is_archive;
};

static int visit_module(Dwfl_Module *mod, void **userdata, const char *name,
			Dwarf_Addr start, void *arg)
{
	struct module_walk *w = arg;
	struct dwarf_reader *r = w->r;
	Dwarf_Addr bias;

	(void)userdata, (void)start;
	w->n_modules++;
	Elf *elf = dwfl_module_getelf(mod, &bias);

	if (elf) {
		GElf_Ehdr ehdr;

		r->abi.max_base_align = max_base_align_for(elf);
		if (gelf_getehdr(elf, &ehdr)) {
			unsigned line = lu_line_size_for_machine(
				ehdr.e_machine, &r->set->machine);

			r->big_endian = ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
			if (!r->set->line_size)
				r->set->line_size = line;
		}
	}
	Dwarf *dw = dwfl_module_getdwarf(mod, &bias);

	if (!dw)
		return DWARF_CB_OK; /* an archive member without -g */
	w->n_with_dwarf++;
	r->unit = w->is_archive ? name : NULL;
	char *label = w->is_archive ? lu_ar_member_label(r->ctx->path, name)
				    : NULL;

	r->path = label ? label : r->ctx->path;
	int rc = visit_dwarf(r, dw);

	free(label);	/* the error, if any, holds a copy */
	r->path = r->ctx->path;
	return rc < 0 ? DWARF_CB_ABORT : DWARF_CB_OK;
}

/* Reports every file to one libdwfl session, so duplicates across files are
 * recognised as across compilation units. Takes ownership of the fds. */
int lu_read_dwarf_files(struct lu_read_ctx *ctx,
			const struct lu_dwarf_file *files, size_t n,
			bool is_archive)
{
	struct dwarf_reader r = {
		.ctx = ctx, .opts = ctx->opts, .set = ctx->set,
		.err = ctx->err, .path = ctx->path,
		.abi.max_base_align = 16,
	};
	struct lu_set *set = ctx->set;
	struct lu_error *err = ctx->err;
	const char *path = ctx->path;
	Dwfl *dwfl = dwfl_begin(&offline_callbacks);
	int ret = -1;
	size_t i = 0;

	if (!dwfl) {
		lu_error_set(err, "failed to read DWARF from %s: %s", path,
			     dwfl_errmsg(-1));
		goto close_rest;
	}
	set->format = "dwarf";
	dwfl_report_begin(dwfl);
	for (; i < n; i++) {
		/* dwfl owns the fd from here, also on failure */
		if (!dwfl_report_offline(dwfl, files[i].name, files[i].name,
					 files[i].fd)) {
			lu_error_set(err, "failed to read %s: %s",
				     files[i].name, dwfl_why());
			i++;
			dwfl_report_end(dwfl, NULL, NULL);
			goto out;
		}
	}
	dwfl_report_end(dwfl, NULL, NULL);
	struct module_walk w = { .r = &r, .is_archive = is_archive };

	if (dwfl_getmodules(dwfl, visit_module, &w, 0) != 0 && r.failed)
		goto out;
	if (!w.n_with_dwarf) {
		lu_error_set(err,
			     "failed to read DWARF from %s: no debug info "
			     "(compile with -g, or install the -dbg/-dbgsym "
			     "package)",
			     path);
		goto out;
	}
	ret = 0;
out:
	free(r.members);
	lu_dw_abi_free(&r.abi);
	lu_strset_free(&r.seen);
	lu_strset_free(&r.unmarked);
	if (dwfl)
		dwfl_end(dwfl);
close_rest:
	for (; i < n; i++)
		close(files[i].fd);
	return ret;
}

int lu_read_dwarf(struct lu_read_ctx *ctx, int fd)
{
	char magic[8] = { 0 };
	bool is_archive = pread(fd, magic, sizeof(magic), 0) == sizeof(magic) &&
			  !memcmp(magic, "!<arch>\n", 8);
	struct lu_dwarf_file file = { fd, ctx->path };

	return lu_read_dwarf_files(ctx, &file, 1, is_archive);
}
