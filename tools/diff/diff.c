/* SPDX-License-Identifier: MIT */
/*
 * The layout diff: structs matched by name (tag or typedef), members by
 * name, and what moved. Members that move together by one delta, in the
 * same order on both sides (everything after an inserted member, say),
 * are one run, not a list: the interesting moves are the others, and the
 * hot members', which are always listed first.
 */
#include "diff.h"
#include "diff_findings.h"
#include "named.h"

#include "options.h"

#include <stdlib.h>
#include <string.h>

/* Every tag and typedef of SET's first definitions: lu_set_find is a
 * scan, and a whole kernel has thousands of names to look up. */
static struct lu_named *index_structs(const struct lu_set *set, size_t *count)
{
	size_t n = 0, cap = 0;
	struct lu_named *v = NULL;

	for (size_t i = 0; i < set->n_structs; i++) {
		const struct lu_struct *s = &set->structs[i];

		if (s->variant)
			continue;
		for (size_t t = 0; t <= s->n_typedefs; t++) {
			v = lu_grow(v, &cap, n, sizeof(*v));
			v[n++] = (struct lu_named){
				t ? s->typedefs[t - 1] : s->name, i };
		}
	}
	lu_named_sort(v, n);
	*count = n;
	return v;
}

/* Each member's kind and group: its markers', then the rules' (which
 * replace markers for the members they name, as check does). */
struct kinds {
	enum lu_kind *kind;
	const char **group;
};

static void find_kinds(const struct lu_struct *s,
		       const struct lu_rule_struct *rule, struct kinds *k)
{
	size_t n = s->n_members ? s->n_members : 1;

	k->kind = calloc(n, sizeof(*k->kind));
	k->group = calloc(n, sizeof(*k->group));
	if (!k->kind || !k->group)
		abort();
	for (size_t i = 0; i < s->n_members; i++) {
		int g = s->members[i].group;

		if (g >= 0) {
			k->kind[i] = s->groups[g].kind;
			k->group[i] = s->groups[g].name;
		}
	}
	for (size_t g = 0; rule && g < rule->n_groups; g++) {
		const struct lu_rule_group *rg = &rule->groups[g];

		for (size_t m = 0; m < rg->n_members; m++) {
			ptrdiff_t i = lu_struct_member(s, rg->members[m]);

			if (i >= 0) {
				k->kind[i] = rg->kind;
				k->group[i] = rg->name;
			}
		}
	}
}

static bool is_hot(enum lu_kind k)
{
	return k == LU_KIND_WRITE || k == LU_KIND_READ;
}

/* Which members of each side match: by name, the unnamed by rank. */
static void match_members(const struct lu_struct *o, const struct lu_struct *n,
			  ptrdiff_t *new_of_old, ptrdiff_t *old_of_new)
{
	size_t n_idx, anon_new = 0;
	struct lu_named *idx = lu_named_members(n, &n_idx);

	for (size_t j = 0; j < n->n_members; j++)
		old_of_new[j] = -1;
	for (size_t i = 0; i < o->n_members; i++) {
		const struct lu_member *m = &o->members[i];
		const struct lu_named *hit;

		new_of_old[i] = -1;
		if (m->marker)
			continue;
		if (*m->name) {
			hit = lu_named_find(idx, n_idx, m->name);
			if (hit && old_of_new[hit->index] < 0) {
				new_of_old[i] = (ptrdiff_t)hit->index;
				old_of_new[hit->index] = (ptrdiff_t)i;
			}
			continue;
		}
		/* the next unnamed member of NEW, if it is the same size */
		while (anon_new < n->n_members &&
		       (n->members[anon_new].marker ||
			*n->members[anon_new].name))
			anon_new++;
		if (anon_new < n->n_members &&
		    n->members[anon_new].size == m->size) {
			new_of_old[i] = (ptrdiff_t)anon_new;
			old_of_new[anon_new] = (ptrdiff_t)i;
		}
		anon_new++;
	}
	free(idx);
}

struct pair_ctx {
	struct lu_diff *d;
	struct lu_diff_struct *ds;
	const struct lu_struct *o, *n;
	unsigned old_line, new_line;
	struct kinds ko, kn;
	bool *in_old_finding, *in_new_finding;
	ptrdiff_t *new_of_old, *old_of_new;
	struct lu_diff_member *v;
	size_t n_v, cap_v;
};

