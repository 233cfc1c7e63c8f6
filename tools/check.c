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
 * its own, whatever the line: one finding per unit and pair of groups. A
 * line conflict between the same two groups whose members all lie in one
 * such unit says nothing more and is left out.
 */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "closest_name.h"
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

/* A pair of groups whose members share a bit-field's storage unit. */
struct unit_hit {
	size_t g, h;		/* g holds a write bit-field of the unit */
	uint64_t begin, end;	/* the unit's bytes [begin, end) */
	size_t *members, *others;	/* g's and h's members in it */
	size_t n_members, n_others;
};

/* A member in unit_hit HIT, and the group on the other side of it. */
struct sharer {
	size_t member, partner, hit;
};

struct unit_hits {
	struct unit_hit *hits;
	size_t n_hits, cap_hits;
	struct sharer *sharers;	/* sorted, for find_sharer() */
	size_t n_sharers, cap_sharers;
};

static int cmp_sharer(const void *pa, const void *pb)
{
	const struct sharer *a = pa, *b = pb;

	if (a->member != b->member)
		return a->member < b->member ? -1 : 1;
	if (a->partner != b->partner)
		return a->partner < b->partner ? -1 : 1;
	return a->hit < b->hit ? -1 : a->hit > b->hit;
}

/* The first unit MEMBER shares with group PARTNER from hit HIT on. */
static const struct sharer *find_sharer(const struct unit_hits *u,
					size_t member, size_t partner,
					size_t hit)
{
	struct sharer key = { member, partner, hit };
	size_t lo = 0, hi = u->n_sharers;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cmp_sharer(&u->sharers[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == u->n_sharers || u->sharers[lo].member != member ||
	    u->sharers[lo].partner != partner)
		return NULL;
	return &u->sharers[lo];
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
		x = find_sharer(w->units, e->member, partner,
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
	struct lu_finding *f = add_finding(out, LU_FIND_CONFLICT, LU_ERROR,
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
	}
}

static void check_conflicts(const struct view *v,
			    const struct lu_check_opts *opts,
			    const struct unit_hits *units,
			    struct lu_findings *out)
{
	struct sweep w = {
		.v = v, .opts = opts, .out = out,
		.unit = (uint64_t)opts->line_size * (opts->pair ? 2 : 1),
		.first_finding = out->n, .units = units,
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
	free(w.hit_of);
	free(w.e);
	free(w.spans);
	free(w.active);
	free(w.visit);
}

/* A member the storage-unit check looks at: its bytes and its group. */
struct piece {
	uint64_t begin, end;
	size_t member, group;
};

/* Scratch space of one struct's storage-unit check. */
struct unit_scan {
	struct piece *pieces;	/* grouped leaf members, by first byte */
	struct piece *units;	/* the write bit-fields' units, distinct */
	struct piece *active;	/* pieces that may reach the next unit */
	struct piece *shared;	/* pieces in the current unit */
	size_t n_pieces, n_units, n_active, n_shared;
	size_t cap_pieces, cap_units, cap_active, cap_shared;
};

static int cmp_piece_bytes(const void *pa, const void *pb)
{
	const struct piece *a = pa, *b = pb;

	if (a->begin != b->begin)
		return a->begin < b->begin ? -1 : 1;
	if (a->end != b->end)
		return a->end < b->end ? -1 : 1;
	return a->member < b->member ? -1 : a->member > b->member;
}

static int cmp_piece_group(const void *pa, const void *pb)
{
	const struct piece *a = pa, *b = pb;

	if (a->group != b->group)
		return a->group < b->group ? -1 : 1;
	return a->member < b->member ? -1 : a->member > b->member;
}

static void push_piece(struct piece **array, size_t *n, size_t *cap,
		       struct piece p)
{
	*array = lu_grow(*array, cap, *n, sizeof(**array));
	(*array)[(*n)++] = p;
}

static void collect_pieces(const struct view *v, struct unit_scan *u)
{
	const struct lu_struct *s = v->s;

	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];
		int g = v->group_of[i];

		if (g < 0 || m->marker || !m->size || m->offset >= s->size)
			continue;
		/* a named member stands for its expanded parts */
		if (i + 1 < s->n_members && s->members[i + 1].depth > m->depth)
			continue;
		uint64_t end = m->size > s->size - m->offset ? s->size
							     : m->offset + m->size;
		struct piece p = { m->offset, end, i, (size_t)g };

		push_piece(&u->pieces, &u->n_pieces, &u->cap_pieces, p);
		if (m->bit_size && v->groups[g].kind == LU_KIND_WRITE)
			push_piece(&u->units, &u->n_units, &u->cap_units, p);
	}
	if (!u->n_units)	/* no write bit-field: nothing to sort */
		return;
	qsort(u->pieces, u->n_pieces, sizeof(*u->pieces), cmp_piece_bytes);
	qsort(u->units, u->n_units, sizeof(*u->units), cmp_piece_bytes);
	size_t kept = 0;

	for (size_t k = 0; k < u->n_units; k++)
		if (!kept || u->units[k].begin != u->units[kept - 1].begin ||
		    u->units[k].end != u->units[kept - 1].end)
			u->units[kept++] = u->units[k];
	u->n_units = kept;
}

/* Does a run of one group's pieces hold a write bit-field of UNIT? */
static bool writes_unit(const struct view *v, const struct piece *unit,
			const struct piece *run, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v->s->members[run[i].member].bit_size &&
		    v->groups[run[i].group].kind == LU_KIND_WRITE &&
		    run[i].begin == unit->begin && run[i].end == unit->end)
			return true;
	return false;
}

