/* SPDX-License-Identifier: MIT */
/*
 * The checker. A conflict is a cache line (or an aligned pair of lines) that
 * holds a byte of a write group and a byte of another write or read group.
 * When the struct's alignment is below the line size the object can start
 * anywhere on an alignment boundary, so every possible start is tried and
 * the findings say at which starts the conflict appears.
 *
 * A store to a bit-field rewrites its whole storage unit, so a unit that
 * holds a write bit-field and a member of another group is a conflict of
 * its own, whatever the line: one finding per unit and pair of groups
 * (check_units.c finds them). A line conflict between the same two groups
 * whose members all lie in one such unit says nothing more and is left out.
 */
#include "member_index.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "check_place.h"
#include "check_units.h"
#include "closest_name.h"
#include "kernel_groups.h"
#include "strset.h"

/* Beyond this a struct is not something a cache line check can help. */
#define MAX_CHECKED_SIZE (1ull << 30)

/*
 * A struct as the rules see it: marker groups plus the rules' groups. A
 * member the rules name leaves its marker group for the rules' one; a
 * rules group with a marker group's name is that group (the rules give
 * its kind and more members), never a second group of the same name.
 */
struct view {
	const struct lu_struct *s;
	const struct lu_rule_struct *rule;
	struct lu_group *groups;	/* marker groups first, same index */
	size_t n_groups;
	int *group_of;	/* per member */
	uint64_t *share;	/* per member: its bytes in its group begin here
				 * (group_bytes.h: padding after a marker) */
};

/*
 * A close name for a typo: a member's from the struct's members, a group's
 * from the groups the check sees (the markers' and the rules' own).
 */
static const char *close_name(const struct view *v, const char *name,
			      bool group)
{
	const struct lu_struct *s = v->s;
	struct lu_strset names = { 0 };

	for (size_t i = 0; !group && i < s->n_members; i++)
		if (!s->members[i].marker && *s->members[i].name)
			lu_strset_add(&names, s->members[i].name);
	for (size_t i = 0; group && i < v->n_groups; i++)
		lu_strset_add(&names, v->groups[i].name);
	const char *c = lu_closest_name(name, &names);
	/* the set owns its strings: find the struct's or the rules' copy */
	const char *out = NULL;

	for (size_t i = 0; c && !group && i < s->n_members && !out; i++)
		if (!strcmp(s->members[i].name, c))
			out = s->members[i].name;
	for (size_t i = 0; c && group && i < v->n_groups && !out; i++)
		if (!strcmp(v->groups[i].name, c))
			out = v->groups[i].name;
	lu_strset_free(&names);
	return out;
}

static void report_missing(struct lu_findings *out, const struct view *v,
			   enum lu_finding_type type, const char *name,
			   unsigned line, const struct lu_check_opts *opts)
{
	const char *near = close_name(v, name,
				      type == LU_FIND_UNKNOWN_GROUP);
	enum lu_severity sev = opts->strict	? LU_ERROR
			       : near && opts->typos_fail ? LU_ERROR
			       : near		? LU_WARNING
						: LU_NOTE;
	struct lu_finding *f = lu_findings_add(out, type, sev, v->s);

	f->name = name;
	f->suggestion = near;
	f->rules_line = line;
	f->config = opts->config;
}

/*
 * A rules group none of whose members the struct has checks nothing: a
 * warning (LU010), unless another input or configuration has one of them
 * (lu_absent_settle). One member present, and the group checks it.
 */
static void report_empty(struct lu_findings *out, const struct view *v,
			 const struct lu_rule_group *rg,
			 const struct lu_check_opts *opts)
{
	struct lu_finding *f = lu_findings_add(out, LU_FIND_EMPTY_GROUP,
					       LU_WARNING, v->s);

	f->name = rg->name;
	f->rule_group = rg;
	f->rules_line = rg->ini_line;
	f->config = opts->config;
}

