/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: cutting structs into the items a reorder may move, and
 * the keys and groups that every configuration of them shares.
 */
#include <stdlib.h>
#include <string.h>

#include "align_guess.h"
#include "error.h"
#include "suggest.h"

/*
 * Natural alignment when the reader records none (DWARF): the element
 * size's lowest set bit, capped at 8 (the widest scalar alignment of the
 * 64-bit ABIs lineup reads, long double aside) and at what the member's
 * offset and the struct's alignment allow. Wrong only for a type whose
 * alignment is below that of its size's lowest bit and that sits at an
 * offset that does not tell; the tests compile each proposal to catch it.
 */
#define MAX_GUESSED_ALIGN 8

static uint64_t low_bit(uint64_t v)
{
	return v & -v;
}

static uint64_t natural_of(const struct lu_struct *s,
			   const struct lu_member *m)
{
	uint64_t n = 1, a;

	if (m->abi_align) {
		a = m->abi_align;
	} else if (m->natural_align) {
		a = m->natural_align;
	} else {
		for (const char *d = m->dims; d && (d = strchr(d, '['));)
			n *= strtoull(++d, NULL, 10);
		a = low_bit(n ? m->size / n : m->size);
		if (!a || a > MAX_GUESSED_ALIGN)
			a = a ? MAX_GUESSED_ALIGN : 1;
	}
	if (m->offset && low_bit(m->offset) < a)
		a = low_bit(m->offset);
	if (s->align && s->align < a)
		a = s->align;
	return a;
}

/* A member's alignment: natural, raised by a forced one the input states
 * or (BTF, pahole text) the gap before it shows, as pahole infers it. */
static uint64_t align_of(const struct lu_struct *s, const struct lu_member *m,
			 uint64_t prev_end, unsigned line, uint64_t *forced)
{
	uint64_t a = natural_of(s, m);

	*forced = 0;
	if (s->forced_stated)
		*forced = m->forced_align;
	else if (m->offset > prev_end)
		*forced = lu_gap_align(m->offset, m->offset - prev_end, a,
				       line);
	return *forced > a ? *forced : a;
}

/* The top-level block member I lies in, -1 for none. */
static int top_block(const struct lu_struct *s, size_t i)
{
	for (size_t b = 0; b < s->n_blocks; b++) {
		const struct lu_block *k = &s->blocks[b];

		if (k->parent < 0 && i >= k->first && i < k->last)
			return (int)b;
	}
	return -1;
}

/*
 * Empty top-level blocks just before member I (an anonymous union with no
 * member that only aligns what follows: `union { } __aligned(64);`) as
 * items of their own, named in ARENA by their order among them, so the
 * alignment they give moves with them (and is not lost).
 */
static void empty_blocks(const struct lu_struct *s, size_t i,
			 struct lu_sg_item **items, size_t *n, size_t *cap,
			 size_t *seen, struct lu_arena *arena)
{
	for (size_t b = 0; b < s->n_blocks; b++) {
		const struct lu_block *k = &s->blocks[b];

		if (k->parent >= 0 || k->first != i || k->last != i)
			continue;
		*items = lu_grow(*items, cap, *n, sizeof(**items));
		(*items)[(*n)++] = (struct lu_sg_item){
			.first = i, .last = i, .offset = k->offset,
			.size = k->size, .block = (int)b,
			.align = k->forced_align ? k->forced_align : 1,
			.forced = k->forced_align,
			.name = lu_arena_printf(arena, "(empty %s %zu)",
						k->is_union ? "union"
							    : "struct",
						++*seen),
		};
	}
}

/* Cuts S into items; KEYS of their first members' names, interned. */
static struct lu_sg_item *cut(const struct lu_struct *s, unsigned line,
			      struct lu_arena *arena, size_t *n_out)
{
	struct lu_sg_item *items = NULL;
	size_t n = 0, cap = 0, empties = 0;
	uint64_t prev_end = 0;

