/* SPDX-License-Identifier: MIT */
/*
 * The checker. A conflict is a cache line (or an aligned pair of lines) that
 * holds a byte of a write group and a byte of another write or read group.
 * When the struct's alignment is below the line size the object can start
 * anywhere on an alignment boundary, so every possible start is tried and
 * the findings say at which starts the conflict appears.
 */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "strset.h"

/* Beyond this a struct is not something a cache line check can help. */
#define MAX_CHECKED_SIZE (1ull << 30)

/* A struct as the rules see it: marker groups plus the rules' groups. */
struct view {
	const struct lu_struct *s;
	const struct lu_rule_struct *rule;
	struct lu_group *groups;
	size_t n_groups;
	int *group_of;	/* per member */
};

static struct lu_finding *add_finding(struct lu_findings *f,
				      enum lu_finding_type type,
				      enum lu_severity sev,
				      const struct lu_struct *s)
{
	f->items = lu_grow(f->items, &f->cap, f->n, sizeof(*f->items));
	struct lu_finding *x = &f->items[f->n++];

	memset(x, 0, sizeof(*x));
	x->type = type;
	x->severity = sev;
	x->s = s;
	if (sev == LU_ERROR)
		f->n_errors++;
	else if (sev == LU_WARNING)
		f->n_warnings++;
	else
		f->n_notes++;
	return x;
}

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
	enum lu_severity sev = opts->strict ? LU_ERROR
			       : near	    ? LU_WARNING
					    : LU_NOTE;
	struct lu_finding *f = add_finding(out, type, sev, v->s);

	f->name = name;
	f->suggestion = near;
	f->rules_line = line;
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
	memcpy(v->groups, s->groups, s->n_groups * sizeof(*s->groups));
	v->n_groups = s->n_groups;
	for (size_t i = 0; i < s->n_members; i++)
		v->group_of[i] = s->members[i].group;
	for (size_t g = 0; rule && g < rule->n_groups; g++) {
		const struct lu_rule_group *rg = &rule->groups[g];
		struct lu_group *out_g = &v->groups[v->n_groups];
		bool any = false;

		memset(out_g, 0, sizeof(*out_g));
		out_g->name = rg->name;
		out_g->kind = rg->kind;
		out_g->origin = LU_ORIGIN_RULES;
		for (size_t m = 0; m < rg->n_members; m++) {
			ptrdiff_t idx = lu_struct_member(s, rg->members[m]);

			if (idx < 0) {
				report_missing(out, v, LU_FIND_MISSING,
					       rg->members[m], rg->ini_line, opts);
				continue;
			}
			const struct lu_member *mm = &s->members[idx];

			v->group_of[idx] = (int)v->n_groups;
			/* a named member's expanded parts go with it */
			for (size_t k = (size_t)idx + 1;
			     k < s->n_members && s->members[k].depth > mm->depth;
			     k++)
				v->group_of[k] = (int)v->n_groups;
			if (!any || mm->offset < out_g->begin)
				out_g->begin = mm->offset;
			if (!any || mm->offset + mm->size > out_g->end)
				out_g->end = mm->offset + mm->size;
			any = true;
		}
		v->n_groups++;
	}
}

static void free_view(struct view *v)
{
	free(v->groups);
	free(v->group_of);
}

static bool is_hot(enum lu_kind k)
{
	return k == LU_KIND_WRITE || k == LU_KIND_READ;
}