static void build_view(struct view *v, const struct lu_struct *s,
		       const struct lu_rule_struct *rule,
		       const struct lu_check_opts *opts,
		       struct lu_findings *out)
{
	size_t n = s->n_groups + (rule ? rule->n_groups : 0);

	v->s = s;
	v->rule = rule;
	v->groups = calloc(n ? n : 1, sizeof(*v->groups));
	v->group_of = calloc(s->n_members ? s->n_members : 1,
			     sizeof(*v->group_of));
	if (!v->groups || !v->group_of)
		abort();
	v->share = calloc(s->n_members ? s->n_members : 1, sizeof(*v->share));
	if (!v->share)
		abort();
	memcpy(v->groups, s->groups, s->n_groups * sizeof(*s->groups));
	v->n_groups = s->n_groups;
	for (size_t i = 0; i < s->n_members; i++)
		v->group_of[i] = s->members[i].group;
	struct lu_member_index names = { .s = s };

	/* only rules name members: no index without them */
	if (rule && rule->n_groups)
		lu_member_index_init(&names, s);
	for (size_t g = 0; rule && g < rule->n_groups; g++) {
		const struct lu_rule_group *rg = &rule->groups[g];
		ptrdiff_t same = lu_struct_group(s, rg->name);
		size_t gi = same >= 0 ? (size_t)same : v->n_groups;
		struct lu_group *out_g = &v->groups[gi];

		if (same < 0) {
			memset(out_g, 0, sizeof(*out_g));
			out_g->name = rg->name;
			out_g->origin = LU_ORIGIN_RULES;
			v->n_groups++;
		}
		out_g->kind = rg->kind;
		size_t found = 0, errors = out->n_errors;

		for (size_t m = 0; m < rg->n_members; m++) {
			ptrdiff_t idx = lu_member_index_find(&names,
							     rg->members[m]);

			if (idx < 0) {
				report_missing(out, v, LU_FIND_MISSING,
					       rg->members[m], rg->ini_line, opts);
				continue;
			}
			const struct lu_member *mm = &s->members[idx];

			found++;
			v->group_of[idx] = (int)gi;
			/* a named member's expanded parts go with it */
			for (size_t k = (size_t)idx + 1;
			     k < s->n_members && s->members[k].depth > mm->depth;
			     k++)
				v->group_of[k] = (int)gi;
		}
		/* an error for a member (a typo, --strict) says it already */
		if (!found && rg->n_members && same < 0 && opts->typos_fail &&
		    out->n_errors == errors)
			report_empty(out, v, rg, opts);
	}
	lu_member_index_free(&names);
	/* the bytes each group owns now that its members are known */
	lu_group_shares(s, v->groups, v->group_of, v->share);
	lu_group_extents(s, v->groups, v->n_groups, v->group_of, v->share);
}

static void free_view(struct view *v)
{
	free(v->groups);
	free(v->group_of);
	free(v->share);
}

static bool is_hot(enum lu_kind k)
{
	return k == LU_KIND_WRITE || k == LU_KIND_READ;
}

static bool allowed(const struct view *v, size_t g, size_t h)
{
	/* kernel groups on one path: side by side on purpose */
	if (lu_paths_share(&v->groups[g], &v->groups[h]))
		return true;
	for (size_t i = 0; v->rule && i < v->rule->n_allow; i++) {
		const struct lu_rule_allow *a = &v->rule->allow[i];
		const char *x = v->groups[g].name, *y = v->groups[h].name;

		if ((!strcmp(a->a, x) && !strcmp(a->b, y)) ||
		    (!strcmp(a->a, y) && !strcmp(a->b, x)))
			return true;
	}
	return false;
}

/* allowed() for the storage-unit check, which knows no views */
static bool view_allows(const void *arg, size_t g, size_t h)
{
	return allowed(arg, g, h);
}

struct entry {
	uint64_t unit;
	size_t group, member;
};