static size_t run_end(const struct piece *p, size_t n, size_t i)
{
	size_t j = i + 1;

	while (j < n && p[j].group == p[i].group)
		j++;
	return j;
}

static size_t *member_list(struct lu_findings *out, const struct piece *p,
			   size_t n)
{
	size_t *list = lu_arena_alloc(&out->arena, n * sizeof(*list));

	for (size_t i = 0; i < n; i++)
		list[i] = p[i].member;
	return list;
}

static void add_sharer(struct unit_hits *u, size_t member, size_t partner,
		       size_t hit)
{
	u->sharers = lu_grow(u->sharers, &u->cap_sharers, u->n_sharers,
			     sizeof(*u->sharers));
	u->sharers[u->n_sharers++] = (struct sharer){ member, partner, hit };
}

static void add_unit_hit(struct unit_hits *u, struct lu_findings *out,
			 const struct piece *unit, const struct piece *mine,
			 size_t n_mine, const struct piece *theirs,
			 size_t n_theirs)
{
	u->hits = lu_grow(u->hits, &u->cap_hits, u->n_hits, sizeof(*u->hits));
	u->hits[u->n_hits++] = (struct unit_hit){
		mine->group, theirs->group, unit->begin, unit->end,
		member_list(out, mine, n_mine),
		member_list(out, theirs, n_theirs), n_mine, n_theirs,
	};
	for (size_t i = 0; i < n_mine; i++)
		add_sharer(u, mine[i].member, theirs->group, u->n_hits - 1);
	for (size_t i = 0; i < n_theirs; i++)
		add_sharer(u, theirs[i].member, mine->group, u->n_hits - 1);
}

/* Each pair of groups in UNIT of which one writes a bit-field of it. */
static void pair_groups(const struct view *v, const struct piece *unit,
			struct unit_scan *u, struct unit_hits *hits,
			struct lu_findings *out)
{
	struct piece *sh = u->shared;
	size_t n = u->n_shared;

	qsort(sh, n, sizeof(*sh), cmp_piece_group);
	for (size_t a = 0, a_end; a < n; a = a_end) {
		a_end = run_end(sh, n, a);
		bool wa = writes_unit(v, unit, sh + a, a_end - a);

		for (size_t b = a_end, b_end; b < n; b = b_end) {
			b_end = run_end(sh, n, b);
			bool wb = writes_unit(v, unit, sh + b, b_end - b);

			if ((!wa && !wb) || allowed(v, sh[a].group, sh[b].group))
				continue;
			/* the writing side first; of two, the first declared */
			if (wa && (!wb || sh[a].member < sh[b].member))
				add_unit_hit(hits, out, unit, sh + a, a_end - a,
					     sh + b, b_end - b);
			else
				add_unit_hit(hits, out, unit, sh + b, b_end - b,
					     sh + a, a_end - a);
		}
	}
}

/*
 * Every storage unit of a write bit-field, and what else lies in it. One
 * sweep over units and members sorted by offset: a unit meets only the
 * members still open where it begins, not every member of the struct.
 */
static void find_shared_units(const struct view *v, struct unit_hits *hits,
			      struct lu_findings *out)
{
	struct unit_scan u = { 0 };
	size_t next = 0;

	collect_pieces(v, &u);
	for (size_t k = 0; k < u.n_units; k++) {
		const struct piece *unit = &u.units[k];
		size_t kept = 0;

		while (next < u.n_pieces && u.pieces[next].begin < unit->end)
			push_piece(&u.active, &u.n_active, &u.cap_active,
				   u.pieces[next++]);
		u.n_shared = 0;
		for (size_t a = 0; a < u.n_active; a++) {
			/* units come by first byte: ended here, ended for all */
			if (u.active[a].end <= unit->begin)
				continue;
			u.active[kept++] = u.active[a];
			if (u.active[a].begin < unit->end)
				push_piece(&u.shared, &u.n_shared,
					   &u.cap_shared, u.active[a]);
		}
		u.n_active = kept;
		pair_groups(v, unit, &u, hits, out);
	}
	if (hits->n_sharers)
		qsort(hits->sharers, hits->n_sharers, sizeof(*hits->sharers),
		      cmp_sharer);
	free(u.pieces);
	free(u.units);
	free(u.active);
	free(u.shared);
}

static void report_shared_units(const struct view *v,
				const struct unit_hits *u,
				const struct lu_check_opts *opts,
				struct lu_findings *out)
{
	for (size_t k = 0; k < u->n_hits; k++) {
		const struct unit_hit *x = &u->hits[k];
		struct lu_finding *f = add_finding(out, LU_FIND_CONFLICT,
						   LU_ERROR, v->s);

		f->members = x->members;
		f->n_members = x->n_members;
		f->others = x->others;
		f->n_others = x->n_others;
		f->storage_unit = true;
		f->every_start = true;
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
		struct unit_hits units = { 0 };

		find_shared_units(&v, &units, out);
		check_conflicts(&v, opts, &units, out);
		report_shared_units(&v, &units, opts, out);
		free(units.hits);
		free(units.sharers);
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

void lu_findings_mark_conflicts(const struct lu_findings *f,
				const struct lu_struct *s, bool *marks)
{
	memset(marks, 0, s->n_members * sizeof(*marks));
	for (size_t k = 0; f && k < f->n; k++) {
		const struct lu_finding *x = &f->items[k];

		if (x->s != s || x->type != LU_FIND_CONFLICT)
			continue;
		for (size_t j = 0; j < x->n_members; j++)
			marks[x->members[j]] = true;
		for (size_t j = 0; j < x->n_others; j++)
			marks[x->others[j]] = true;
	}
}
