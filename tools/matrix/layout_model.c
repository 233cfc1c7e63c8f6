/* SPDX-License-Identifier: MIT */
/*
 * The layout model; see layout_model.h and doc/layout-model.md.
 */
#include "layout_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "markers.h"

/* A member as C sees it (depth 0), with the members of its type the
 * reader expanded (depth > 0), which move with it. */
struct tmember {
	const struct lu_member *m;
	size_t n_nested;	/* the members after m with depth > 0 */
	size_t cond;		/* its line's presence condition */
	int block;		/* its innermost anonymous block, -1 none */
	size_t order;		/* found order, for members of one line */
};

/* What the builds taught of one class of lines (lu_model_classes) at
 * one value of its key, or of the struct's outer keys (CLS NONE). */
struct rec {
	size_t cls;
	const struct lu_model_config *c;	/* a build's: the key's values */
	uint64_t hash;				/* of those values */
	struct tmember *members;
	size_t n, cap;
	const struct lu_struct *ref;	/* outer: the build's, NULL absent */
	uint64_t forced;		/* outer: the struct's own alignment */
};

#define NONE ((size_t)-1)

struct lu_model {
	const struct lu_matrix_rules *m;
	const struct lu_presence *presence;
	const struct lu_model_keys *keys;
	struct lu_model *const *models;	/* what the lines hold (keys->sub) */
	bool held;
	size_t *class_of, n_classes;
	unsigned *class_line;	/* a line of each class */
	struct rec *recs;
	size_t n_recs, recs_cap;
	/* the anonymous blocks of every build, each once: a block is known
	 * by its first member and kind; its members all have one condition
	 * (block_cond), so a configuration has all of it or none */
	struct lu_block *blocks;
	size_t n_blocks, blocks_cap;
	size_t *block_cond;
	const char **block_key;
	unsigned *block_line;
};

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

static uint64_t member_align(const struct lu_member *m)
{
	uint64_t a = m->abi_align ? m->abi_align : 1;

	return m->forced_align > a ? m->forced_align : a;
}

/* ---- learning --------------------------------------------------------- */

static void model_free_blocks(struct lu_model *md)
{
	free(md->blocks);
	free(md->block_cond);
	free(md->block_key);
	free(md->block_line);
	md->blocks = NULL;
	md->n_blocks = 0;
}

/* The blocks into A, where the model lives. */
static void model_keep_blocks(struct lu_model *md, struct lu_arena *a)
{
	struct lu_block *b = lu_arena_alloc(a, (md->n_blocks + 1) * sizeof(*b));
	size_t *c = lu_arena_alloc(a, (md->n_blocks + 1) * sizeof(*c));

	if (md->n_blocks) {
		memcpy(b, md->blocks, md->n_blocks * sizeof(*b));
		memcpy(c, md->block_cond, md->n_blocks * sizeof(*c));
	}
	size_t n = md->n_blocks;

	model_free_blocks(md);
	md->blocks = b;
	md->block_cond = c;
	md->n_blocks = n;
}

/* The innermost block of S holding member I, -1 for none. */
static int block_of(const struct lu_struct *s, size_t i)
{
	int best = -1;

	for (size_t k = 0; k < s->n_blocks; k++)
		if (s->blocks[k].first <= i && i < s->blocks[k].last)
			best = (int)k;	/* inner blocks come later */
	return best;
}

/* What the model cannot lay out in S, or NULL. */
static const char *unmodelled(const struct lu_struct *s, char *buf,
			      size_t size)
{
	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *mb = &s->members[i];

		/* a bit-field inside a member's type moves with it */
		if (mb->depth)
			continue;
		if (mb->bit_size) {
			snprintf(buf, size, "bit-field '%s'", mb->name);
			return buf;
		}
		if (!mb->abi_align && !mb->marker) {
			snprintf(buf, size, "the alignment of '%s' is unknown",
				 mb->name);
			return buf;
		}
		if (mb->offset % member_align(mb)) {
			snprintf(buf, size, "'%s' is below its alignment "
					    "(a packed struct)", mb->name);
			return buf;
		}
	}
	for (size_t k = 0; k < s->n_blocks; k++)
		if (s->blocks[k].first == s->blocks[k].last ||
		    s->blocks[k].base)
			return "an empty anonymous block or a base class";
	return NULL;
}