static bool allowed(const struct view *v, size_t g, size_t h)
{
	for (size_t i = 0; v->rule && i < v->rule->n_allow; i++) {
		const struct lu_rule_allow *a = &v->rule->allow[i];
		const char *x = v->groups[g].name, *y = v->groups[h].name;

		if ((!strcmp(a->a, x) && !strcmp(a->b, y)) ||
		    (!strcmp(a->a, y) && !strcmp(a->b, x)))
			return true;
	}
	return false;
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
	size_t first_finding, n_findings;	/* at first_start */
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

		if (g < 0 || !is_hot(w->v->groups[g].kind) || !m->size ||
		    m->marker)
			continue;
		/* a named member stands for its expanded parts */
		if (i + 1 < s->n_members && s->members[i + 1].depth > m->depth)
			continue;
		/* malformed input: a member past the struct's end */
		if (m->offset >= s->size)
			continue;
		uint64_t end = m->size > s->size - m->offset ? s->size
							     : m->offset + m->size;

		add_span(w, (struct span){ (start + m->offset) / w->unit,
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

static struct pair_hit *find_hit(struct sweep *w, size_t g, size_t h,
				 uint64_t start)
{
	for (size_t k = 0; k < w->n_hits; k++)
		if (w->hits[k].g == g && w->hits[k].h == h)
			return &w->hits[k];
	w->hits = lu_grow(w->hits, &w->cap_hits, w->n_hits, sizeof(*w->hits));
	struct pair_hit *p = &w->hits[w->n_hits++];

	memset(p, 0, sizeof(*p));
	p->g = g;
	p->h = h;
	p->first_start = start;
	p->first_finding = w->out->n;
	return p;
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
	struct pair_hit *p = find_hit(w, g, h, start);
	uint64_t u = w->e[lo].unit;

	if (!p->n_starts || p->starts[p->n_starts - 1] != start) {
		p->starts = lu_grow(p->starts, &p->cap_starts, p->n_starts,
				    sizeof(uint64_t));
		p->starts[p->n_starts++] = start;
	}
	if (p->first_start != start)
		return;
	struct lu_finding *f = add_finding(out, LU_FIND_CONFLICT, LU_ERROR,
					   v->s);

	p->n_findings++;
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

/* Hands each finding the starts at which its pair of groups conflicts. */
static void finish_hits(struct sweep *w, uint64_t n_starts)
{
	for (size_t k = 0; k < w->n_hits; k++) {
		struct pair_hit *p = &w->hits[k];
		uint64_t *starts = lu_arena_memdup(&w->out->arena, p->starts,
						   p->n_starts * sizeof(uint64_t));

		for (size_t i = 0; i < p->n_findings; i++) {
			struct lu_finding *f = &w->out->items[p->first_finding + i];

			f->starts = starts;
			f->n_starts = p->n_starts;
			f->every_start = p->n_starts == n_starts;
		}
		free(p->starts);
	}
}

static void check_conflicts(const struct view *v,
			    const struct lu_check_opts *opts,
			    struct lu_findings *out)
{
	struct sweep w = {
		.v = v, .opts = opts, .out = out,
		.unit = (uint64_t)opts->line_size * (opts->pair ? 2 : 1),
	};
	uint64_t align = v->s->align ? v->s->align : 1;
	uint64_t step = align >= w.unit ? w.unit : align;

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
	free(w.e);
	free(w.spans);
	free(w.active);
	free(w.visit);
}

/* A write bit-field's store rewrites its whole storage unit. */
static void check_storage_units(const struct view *v,
				const struct lu_check_opts *opts,
				struct lu_findings *out)
{
	const struct lu_struct *s = v->s;

	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];
		int g = v->group_of[i];

		if (!m->bit_size || g < 0 || v->groups[g].kind != LU_KIND_WRITE)
			continue;
		for (size_t j = 0; j < s->n_members; j++) {
			const struct lu_member *n = &s->members[j];
			int h = v->group_of[j];

			if (h < 0 || h == g || n->marker || !n->size ||
			    n->offset >= m->offset + m->size ||
			    n->offset + n->size <= m->offset ||
			    allowed(v, (size_t)g, (size_t)h))
				continue;
			struct lu_finding *f =
				add_finding(out, LU_FIND_CONFLICT, LU_ERROR, s);
			size_t *a = lu_arena_alloc(&out->arena, sizeof(*a));
			size_t *b = lu_arena_alloc(&out->arena, sizeof(*b));

			*a = i;
			*b = j;
			f->members = a;
			f->n_members = 1;
			f->others = b;
			f->n_others = 1;
			f->storage_unit = true;
			f->every_start = true;
			f->line = m->offset / opts->line_size;
			f->line_lo = m->offset;
			f->line_hi = m->offset + m->size - 1;
			f->config = opts->config;
			f->group = lu_arena_memdup(&out->arena, &v->groups[g],
						   sizeof(v->groups[g]));
			f->other_group = lu_arena_memdup(
				&out->arena, &v->groups[h], sizeof(v->groups[h]));
		}
	}
}

static ptrdiff_t view_group(const struct view *v, const char *name)
{
	for (size_t i = 0; i < v->n_groups; i++)
		if (!strcmp(v->groups[i].name, name))
			return (ptrdiff_t)i;
	return -1;
}

/* Most lines the group can touch, over every possible start. */
static uint64_t worst_lines(const struct lu_group *g, uint64_t align,
			    unsigned line)
{
	uint64_t worst = 0;
	uint64_t step = align >= line ? line : (align ? align : 1);

	if (g->end <= g->begin)
		return 0;
	for (uint64_t st = 0; st < line; st += step) {
		uint64_t n = (st + g->end - 1) / line - (st + g->begin) / line + 1;

		if (n > worst)
			worst = n;
	}
	return worst;
}

static void check_limits(const struct view *v, const struct lu_check_opts *opts,
			 struct lu_findings *out)
{
	const struct lu_rule_struct *r = v->rule;

	if (!r)
		return;
	if (r->max_size && v->s->size > r->max_size) {
		struct lu_finding *f = add_finding(out, LU_FIND_SIZE, LU_ERROR,
						   v->s);
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
			uint64_t value = pass ? worst_lines(grp, v->s->align,
							    opts->line_size)
					      : grp->end - grp->begin;

			if (value <= lim[i].value)
				continue;
			struct lu_finding *f = add_finding(
				out, pass ? LU_FIND_GROUP_LINES
					  : LU_FIND_GROUP_BYTES,
				LU_ERROR, v->s);

			f->group = lu_arena_memdup(&out->arena, grp,
						   sizeof(*grp));
			f->value = value;
			f->limit = lim[i].value;
			f->rules_line = lim[i].ini_line;
			f->config = opts->config;
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

void lu_check_struct(const struct lu_struct *s,
		     const struct lu_rule_struct *rule,
		     const struct lu_check_opts *opts, struct lu_findings *out)
{
	struct view v;

	build_view(&v, s, rule, opts, out);
	out->n_structs_checked++;
	if (s->size <= MAX_CHECKED_SIZE && opts->line_size) {
		check_conflicts(&v, opts, out);
		check_storage_units(&v, opts, out);
	}
	check_limits(&v, opts, out);
	free_view(&v);
}

void lu_check_set(const struct lu_set *set, size_t set_index,
		  const struct lu_rules *rules, const struct lu_check_opts *opts,
		  struct lu_findings *out)
{
	for (size_t i = 0; i < set->n_structs; i++) {
		const struct lu_struct *s = &set->structs[i];
		const struct lu_rule_struct *rule = lu_rules_find(rules, s->name);

		if (!rule && !s->n_groups)
			continue;
		size_t before = out->n;

		lu_check_struct(s, rule, opts, out);
		for (size_t k = before; k < out->n; k++)
			out->items[k].set_index = set_index;
	}
}

void lu_findings_free(struct lu_findings *f)
{
	free(f->items);
	lu_arena_free(&f->arena);
	memset(f, 0, sizeof(*f));
}

bool lu_findings_member_conflicts(const struct lu_findings *f,
				  const struct lu_struct *s, size_t i)
{
	for (size_t k = 0; f && k < f->n; k++) {
		const struct lu_finding *x = &f->items[k];

		if (x->s != s || x->type != LU_FIND_CONFLICT)
			continue;
		for (size_t j = 0; j < x->n_members; j++)
			if (x->members[j] == i)
				return true;
		for (size_t j = 0; j < x->n_others; j++)
			if (x->others[j] == i)
				return true;
	}
	return false;
}
