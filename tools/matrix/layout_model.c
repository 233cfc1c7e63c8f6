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

/* What the builds of one combination of sized options taught. */
struct tmpl {
	const unsigned char *key;	/* the row's sized values */
	const struct lu_struct *ref;	/* absent: NULL */
	struct tmember *members;
	size_t n, cap;
	uint64_t forced;		/* the struct's own alignment */
};

struct lu_model {
	const struct lu_matrix_rules *m;
	const struct lu_presence *presence;
	const bool *sized;
	struct tmpl *tmpls;
	size_t n_tmpls;
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

/* ---- the rows to build ------------------------------------------------ */

struct rows {
	unsigned char *v;
	bool *fixed;
	size_t n, cap, width;
};

/* Adds ROW (FIX marking what it must keep) to a row it agrees with. */
static void merge_row(struct rows *r, const unsigned char *row,
		      const bool *fix, size_t first)
{
	size_t w = r->width;

	for (size_t i = first; i < r->n; i++) {
		unsigned char *v = r->v + i * w;
		bool *f = r->fixed + i * w, ok = true;

		for (size_t o = 0; o < w && ok; o++)
			ok = !(fix[o] && f[o] && v[o] != row[o]);
		if (!ok)
			continue;
		for (size_t o = 0; o < w; o++)
			if (fix[o]) {
				v[o] = row[o];
				f[o] = true;
			}
		return;
	}
	r->v = lu_grow(r->v, &r->cap, r->n, w ? w : 1);
	r->fixed = realloc(r->fixed, (r->cap + 1) * (w ? w : 1));
	if (!r->fixed)
		abort();
	memcpy(r->v + r->n * w, row, w);
	memcpy(r->fixed + r->n * w, fix, w * sizeof(bool));
	r->n++;
}

/* Steps ROW to the next combination of the options WHICH marks (others
 * untouched); false after the last. */
static bool next_combination(const struct lu_matrix_rules *m,
			     unsigned char *row, const bool *which)
{
	for (size_t o = 0; o < m->n_options; o++) {
		if (!which[o])
			continue;
		size_t n = m->options[o].values ? m->options[o].n_values : 2;

		if (++row[o] < n)
			return true;
		row[o] = 0;
	}
	return false;
}

/* A row with SIZED as in BASE that makes condition K true, into ROW,
 * with FIX its options; false when none does (or too many to try). */
static bool satisfy(const struct lu_matrix_rules *m,
		    const struct lu_presence *p, size_t k, const bool *sized,
		    const unsigned char *base, unsigned char *row, bool *fix,
		    bool *too_many)
{
	size_t w = m->n_options, tries = 0;

	memset(fix, 0, w * sizeof(bool));
	lu_presence_options(p, m, k, fix);
	memcpy(row, base, w);
	for (size_t o = 0; o < w; o++) {
		if (sized[o])
			fix[o] = false;
		else if (fix[o])
			row[o] = 0;
	}
	do {
		if (lu_presence_holds(p, m, row, k)) {
			for (size_t o = 0; o < w; o++)
				fix[o] = fix[o] || sized[o];
			return true;
		}
		if (++tries > 4096) {
			*too_many = true;
			return false;
		}
	} while (next_combination(m, row, fix));
	return false;
}

size_t lu_model_rows(const struct lu_matrix_rules *m,
		     const struct lu_presence *const *presence, size_t n,
		     const bool *sized, unsigned char **out, const char **why)
{
	size_t w = m->n_options, combos = 1;
	struct rows r = { .width = w };
	unsigned char *base = calloc(w + 1, 1), *row = calloc(w + 1, 1);
	bool *fix = calloc(w + 1, sizeof(bool)), too_many = false;

	if (!base || !row || !fix)
		abort();
	for (size_t o = 0; o < w; o++)
		if (sized[o])
			combos *= m->options[o].values ? m->options[o].n_values
						       : 2;
	*why = NULL;
	if (combos > LU_MODEL_MAX_SIZED) {
		*why = "too many options change member types or sizes";
		goto out;
	}
	do {
		size_t first = r.n;

		/* all off: the members no #if needs, as the base has them */
		for (size_t o = 0; o < w; o++)
			fix[o] = true;
		merge_row(&r, base, fix, first);
		first = r.n - 1;
		for (size_t i = 0; i < n; i++)
			for (size_t k = 1; k < presence[i]->n_conds; k++)
				if (satisfy(m, presence[i], k, sized, base, row,
					    fix, &too_many))
					merge_row(&r, row, fix, first + 1);
	} while (!too_many && next_combination(m, base, sized));
	if (too_many)
		*why = "a body #if over too many options to satisfy";
out:
	free(base);
	free(row);
	free(fix);
	free(r.fixed);
	if (*why) {
		free(r.v);
		*out = NULL;
		return 0;
	}
	*out = r.v;
	return r.n;
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

static bool same_key(const struct lu_model *md, const unsigned char *key,
		     const unsigned char *row)
{
	for (size_t o = 0; o < md->m->n_options; o++)
		if (md->sized[o] && key[o] != row[o])
			return false;
	return true;
}

static struct tmpl *tmpl_for(const struct lu_model *md,
			     const unsigned char *row)
{
	for (size_t i = 0; i < md->n_tmpls; i++)
		if (same_key(md, md->tmpls[i].key, row))
			return &md->tmpls[i];
	return NULL;
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

		if (mb->bit_size) {
			snprintf(buf, size, "bit-field '%s'", mb->name);
			return buf;
		}
		if (mb->depth)
			continue;
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

/* Takes build S's members into T; a refusal's reason into BUF. */
static const char *take_members(struct lu_model *md, struct tmpl *t,
				const struct lu_struct *s, char *buf,
				size_t size)
{
	const struct lu_presence *p = md->presence;
	int *map = calloc(s->n_blocks + 1, sizeof(*map));

	if (!map)
		abort();
	map_blocks(md, s, map);

	for (size_t i = 0; i < s->n_members; i++) {
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
			free(map);
			return buf;
		}
		size_t cond = p->cond_of_line[mb->decl_line - p->first];
		int blk = block_of(s, i);

		blk = blk >= 0 ? map[blk] : -1;
		for (int k = blk; k >= 0; k = md->blocks[k].parent) {
			if (md->block_cond[k] == (size_t)-1)
				md->block_cond[k] = cond;
			if (md->block_cond[k] != cond) {
				snprintf(buf, size, "'%s' is under an #if of "
						    "its own inside an "
						    "anonymous struct or union",
					 mb->name);
				free(map);
				return buf;
			}
		}
		struct tmember *old = NULL;

		for (size_t k = 0; k < t->n && !old; k++)
			if (t->members[k].m->decl_line == mb->decl_line &&
			    !strcmp(t->members[k].m->name, mb->name))
				old = &t->members[k];
		if (old) {
			if (!same_member(old->m, mb) ||
			    old->n_nested != nested) {
				snprintf(buf, size, "'%s' differs between "
						    "builds the model takes "
						    "as alike", mb->name);
				free(map);
				return buf;
			}
			continue;
		}
		t->members = lu_grow(t->members, &t->cap, t->n,
				     sizeof(*t->members));
		t->members[t->n] = (struct tmember){
			mb, nested, cond, blk, t->n,
		};
		t->n++;
	}
	free(map);
	return NULL;
}

struct lu_model *lu_model_learn(const struct lu_model_in *in,
				struct lu_arena *a, const char **why)
{
	struct lu_model *md = lu_arena_alloc(a, sizeof(*md));
	char buf[512];
	const struct lu_struct *first = NULL;
	const char *no = NULL;

	*md = (struct lu_model){ .m = in->m, .presence = in->presence,
				 .sized = in->sized };
	if (in->presence->refused) {
		*why = lu_arena_printf(a, "line %u: %s",
				       in->presence->refused_line,
				       in->presence->refused);
		return NULL;
	}
	md->tmpls = lu_arena_alloc(a, (in->n_learned + 1) * sizeof(*md->tmpls));
	for (size_t b = 0; b < in->n_learned && !no; b++) {
		const struct lu_struct *s = in->learned[b];
		struct tmpl *t = tmpl_for(md, in->rows[b]);

		if (!t) {
			t = &md->tmpls[md->n_tmpls++];
			*t = (struct tmpl){ .key = in->rows[b], .ref = s };
		} else if (!t->ref != !s) {
			no = "the struct is absent from some builds the model "
			     "takes as alike";
			break;
		}
		if (!s)
			continue;
		if ((no = unmodelled(s, buf, sizeof(buf))))
			break;
		if (!first)
			first = s;
		/* the struct's own alignment, when more than its
		 * members': checked below by laying each build out */
		uint64_t natural = 1;

		for (size_t i = 0; i < s->n_members; i++)
			if (!s->members[i].depth &&
			    member_align(&s->members[i]) > natural)
				natural = member_align(&s->members[i]);
		for (size_t k = 0; k < s->n_blocks; k++)
			if (s->blocks[k].forced_align > natural)
				natural = s->blocks[k].forced_align;
		if (s->align > natural && s->align > t->forced)
			t->forced = s->align;
		no = take_members(md, t, s, buf, sizeof(buf));
	}
	if (!no && !first)
		no = "no build has the struct";
	if (no) {
		for (size_t i = 0; i < md->n_tmpls; i++)
			free(md->tmpls[i].members);
		*why = lu_arena_strdup(a, no);
		model_free_blocks(md);
		return NULL;
	}
	model_keep_blocks(md, a);
	for (size_t i = 0; i < md->n_tmpls; i++) {
		struct tmpl *t = &md->tmpls[i];

		qsort(t->members, t->n, sizeof(*t->members), by_position);
		/* into the arena: the model outlives nothing of the caller's
		 * but the builds it points into */
		struct tmember *m = lu_arena_alloc(a, (t->n + 1) * sizeof(*m));

		if (t->n)
			memcpy(m, t->members, t->n * sizeof(*m));
		free(t->members);
		t->members = m;
	}
	/* every build it learned from, laid out again */
	for (size_t b = 0; b < in->n_learned; b++) {
		struct lu_struct s;
		bool present;
		struct lu_arena tmp = { 0 };

		if (!in->learned[b])
			continue;
		if (!lu_model_layout(md, in->rows[b], &tmp, &s, &present) ||
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

bool lu_model_layout(const struct lu_model *md, const unsigned char *row,
		     struct lu_arena *a, struct lu_struct *out, bool *present)
{
	const struct tmpl *t = tmpl_for(md, row);

	*present = t && t->ref;
	if (!*present)
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

	for (size_t i = 0; i < t->n; i++) {
		pl.keep[i] = lu_presence_holds(md->presence, md->m, row,
					       t->members[i].cond);
		n += pl.keep[i] ? 1 + t->members[i].n_nested : 0;
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
		if (!lu_presence_holds(md->presence, md->m, row,
				       md->block_cond[k]))
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
	out->groups = NULL;
	out->n_groups = 0;
	lu_struct_find_groups(out, a);
	free(pl.keep);
	free(pl.at);
	free(pl.block_at);
	free(pl.block_size);
	return true;
}

bool lu_model_same(const struct lu_struct *model, const struct lu_struct *real,
		   char *buf, size_t size)
{
	if (model->size != real->size) {
		snprintf(buf, size, "size %llu, compiled %llu",
			 (unsigned long long)model->size,
			 (unsigned long long)real->size);
		return false;
	}
	for (size_t i = 0; i < model->n_members || i < real->n_members; i++) {
		const struct lu_member *x =
			i < model->n_members ? &model->members[i] : NULL;
		const struct lu_member *y =
			i < real->n_members ? &real->members[i] : NULL;

		if (!x || !y || strcmp(x->name, y->name)) {
			snprintf(buf, size, "member %zu is '%s', compiled '%s'",
				 i, x ? x->name : "(none)",
				 y ? y->name : "(none)");
			return false;
		}
		if (x->offset != y->offset || x->size != y->size) {
			snprintf(buf, size, "'%s' at %llu (%llu bytes), "
					    "compiled at %llu (%llu bytes)",
				 x->name, (unsigned long long)x->offset,
				 (unsigned long long)x->size,
				 (unsigned long long)y->offset,
				 (unsigned long long)y->size);
			return false;
		}
	}
	return true;
}
