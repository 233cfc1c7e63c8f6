/* SPDX-License-Identifier: MIT */
/*
 * The BTF reader: struct layouts from raw BTF (/sys/kernel/btf/vmlinux) and
 * from ELF files with a .BTF section, through libbpf. BTF carries no source
 * positions, so diagnostics name struct+offset instead.
 */
#include "read_formats.h"

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "align_guess.h"
#include "btf_valid.h"
#include "holes.h"
#include "intern.h"
#include "markers.h"

#define MAX_ANON_DEPTH 256
/* Members one struct may expand to. An anonymous struct named twice in
 * another is laid out twice, so nesting doubles what a few bytes of BTF
 * say (1 KiB of it expanded to 120,000 lines); a kernel's largest struct
 * holds a few hundred. Past this the read fails, in one line. */
#define MAX_MEMBERS (1u << 14)

struct btf_reader {
	struct lu_read_ctx *ctx;
	struct btf *btf;
	struct btf_dump *dump;
	const struct lu_read_opts *opts;
	struct lu_set *set;
	struct lu_error *err;
	const char *path;
	struct lu_member *members;
	size_t n_members, cap_members;
	struct lu_block *blocks;	/* anonymous structs and unions */
	size_t n_blocks, cap_blocks;
	int open_block;			/* the innermost being filled, or -1 */
	uint64_t *paddings;	/* struct_padding by id, plus 1; 0 unknown */
	uint32_t *aligns;	/* natural_align of structs by id; 0 unknown */
	int32_t *libbpf_aligns;	/* btf__align_of by id; INT32_MIN unknown */
	uint64_t *forced;	/* forced_align by id, plus 1; 0 unknown */
	__u32 n_types;
	struct lu_item *items;	/* struct_padding's scratch */
	size_t cap_items;
	char *text;	/* what btf_dump printed */
	size_t text_len, text_cap;
	const char **texts;	/* type_text by id: each spelled once */
	struct lu_intern strings;	/* each kept string stored once */
	bool failed;
};

static void collect_text(void *ctx, const char *fmt, va_list args)
	__attribute__((__format__(__printf__, 2, 0)));
static void collect_text(void *ctx, const char *fmt, va_list args)
{
	struct btf_reader *r = ctx;
	char *piece;
	int n = vasprintf(&piece, fmt, args);

	if (n < 0)
		abort();
	while (r->text_len + (size_t)n + 1 > r->text_cap) {
		size_t cap = r->text_cap ? r->text_cap * 2 : 128;
		char *p = realloc(r->text, cap);

		if (!p)
			abort();
		r->text = p;
		r->text_cap = cap;
	}
	memcpy(r->text + r->text_len, piece, (size_t)n + 1);
	r->text_len += (size_t)n;
	free(piece);
}

static __u32 skip_mods_typedefs(const struct btf *btf, __u32 id)
{
	for (int i = 0; i < 64; i++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (!t || !(btf_is_mod(t) || btf_is_typedef(t)))
			return id;
		id = t->type;
	}
	return id;
}

/* The C spelling of a type, as libbpf's btf_dump writes declarations. */
static const char *type_text(struct btf_reader *r, __u32 id)
{
	/* LIBBPF_OPTS without its statement expression (-Wpedantic) */
	struct btf_dump_emit_type_decl_opts o = {
		.sz = sizeof(o), .field_name = "",
	};
	const struct btf_type *core =
		btf__type_by_id(r->btf, skip_mods_typedefs(r->btf, id));
	const struct btf_type *t = btf__type_by_id(r->btf, id);

	/* An anonymous type would be dumped whole; name it as pahole does. */
	if (t && core && t == core && !t->name_off &&
	    (btf_is_composite(t) || btf_is_enum(t)))
		return btf_is_union(t) ? "union {...}"
		       : btf_is_struct(t) ? "struct {...}" : "enum {...}";

	if (r->texts[id])
		return r->texts[id];
	r->text_len = 0;
	if (r->text)
		r->text[0] = '\0';
	if (btf_dump__emit_type_decl(r->dump, id, &o) < 0 || !r->text)
		return r->texts[id] = lu_intern_str(&r->strings,
						    &r->set->arena, "?");
	/* btf_dump writes out an anonymous type that a pointer or a
	 * function refers to, on many lines: "{...}" as pahole says */
	if (memchr(r->text, '{', r->text_len)) {
		/* "{}" grows into "{...}" */
		size_t cap = r->text_len * 3 + 1, w = 0, level = 0;
		char *out = malloc(cap);

		if (!out)
			abort();
		for (size_t i = 0; i < r->text_len; i++) {
			char c = r->text[i];

			if (c == '{' && !level++) {
				memcpy(out + w, "{...", 4);
				w += 4;
			}
			if (!level)
				out[w++] = c;
			if (c == '}' && level && !--level)
				out[w++] = c;
		}
		out[w] = '\0';
		free(r->text);
		r->text = out;
		r->text_len = w;
		r->text_cap = cap;
	}
	/* btf_dump leaves a space before an empty declarator */
	while (r->text_len && r->text[r->text_len - 1] == ' ')
		r->text[--r->text_len] = '\0';
	return r->texts[id] = lu_intern(&r->strings, &r->set->arena, r->text,
					r->text_len);
}