	for (size_t i = 0; i <= s->n_members;) {
		empty_blocks(s, i, &items, &n, &cap, &empties, arena);
		if (i == s->n_members)
			break;
		const struct lu_member *m = &s->members[i];
		int b = top_block(s, i);
		struct lu_sg_item it = { .first = i, .block = b };

		if (b >= 0) {
			const struct lu_block *k = &s->blocks[b];

			it.last = k->last;
			it.offset = k->offset;
			it.size = k->size;
			it.align = it.forced = k->forced_align;
			/* a block is as aligned as what it holds, stated
			 * alignments included (Clang states them on the
			 * members, not on the block) */
			for (size_t j = k->first; j < k->last; j++) {
				const struct lu_member *o = &s->members[j];
				uint64_t a = natural_of(s, o);

				if (s->forced_stated && o->forced_align > a)
					a = o->forced_align;
				if (!o->marker && a > it.align)
					it.align = a;
			}
			for (size_t j = 0; j < s->n_blocks; j++)
				if (s->blocks[j].parent >= 0 &&
				    s->blocks[j].first >= k->first &&
				    s->blocks[j].last <= k->last &&
				    s->blocks[j].forced_align > it.align)
					it.align = s->blocks[j].forced_align;
		} else if (m->marker || m->depth) {
			i++;
			continue;
		} else {
			uint64_t end = m->offset + m->size;

			it.offset = m->offset;
			it.align = align_of(s, m, prev_end, line, &it.forced);
			it.guessed = !m->abi_align && !m->natural_align &&
				     !m->bit_size;
			it.last = i + 1;
			/* a bit-field run shares storage units: one item */
			while (m->bit_size && it.last < s->n_members &&
			       s->members[it.last].bit_size &&
			       s->members[it.last].offset < end) {
				const struct lu_member *r = &s->members[it.last];

				if (r->offset + r->size > end)
					end = r->offset + r->size;
				it.last++;
			}
			while (it.last < s->n_members &&
			       s->members[it.last].depth)
				it.last++;
			it.size = end - m->offset;
		}
		if (!it.align)
			it.align = 1;
		prev_end = it.offset + it.size;
		items = lu_grow(items, &cap, n, sizeof(*items));
		items[n++] = it;
		i = it.last;
	}
	*n_out = n;
	return items;
}

/* The item's first member that is not a marker names it. */
static const char *item_name(const struct lu_struct *s,
			     const struct lu_sg_item *it)
{
	if (it->name)
		return it->name;
	for (size_t j = it->first; j < it->last; j++)
		if (!s->members[j].marker)
			return s->members[j].name;
	return s->members[it->first].name;
}

static ptrdiff_t find_key(const struct lu_sg_plan *p, const char *name)
{
	for (size_t k = 0; k < p->n_keys; k++)
		if (!strcmp(p->keys[k], name))
			return (ptrdiff_t)k;
	return -1;
}

/* Adds NAME after key AFTER (-1: first), keeping the others' order. */
static void insert_key(struct lu_sg_plan *p, size_t *cap, ptrdiff_t after,
		       const char *name)
{
	size_t at = (size_t)(after + 1);

	p->keys = lu_grow(p->keys, cap, p->n_keys, sizeof(*p->keys));
	memmove(&p->keys[at + 1], &p->keys[at],
		(p->n_keys - at) * sizeof(*p->keys));
	p->keys[at] = name;
	p->n_keys++;
}

static int plan_group(struct lu_sg_plan *p, size_t *cap, const char *name,
		      enum lu_kind kind, enum lu_origin origin)
{
	for (size_t g = 0; g < p->n_groups; g++)
		if (!strcmp(p->groups[g].name, name))
			return (int)g;
	p->groups = lu_grow(p->groups, cap, p->n_groups, sizeof(*p->groups));
	p->groups[p->n_groups] = (struct lu_sg_group){
		.name = name, .kind = kind, .origin = origin,
	};
	return (int)p->n_groups++;
}

/* The rules group that names member M, or NULL. */
static const struct lu_rule_group *rule_group(const struct lu_rule_struct *r,
					      const struct lu_member *m)
{
	for (size_t g = 0; r && g < r->n_groups; g++)
		for (size_t k = 0; k < r->groups[g].n_members; k++)
			if (!strcmp(r->groups[g].members[k], m->name))
				return &r->groups[g];
	return NULL;
}

static bool hot(enum lu_kind k)
{
	return k == LU_KIND_WRITE || k == LU_KIND_READ;
}

/*
 * Does marker group G's begin marker start a line on purpose: stated
 * aligned (DWARF), or (BTF, pahole text) at a line start with a gap
 * before it that only its alignment explains?
 */