static int cmp_entry(const void *pa, const void *pb)
{
	const struct entry *a = pa, *b = pb;

	if (a->unit != b->unit)
		return a->unit < b->unit ? -1 : 1;
	if (a->group != b->group)
		return a->group < b->group ? -1 : 1;
	return a->member < b->member ? -1 : a->member > b->member;
}

/* The units [first, last] a hot member's bytes cover. */
struct span {
	uint64_t first, last;
	size_t group, member;
};

static int cmp_span(const void *pa, const void *pb)
{
	const struct span *a = pa, *b = pb;

	if (a->first != b->first)
		return a->first < b->first ? -1 : 1;
	return a->member < b->member ? -1 : a->member > b->member;
}

static int cmp_u64(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;

	return a < b ? -1 : a > b;
}

/* Everything found for one pair of groups, over all starts. */
struct pair_hit {
	size_t g, h;
	uint64_t first_start;
	uint64_t *starts;
	size_t n_starts, cap_starts;
};

static size_t *members_of(struct lu_findings *out, const struct entry *e,
			  size_t n, size_t group, size_t *count)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += e[i].group == group;
	size_t *list = lu_arena_alloc(&out->arena, (k ? k : 1) * sizeof(*list));

	k = 0;
	for (size_t i = 0; i < n; i++)
		if (e[i].group == group)
			list[k++] = e[i].member;
	*count = k;
	return list;
}

/* One pass over every possible start, and the scratch space it reuses. */
struct sweep {
	const struct view *v;
	const struct lu_check_opts *opts;
	struct placement pl;
	struct lu_findings *out;
	uint64_t unit;		/* bytes in a line, or in a pair of lines */
	struct entry *e;	/* (unit, group, member) at the current start */
	size_t n_e, cap_e;
	struct span *spans, *active;
	size_t n_spans, cap_spans, n_active, cap_active;
	uint64_t *visit;
	size_t n_visit, cap_visit;
	struct pair_hit *hits;
	size_t n_hits, cap_hits;
	size_t first_finding;	/* out->n before the sweep */
	size_t *hit_of;		/* each finding's pair_hit, from first_finding */
	size_t cap_hit_of;
	const struct unit_hits *units;
};

static void add_span(struct sweep *w, struct span sp)
{
	w->spans = lu_grow(w->spans, &w->cap_spans, w->n_spans,
			   sizeof(*w->spans));
	w->spans[w->n_spans++] = sp;
	for (int k = 0; k < 2; k++) {
		w->visit = lu_grow(w->visit, &w->cap_visit, w->n_visit,
				   sizeof(*w->visit));
		w->visit[w->n_visit++] = k ? sp.last : sp.first;
	}
}

/* The units each hot member covers with the object at START. */
static void collect_spans(struct sweep *w, uint64_t start)
{
	const struct lu_struct *s = w->v->s;

	w->n_spans = w->n_visit = 0;
	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];
		int g = w->v->group_of[i];

		uint64_t bytes = lu_member_bytes(m);

		if (g < 0 || !is_hot(w->v->groups[g].kind) || !bytes ||
		    m->marker)
			continue;
		/* a named member stands for its expanded parts */
		if (i + 1 < s->n_members && s->members[i + 1].depth > m->depth)
			continue;
		/* malformed input: a member past the struct's end (a
		 * flexible array may start at it) */
		if (m->offset > s->size || (m->offset == s->size && m->size))
			continue;
		uint64_t end = m->size > s->size - m->offset ? s->size
							     : m->offset + bytes;

		/* with the padding before it that its group owns */
		add_span(w, (struct span){ (start + w->v->share[i]) / w->unit,
					   (start + end - 1) / w->unit,
					   (size_t)g, i });
	}
}

/*
 * Who covers a unit changes only where a member begins or ends, so those
 * units are the only ones to visit: a unit inside long members repeats
 * what the unit where the last of them began shows. A 1 GiB member costs
 * two entries.
 */