/*
 * A member's place from its bit offset BITS: the storage unit of a
 * bit-field is the type-sized, type-aligned block around it.
 */
static void place(struct lu_item *it, uint64_t bits, __u32 bit_size,
		  uint64_t size)
{
	it->offset = bits / 8;
	it->size = size;
	it->bit_size = bit_size;
	it->bit_offset = 0;
	if (bit_size) {
		uint64_t unit = size ? size : 1;

		it->offset = (bits / (unit * 8)) * unit;
		it->bit_offset = (uint32_t)(bits - it->offset * 8);
		it->size = unit;
	}
}

/*
 * The tail padding of the struct type ID as pahole reports it after a
 * member of that type: its direct members through lu_find_holes.
 */
static uint64_t struct_padding(struct btf_reader *r, __u32 id)
{
	const struct btf_type *t = btf__type_by_id(r->btf, id);
	__u32 n = btf_vlen(t);
	struct lu_holes h;

	if (r->paddings[id])
		return r->paddings[id] - 1;
	if (n > r->cap_items) {
		r->items = realloc(r->items, n * sizeof(*r->items));
		if (!r->items)
			abort();
		r->cap_items = n;
	}
	for (__u32 i = 0; i < n; i++) {
		__s64 size = btf__resolve_size(r->btf, btf_members(t)[i].type);

		place(&r->items[i], btf_member_bit_offset(t, i),
		      btf_member_bitfield_size(t, i), size > 0 ? (uint64_t)size
							       : 0);
	}
	lu_find_holes(r->items, n, t->size, &h);
	r->paddings[id] = h.padding + 1;
	return h.padding;
}

/*
 * The natural alignment of type ID as pahole's tag__natural_alignment
 * (dwarves.c) has it: a scalar's size, a pointer's, an array's element's,
 * the largest of a struct's members'; 1 for what has none.
 */
static uint32_t natural_align(struct btf_reader *r, __u32 id, int depth)
{
	const struct btf_type *t;
	uint32_t a = 1;

	id = skip_mods_typedefs(r->btf, id);
	t = btf__type_by_id(r->btf, id);
	if (!t || depth > MAX_ANON_DEPTH)
		return 1;
	if (btf_is_ptr(t)) {
		size_t ptr = btf__pointer_size(r->btf);

		return ptr ? (uint32_t)ptr : 8;
	}
	if (btf_is_int(t) || btf_is_any_enum(t) || btf_is_float(t))
		return t->size ? t->size : 1;
	if (btf_is_array(t))
		return natural_align(r, btf_array(t)->type, depth + 1);
	if (!btf_is_composite(t))
		return 1;
	if (r->aligns[id])
		return r->aligns[id];
	for (__u32 i = 0; i < btf_vlen(t); i++) {
		uint32_t m = natural_align(r, btf_members(t)[i].type, depth + 1);

		if (m > a)
			a = m;
	}
	return r->aligns[id] = a;
}

static void add_members(struct btf_reader *r, const struct btf_type *t,
			uint64_t base_bits, const char *prefix, unsigned depth,
			int nesting);