static bool begins_line(const struct lu_struct *s, const struct lu_group *g,
			unsigned line)
{
	const struct lu_member *m = &s->members[g->first - 1];
	uint64_t end = 0;

	if (g->first < 1 || g->origin == LU_ORIGIN_RULES)
		return false;
	if (s->forced_stated)
		return m->forced_align >= line;
	for (size_t j = 0; j + 1 < g->first; j++) {
		const struct lu_member *o = &s->members[j];

		if (!o->marker && !o->depth && o->offset + o->size > end)
			end = o->offset + o->size;
	}
	return m->offset && m->offset % line == 0 && end < m->offset;
}

/*
 * The group of item IT: the rules' group of its members, else their
 * marker group unless the markers are inside the item (an isolation
 * block moves with its group). Two hot groups, one of them written, in
 * one item cannot be parted by any order: the plan notes the key.
 */
static int item_group(struct lu_sg_plan *p, size_t *cap,
		      const struct lu_struct *s, const struct lu_sg_item *it)
{
	int found = -1;

	for (size_t j = it->first; j < it->last; j++) {
		const struct lu_member *m = &s->members[j];
		const struct lu_rule_group *rg = rule_group(p->rule, m);
		int g = -1;

		if (m->marker)
			continue;
		if (rg) {
			g = plan_group(p, cap, rg->name, rg->kind,
				       LU_ORIGIN_RULES);
		} else if (m->group >= 0) {
			const struct lu_group *sg = &s->groups[m->group];

			if (sg->first >= it->first + 1 && sg->first <= it->last)
				continue;	/* its markers move with it */
			g = plan_group(p, cap, sg->name, sg->kind, sg->origin);
			p->groups[g].aligned |= begins_line(s, sg, p->opts.line_size);
		}
		if (g < 0 || g == found)
			continue;
		if (found >= 0 && hot(p->groups[g].kind) &&
		    hot(p->groups[found].kind) &&
		    (p->groups[g].kind == LU_KIND_WRITE ||
		     p->groups[found].kind == LU_KIND_WRITE))
			p->mixed_key = it->key;
		if (found < 0)
			found = g;
	}
	return found;
}

/* Is the first item a struct or union held by value? */
static bool first_is_aggregate(const struct lu_sg_layout *l)
{
	const struct lu_member *m;

	if (!l->n_items)
		return false;
	if (l->items[0].block >= 0)
		return true;
	m = &l->s->members[l->items[0].first];
	return (!strncmp(m->type, "struct ", 7) ||
		!strncmp(m->type, "union ", 6)) &&
	       !strchr(m->type, '*') && !*m->dims;
}

/*
 * A guessed natural alignment is at most what the member's offset allows
 * in each configuration that has it at that size: every configuration's
 * offsets narrow the guess for all of them.
 */
static void settle_guesses(struct lu_sg_plan *p)
{
	for (size_t l = 0; l < p->n_layouts; l++) {
		struct lu_sg_layout *a = &p->layouts[l];

		for (size_t i = 0; i < a->n_items; i++) {
			struct lu_sg_item *it = &a->items[i];

			if (!it->guessed || it->align <= it->forced)
				continue;
			for (size_t o = 0; o < p->n_layouts; o++) {
				size_t j = p->layouts[o].item_of_key[it->key];
				const struct lu_sg_item *ot;

				if (!j)
					continue;
				ot = &p->layouts[o].items[j - 1];
				if (ot->size == it->size && ot->offset &&
				    low_bit(ot->offset) < it->align)
					it->align = low_bit(ot->offset) >
							    it->forced
							    ? low_bit(ot->offset)
							    : it->forced;
			}
		}
	}
}

/* Groups whose members are all in the same configurations. */
static void uniform_groups(struct lu_sg_plan *p)
{
	for (size_t g = 0; g < p->n_groups; g++) {
		ptrdiff_t first = -1;

		p->groups[g].uniform = true;
		for (size_t k = 0; k < p->n_keys && p->groups[g].uniform; k++) {
			if (p->key_group[k] != (int)g)
				continue;
			if (first < 0) {
				first = (ptrdiff_t)k;
				continue;
			}
			for (size_t l = 0; l < p->n_layouts; l++)
				if (!p->layouts[l].item_of_key[k] !=
				    !p->layouts[l].item_of_key[first])
					p->groups[g].uniform = false;
		}
	}
}

