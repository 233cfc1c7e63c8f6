/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: laying a proposal out as the C ABI would (each item at
 * the next multiple of its alignment, the struct's size a multiple of its
 * alignment, an isolation a line-aligned anonymous struct), with the
 * markers lineup.h would add, and judging it with the same checker as
 * `lineup check`. Nothing is proposed that the checker rejects.
 */
#include <stdlib.h>
#include <string.h>

#include "suggest.h"
#include "markers.h"

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

struct builder {
	struct lu_member *members;
	size_t n, cap;
	struct lu_block *blocks;
	size_t n_blocks, cap_blocks;
	struct lu_arena *arena;
	uint64_t cur, align;
	int isolation;		/* the open isolation block, -1 none */
	size_t shifted;		/* items not at their old offset */
};

static void add_marker(struct builder *b, const char *prefix,
		       const struct lu_sg_group *g, const char *type)
{
	b->members = lu_grow(b->members, &b->cap, b->n, sizeof(*b->members));
	b->members[b->n++] = (struct lu_member){
		.name = lu_arena_printf(b->arena, "%s%s", prefix, g->name),
		.type = type,
		.dims = "[0]",
		.offset = b->cur,
		.group = -1,
	};
}

bool lu_sg_begins_aligned(const struct lu_sg_plan *plan, int g, size_t key)
{
	const struct lu_sg_group *grp = &plan->groups[g];

	if (grp->aligned)
		return true;
	/* the source's own markers stay as written: the input's check
	 * measured them so */
	if (grp->origin != LU_ORIGIN_RULES)
		return false;
	for (size_t l = 0; l < plan->n_layouts; l++) {
		size_t i = plan->layouts[l].item_of_key[key];

		if (i)
			return plan->layouts[l].items[i - 1].align >=
			       plan->opts.line_size;
	}
	return false;
}

static void open_group(struct builder *b, const struct lu_sg_plan *plan,
		       const struct lu_sg_proposal *p, int g, size_t key)
{
	const struct lu_sg_group *grp = &plan->groups[g];

	if (p->isolate[g]) {
		b->cur = align_up(b->cur, plan->unit);
		if (plan->unit > b->align)
			b->align = plan->unit;
		b->blocks = lu_grow(b->blocks, &b->cap_blocks, b->n_blocks,
				    sizeof(*b->blocks));
		b->blocks[b->n_blocks] = (struct lu_block){
			.offset = b->cur, .first = b->n, .parent = -1,
			.forced_align = plan->unit,
		};
		b->isolation = (int)b->n_blocks++;
		add_marker(b, "lineup__isolate_begin__", grp,
			   "lineup__isolate");
	}
	if (!p->marked[g])
		return;
	if (lu_sg_begins_aligned(plan, g, key)) {
		b->cur = align_up(b->cur, plan->opts.line_size);
		if (plan->opts.line_size > b->align)
			b->align = plan->opts.line_size;
	}
	if (grp->origin == LU_ORIGIN_KERNEL)
		add_marker(b, "__cacheline_group_begin__", grp, "__u8");
	else
		add_marker(b, "lineup__begin__", grp,
			   lu_arena_printf(b->arena, "lineup__%s",
					   lu_kind_name(grp->kind)));
}

static void close_group(struct builder *b, const struct lu_sg_plan *plan,
			const struct lu_sg_proposal *p, int g)
{
	const struct lu_sg_group *grp = &plan->groups[g];

	if (p->marked[g]) {
		if (grp->origin == LU_ORIGIN_KERNEL)
			add_marker(b, "__cacheline_group_end__", grp, "__u8");
		else
			add_marker(b, "lineup__end__", grp,
				   lu_arena_printf(b->arena, "lineup__%s",
						   lu_kind_name(grp->kind)));
	}
	if (p->isolate[g]) {
		struct lu_block *k = &b->blocks[b->isolation];

		add_marker(b, "lineup__isolate_end__", grp, "lineup__isolate");
		/* an aligned type's size is a multiple of its alignment */
		b->cur = align_up(b->cur, plan->unit);
		k->last = b->n;
		k->size = b->cur - k->offset;
		b->isolation = -1;
	}
}

/* Copies item IT of S to the builder's next aligned offset. */
static void place(struct builder *b, const struct lu_struct *s,
		  const struct lu_sg_item *it)
{
	uint64_t at = align_up(b->cur, it->align);
	size_t base = b->n;

	if (it->align > b->align)
		b->align = it->align;
	for (size_t j = it->first; j < it->last; j++) {
		b->members = lu_grow(b->members, &b->cap, b->n,
				     sizeof(*b->members));
		b->members[b->n] = s->members[j];
		b->members[b->n].offset = s->members[j].offset - it->offset + at;
		b->members[b->n].group = -1;
		b->members[b->n].marker = false;
		b->n++;
	}
	int *map = malloc((s->n_blocks + 1) * sizeof(*map));

	if (!map)
		abort();
	for (size_t k = 0; k < s->n_blocks; k++) {
		const struct lu_block *o = &s->blocks[k];

		map[k] = -1;
		/* an empty block is its own item's, or another's */
		if (o->first < it->first || o->last > it->last ||
		    (o->first == o->last && (int)k != it->block))
			continue;
		b->blocks = lu_grow(b->blocks, &b->cap_blocks, b->n_blocks,
				    sizeof(*b->blocks));
		struct lu_block *n = &b->blocks[b->n_blocks];

		map[k] = (int)b->n_blocks++;
		*n = *o;
		n->offset = o->offset - it->offset + at;
		n->first = o->first - it->first + base;
		n->last = o->last - it->first + base;
		/* blocks come before those inside them: the parent is mapped */
		n->parent = o->parent >= 0 && map[o->parent] >= 0
				    ? map[o->parent]
				    : b->isolation;
	}
	free(map);
	b->cur = at + it->size;
	b->shifted += at != it->offset;
}