/* Malformed or hostile nesting stops here, with one line. */
static bool too_deep(struct btf_reader *r, int nesting)
{
	if (nesting < MAX_ANON_DEPTH)
		return false;
	lu_error_set(r->err, "failed to read BTF from %s: structs nested "
			     "deeper than %d", r->path, MAX_ANON_DEPTH);
	r->failed = true;
	return true;
}

/*
 * Members are added as C sees them; a named nested member is also expanded
 * into "name.inner" parts when the rules name them (opts->expand_depth),
 * as the DWARF reader does: task_group's rt_bandwidth.rt_runtime, tcp_sock's
 * inet_conn.icsk_rto. PREFIX is "" at the top, "name." below.
 */
static void add_member(struct btf_reader *r, const struct btf_type *parent,
		       int index, uint64_t base_bits, const char *prefix,
		       unsigned depth, int nesting)
{
	const struct btf_member *m = btf_members(parent) + index;
	const char *name = btf__name_by_offset(r->btf, m->name_off);
	uint64_t bits = base_bits + btf_member_bit_offset(parent, (__u32)index);
	__u32 bit_size = btf_member_bitfield_size(parent, (__u32)index);
	__u32 core_id = skip_mods_typedefs(r->btf, m->type);
	const struct btf_type *core = btf__type_by_id(r->btf, core_id);

	if (!core) {
		lu_error_set(r->err,
			     "failed to read BTF from %s: member '%s' refers "
			     "to missing type %u",
			     r->path, name ? name : "", m->type);
		r->failed = true;
		return;
	}
	if ((!name || !*name) && btf_is_composite(core) && !bit_size) {
		if (too_deep(r, nesting))
			return;
		/* C makes its members the parent's; a block says where it
		 * was (in the struct as shown, not inside an expansion) */
		int outer = r->open_block;
		size_t b = r->n_blocks;

		if (!depth) {
			r->blocks = lu_grow(r->blocks, &r->cap_blocks,
					    r->n_blocks, sizeof(*r->blocks));
			r->blocks[b] = (struct lu_block){
				.offset = bits / 8, .size = core->size,
				.first = r->n_members, .parent = outer,
				.is_union = btf_is_union(core),
			};
			r->n_blocks++;
			r->open_block = (int)b;
		}
		add_members(r, core, bits, prefix, depth, nesting + 1);
		if (r->open_block != outer) {
			r->blocks[b].last = r->n_members;
			r->open_block = outer;
		}
		return;
	}

	if (r->n_members >= MAX_MEMBERS) {
		lu_error_set(r->err,
			     "failed to read BTF from %s: a struct expands to "
			     "more than %u members (malformed BTF?)",
			     r->path, MAX_MEMBERS);
		r->failed = true;
		return;
	}
	r->members = lu_grow(r->members, &r->cap_members, r->n_members,
			     sizeof(*r->members));
	struct lu_member *out = &r->members[r->n_members++];
	struct lu_arena *a = &r->set->arena;

	memset(out, 0, sizeof(*out));
	/* BTF's strings stay put while it is open: found by address */
	out->name = *prefix ? lu_intern_join(&r->strings, a, prefix,
					       name ? name : "", "")
			    : lu_intern_at(&r->strings, a, name ? name : "");
	out->depth = depth;
	out->group = -1;

	/* Arrays print as "type name[dims]": peel the dimensions off. */
	char dims[256] = "";
	size_t dl = 0;
	__u32 elem = m->type;
	const struct btf_type *et = btf__type_by_id(r->btf, elem);

	for (int i = 0; et && btf_is_array(et) && i < 16; i++) {
		const struct btf_array *arr = btf_array(et);
		int w = snprintf(dims + dl, sizeof(dims) - dl, "[%u]",
				 arr->nelems);

		if (w > 0 && (size_t)w < sizeof(dims) - dl)
			dl += (size_t)w;
		elem = arr->type;
		et = btf__type_by_id(r->btf, elem);
	}
	out->type = type_text(r, elem);
	out->dims = lu_intern(&r->strings, a, dims, dl);

	__s64 size = btf__resolve_size(r->btf, m->type);
	struct lu_item it;

	place(&it, bits, bit_size, size > 0 ? (uint64_t)size : 0);
	out->offset = it.offset;
	out->size = it.size;
	out->bit_offset = it.bit_offset;
	out->bit_size = it.bit_size;
	/* pahole looks at the member's own type, not through typedefs */
	if (!bit_size && btf_is_struct(btf__type_by_id(r->btf, m->type)))
		out->type_padding = struct_padding(r, m->type);
	out->natural_align = natural_align(r, m->type, 0);

	if (depth < r->opts->expand_depth && name && *name && !bit_size &&
	    btf_is_composite(core) && !btf_is_array(btf__type_by_id(r->btf,
								    m->type))) {
		if (too_deep(r, nesting))
			return;
		const char *sub = lu_intern_join(&r->strings, &r->set->arena,
						 prefix, name, ".");

		add_members(r, core, (uint64_t)out->offset * 8, sub, depth + 1,
			    nesting + 1);
	}
}