static void collect_entries(struct sweep *w, uint64_t start)
{
	collect_spans(w, start);
	w->n_e = w->n_active = 0;
	if (!w->n_spans)
		return;
	qsort(w->spans, w->n_spans, sizeof(*w->spans), cmp_span);
	qsort(w->visit, w->n_visit, sizeof(*w->visit), cmp_u64);
	for (size_t k = 0, next = 0; k < w->n_visit; k++) {
		uint64_t u = w->visit[k];
		size_t kept = 0;

		if (k && w->visit[k - 1] == u)
			continue;
		while (next < w->n_spans && w->spans[next].first <= u) {
			w->active = lu_grow(w->active, &w->cap_active,
					    w->n_active, sizeof(*w->active));
			w->active[w->n_active++] = w->spans[next++];
		}
		for (size_t a = 0; a < w->n_active; a++) {
			if (w->active[a].last < u)
				continue;
			w->active[kept++] = w->active[a];
			w->e = lu_grow(w->e, &w->cap_e, w->n_e, sizeof(*w->e));
			w->e[w->n_e++] = (struct entry){ u, w->active[a].group,
							 w->active[a].member };
		}
		w->n_active = kept;
	}
	qsort(w->e, w->n_e, sizeof(*w->e), cmp_entry);
}

static size_t find_hit(struct sweep *w, size_t g, size_t h, uint64_t start)
{
	for (size_t k = 0; k < w->n_hits; k++)
		if (w->hits[k].g == g && w->hits[k].h == h)
			return k;
	w->hits = lu_grow(w->hits, &w->cap_hits, w->n_hits, sizeof(*w->hits));
	struct pair_hit *p = &w->hits[w->n_hits];

	memset(p, 0, sizeof(*p));
	p->g = g;
	p->h = h;
	p->first_start = start;
	return w->n_hits++;
}

/* Do all of G's and H's members in entries [lo, hi) share one unit? */
static bool in_one_unit(const struct sweep *w, size_t g, size_t h,
			size_t lo, size_t hi)
{
	const struct sharer *first = NULL;

	for (size_t i = lo; i < hi && w->units->n_sharers; i++) {
		const struct entry *e = &w->e[i];
		size_t partner = e->group == g ? h : g;
		const struct sharer *x;

		if (e->group != g && e->group != h)
			continue;
		x = lu_units_sharer(w->units, e->member, partner,
				    first ? first->hit : 0);
		if (!x || (first && x->hit != first->hit))
			return false;
		first = first ? first : x;
	}
	return first != NULL;
}

/*
 * Write group G and hot group H share the unit of entries [lo, hi) with
 * the object at START. Every start is remembered; the members and lines
 * are reported as they are at the first start where it happens.
 */