static struct lu_diff_member *add(struct pair_ctx *c, enum lu_diff_change ch,
				  ptrdiff_t i, ptrdiff_t j)
{
	c->v = lu_grow(c->v, &c->cap_v, c->n_v, sizeof(*c->v));
	struct lu_diff_member *x = &c->v[c->n_v++];

	memset(x, 0, sizeof(*x));
	x->change = ch;
	x->old = x->last_old = i;
	x->new = x->last_new = j;
	/* NEW says what the member is now; OLD, when NEW says nothing */
	if (j >= 0 && c->kn.kind[j]) {
		x->kind = c->kn.kind[j];
		x->group = c->kn.group[j];
	} else if (i >= 0) {
		x->kind = c->ko.kind[i];
		x->group = c->ko.group[i];
	}
	x->hot = (i >= 0 && is_hot(c->ko.kind[i])) ||
		 (j >= 0 && is_hot(c->kn.kind[j]));
	if (i >= 0 && j >= 0) {
		x->delta = (int64_t)(c->n->members[j].offset -
				     c->o->members[i].offset);
		x->line_changed = c->o->members[i].offset / c->old_line !=
				  c->n->members[j].offset / c->new_line;
	}
	return x;
}

static bool moved(const struct lu_member *a, const struct lu_member *b)
{
	return a->offset != b->offset || a->bit_offset != b->bit_offset;
}

/* A hot member that stayed is still worth a line when its group changed
 * or a finding that appeared or went away names it. */
static bool hot_news(const struct pair_ctx *c, size_t i, size_t j)
{
	const char *a = c->ko.group[i], *b = c->kn.group[j];

	if (c->in_old_finding[i] || c->in_new_finding[j])
		return true;
	if (c->ko.kind[i] != c->kn.kind[j] || !a != !b)
		return true;
	return a && strcmp(a, b);
}

#define MIN_RUN 3

/*
 * A run: members that follow each other on both sides, all moved by the
 * same delta, none hot or all of one hot group. Entries [from, to) of
 * c->v, in NEW's order.
 */
static void close_run(struct pair_ctx *c, size_t from, size_t to)
{
	/* two lines say two moves as well as one line would */
	if (to - from < MIN_RUN)
		return;
	struct lu_diff_member *r = &c->v[from];
	size_t lines = 0;

	for (size_t k = from; k < to; k++)
		lines += c->v[k].line_changed;
	r->change = LU_DIFF_SHIFTED;
	r->count = to - from;
	if (!r->hot) {	/* of one group only when hot */
		r->kind = LU_KIND_NONE;
		r->group = NULL;
	}
	r->lines_changed = lines;
	r->line_changed = lines > 0;
	r->last_old = c->v[to - 1].old;
	r->last_new = c->v[to - 1].new;
	/* the member before the run in NEW, markers left out */
	for (ptrdiff_t j = r->new - 1; j >= 0 && !r->after; j--)
		if (!c->n->members[j].marker)
			r->after = c->n->members[j].name;
	/* the run's other entries go: mark them for removal */
	for (size_t k = from + 1; k < to; k++)
		c->v[k].count = (size_t)-1;
}

/* Hot members run only with members of their own group: the run's line
 * names the group. */
static bool continues_run(const struct lu_diff_member *prev,
			  const struct lu_diff_member *x)
{
	if (prev->hot != x->hot)
		return false;
	if (x->hot && (prev->kind != x->kind || !prev->group != !x->group ||
		       (x->group && strcmp(prev->group, x->group))))
		return false;
	return prev->change == LU_DIFF_MOVED && x->change == LU_DIFF_MOVED &&
	       prev->delta == x->delta && x->new == prev->new + 1 &&
	       x->old > prev->old;
}

static void collect(struct pair_ctx *c)
{
	const struct lu_struct *o = c->o, *n = c->n;
	size_t run = 0;

	for (size_t j = 0; j < n->n_members; j++) {
		ptrdiff_t i = c->old_of_new[j];
		const struct lu_member *b = &n->members[j];
		size_t before = c->n_v;

		if (b->marker)
			continue;
		if (i < 0) {
			add(c, LU_DIFF_ADDED, -1, (ptrdiff_t)j);
		} else if (moved(&o->members[i], b)) {
			add(c, LU_DIFF_MOVED, i, (ptrdiff_t)j);
		} else if (o->members[i].size != b->size) {
			add(c, LU_DIFF_RESIZED, i, (ptrdiff_t)j);
		} else if ((is_hot(c->ko.kind[i]) || is_hot(c->kn.kind[j])) &&
			   hot_news(c, (size_t)i, j)) {
			add(c, LU_DIFF_STAYED, i, (ptrdiff_t)j);
		}
		if (c->n_v == before) {	/* unchanged: a run ends */
			close_run(c, run, c->n_v);
			run = c->n_v;
			continue;
		}
		if (before > run && !continues_run(&c->v[before - 1],
						   &c->v[before])) {
			close_run(c, run, before);
			run = before;
		}
	}
	close_run(c, run, c->n_v);
	for (size_t i = 0; i < o->n_members; i++)
		if (!o->members[i].marker && c->new_of_old[i] < 0)
			add(c, LU_DIFF_REMOVED, (ptrdiff_t)i, -1);
}

