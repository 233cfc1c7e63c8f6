/* SPDX-License-Identifier: MIT */
/*
 * Checks BTF before libbpf's dumper and the reader walk it. libbpf before
 * 1.3 (Debian 12 has 1.1) checks the header and the size of each record,
 * not what records refer to: a type id past the last type makes
 * btf_dump__new write out of bounds, a bad name offset hands it NULL, and a
 * cycle (a typedef of itself, a pointer to itself, a struct holding itself)
 * makes btf_dump or btf__align_of recurse until the stack runs out. Real
 * BTF has none of these, so any of them makes the whole input malformed.
 */
#include "btf_valid.h"

#include <bpf/btf.h>
#include <linux/btf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * Deeper or bigger than any real type. In a 6.x kernel's BTF the deepest
 * nesting is 33, the largest by-value expansion 4847 types and the longest
 * declaration btf_dump spells (inline anonymous types included) 290 parts.
 */
#define MAX_DEPTH 1024
#define MAX_EXPANSION (1u << 18)
#define MAX_DECL (1u << 14)

/*
 * The two walks that must end. LAYOUT is what sizes and alignments follow
 * (btf__align_of, the reader's anonymous members): by value, never through
 * a pointer. DECL is what btf_dump follows to spell a type: through
 * pointers and function prototypes, inlining anonymous structs, stopping
 * at names (typedefs, named structs).
 */
enum walk { LAYOUT, DECL };

/* The I-th type T leads to in WALK, false past the last. */
static bool edge(const struct btf_type *t, enum walk walk, __u32 i, __u32 *to)
{
	switch (btf_kind(t)) {
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		*to = t->type;
		return i == 0;
	case BTF_KIND_TYPEDEF:
		*to = t->type;
		return walk == LAYOUT && i == 0;
	case BTF_KIND_PTR:
		*to = t->type;
		return walk == DECL && i == 0;
	case BTF_KIND_ARRAY:
		*to = btf_array(t)->type;
		return i == 0;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		if (walk == DECL && t->name_off)
			return false;
		if (i >= btf_vlen(t))
			return false;
		*to = btf_members(t)[i].type;
		return true;
	case BTF_KIND_FUNC_PROTO:
		if (walk != DECL || i > btf_vlen(t))
			return false;
		*to = i ? btf_params(t)[i - 1].type : t->type;
		return true;
	default:
		return false;
	}
}

static bool bad_name(const struct btf *btf, __u32 off)
{
	return btf__str_by_offset(btf, off) == NULL;
}

/* Every type id and name offset a record holds must resolve. */
static int check_refs(const struct btf *btf, __u32 id, const char *path,
		      struct lu_error *err)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	__u32 n = btf__type_cnt(btf);
	__u32 refs[2] = { 0, 0 }, bad;
	int n_refs = 0;
	__u16 vlen = btf_vlen(t);

	if (bad_name(btf, t->name_off))
		goto bad_name;
	switch (btf_kind(t)) {
	case BTF_KIND_PTR:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
	case BTF_KIND_FUNC:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
	case BTF_KIND_FUNC_PROTO:
		refs[n_refs++] = t->type;
		break;
	case BTF_KIND_ARRAY:
		refs[n_refs++] = btf_array(t)->type;
		refs[n_refs++] = btf_array(t)->index_type;
		break;
	default:
		break;
	}
	for (int i = 0; i < n_refs; i++) {
		bad = refs[i];
		if (bad >= n)
			goto bad_ref;
	}
	for (__u16 i = 0; i < vlen; i++) {
		__u32 to = 0, name = 0;

		switch (btf_kind(t)) {
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
			to = btf_members(t)[i].type;
			name = btf_members(t)[i].name_off;
			break;
		case BTF_KIND_FUNC_PROTO:
			to = btf_params(t)[i].type;
			name = btf_params(t)[i].name_off;
			break;
		case BTF_KIND_DATASEC:
			to = btf_var_secinfos(t)[i].type;
			break;
		case BTF_KIND_ENUM:
			name = btf_enum(t)[i].name_off;
			break;
		case BTF_KIND_ENUM64:
			name = btf_enum64(t)[i].name_off;
			break;
		default:
			break;
		}
		bad = to;
		if (bad >= n)
			goto bad_ref;
		if (bad_name(btf, name))
			goto bad_name;
	}
	return 0;
bad_ref:
	lu_error_set(err,
		     "failed to read BTF from %s: type %u refers to type %u, "
		     "past the last one (%u)",
		     path, id, bad, n - 1);
	return -1;
bad_name:
	lu_error_set(err,
		     "failed to read BTF from %s: type %u has a name outside "
		     "the string section",
		     path, id);
	return -1;
}

struct frame {
	__u32 id, next;
};

/*
 * What btf_dump writes for T itself when it spells a declaration: one part,
 * or a whole definition for an anonymous struct, union or enum, which it
 * inlines, with a `long: 64;` line per 8 bytes of padding.
 */