/* Two layouts that cut alike need checking once. */
static bool same_cut(const struct lu_sg_layout *a,
		     const struct lu_sg_layout *b)
{
	if (a->n_items != b->n_items || a->s->align != b->s->align)
		return false;
	for (size_t i = 0; i < a->n_items; i++)
		if (a->items[i].key != b->items[i].key ||
		    a->items[i].size != b->items[i].size ||
		    a->items[i].align != b->items[i].align)
			return false;
	return true;
}

int lu_sg_plan_init(struct lu_sg_plan *p, const struct lu_struct **structs,
		    const char **configs, const unsigned char **rows,
		    size_t n_structs, const struct lu_rule_struct *rule,
		    const struct lu_check_opts *opts, struct lu_error *err)
{
	size_t cap_keys = 0, cap_groups = 0;

	memset(p, 0, sizeof(*p));
	p->rule = rule;
	p->opts = *opts;
	p->unit = opts->line_size * (opts->pair ? 2 : 1);
	p->mixed_key = (size_t)-1;
	p->n_layouts = n_structs;
	p->layouts = calloc(n_structs, sizeof(*p->layouts));
	if (!p->layouts)
		abort();
	/* keys: the input's order, each configuration's own members
	 * after the member they follow there */
	for (size_t l = 0; l < n_structs; l++) {
		struct lu_sg_layout *ly = &p->layouts[l];
		ptrdiff_t prev = -1;

		ly->s = structs[l];
		ly->config = configs ? configs[l] : NULL;
		ly->row = rows ? rows[l] : NULL;
		ly->items = cut(ly->s, opts->line_size, &p->arena,
				 &ly->n_items);
		for (size_t i = 0; i < ly->n_items; i++) {
			const char *name = item_name(ly->s, &ly->items[i]);
			ptrdiff_t k = find_key(p, name);

			if (k < 0) {
				insert_key(p, &cap_keys, prev, name);
				k = prev + 1;
			}
			prev = k;
		}
	}
	p->key_group = malloc((p->n_keys + 1) * sizeof(*p->key_group));
	p->key_flex = calloc(p->n_keys + 1, sizeof(*p->key_flex));
	if (!p->key_group || !p->key_flex)
		abort();
	for (size_t k = 0; k < p->n_keys; k++)
		p->key_group[k] = -2;	/* not seen yet */
	for (size_t l = 0; l < n_structs; l++) {
		struct lu_sg_layout *ly = &p->layouts[l];

		ly->item_of_key = calloc(p->n_keys + 1, sizeof(size_t));
		if (!ly->item_of_key)
			abort();
		for (size_t i = 0; i < ly->n_items; i++) {
			struct lu_sg_item *it = &ly->items[i];
			const struct lu_member *m = &ly->s->members[it->first];

			it->key = (size_t)find_key(p, item_name(ly->s, it));
			ly->item_of_key[it->key] = i + 1;
			int g = item_group(p, &cap_groups, ly->s, it);

			if (p->key_group[it->key] == -2 || g >= 0)
				p->key_group[it->key] = g;
			if (i + 1 == ly->n_items && it->block < 0 &&
			    !m->size && *m->dims)
				p->key_flex[it->key] = true;
		}
	}
	settle_guesses(p);
	p->pin_first = first_is_aggregate(&p->layouts[0]);
	uniform_groups(p);
	for (size_t l = 1; l < n_structs; l++)
		for (size_t k = 0; k < l && !p->layouts[l].duplicate; k++)
			p->layouts[l].duplicate =
				same_cut(&p->layouts[k], &p->layouts[l]);
	bool writes = false;

	for (size_t g = 0; g < p->n_groups; g++)
		writes |= p->groups[g].kind == LU_KIND_WRITE;
	if (!writes) {
		lu_error_set(err, "struct %s has no write group to keep apart "
				  "(mark one with LINEUP_BEGIN(write, NAME) or "
				  "name it in --rules: write = MEMBER)",
			     structs[0]->name);
		return -1;
	}
	return 0;
}

void lu_sg_plan_free(struct lu_sg_plan *p)
{
	for (size_t l = 0; l < p->n_layouts; l++) {
		free(p->layouts[l].items);
		free(p->layouts[l].item_of_key);
	}
	free(p->layouts);
	free(p->keys);
	free(p->key_group);
	free(p->key_flex);
	free(p->groups);
	lu_arena_free(&p->arena);
	memset(p, 0, sizeof(*p));
}