static void add_members(struct btf_reader *r, const struct btf_type *t,
			uint64_t base_bits, const char *prefix, unsigned depth,
			int nesting)
{
	int n = btf_vlen(t);

	for (int i = 0; i < n && !r->failed; i++)
		add_member(r, t, i, base_bits, prefix, depth, nesting);
}

/*
 * BTF records no alignment and btf__align_of() gives the natural one, but
 * ____cacheline_aligned members make the kernel's task_struct, rq or
 * tcp_sock line-aligned, and a check that assumes 8 reports conflicts at
 * starts that never happen. A forced alignment shows only as a gap that the
 * natural alignment does not explain, in the type or in a type it embeds:
 * this is the largest such, 0 when there is none.
 */
/*
 * btf__align_of (ID), asked of libbpf once per id: it walks a struct's
 * members every time, and forced_align asks it of every member of every
 * struct it embeds (a third of reading a kernel's BTF).
 */
static int align_of(struct btf_reader *r, __u32 id)
{
	if (id >= r->n_types)
		return btf__align_of(r->btf, id);
	if (r->libbpf_aligns[id] == INT32_MIN)
		r->libbpf_aligns[id] = btf__align_of(r->btf, id);
	return r->libbpf_aligns[id];
}

static uint64_t forced_align(struct btf_reader *r, __u32 id, int depth,
			     bool *cut)
{
	const struct btf_type *t;
	uint64_t forced = 0, end = 0;
	uint64_t line = r->set->line_size ? r->set->line_size : 64;
	bool below = false;	/* a type under this one was cut short */

	id = skip_mods_typedefs(r->btf, id);
	if (id < r->n_types && r->forced[id])
		return r->forced[id] - 1;
	t = btf__type_by_id(r->btf, id);
	if (!t)
		return 0;
	if (depth > MAX_ANON_DEPTH) {
		*cut = true;
		return 0;
	}
	if (btf_is_array(t))
		return forced_align(r, btf_array(t)->type, depth + 1, cut);
	if (!btf_is_composite(t))
		return 0;
	for (__u32 i = 0; i < btf_vlen(t); i++) {
		const struct btf_member *m = btf_members(t) + i;
		uint64_t bits = btf_member_bit_offset(t, i), off = bits / 8;
		__u32 bit_size = btf_member_bitfield_size(t, i);
		__s64 size = btf__resolve_size(r->btf, m->type);
		int natural = align_of(r, m->type);
		uint64_t inner = forced_align(r, m->type, depth + 1, &below);
		uint64_t a = natural > 0 && (uint64_t)natural > inner
				     ? (uint64_t)natural : inner;

		if (inner > forced)
			forced = inner;
		if (btf_is_struct(t) && !bit_size && off > end &&
		    (a = lu_gap_align(off, off - end, a, line)) > forced)
			forced = a;
		if (bit_size)
			off = (bits + bit_size + 7) / 8;
		else
			off += size > 0 ? (uint64_t)size : 0;
		if (off > end)
			end = off;
	}
	if (btf_is_struct(t) && t->size > end) {
		int natural = align_of(r, id);
		uint64_t a = natural > 0 && (uint64_t)natural > forced
				     ? (uint64_t)natural : forced;

		a = lu_gap_align(t->size, t->size - end, a, line);
		if (a > forced)
			forced = a;
	}
	/* the same for every struct that embeds it, unless the depth bound
	 * cut a type below short (a cycle in malformed BTF) */
	if (below)
		*cut = true;
	else if (id < r->n_types)
		r->forced[id] = forced + 1;
	return forced;
}