static uint64_t decl_weight(const struct btf *btf, const struct btf_type *t)
{
	uint64_t w = 1;

	if (t->name_off || !(btf_is_composite(t) || btf_is_any_enum(t)))
		return w;
	w += btf_vlen(t);
	if (!btf_is_composite(t))
		return w;
	/* the gaps btf_dump fills, as it walks the members (a union's too:
	 * malformed BTF can place its members anywhere) */
	uint64_t off = 0, pad = 0;

	for (__u16 i = 0; i < btf_vlen(t); i++) {
		uint64_t at = btf_member_bit_offset(t, i);
		uint32_t bits = btf_member_bitfield_size(t, i);
		__s64 sz = bits ? 0
				: btf__resolve_size(btf, btf_members(t)[i].type);

		if (at > off)
			pad += at - off;
		off = at + (bits ? bits : (uint64_t)(sz > 0 ? sz : 0) * 8);
	}
	if (btf_is_struct(t) && (uint64_t)t->size * 8 > off)
		pad += (uint64_t)t->size * 8 - off;
	return w + pad / 64;
}

/*
 * Depth-first over WALK from every type, without recursion: a type met
 * again while still open is a cycle. On the way out, each type's depth and
 * size: how many types its expansion visits (LAYOUT), or how many parts
 * btf_dump writes to spell it (DECL).
 */
static int check_walk(const struct btf *btf, enum walk walk, const char *path,
		      struct lu_error *err)
{
	__u32 n = btf__type_cnt(btf);
	unsigned char *state = calloc(n, 1);	/* 0 new, 1 open, 2 done */
	__u32 *depth = calloc(n, sizeof(*depth));
	__u32 *size = calloc(n, sizeof(*size));
	struct frame *stack = calloc(n, sizeof(*stack));
	int rc = 0;

	if (!state || !depth || !size || !stack)
		abort();
	for (__u32 root = 1; root < n && !rc; root++) {
		size_t top = 0;

		if (state[root])
			continue;
		stack[top++] = (struct frame){ root, 0 };
		state[root] = 1;
		while (top && !rc) {
			struct frame *f = &stack[top - 1];
			const struct btf_type *t = btf__type_by_id(btf, f->id);
			__u32 to;

			if (edge(t, walk, f->next++, &to)) {
				if (!to || state[to] == 2)
					continue;
				if (state[to] == 1) {
					lu_error_set(err,
						     "failed to read BTF from %s: "
						     "type %u contains itself "
						     "(through type %u)",
						     path, to, f->id);
					rc = -1;
					break;
				}
				state[to] = 1;
				stack[top++] = (struct frame){ to, 0 };
				continue;
			}
			/* all of f's successors are done */
			__u32 d = 0;
			uint64_t sz = walk == DECL ? decl_weight(btf, t) : 1;

			for (__u32 i = 0; edge(t, walk, i, &to); i++) {
				if (!to)
					continue;
				if (depth[to] > d)
					d = depth[to];
				sz += size[to];
			}
			uint32_t limit = walk == LAYOUT ? MAX_EXPANSION : MAX_DECL;

			depth[f->id] = d + 1;
			size[f->id] = sz > limit ? limit + 1 : (__u32)sz;
			state[f->id] = 2;
			if (depth[f->id] > MAX_DEPTH || size[f->id] > limit) {
				const char *name = btf__name_by_offset(
					btf, t->name_off);
				char why[128];

				if (depth[f->id] > MAX_DEPTH)
					snprintf(why, sizeof(why),
						 "nests deeper than %u levels",
						 MAX_DEPTH);
				else if (walk == LAYOUT)
					snprintf(why, sizeof(why),
						 "nests more than %u types by "
						 "value (too many to lay out)",
						 limit);
				else
					snprintf(why, sizeof(why),
						 "spells out in more than %u "
						 "parts (inline anonymous types "
						 "and padding)", limit);
				lu_error_set(err,
					     "failed to read BTF from %s: type "
					     "%u%s%s%s %s",
					     path, f->id, name && *name ? " ('" : "",
					     name && *name ? name : "",
					     name && *name ? "')" : "", why);
				rc = -1;
			}
			top--;
		}
	}
	free(state);
	free(depth);
	free(size);
	free(stack);
	return rc;
}

int lu_btf_validate(const struct btf *btf, const char *path,
		    struct lu_error *err)
{
	__u32 n = btf__type_cnt(btf), size = 0;
	const struct btf_header *h = btf__raw_data(btf, &size);

	/* libbpf 1.1 reads any version; only version 1, no flags, exists */
	if (h && size >= sizeof(*h) && (h->version != BTF_VERSION || h->flags)) {
		lu_error_set(err,
			     "failed to read BTF from %s: unsupported BTF "
			     "version %u, flags 0x%x (lineup reads version %u)",
			     path, h->version, h->flags, BTF_VERSION);
		return -1;
	}
	for (__u32 id = 1; id < n; id++)
		if (check_refs(btf, id, path, err) < 0)
			return -1;
	if (check_walk(btf, LAYOUT, path, err) < 0 ||
	    check_walk(btf, DECL, path, err) < 0)
		return -1;
	return 0;
}