static void record_conflict(struct sweep *w, uint64_t start, size_t g,
			    size_t h, size_t lo, size_t hi)
{
	const struct view *v = w->v;
	struct lu_findings *out = w->out;

	/* the storage-unit finding already says it */
	if (in_one_unit(w, g, h, lo, hi))
		return;
	size_t k = find_hit(w, g, h, start);
	struct pair_hit *p = &w->hits[k];
	uint64_t u = w->e[lo].unit;

	if (!p->n_starts || p->starts[p->n_starts - 1] != start) {
		p->starts = lu_grow(p->starts, &p->cap_starts, p->n_starts,
				    sizeof(uint64_t));
		p->starts[p->n_starts++] = start;
	}
	if (p->first_start != start)
		return;
	size_t n_mine = out->n - w->first_finding;

	w->hit_of = lu_grow(w->hit_of, &w->cap_hit_of, n_mine,
			    sizeof(*w->hit_of));
	w->hit_of[n_mine] = k;
	struct lu_finding *f = lu_findings_add(out, LU_FIND_CONFLICT, LU_ERROR,
					   v->s);

	f->line = u;
	f->line_lo = u * w->unit > start ? u * w->unit - start : 0;
	f->line_hi = (u + 1) * w->unit - start - 1;
	f->members = members_of(out, w->e + lo, hi - lo, g, &f->n_members);
	f->others = members_of(out, w->e + lo, hi - lo, h, &f->n_others);
	f->config = w->opts->config;
	/* the view dies with this check: the findings keep copies */
	f->group = lu_arena_memdup(&out->arena, &v->groups[g],
				   sizeof(v->groups[g]));
	f->other_group = lu_arena_memdup(&out->arena, &v->groups[h],
					 sizeof(v->groups[h]));
	/* a member on this unit only by the padding its group's begin
	 * marker gives it: the report says so (lineup.h counts it too) */
	for (size_t i = lo; i < hi && !f->padded_group; i++) {
		const struct entry *x = &w->e[i];

		if ((x->group != g && x->group != h) ||
		    (start + v->s->members[x->member].offset) / w->unit <= u)
			continue;
		int marker = v->s->members[x->member].group;

		f->padded_group = x->group == g ? f->group : f->other_group;
		f->padded_member = x->member;
		f->padded_from = v->share[x->member];
		f->padded_leading =
			marker >= 0 &&
			v->s->groups[marker].begin == f->padded_from;
	}
}

/* Every pair of distinct groups on one unit: entries [lo, hi). */
static void check_unit(struct sweep *w, uint64_t start, size_t lo, size_t hi)
{
	const struct view *v = w->v;
	const struct entry *e = w->e;

	for (size_t a = lo; a < hi; a++) {
		if (a > lo && e[a].group == e[a - 1].group)
			continue;
		for (size_t b = a + 1; b < hi; b++) {
			size_t g = e[a].group, h = e[b].group;

			if (g == h || e[b].group == e[b - 1].group)
				continue;
			if (v->groups[g].kind != LU_KIND_WRITE &&
			    v->groups[h].kind != LU_KIND_WRITE)
				continue;
			if (allowed(v, g, h))
				continue;
			/* the write side first */
			if (v->groups[g].kind != LU_KIND_WRITE)
				record_conflict(w, start, h, g, lo, hi);
			else
				record_conflict(w, start, g, h, lo, hi);
		}
	}
}

/*
 * Hands each finding the starts at which its pair of groups conflicts. A
 * pair's findings need not be adjacent: lines interleave pairs.
 */
static void finish_hits(struct sweep *w, uint64_t n_starts)
{
	for (size_t k = 0; k < w->n_hits; k++) {
		struct pair_hit *p = &w->hits[k];
		uint64_t *starts = lu_arena_memdup(&w->out->arena, p->starts,
						   p->n_starts * sizeof(uint64_t));

		free(p->starts);
		p->starts = starts;
	}
	for (size_t i = w->first_finding; i < w->out->n; i++) {
		struct lu_finding *f = &w->out->items[i];
		const struct pair_hit *p = &w->hits[w->hit_of[i - w->first_finding]];

		f->starts = p->starts;
		f->n_starts = p->n_starts;
		f->every_start = p->n_starts == n_starts;
		lu_placement_apply(w->out, f, &w->pl, w->opts);
	}
}

static void check_conflicts(const struct view *v,
			    const struct lu_check_opts *opts,
			    const struct placement *pl,
			    const struct unit_hits *units,
			    struct lu_findings *out)
{
	struct sweep w = {
		.v = v, .opts = opts, .pl = *pl, .out = out,
		.unit = (uint64_t)opts->line_size * (opts->pair ? 2 : 1),
		.first_finding = out->n, .units = units,
	};
	uint64_t step = lu_placement_step(pl, w.unit);