static void build_struct(struct btf_reader *r, __u32 id,
			 const struct btf_type *t, const char *name)
{
	r->n_members = 0;
	r->n_blocks = 0;
	r->open_block = -1;
	add_members(r, t, 0, "", 0, 0);
	if (r->failed)
		return;

	struct lu_struct *s = lu_set_add(r->set);
	struct lu_arena *a = &r->set->arena;

	s->name = lu_intern_at(&r->strings, a, name);
	s->is_union = btf_is_union(t);
	s->size = t->size;
	int natural = align_of(r, id);
	bool cut = false;
	uint64_t forced = forced_align(r, id, 0, &cut);

	s->align = natural > 0 ? (uint64_t)natural : 1;
	s->align_inferred = true; /* BTF records sizes, not alignments */
	if (forced > s->align)
		s->align = forced;
	/* C makes the size a multiple of the alignment: a guess above the
	 * largest power of two dividing the size is impossible */
	if (t->size && (t->size & -t->size) < s->align &&
	    (t->size & -t->size) >= (uint64_t)(natural > 0 ? natural : 1))
		s->align = t->size & -t->size;
	lu_struct_keep_members(s, a, r->members, r->n_members, r->blocks,
			       r->n_blocks);
}

/* Typedefs by the struct or union they name: (target id, name) pairs. */
struct typedef_names {
	struct typedef_name {
		__u32 target, id;
		const char *name;
	} *pairs;
	size_t n, cap;
};

static int by_target(const void *a, const void *b)
{
	const struct typedef_name *x = a, *y = b;

	if (x->target != y->target)
		return x->target < y->target ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id; /* declaration order */
}

/* "typedef struct {...} foo_t" is how much C names its structs. */
static void collect_typedefs(struct btf_reader *r, struct typedef_names *out)
{
	__u32 n = btf__type_cnt(r->btf);

	for (__u32 id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(r->btf, id);

		if (!t || !btf_is_typedef(t) || !t->name_off)
			continue;
		__u32 target = skip_mods_typedefs(r->btf, t->type);
		const struct btf_type *core = btf__type_by_id(r->btf, target);

		if (!core || !btf_is_composite(core))
			continue;
		out->pairs = lu_grow(out->pairs, &out->cap, out->n,
				     sizeof(*out->pairs));
		out->pairs[out->n].target = target;
		out->pairs[out->n].id = id;
		out->pairs[out->n++].name =
			btf__name_by_offset(r->btf, t->name_off);
	}
	if (out->n)
		qsort(out->pairs, out->n, sizeof(*out->pairs), by_target);
}