/* Build S's blocks as the model's: MAP[k] for each, new ones added. */
static void map_blocks(struct lu_model *md, const struct lu_struct *s,
		       int *map)
{
	for (size_t k = 0; k < s->n_blocks; k++) {
		const struct lu_block *b = &s->blocks[k];
		const struct lu_member *first = &s->members[b->first];
		int parent = b->parent >= 0 ? map[b->parent] : -1;

		map[k] = -1;
		for (size_t j = 0; j < md->n_blocks && map[k] < 0; j++)
			if (md->blocks[j].is_union == b->is_union &&
			    md->blocks[j].forced_align == b->forced_align &&
			    md->blocks[j].parent == parent &&
			    md->block_line[j] == first->decl_line &&
			    !strcmp(md->block_key[j], first->name))
				map[k] = (int)j;
		if (map[k] >= 0)
			continue;
		size_t cap = md->blocks_cap;

		md->blocks = lu_grow(md->blocks, &md->blocks_cap, md->n_blocks,
				     sizeof(*md->blocks));
		if (cap != md->blocks_cap) {
			md->block_cond = realloc(md->block_cond,
						 md->blocks_cap *
							 sizeof(*md->block_cond));
			md->block_key = realloc(md->block_key,
						md->blocks_cap *
							sizeof(*md->block_key));
			md->block_line = realloc(md->block_line,
						 md->blocks_cap *
							 sizeof(*md->block_line));
			if (!md->block_cond || !md->block_key ||
			    !md->block_line)
				abort();
		}
		md->blocks[md->n_blocks] = *b;
		md->blocks[md->n_blocks].parent = parent;
		md->block_cond[md->n_blocks] = (size_t)-1;
		md->block_key[md->n_blocks] = first->name;
		md->block_line[md->n_blocks] = first->decl_line;
		map[k] = (int)md->n_blocks++;
	}
}

/* The model of the struct line LINE holds by value, or NULL. */
static const struct lu_model *sub_of(const struct lu_model *md, unsigned line)
{
	const struct lu_model_keys *k = md->keys;

	if (!k->sub || line < k->first || line > k->last ||
	    k->sub[line - k->first] == LU_MODEL_NO_SUB)
		return NULL;
	return md->models[k->sub[line - k->first]];
}

static bool same_member(const struct lu_member *a, const struct lu_member *b)
{
	return a->size == b->size && a->abi_align == b->abi_align &&
	       a->forced_align == b->forced_align &&
	       !strcmp(a->type ? a->type : "", b->type ? b->type : "") &&
	       !strcmp(a->dims ? a->dims : "", b->dims ? b->dims : "");
}