	for (uint64_t start = 0; start < w.unit; start += step) {
		collect_entries(&w, start);
		for (size_t lo = 0, hi; lo < w.n_e; lo = hi) {
			for (hi = lo; hi < w.n_e && w.e[hi].unit == w.e[lo].unit;
			     hi++)
				;
			check_unit(&w, start, lo, hi);
		}
	}
	finish_hits(&w, w.unit / step);
	free(w.hits);
	free(w.hit_of);
	free(w.e);
	free(w.spans);
	free(w.active);
	free(w.visit);
}

static void report_shared_units(const struct view *v,
				const struct unit_hits *u,
				const struct lu_check_opts *opts,
				const struct placement *pl,
				struct lu_findings *out)
{
	for (size_t k = 0; k < u->n_hits; k++) {
		const struct unit_hit *x = &u->hits[k];
		struct lu_finding *f = lu_findings_add(out, LU_FIND_CONFLICT,
						   LU_ERROR, v->s);

		f->members = x->members;
		f->n_members = x->n_members;
		f->others = x->others;
		f->n_others = x->n_others;
		f->storage_unit = true;
		f->every_start = true;
		lu_placement_apply(out, f, pl, opts);
		f->line = x->begin / opts->line_size;
		f->line_lo = x->begin;
		f->line_hi = x->end - 1;
		f->config = opts->config;
		f->group = lu_arena_memdup(&out->arena, &v->groups[x->g],
					   sizeof(v->groups[x->g]));
		f->other_group = lu_arena_memdup(&out->arena, &v->groups[x->h],
						 sizeof(v->groups[x->h]));
	}
}

static ptrdiff_t view_group(const struct view *v, const char *name)
{
	for (size_t i = 0; i < v->n_groups; i++)
		if (!strcmp(v->groups[i].name, name))
			return (ptrdiff_t)i;
	return -1;
}

static void check_limits(const struct view *v, const struct lu_check_opts *opts,
			 const struct placement *pl, struct lu_findings *out)
{
	const struct lu_rule_struct *r = v->rule;

	if (!r)
		return;
	if (r->max_size && v->s->size > r->max_size) {
		struct lu_finding *f =
			lu_findings_add(out, LU_FIND_SIZE, LU_ERROR, v->s);
		f->value = v->s->size;
		f->limit = r->max_size;
		f->rules_line = r->max_size_ini_line;
		f->config = opts->config;
	}
	for (int pass = 0; pass < 2; pass++) {
		const struct lu_rule_limit *lim = pass ? r->max_lines
						       : r->max_bytes;
		size_t n = pass ? r->n_max_lines : r->n_max_bytes;

		for (size_t i = 0; i < n; i++) {
			ptrdiff_t g = view_group(v, lim[i].group);

			if (g < 0) {
				report_missing(out, v, LU_FIND_UNKNOWN_GROUP,
					       lim[i].group, lim[i].ini_line, opts);
				continue;
			}
			const struct lu_group *grp = &v->groups[g];
			uint64_t value = pass ? lu_worst_lines(grp, pl,
							       opts->line_size)
					      : grp->end - grp->begin;

			if (value <= lim[i].value)
				continue;
			struct lu_finding *f = lu_findings_add(
				out, pass ? LU_FIND_GROUP_LINES
					  : LU_FIND_GROUP_BYTES,
				LU_ERROR, v->s);

			f->group = lu_arena_memdup(&out->arena, grp,
						   sizeof(*grp));
			f->value = value;
			f->limit = lim[i].value;
			f->rules_line = lim[i].ini_line;
			f->config = opts->config;
			if (pass)
				lu_place_lines(out, f, grp, pl, opts);
		}
	}
	for (size_t i = 0; i < r->n_allow; i++) {
		const char *names[2] = { r->allow[i].a, r->allow[i].b };

		for (int k = 0; k < 2; k++)
			if (view_group(v, names[k]) < 0)
				report_missing(out, v, LU_FIND_UNKNOWN_GROUP,
					       names[k], r->allow[i].ini_line, opts);
	}
}