/* Hot first, then by offset (NEW's; OLD's for what NEW lacks), then in
 * the order found: qsort is not stable, the sequence number makes it. */
struct sort_item {
	struct lu_diff_member m;
	uint64_t offset;
	size_t seq;
};

static int cmp_item(const void *pa, const void *pb)
{
	const struct sort_item *a = pa, *b = pb;

	if (a->m.hot != b->m.hot)
		return a->m.hot ? -1 : 1;
	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void sort_members(struct lu_diff_member *v, size_t count,
			 const struct lu_struct *o, const struct lu_struct *n)
{
	struct sort_item *items = calloc(count + 1, sizeof(*items));

	if (!items)
		abort();
	for (size_t i = 0; i < count; i++)
		items[i] = (struct sort_item){
			v[i],
			v[i].new >= 0 ? n->members[v[i].new].offset
				      : o->members[v[i].old].offset,
			i };
	qsort(items, count, sizeof(*items), cmp_item);
	for (size_t i = 0; i < count; i++)
		v[i] = items[i].m;
	free(items);
}

static void mark_findings(struct pair_ctx *c)
{
	const struct lu_diff_struct *ds = c->ds;

	for (size_t k = 0; k < ds->n_findings; k++) {
		const struct lu_finding *f =
			lu_diff_finding_of(c->d, &ds->findings[k]);
		bool *marks = ds->findings[k].appeared ? c->in_new_finding
						       : c->in_old_finding;

		if (f->type != LU_FIND_CONFLICT)
			continue;
		for (size_t m = 0; m < f->n_members; m++)
			marks[f->members[m]] = true;
		for (size_t m = 0; m < f->n_others; m++)
			marks[f->others[m]] = true;
	}
}

static void *zalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		abort();
	return p;
}

static void diff_pair(struct lu_diff *d, struct lu_diff_struct *ds,
		      const struct lu_diff_opts *opts)
{
	const struct lu_struct *o = ds->old, *n = ds->new;
	struct pair_ctx c = {
		.d = d, .ds = ds, .o = o, .n = n,
		/* moves in lines, even when check counts pairs */
		.old_line = d->old_set->line_size,
		.new_line = d->new_set->line_size,
	};

	if (!c.old_line || !c.new_line)
		c.old_line = c.new_line = 64;
	lu_diff_findings(d, ds, opts);
	find_kinds(o, lu_rules_for(opts->rules, o), &c.ko);
	find_kinds(n, lu_rules_for(opts->rules, n), &c.kn);
	c.in_old_finding = zalloc(o->n_members, sizeof(bool));
	c.in_new_finding = zalloc(n->n_members, sizeof(bool));
	c.new_of_old = zalloc(o->n_members, sizeof(ptrdiff_t));
	c.old_of_new = zalloc(n->n_members, sizeof(ptrdiff_t));
	mark_findings(&c);
	match_members(o, n, c.new_of_old, c.old_of_new);
	collect(&c);

	size_t kept = 0;

	for (size_t k = 0; k < c.n_v; k++) {
		if (c.v[k].count == (size_t)-1)
			continue;
		c.v[kept] = c.v[k];
		ds->line_moves |= c.v[kept].line_changed;
		kept++;
	}
	sort_members(c.v, kept, o, n);
	ds->members = kept ? lu_arena_memdup(&d->arena, c.v,
					     kept * sizeof(*c.v))
			   : NULL;
	ds->n_members = kept;
	for (size_t k = 0; k < kept; k++)
		ds->n_hot += c.v[k].hot;
	/* BTF records no alignment: a guess is no change to report */
	ds->size_changed = o->size != n->size ||
			   (!o->align_inferred && !n->align_inferred &&
			    o->align != n->align);
	free(c.v);
	free(c.ko.kind);
	free(c.ko.group);
	free(c.kn.kind);
	free(c.kn.group);
	free(c.in_old_finding);
	free(c.in_new_finding);
	free(c.new_of_old);
	free(c.old_of_new);
}

static bool has_news(const struct lu_diff_struct *ds)
{
	return ds->size_changed || ds->n_findings || ds->n_members;
}