static int by_position(const void *x, const void *y)
{
	const struct tmember *a = x, *b = y;

	if (a->m->decl_line != b->m->decl_line)
		return a->m->decl_line < b->m->decl_line ? -1 : 1;
	if (a->m->decl_column != b->m->decl_column)
		return a->m->decl_column < b->m->decl_column ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

/* The record of class CLS (NONE: the outer keys) for configuration C,
 * or NULL. */
static struct rec *rec_for(const struct lu_model *md, size_t cls,
			   const struct lu_model_config *c)
{
	unsigned line = cls == NONE ? 0 : md->class_line[cls];
	uint64_t h = lu_model_key_hash(md->keys, line, c);

	for (size_t i = 0; i < md->n_recs; i++) {
		struct rec *r = &md->recs[i];

		if (r->cls == cls && r->hash == h &&
		    lu_model_same_key(md->keys, line, r->c, c))
			return r;
	}
	return NULL;
}

static struct rec *rec_new(struct lu_model *md, size_t cls,
			   const struct lu_model_config *c)
{
	unsigned line = cls == NONE ? 0 : md->class_line[cls];

	md->recs = lu_grow(md->recs, &md->recs_cap, md->n_recs,
			   sizeof(*md->recs));
	md->recs[md->n_recs] = (struct rec){
		.cls = cls, .c = c, .hash = lu_model_key_hash(md->keys, line, c),
	};
	return &md->recs[md->n_recs++];
}

/*
 * The alignment a struct held by value (M) is stated to have beyond its
 * type's: the line's own attribute. gcc also states (DW_AT_alignment) the
 * alignment of a member whose struct holds a user-aligned member, however
 * deep (a callback_head, aligned(sizeof(void *)), inside the kernel's
 * cgroup_subsys_state): that comes from the held struct's text, so it
 * changes with the held struct's own options, and is never more than
 * the alignment its model gives.
 */
static uint32_t own_forced_align(const struct lu_member *m)
{
	return m->forced_align > m->abi_align ? m->forced_align : 0;
}

/* Are A and B one member? A struct held by value (HELD) can differ in
 * size and alignment: its own model says which. */
static bool same_tmember(const struct tmember *a, const struct tmember *b,
			 bool held)
{
	const struct lu_member *x = a->m, *y = b->m;

	return x->decl_line == y->decl_line && !strcmp(x->name, y->name) &&
	       (held ? own_forced_align(x) == own_forced_align(y) &&
			       !strcmp(x->type ? x->type : "",
				       y->type ? y->type : "") &&
			       !strcmp(x->dims ? x->dims : "",
				       y->dims ? y->dims : "")
		     : same_member(x, y)) &&
	       a->n_nested == b->n_nested && a->block == b->block;
}

/* Build S's members (configuration C), each into its class's record:
 * a class seen with C's key before must have the same members. */
static const char *take_members(struct lu_model *md, const struct lu_struct *s,
				const struct lu_model_config *c, char *buf,
				size_t size)
{
	const struct lu_presence *p = md->presence;
	int *map = calloc(s->n_blocks + 1, sizeof(*map));
	struct rec *tmp = calloc(md->n_classes + 1, sizeof(*tmp));
	const char *no = NULL;

	if (!map || !tmp)
		abort();
	map_blocks(md, s, map);
	for (size_t i = 0; i < s->n_members && !no; i++) {
		const struct lu_member *mb = &s->members[i];
		size_t nested = 0;

		if (mb->depth)
			continue;
		while (i + 1 + nested < s->n_members &&
		       s->members[i + 1 + nested].depth)
			nested++;
		if (!mb->decl_line || mb->decl_line < p->first ||
		    mb->decl_line > p->last) {
			snprintf(buf, size, "'%s' is declared outside the "
					    "struct's body (a macro?)",
				 mb->name);
			no = buf;
			break;
		}
		size_t cond = p->cond_of_line[mb->decl_line - p->first];
		int blk = block_of(s, i);

		if (nested && sub_of(md, mb->decl_line)) {
			snprintf(buf, size, "'%s' is a struct held by value "
					    "whose members the rules name",
				 mb->name);
			no = buf;
			break;
		}
		blk = blk >= 0 ? map[blk] : -1;
		for (int k = blk; k >= 0; k = md->blocks[k].parent) {
			if (md->block_cond[k] == (size_t)-1)
				md->block_cond[k] = cond;
			if (md->block_cond[k] != cond) {
				snprintf(buf, size, "'%s' is under an #if of "
						    "its own inside an "
						    "anonymous struct or union",
					 mb->name);
				no = buf;
			}
		}
		struct rec *t = &tmp[md->class_of[mb->decl_line - p->first]];

		t->members = lu_grow(t->members, &t->cap, t->n,
				     sizeof(*t->members));
		t->members[t->n] = (struct tmember){
			mb, nested, cond, blk, t->n,
		};
		t->n++;
	}
	for (size_t k = 0; k < md->n_classes && !no; k++) {
		unsigned line = md->class_line[k];
		size_t cond = p->cond_of_line[line - p->first];

		if (!lu_presence_holds(p, md->m, c->row, cond))
			continue;	/* its #if is false: nothing learned */
		struct rec *r = rec_for(md, k, c);

		if (!r) {
			r = rec_new(md, k, c);
			r->members = tmp[k].members;
			r->n = tmp[k].n;
			tmp[k].members = NULL;
			continue;
		}
		bool same = r->n == tmp[k].n;

		for (size_t j = 0; j < r->n && same; j++)
			same = same_tmember(&r->members[j], &tmp[k].members[j],
					    sub_of(md, r->members[j].m->decl_line));
		if (!same) {
			snprintf(buf, size, "line %u's members differ between "
					    "builds with the same values of "
					    "what its key holds",
				 line);
			no = buf;
		}
	}
	for (size_t k = 0; k < md->n_classes; k++)
		free(tmp[k].members);
	free(tmp);
	free(map);
	return no;
}

/* The outer record of a build of C (S: its struct, NULL absent). */
static const char *take_outer(struct lu_model *md, const struct lu_struct *s,
			      const struct lu_model_config *c)
{
	if (!s && md->held)
		return NULL;	/* not used there: no sign of its definition */
	struct rec *r = rec_for(md, NONE, c);

	if (!r) {
		r = rec_new(md, NONE, c);
		r->ref = s;
	} else if (!r->ref != !s) {
		return "the struct is absent from some builds the model "
		       "takes as alike";
	}
	if (!s)
		return NULL;
	/* the struct's own alignment, when more than its members':
	 * checked by laying each build out again */
	uint64_t natural = 1;

	for (size_t i = 0; i < s->n_members; i++)
		if (!s->members[i].depth &&
		    member_align(&s->members[i]) > natural)
			natural = member_align(&s->members[i]);
	for (size_t k = 0; k < s->n_blocks; k++)
		if (s->blocks[k].forced_align > natural)
			natural = s->blocks[k].forced_align;
	if (s->align > natural && s->align > r->forced)
		r->forced = s->align;
	return NULL;
}

static void model_free_recs(struct lu_model *md)
{
	for (size_t i = 0; i < md->n_recs; i++)
		free(md->recs[i].members);
	free(md->recs);
	free(md->class_of);
	free(md->class_line);
	md->recs = NULL;
	md->n_recs = 0;
}

/* The records, their members sorted, into A. */
static void model_keep_recs(struct lu_model *md, struct lu_arena *a)
{
	struct rec *recs = lu_arena_alloc(a, (md->n_recs + 1) * sizeof(*recs));
	size_t lines = md->presence->last - md->presence->first + 1;
	size_t *of = lu_arena_alloc(a, (lines + 1) * sizeof(*of));
	unsigned *line = lu_arena_alloc(a, (md->n_classes + 1) *
						   sizeof(*line));

	memcpy(of, md->class_of, lines * sizeof(*of));
	memcpy(line, md->class_line, md->n_classes * sizeof(*line));
	for (size_t i = 0; i < md->n_recs; i++) {
		struct rec *r = &recs[i];

		*r = md->recs[i];
		r->members = lu_arena_alloc(a, (r->n + 1) * sizeof(*r->members));
		if (r->n)
			memcpy(r->members, md->recs[i].members,
			       r->n * sizeof(*r->members));
		r->cap = r->n;
	}
	size_t n = md->n_recs;

	model_free_recs(md);
	md->recs = recs;
	md->n_recs = n;
	md->class_of = of;
	md->class_line = line;
}

struct lu_model *lu_model_learn(const struct lu_model_in *in,
				struct lu_arena *a, const char **why)
{
	struct lu_model *md = lu_arena_alloc(a, sizeof(*md));
	char buf[512];
	const struct lu_struct *first = NULL;
	const char *no = NULL;

	*md = (struct lu_model){ .m = in->m, .presence = in->presence,
				 .keys = in->keys, .models = in->models,
				 .held = in->held };
	if (in->presence->refused) {
		*why = lu_arena_printf(a, "line %u: %s",
				       in->presence->refused_line,
				       in->presence->refused);
		return NULL;
	}
	md->n_classes = lu_model_classes(in->presence, in->keys,
					 &md->class_of);
	md->class_line = lu_model_class_lines(in->presence, md->class_of,
				     md->n_classes);
	for (size_t b = 0; b < in->n_learned && !no; b++) {
		const struct lu_struct *s = in->learned[b];

		if ((no = take_outer(md, s, &in->configs[b])) || !s)
			continue;
		if ((no = unmodelled(s, buf, sizeof(buf))))
			break;
		if (!first)
			first = s;
		no = take_members(md, s, &in->configs[b], buf, sizeof(buf));
	}
	if (!no && !first)
		no = "no build has the struct";
	if (no) {
		*why = lu_arena_strdup(a, no);
		model_free_recs(md);
		model_free_blocks(md);
		return NULL;
	}
	model_keep_blocks(md, a);
	model_keep_recs(md, a);
	/* every build it learned from, laid out again */
	for (size_t b = 0; b < in->n_learned; b++) {
		struct lu_struct s;
		bool present;
		struct lu_arena tmp = { 0 };

		if (!in->learned[b])
			continue;
		if (!lu_model_layout(md, &in->configs[b], &tmp, &s, &present) ||
		    !lu_model_same(&s, in->learned[b], buf, sizeof(buf))) {
			*why = lu_arena_printf(a, "it does not reproduce a "
						  "build it learned from (%s)",
					       present ? buf : "absent");
			lu_arena_free(&tmp);
			return NULL;
		}
		lu_arena_free(&tmp);
	}
	return md;
}

/* ---- laying out ------------------------------------------------------- */

/* The members one configuration keeps, from its classes' records. */
struct tmpl {
	const struct lu_struct *ref;
	struct tmember *members;
	size_t n;
	uint64_t forced;
	/* the members that hold a struct by value, sized by its model */
	struct lu_member *held;
};

struct placing {
	const struct lu_model *md;
	const struct tmpl *t;
	bool *keep;		/* per template member */
	uint64_t *at;		/* per template member: its new offset */
	uint64_t *block_at, *block_size;
};

/* Is block K, or a block inside it, holding member I's block? */
static bool within(const struct lu_model *md, int blk, int k)
{
	if (k < 0)
		return true;
	for (; blk >= 0; blk = md->blocks[blk].parent)
		if (blk == k)
			return true;
	return false;
}

static uint64_t place_block(struct placing *pl, int k, uint64_t base,
			    uint64_t *align_out);

/* The alignment of block K (-1: the struct) with what is kept. */
static uint64_t block_align(const struct placing *pl, int k)
{
	const struct lu_model *md = pl->md;
	uint64_t a = k >= 0 ? md->blocks[k].forced_align : 1;

	for (size_t i = 0; i < pl->t->n; i++)
		if (pl->keep[i] && within(md, pl->t->members[i].block, k)) {
			uint64_t x = member_align(pl->t->members[i].m);

			a = x > a ? x : a;
			/* and the forced alignment of the blocks it is in */
			for (int b = pl->t->members[i].block; b >= 0 && b != k;
			     b = md->blocks[b].parent)
				if (md->blocks[b].forced_align > a)
					a = md->blocks[b].forced_align;
		}
	return a ? a : 1;
}

/* Lays out the direct children of block K (-1: the struct) from BASE;
 * returns the end, relative to BASE. */
static uint64_t place_block(struct placing *pl, int k, uint64_t base,
			    uint64_t *align_out)
{
	const struct lu_model *md = pl->md;
	bool is_union = k >= 0 ? md->blocks[k].is_union
			       : pl->t->ref->is_union;
	uint64_t cur = 0, end = 0;
	int done_block = -2;

	*align_out = block_align(pl, k);
	for (size_t i = 0; i < pl->t->n; i++) {
		const struct tmember *tm = &pl->t->members[i];

		if (!pl->keep[i] || !within(md, tm->block, k))
			continue;
		/* the child of K it is in: itself, or an inner block */
		int child = tm->block;

		while (child >= 0 && md->blocks[child].parent != k &&
		       child != k)
			child = md->blocks[child].parent;
		uint64_t at, size, al;

		if (child == k || child < 0) {
			al = member_align(tm->m);
			at = is_union ? 0 : align_up(cur, al);
			pl->at[i] = base + at;
			size = tm->m->size;
		} else {
			if (child == done_block)
				continue;
			done_block = child;
			al = block_align(pl, child);
			at = is_union ? 0 : align_up(cur, al);
			uint64_t inner_align;
			uint64_t inner = place_block(pl, child, base + at,
						     &inner_align);

			size = align_up(inner, inner_align);
			pl->block_at[child] = base + at;
			pl->block_size[child] = size;
		}
		cur = at + size;
		end = cur > end ? cur : end;
	}
	return end;
}

/* C's template: the outer record's struct and each kept class's
 * members, in the body's order (T->members malloc'd); false when some
 * record was never learned (*PRESENT: whether the struct is there). */
static bool assemble(const struct lu_model *md,
		     const struct lu_model_config *c, struct tmpl *t,
		     bool *present)
{
	const struct rec *outer = rec_for(md, NONE, c);
	const struct lu_presence *p = md->presence;

	*t = (struct tmpl){ 0 };
	*present = !outer || outer->ref;
	if (!outer || !outer->ref)
		return false;
	t->ref = outer->ref;
	t->forced = outer->forced;
	size_t cap = 0;

	for (size_t k = 0; k < md->n_classes; k++) {
		unsigned line = md->class_line[k];

		if (!lu_presence_holds(p, md->m, c->row,
				       p->cond_of_line[line - p->first]))
			continue;
		const struct rec *r = rec_for(md, k, c);

		if (!r) {
			free(t->members);
			t->members = NULL;
			return false;	/* never built with its key */
		}
		for (size_t j = 0; j < r->n; j++) {
			t->members = lu_grow(t->members, &cap, t->n,
					     sizeof(*t->members));
			t->members[t->n++] = r->members[j];
		}
	}
	if (t->n)
		qsort(t->members, t->n, sizeof(*t->members), by_position);
	/* a struct held by value: its size and alignment in C */
	t->held = calloc(t->n + 1, sizeof(*t->held));
	if (!t->held)
		abort();
	for (size_t j = 0; j < t->n; j++) {
		const struct lu_model *sub = sub_of(md, t->members[j].m->decl_line);
		struct lu_arena tmp = { 0 };
		struct lu_struct s;
		bool there;

		if (!sub)
			continue;
		if (!lu_model_layout(sub, c, &tmp, &s, &there)) {
			lu_arena_free(&tmp);
			free(t->members);
			free(t->held);
			*t = (struct tmpl){ 0 };
			return false;	/* never built with its keys */
		}
		t->held[j] = *t->members[j].m;
		t->held[j].size = s.size;
		t->held[j].abi_align = s.align;
		/* what the held struct's text states is in its alignment */
		t->held[j].forced_align = own_forced_align(t->members[j].m);
		t->members[j].m = &t->held[j];
		lu_arena_free(&tmp);
	}
	return true;
}

bool lu_model_layout(const struct lu_model *md,
		     const struct lu_model_config *c, struct lu_arena *a,
		     struct lu_struct *out, bool *present)
{
	struct tmpl tpl, *t = &tpl;

	if (!assemble(md, c, t, present))
		return false;
	struct placing pl = {
		.md = md, .t = t,
		.keep = calloc(t->n + 1, sizeof(bool)),
		.at = calloc(t->n + 1, sizeof(uint64_t)),
		.block_at = calloc(md->n_blocks + 1, sizeof(uint64_t)),
		.block_size = calloc(md->n_blocks + 1, sizeof(uint64_t)),
	};
	if (!pl.keep || !pl.at || !pl.block_at || !pl.block_size)
		abort();
	size_t n = 0;
	bool *used = calloc(md->n_blocks + 1, sizeof(bool));

	if (!used)
		abort();
	for (size_t i = 0; i < t->n; i++) {
		pl.keep[i] = true;
		n += 1 + t->members[i].n_nested;
		for (int k = t->members[i].block; k >= 0;
		     k = md->blocks[k].parent)
			used[k] = true;
	}
	uint64_t align, end = place_block(&pl, -1, 0, &align);

	if (t->forced > align)
		align = t->forced;
	*out = *t->ref;
	out->size = align_up(end, align);
	out->align = align;
	out->members = lu_arena_alloc(a, (n + 1) * sizeof(*out->members));
	out->n_members = 0;
	/* the blocks this configuration has: those with a member kept */
	int *at = calloc(md->n_blocks + 1, sizeof(*at));

	if (!at)
		abort();
	out->blocks = lu_arena_alloc(a, (md->n_blocks + 1) *
						sizeof(*out->blocks));
	out->n_blocks = 0;
	for (size_t k = 0; k < md->n_blocks; k++) {
		at[k] = -1;
		if (!used[k])
			continue;
		struct lu_block *b = &out->blocks[out->n_blocks];

		*b = md->blocks[k];
		b->parent = b->parent >= 0 ? at[b->parent] : -1;
		b->offset = pl.block_at[k];
		b->size = pl.block_size[k];
		b->first = (size_t)-1;
		b->last = 0;
		at[k] = (int)out->n_blocks++;
	}
	for (size_t i = 0; i < t->n; i++) {
		const struct tmember *tm = &t->members[i];

		if (!pl.keep[i])
			continue;
		for (int k = tm->block; k >= 0; k = md->blocks[k].parent) {
			struct lu_block *b = &out->blocks[at[k]];

			if (b->first == (size_t)-1)
				b->first = out->n_members;
			b->last = out->n_members + 1 + tm->n_nested;
		}
		for (size_t j = 0; j <= tm->n_nested; j++) {
			struct lu_member *m = &out->members[out->n_members++];

			*m = tm->m[j];
			m->offset = tm->m[j].offset - tm->m->offset + pl.at[i];
			m->group = -1;
		}
	}
	free(at);
	free(used);
	free(t->members);
	free(t->held);
	out->groups = NULL;
	out->n_groups = 0;
	lu_struct_find_groups(out, a);
	free(pl.keep);
	free(pl.at);
	free(pl.block_at);
	free(pl.block_size);
	return true;
}