/*
 * A note per kernel group: the lines its bytes touch against the fewest
 * they could. CACHELINE_ASSERT_GROUP_SIZE bounds the bytes; this says
 * what they cost (doc/kernel-groups.md).
 */
static void report_footprints(const struct view *v,
			      const struct lu_check_opts *opts,
			      const struct placement *pl,
			      struct lu_findings *out)
{
	ptrdiff_t *first = calloc(v->n_groups ? v->n_groups : 1,
				  sizeof(*first));

	if (!first)
		abort();
	lu_group_firsts(v->s, v->n_groups, v->group_of, first);
	for (size_t g = 0; g < v->n_groups && opts->line_size; g++) {
		const struct lu_group *grp = &v->groups[g];

		if (grp->origin != LU_ORIGIN_KERNEL)
			continue;
		uint64_t padding = first[g] < 0
					   ? 0
					   : v->s->members[first[g]].offset -
						     v->share[first[g]];
		struct lu_finding *f = lu_findings_add(out, LU_FIND_FOOTPRINT,
						   LU_NOTE, v->s);

		f->group = lu_arena_memdup(&out->arena, grp, sizeof(*grp));
		lu_group_footprint(grp, padding, opts->line_size,
				   &f->footprint);
		f->footprint.worst_lines = lu_worst_lines(grp, pl,
							  opts->line_size);
		f->footprint.align = pl->align;
		f->config = opts->config;
	}
	free(first);
}

void lu_check_groups(const struct lu_struct *s,
		     const struct lu_rule_struct *rule,
		     struct lu_check_groups *out)
{
	/* what the view finds missing is lu_check_struct's to report */
	struct lu_findings scratch = { 0 };
	struct lu_check_opts opts = { 0 };
	struct view v;

	build_view(&v, s, rule, &opts, &scratch);
	lu_findings_free(&scratch);
	free(v.share);
	*out = (struct lu_check_groups){ v.groups, v.n_groups, v.group_of };
}

void lu_check_groups_free(struct lu_check_groups *g)
{
	free(g->groups);
	free(g->group_of);
	memset(g, 0, sizeof(*g));
}

void lu_check_struct(const struct lu_struct *s,
		     const struct lu_rule_struct *rule,
		     const struct lu_check_opts *opts, struct lu_findings *out)
{
	struct view v;
	struct placement pl = lu_placement_of(s, rule, opts);
	size_t before = out->n;

	build_view(&v, s, rule, opts, out);
	out->n_structs_checked++;
	if (s->size <= MAX_CHECKED_SIZE && opts->line_size) {
		struct unit_hits units = { 0 };
		struct unit_input in = { s, v.groups, v.group_of,
					 view_allows, &v };

		lu_units_find(&in, &units, out);
		check_conflicts(&v, opts, &pl, &units, out);
		report_shared_units(&v, &units, opts, &pl, out);
		lu_units_free(&units);
	}
	check_limits(&v, opts, &pl, out);
	report_footprints(&v, opts, &pl, out);
	free_view(&v);
	/* of several rules files, the one this struct's rules are in */
	for (size_t k = before; rule && k < out->n; k++)
		if (out->items[k].rules_line)
			out->items[k].rules_path = rule->path;
}

void lu_check_set(const struct lu_set *set, size_t set_index,
		  const struct lu_rules *rules, const struct lu_check_opts *opts,
		  struct lu_findings *out)
{
	for (size_t i = 0; i < set->n_structs; i++) {
		const struct lu_struct *s = &set->structs[i];
		const struct lu_rule_struct *rule = lu_rules_for(rules, s);

		bool wanted = !opts->n_only;

		for (size_t k = 0; k < opts->n_only && !wanted; k++)
			wanted = lu_struct_named(s, opts->only[k]);
		if ((!rule && !s->n_groups) || !wanted)
			continue;
		size_t before = out->n;

		lu_check_struct(s, rule, opts, out);
		for (size_t k = before; k < out->n; k++)
			out->items[k].set_index = set_index;
	}
}