/* A group whose members this configuration lacks altogether gets no
 * markers when they all share one #if (suggest_c.c puts the markers
 * inside it). */
static bool group_here(const struct lu_sg_plan *plan,
		       const struct lu_sg_layout *l, int g)
{
	if (g < 0 || !plan->groups[g].uniform)
		return g >= 0;
	for (size_t k = 0; k < plan->n_keys; k++)
		if (plan->key_group[k] == g && l->item_of_key[k])
			return true;
	return false;
}

void lu_sg_build(const struct lu_sg_plan *plan, const struct lu_sg_layout *l,
		 const struct lu_sg_proposal *p, struct lu_arena *arena,
		 struct lu_struct *out, size_t *shifted)
{
	struct builder b = { .arena = arena, .align = 1, .isolation = -1 };
	int open = -1;

	for (size_t i = 0; i < plan->n_keys; i++) {
		size_t key = p->order[i];
		int g = plan->key_group[key];

		if (g != open) {
			if (group_here(plan, l, open))
				close_group(&b, plan, p, open);
			if (group_here(plan, l, g))
				open_group(&b, plan, p, g, key);
			open = g;
		}
		if (l->item_of_key[key])
			place(&b, l->s, &l->items[l->item_of_key[key] - 1]);
	}
	if (group_here(plan, l, open))
		close_group(&b, plan, p, open);
	*out = *l->s;
	if (l->s->align > b.align)
		b.align = l->s->align;
	out->align = b.align;
	out->size = align_up(b.cur, b.align);
	out->members = lu_arena_memdup(arena, b.members,
				       b.n * sizeof(*b.members));
	out->n_members = b.n;
	out->blocks = lu_arena_memdup(arena, b.blocks,
				      b.n_blocks * sizeof(*b.blocks));
	out->n_blocks = b.n_blocks;
	free(b.members);
	free(b.blocks);
	lu_struct_find_groups(out, arena);
	if (shifted)
		*shifted = b.shifted;
}

bool lu_sg_counts(const struct lu_finding *f)
{
	return f->severity >= LU_WARNING && f->type != LU_FIND_MISSING &&
	       f->type != LU_FIND_UNKNOWN_GROUP &&
	       f->type != LU_FIND_FOOTPRINT;
}

void lu_sg_evaluate(const struct lu_sg_plan *plan, struct lu_sg_proposal *p)
{
	p->bad = 0;
	p->size = p->max_size = 0;
	for (size_t l = 0; l < plan->n_layouts; l++) {
		if (plan->layouts[l].duplicate)
			continue;
		struct lu_arena arena = { 0 };
		struct lu_findings f = { 0 };
		struct lu_struct s;

		lu_sg_build(plan, &plan->layouts[l], p, &arena, &s,
			    l ? NULL : &p->shifted);
		lu_check_struct(&s, plan->rule, &plan->opts, &f);
		for (size_t i = 0; i < f.n; i++)
			p->bad += lu_sg_counts(&f.items[i]);
		if (!l) {
			p->size = s.size;
			p->unclassified = p->count_kinds
				? lu_sg_unclassified_in(plan, &s, NULL, NULL)
				: 0;
		}
		if (s.size > p->max_size)
			p->max_size = s.size;
		lu_findings_free(&f);
		lu_arena_free(&arena);
	}
	p->found = !p->bad;
}

void lu_sg_proposal_init(const struct lu_sg_plan *plan,
			 struct lu_sg_proposal *p)
{
	memset(p, 0, sizeof(*p));
	p->order = calloc(plan->n_keys + 1, sizeof(*p->order));
	p->isolate = calloc(plan->n_groups + 1, sizeof(*p->isolate));
	p->marked = calloc(plan->n_groups + 1, sizeof(*p->marked));
	if (!p->order || !p->isolate || !p->marked)
		abort();
	for (size_t k = 0; k < plan->n_keys; k++)
		p->order[k] = k;
}

void lu_sg_proposal_free(struct lu_sg_proposal *p)
{
	free(p->order);
	free(p->isolate);
	free(p->marked);
	memset(p, 0, sizeof(*p));
}

/* Lays P out in the input's configuration for the struct-level count
 * (suggest_unclassified.c), which the report prints by name. */
size_t lu_sg_unclassified_on_writes(const struct lu_sg_plan *plan,
				    const struct lu_sg_proposal *p,
				    struct lu_arena *arena,
				    const char ***names)
{
	struct lu_arena scratch = { 0 };
	struct lu_struct s;
	size_t n;

	*names = NULL;
	if (!plan->n_layouts)
		return 0;
	lu_sg_build(plan, &plan->layouts[0], p, &scratch, &s, NULL);
	n = lu_sg_unclassified_in(plan, &s, arena, names);
	lu_arena_free(&scratch);
	return n;
}