/* The typedefs of type ID: the run [*first, return value) of the pairs. */
static size_t typedefs_of(const struct typedef_names *tn, __u32 id,
			  size_t *first)
{
	size_t lo = 0, hi = tn->n;

	while (lo < hi) { /* the first pair with target >= id */
		size_t mid = lo + (hi - lo) / 2;

		if (tn->pairs[mid].target < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	while (hi < tn->n && tn->pairs[hi].target == id)
		hi++;
	return hi;
}

/* Records the typedef names of the struct just built. */
static void name_struct(struct btf_reader *r, bool tagless,
			const struct typedef_names *tn, size_t first,
			size_t end)
{
	struct lu_struct *s = &r->set->structs[r->set->n_structs - 1];
	struct lu_arena *a = &r->set->arena;

	s->tagless = tagless;
	s->n_typedefs = end - first;
	if (!s->n_typedefs)
		return;
	s->typedefs = lu_arena_alloc(a, s->n_typedefs * sizeof(*s->typedefs));
	for (size_t i = first; i < end; i++)
		s->typedefs[i - first] = lu_arena_strdup(a, tn->pairs[i].name);
}

static bool has_markers(const struct btf *btf, const struct btf_type *t)
{
	const struct btf_member *m = btf_members(t);

	for (int i = 0; i < btf_vlen(t); i++)
		if (lu_is_begin_marker_name(btf__name_by_offset(btf,
								m[i].name_off)))
			return true;
	return false;
}

static int read_btf(struct lu_read_ctx *ctx)
{
	struct btf_reader r = {
		.ctx = ctx, .opts = ctx->opts, .set = ctx->set,
		.err = ctx->err, .path = ctx->path,
	};
	struct lu_set *set = ctx->set;
	struct lu_error *err = ctx->err;
	const char *path = ctx->path;
	const struct lu_read_opts *opts = ctx->opts;

	set->format = "btf";
	r.btf = btf__parse(path, NULL);
	if (!r.btf) {
		int e = errno ? errno : EINVAL;

		/* libbpf says EINVAL for a bad header, length or record, and
		 * its own numbers from 4000 up for a bad ELF file */
		lu_error_set(err, "failed to read BTF from %s: %s", path,
			     e == EINVAL || e == EPROTO
				     ? "malformed BTF (bad header or type records)"
			     : e >= __LIBBPF_ERRNO__START
				     ? "malformed ELF file around its .BTF section"
				     : strerror(e));
		return -1;
	}
	if (lu_btf_validate(r.btf, path, err) < 0) {
		btf__free(r.btf);
		return -1;
	}
	r.dump = btf_dump__new(r.btf, collect_text, &r, NULL);
	if (!r.dump) {
		lu_error_set(err, "failed to read BTF from %s: %s", path,
			     strerror(errno ? errno : EINVAL));
		btf__free(r.btf);
		return -1;
	}
	__u32 n = btf__type_cnt(r.btf);
	struct typedef_names names = { 0 };

	r.texts = calloc(n, sizeof(*r.texts));
	r.paddings = calloc(n, sizeof(*r.paddings));
	r.aligns = calloc(n, sizeof(*r.aligns));
	r.libbpf_aligns = malloc(n * sizeof(*r.libbpf_aligns));
	r.forced = calloc(n, sizeof(*r.forced));
	if (!r.texts || !r.paddings || !r.aligns || !r.libbpf_aligns ||
	    !r.forced)
		abort();
	r.n_types = n;
	for (__u32 id = 0; id < n; id++)
		r.libbpf_aligns[id] = INT32_MIN;
	collect_typedefs(&r, &names);
	for (__u32 id = 1; id < n && !r.failed; id++) {
		const struct btf_type *t = btf__type_by_id(r.btf, id);

		if (!t || !btf_is_composite(t))
			continue;
		const char *tag = btf__name_by_offset(r.btf, t->name_off);
		size_t first, end = typedefs_of(&names, id, &first);
		bool wanted = false;

		if (tag && !*tag)
			tag = NULL;
		if (!tag && first == end)
			continue; /* an anonymous member's type */
		/* every name is asked, so each is in the set's index */
		if (tag)
			wanted = lu_read_wants(ctx, tag);
		for (size_t i = first; i < end; i++)
			wanted |= lu_read_wants(ctx, names.pairs[i].name);
		if (!wanted && !(opts->marked && has_markers(r.btf, t)))
			continue;
		build_struct(&r, id, t, tag ? tag : names.pairs[first].name);
		if (!r.failed)
			name_struct(&r, !tag, &names, first, end);
	}
	free(names.pairs);
	free(r.members);
	free(r.blocks);
	free(r.paddings);
	free(r.aligns);
	free(r.libbpf_aligns);
	free(r.forced);
	free(r.items);
	free(r.text);
	free(r.texts);
	lu_intern_free(&r.strings);
	btf_dump__free(r.dump);
	btf__free(r.btf);
	return r.failed ? -1 : 0;
}

/*
 * libbpf prints its complaints to stderr; lineup says one line. Its
 * printer is one for the process, and diff reads two inputs at once: the
 * first read to start silences it, the last to end restores it, as
 * map_guard.c installs its handler.
 */
static pthread_mutex_t print_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned n_reading;
static libbpf_print_fn_t saved_print;

int lu_read_btf(struct lu_read_ctx *ctx)
{
	pthread_mutex_lock(&print_lock);
	if (!n_reading++)
		saved_print = libbpf_set_print(NULL);
	pthread_mutex_unlock(&print_lock);
	int rc = read_btf(ctx);

	pthread_mutex_lock(&print_lock);
	if (!--n_reading)
		libbpf_set_print(saved_print);
	pthread_mutex_unlock(&print_lock);
	return rc;
}
