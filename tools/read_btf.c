/* SPDX-License-Identifier: MIT */
/*
 * The BTF reader: struct layouts from raw BTF (/sys/kernel/btf/vmlinux) and
 * from ELF files with a .BTF section, through libbpf. BTF carries no source
 * positions, so diagnostics name struct+offset instead.
 */
#include "read_internal.h"

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "align_guess.h"
#include "btf_valid.h"
#include "intern.h"

#define MAX_ANON_DEPTH 256

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
	/* btf_dump leaves a space before an empty declarator */
	while (r->text_len && r->text[r->text_len - 1] == ' ')
		r->text[--r->text_len] = '\0';
	return r->texts[id] = lu_intern(&r->strings, &r->set->arena, r->text,
					r->text_len);
}

static void add_members(struct btf_reader *r, const struct btf_type *t,
			uint64_t base_bits, int nesting);

static void add_member(struct btf_reader *r, const struct btf_type *parent,
		       int index, uint64_t base_bits, int nesting)
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
		if (nesting >= MAX_ANON_DEPTH) {
			lu_error_set(r->err,
				     "failed to read BTF from %s: anonymous "
				     "structs nested deeper than %d",
				     r->path, MAX_ANON_DEPTH);
			r->failed = true;
			return;
		}
		add_members(r, core, bits, nesting + 1);
		return;
	}

	r->members = lu_grow(r->members, &r->cap_members, r->n_members,
			     sizeof(*r->members));
	struct lu_member *out = &r->members[r->n_members++];
	struct lu_arena *a = &r->set->arena;

	memset(out, 0, sizeof(*out));
	/* BTF's strings stay put while it is open: found by address */
	out->name = lu_intern_at(&r->strings, a, name ? name : "");
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

	out->size = size > 0 ? (uint64_t)size : 0;
	out->offset = bits / 8;
	if (bit_size) {
		/* The storage unit: a type-sized, type-aligned block. */
		uint64_t unit = out->size ? out->size : 1;

		out->bit_size = bit_size;
		out->offset = (bits / (unit * 8)) * unit;
		out->bit_offset = (uint32_t)(bits - out->offset * 8);
		out->size = unit;
	}
}

static void add_members(struct btf_reader *r, const struct btf_type *t,
			uint64_t base_bits, int nesting)
{
	int n = btf_vlen(t);

	for (int i = 0; i < n && !r->failed; i++)
		add_member(r, t, i, base_bits, nesting);
}

/*
 * BTF records no alignment and btf__align_of() gives the natural one, but
 * ____cacheline_aligned members make the kernel's task_struct, rq or
 * tcp_sock line-aligned, and a check that assumes 8 reports conflicts at
 * starts that never happen. A forced alignment shows only as a gap that the
 * natural alignment does not explain, in the type or in a type it embeds:
 * this is the largest such, 0 when there is none.
 */
static uint64_t forced_align(struct btf_reader *r, __u32 id, int depth)
{
	const struct btf_type *t;
	uint64_t forced = 0, end = 0;
	uint64_t line = r->set->line_size ? r->set->line_size : 64;

	id = skip_mods_typedefs(r->btf, id);
	t = btf__type_by_id(r->btf, id);
	if (!t || depth > MAX_ANON_DEPTH)
		return 0;
	if (btf_is_array(t))
		return forced_align(r, btf_array(t)->type, depth + 1);
	if (!btf_is_composite(t))
		return 0;
	for (__u32 i = 0; i < btf_vlen(t); i++) {
		const struct btf_member *m = btf_members(t) + i;
		uint64_t bits = btf_member_bit_offset(t, i), off = bits / 8;
		__u32 bit_size = btf_member_bitfield_size(t, i);
		__s64 size = btf__resolve_size(r->btf, m->type);
		int natural = btf__align_of(r->btf, m->type);
		uint64_t inner = forced_align(r, m->type, depth + 1);
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
		int natural = btf__align_of(r->btf, id);
		uint64_t a = natural > 0 && (uint64_t)natural > forced
				     ? (uint64_t)natural : forced;

		a = lu_gap_align(t->size, t->size - end, a, line);
		if (a > forced)
			forced = a;
	}
	return forced;
}

static void build_struct(struct btf_reader *r, __u32 id,
			 const struct btf_type *t, const char *name)
{
	r->n_members = 0;
	add_members(r, t, 0, 0);
	if (r->failed)
		return;

	struct lu_struct *s = lu_set_add(r->set);
	struct lu_arena *a = &r->set->arena;

	s->name = lu_intern_at(&r->strings, a, name);
	s->is_union = btf_is_union(t);
	s->size = t->size;
	int natural = btf__align_of(r->btf, id);
	uint64_t forced = forced_align(r, id, 0);

	s->align = natural > 0 ? (uint64_t)natural : 1;
	s->align_inferred = true; /* BTF records sizes, not alignments */
	if (forced > s->align)
		s->align = forced;
	/* C makes the size a multiple of the alignment: a guess above the
	 * largest power of two dividing the size is impossible */
	if (t->size && (t->size & -t->size) < s->align &&
	    (t->size & -t->size) >= (uint64_t)(natural > 0 ? natural : 1))
		s->align = t->size & -t->size;
	s->members = lu_arena_memdup(a, r->members,
				     r->n_members * sizeof(*r->members));
	s->n_members = r->n_members;
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
	if (!r.texts)
		abort();
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
	free(r.text);
	free(r.texts);
	lu_intern_free(&r.strings);
	btf_dump__free(r.dump);
	btf__free(r.btf);
	return r.failed ? -1 : 0;
}

int lu_read_btf(struct lu_read_ctx *ctx)
{
	/* libbpf prints its complaints to stderr; lineup says one line */
	libbpf_print_fn_t print = libbpf_set_print(NULL);
	int rc = read_btf(ctx);

	libbpf_set_print(print);
	return rc;
}