static void compare(struct lu_diff *d, const struct lu_struct *o,
		    const struct lu_struct *n, const struct lu_diff_opts *opts,
		    struct lu_diff_struct **v, size_t *cap)
{
	struct lu_diff_struct ds = { .old = o, .new = n };

	d->n_compared++;
	diff_pair(d, &ds, opts);
	if (!has_news(&ds))
		return;
	*v = lu_grow(*v, cap, d->n_structs, sizeof(**v));
	(*v)[d->n_structs++] = ds;
	d->n_broken += ds.broken;
}

static void add_name(struct lu_arena *a, const char ***v, size_t *n,
		     const char *name)
{
	/* arrays in the arena: grown by copying, a few names at a time */
	if (!(*n & (*n - 1)) || !*n) {
		const char **bigger = lu_arena_alloc(
			a, (*n ? *n * 2 : 1) * sizeof(*bigger));

		if (*n)
			memcpy(bigger, *v, *n * sizeof(*bigger));
		*v = bigger;
	}
	(*v)[(*n)++] = name;
}

/* Did an earlier --struct name find the same structs as name K? */
static bool named_before(const struct lu_diff_opts *opts, size_t k,
			 const struct lu_struct *o, const struct lu_struct *n)
{
	const struct lu_struct *po = o ? o : n;

	for (size_t i = 0; po && i < k; i++) {
		const char *name = opts->names[i];

		if (lu_struct_named(po, name) &&
		    (!o || !n || lu_struct_named(n, name)))
			return true;
	}
	return false;
}

void lu_diff_sets(const struct lu_set *old, const struct lu_set *new,
		  const struct lu_diff_opts *opts, struct lu_diff *out)
{
	struct lu_diff_struct *v = NULL;
	size_t cap = 0, n_idx;

	memset(out, 0, sizeof(*out));
	out->old_set = old;
	out->new_set = new;
	if (opts->named) {
		for (size_t k = 0; k < opts->n_names; k++) {
			const char *name = opts->names[k];
			const struct lu_struct *o = lu_set_find(old, name),
					       *n = lu_set_find(new, name);

			if (named_before(opts, k, o, n))
				continue;	/* a tag and its typedef */
			if (o && n)
				compare(out, o, n, opts, &v, &cap);
			else if (o)
				add_name(&out->arena, &out->only_old,
					 &out->n_only_old, o->name);
			else if (n)
				add_name(&out->arena, &out->only_new,
					 &out->n_only_new, n->name);
		}
		out->structs = v;
		return;
	}
	struct lu_named *idx = index_structs(new, &n_idx);
	bool *seen = zalloc(new->n_structs, sizeof(bool));

	for (size_t i = 0; i < old->n_structs; i++) {
		const struct lu_struct *o = &old->structs[i];
		const struct lu_named *hit = NULL;

		if (o->variant)
			continue;
		hit = lu_named_find(idx, n_idx, o->name);
		for (size_t t = 0; !hit && t < o->n_typedefs; t++)
			hit = lu_named_find(idx, n_idx, o->typedefs[t]);
		if (!hit) {
			add_name(&out->arena, &out->only_old, &out->n_only_old,
				 o->name);
			continue;
		}
		if (seen[hit->index])
			continue;	/* a tag and a typedef of one struct */
		seen[hit->index] = true;
		compare(out, o, &new->structs[hit->index], opts, &v, &cap);
	}
	for (size_t j = 0; j < new->n_structs; j++)
		if (!seen[j] && !new->structs[j].variant)
			add_name(&out->arena, &out->only_new, &out->n_only_new,
				 new->structs[j].name);
	free(seen);
	free(idx);
	out->structs = v;
}

const struct lu_finding *lu_diff_finding_of(const struct lu_diff *d,
					    const struct lu_diff_finding *x)
{
	return x->appeared ? &d->new_findings.items[x->index]
			   : &d->old_findings.items[x->index];
}

int lu_diff_exit(const struct lu_diff *d, unsigned fail_on)
{
	if (d->n_broken)
		return 1;
	for (size_t k = 0; k < d->n_structs; k++) {
		const struct lu_diff_struct *ds = &d->structs[k];

		if ((fail_on & LU_FAIL_ON_SIZE) && ds->size_changed)
			return 1;
		if ((fail_on & LU_FAIL_ON_MOVES) && ds->line_moves)
			return 1;
	}
	return 0;
}

void lu_diff_free(struct lu_diff *d)
{
	free(d->structs);
	lu_findings_free(&d->old_findings);
	lu_findings_free(&d->new_findings);
	lu_arena_free(&d->arena);
	memset(d, 0, sizeof(*d));
}
