/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: the searches. A reorder moves units (a whole group, or
 * one ungrouped item) and adds no alignment: it climbs from the source's
 * order, one unit moved to its best place per step, to the order with
 * the fewest findings over every configuration, then the smallest size,
 * then the fewest members moved; with few units it tries every order, so
 * "no order works" is then a proof. An isolation keeps the source's order
 * and gives each write group lines of its own.
 */
#include <stdlib.h>
#include <string.h>

#include "suggest.h"

/* Above this many units no exhaustive search: 7! orders at most. */
#define MAX_EXHAUSTIVE_UNITS 7
/* Steps of the climb; each improves the order, so this is a backstop. */
#define MAX_STEPS 200
/*
 * Orders laid out and checked per climb, at most: a step tries every
 * unit at every place, quadratic in the units, and a struct of hundreds
 * of members (task_struct) would otherwise climb for minutes. About a
 * second per 25,000 on the kernel's largest structs.
 */
#define MAX_TRIES 100000
/*
 * And at most this much work: a try lays out every key and checks each
 * against every group pair (record_conflict), so it costs about
 * keys x groups^2 (measured: 12 us at 16 groups, 2.8 ms at 48); 48
 * groups climbed past 20 s under MAX_TRIES alone. A climb the budget
 * stops says so (lu_sg_proposal.cut).
 */
#define MAX_WORK 400000000u

struct units {
	size_t *keys;		/* keys of every unit, unit after unit */
	size_t *start;		/* unit u: keys[start[u] .. start[u + 1]) */
	size_t n;
	size_t *tail;		/* flexible array members: stay last */
	size_t n_tail;
};

/* Units in the source order: a group where its first key is. */
static void make_units(const struct lu_sg_plan *plan, bool gather_all,
		       struct units *u)
{
	bool *done = calloc(plan->n_keys + 1, sizeof(*done));

	u->keys = calloc(plan->n_keys + 1, sizeof(*u->keys));
	u->start = calloc(plan->n_keys + 2, sizeof(*u->start));
	u->tail = calloc(plan->n_keys + 1, sizeof(*u->tail));
	if (!done || !u->keys || !u->start || !u->tail)
		abort();
	u->n = u->n_tail = 0;
	size_t n = 0;

	for (size_t k = 0; k < plan->n_keys; k++) {
		int g = plan->key_group[k];

		if (done[k])
			continue;
		if (plan->key_flex[k]) {
			u->tail[u->n_tail++] = k;
			continue;
		}
		u->start[u->n++] = n;
		if (g < 0 || (!gather_all &&
			      plan->groups[g].kind != LU_KIND_WRITE)) {
			u->keys[n++] = k;
			done[k] = true;
			continue;
		}
		for (size_t j = k; j < plan->n_keys; j++) {
			if (plan->key_group[j] == g && !done[j] &&
			    !plan->key_flex[j]) {
				u->keys[n++] = j;
				done[j] = true;
			}
		}
	}
	u->start[u->n] = n;
	free(done);
}

static void units_free(struct units *u)
{
	free(u->keys);
	free(u->start);
	free(u->tail);
}

/* The key order of the units in order PERM. */
static void expand(const struct units *u, const size_t *perm, size_t *order)
{
	size_t n = 0;

	for (size_t i = 0; i < u->n; i++)
		for (size_t j = u->start[perm[i]]; j < u->start[perm[i] + 1];
		     j++)
			order[n++] = u->keys[j];
	for (size_t i = 0; i < u->n_tail; i++)
		order[n++] = u->tail[i];
}

size_t lu_sg_moved(const size_t *order, size_t n, bool *flags)
{
	size_t *tops = malloc((n + 1) * sizeof(*tops));
	size_t *prev = malloc((n + 1) * sizeof(*prev)), len = 0;

	if (!tops || !prev)
		abort();
	/* patience sorting: TOPS[k] is the index ending the best run of
	 * k + 1 keys, PREV links each index to the one before it */
	for (size_t i = 0; i < n; i++) {
		size_t lo = 0, hi = len;

		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (order[tops[mid]] < order[i])
				lo = mid + 1;
			else
				hi = mid;
		}
		tops[lo] = i;
		prev[i] = lo ? tops[lo - 1] : (size_t)-1;
		if (lo == len)
			len++;
	}
	if (flags) {
		for (size_t i = 0; i < n; i++)
			flags[i] = true;
		for (size_t i = len ? tops[len - 1] : (size_t)-1;
		     i != (size_t)-1; i = prev[i])
			flags[i] = false;
	}
	free(tops);
	free(prev);
	return n - len;
}

void lu_sg_mark_contiguous(const struct lu_sg_plan *plan,
			   struct lu_sg_proposal *p)
{
	for (size_t g = 0; g < plan->n_groups; g++) {
		size_t runs = 0;
		int prev = -1;

		for (size_t i = 0; i < plan->n_keys; i++) {
			int kg = plan->key_group[p->order[i]];

			if (kg == (int)g && prev != (int)g)
				runs++;
			prev = kg;
		}
		p->marked[g] = runs == 1;
	}
}

static void score(const struct lu_sg_plan *plan, const struct units *u,
		  const size_t *perm, struct lu_sg_proposal *p)
{
	expand(u, perm, p->order);
	lu_sg_mark_contiguous(plan, p);
	lu_sg_evaluate(plan, p);
	p->moved = lu_sg_moved(p->order, plan->n_keys, NULL);
}

/*
 * Fewer findings first. Smallest: then smaller, then fewer members with
 * no kind on written lines, then smaller everywhere, then closer to the
 * source. Fewest moves: no larger than the source, then fewer members
 * with no kind on written lines, then the fewest members off their
 * offset, then closer, then smaller.
 */
static bool better(const struct lu_sg_plan *plan, enum lu_sg_goal goal,
		   bool kinds, const struct lu_sg_proposal *a,
		   const struct lu_sg_proposal *b)
{
	uint64_t now = plan->layouts[0].s->size;

	if (a->bad != b->bad)
		return a->bad < b->bad;
	if (goal == LU_SG_FEWEST_MOVES) {
		if ((a->size > now) != (b->size > now))
			return a->size <= now;
		if (kinds && a->unclassified != b->unclassified)
			return a->unclassified < b->unclassified;
		if (a->shifted != b->shifted)
			return a->shifted < b->shifted;
		if (a->moved != b->moved)
			return a->moved < b->moved;
	}
	if (a->size != b->size)
		return a->size < b->size;
	/* members nobody classified stay off written lines when an order
	 * of the same size allows: a perf sample may have missed them */
	if (kinds && a->unclassified != b->unclassified)
		return a->unclassified < b->unclassified;
	if (a->max_size != b->max_size)
		return a->max_size < b->max_size;
	return a->moved < b->moved;
}

static void keep(const struct lu_sg_plan *plan, struct lu_sg_proposal *to,
		 const struct lu_sg_proposal *from)
{
	memcpy(to->order, from->order, plan->n_keys * sizeof(*to->order));
	memcpy(to->marked, from->marked, plan->n_groups * sizeof(*to->marked));
	to->found = from->found;
	to->size = from->size;
	to->max_size = from->max_size;
	to->bad = from->bad;
	to->moved = from->moved;
	to->shifted = from->shifted;
	to->unclassified = from->unclassified;
}

/* PERM with the unit at FROM moved to TO. */
static void move_unit(const size_t *perm, size_t n, size_t from, size_t to,
		      size_t *out)
{
	size_t v = perm[from], k = 0;

	for (size_t i = 0; i < n; i++) {
		if (i == from)
			continue;
		if (k == to)
			out[k++] = v;
		out[k++] = perm[i];
	}
	if (k == to)
		out[k++] = v;
}

static void climb(const struct lu_sg_plan *plan, enum lu_sg_goal goal,
		  bool kinds, const struct units *u, size_t *perm,
		  struct lu_sg_proposal *best)
{
	size_t *cand = malloc((u->n + 1) * sizeof(*cand));
	size_t *best_perm = malloc((u->n + 1) * sizeof(*best_perm));
	struct lu_sg_proposal c;

	if (!cand || !best_perm)
		abort();
	lu_sg_proposal_init(plan, &c);
	c.count_kinds = kinds;
	size_t lo = plan->pin_first ? 1 : 0, tries = 0;
	size_t cost = (plan->n_keys + 1) * (plan->n_groups * plan->n_groups + 1);
	size_t max_tries = MAX_WORK / cost < MAX_TRIES ? MAX_WORK / cost
						       : MAX_TRIES;

	/* the climb that weighs members of no kind starts at a summit and
	 * only trades among orders as good: a quarter of the budget */
	if (kinds)
		max_tries /= 4;
	bool done = false;

	for (int step = 0; step < MAX_STEPS && tries < max_tries; step++) {
		bool improved = false;

		for (size_t from = lo; from < u->n && tries < max_tries;
		     from++) {
			for (size_t to = lo; to < u->n; to++) {
				if (to == from)
					continue;
				move_unit(perm, u->n, from, to, cand);
				score(plan, u, cand, &c);
				tries++;
				if (better(plan, goal, kinds, &c, best)) {
					keep(plan, best, &c);
					memcpy(best_perm, cand,
					       u->n * sizeof(*cand));
					improved = true;
				}
			}
		}
		if (!improved) {
			done = true;
			break;
		}
		memcpy(perm, best_perm, u->n * sizeof(*perm));
	}
	/* stopped by a bound, not at a summit: the report says so */
	best->cut = !done;
	best->tries = tries;
	lu_sg_proposal_free(&c);
	free(cand);
	free(best_perm);
}

/* Every order of the units (Heap's algorithm), keeping the best. */
static void every_order(const struct lu_sg_plan *plan, enum lu_sg_goal goal,
			const struct units *u, struct lu_sg_proposal *best)
{
	size_t perm[MAX_EXHAUSTIVE_UNITS], c[MAX_EXHAUSTIVE_UNITS] = { 0 };
	struct lu_sg_proposal cand;
	/* a pinned first unit stays: permute the ones after it */
	size_t lo = plan->pin_first ? 1 : 0, *q = perm + lo, n = u->n - lo;
	size_t i = 1;

	lu_sg_proposal_init(plan, &cand);
	cand.count_kinds = true;
	for (size_t k = 0; k < u->n; k++)
		perm[k] = k;
	while (i < n) {
		if (c[i] < i) {
			size_t j = i % 2 ? c[i] : 0, t = q[j];

			q[j] = q[i];
			q[i] = t;
			score(plan, u, perm, &cand);
			if (better(plan, goal, true, &cand, best))
				keep(plan, best, &cand);
			c[i]++;
			i = 1;
		} else {
			c[i++] = 0;
		}
	}
	lu_sg_proposal_free(&cand);
}

/*
 * The source's order as check reads it, when no order with markers
 * holds: the rules' groups without the markers a proposal would add
 * (one before a member aligned below a line can still make the padding
 * up to it the group's). The source's own markers stay. Never worse than
 * what check says of the input.
 */
static void source_order(const struct lu_sg_plan *plan,
			 struct lu_sg_proposal *p)
{
	struct lu_sg_proposal c;

	lu_sg_proposal_init(plan, &c);
	lu_sg_mark_contiguous(plan, &c);
	for (size_t g = 0; g < plan->n_groups; g++)
		if (plan->groups[g].origin == LU_ORIGIN_RULES)
			c.marked[g] = false;
	lu_sg_evaluate(plan, &c);
	if (!c.bad) {
		c.moved = 0;
		keep(plan, p, &c);
	}
	lu_sg_proposal_free(&c);
}

void lu_sg_reorder(const struct lu_sg_plan *plan, enum lu_sg_goal goal,
		   struct lu_sg_proposal *p)
{
	struct units u;

	make_units(plan, true, &u);
	size_t *perm = malloc((u.n + 1) * sizeof(*perm));

	if (!perm)
		abort();
	for (size_t i = 0; i < u.n; i++)
		perm[i] = i;
	score(plan, &u, perm, p);
	if (plan->mixed_key == (size_t)-1) {
		/* the climb's summit, then the same climb from there that
		 * also weighs members with no kind on written lines: one
		 * climb weighing them from the start reaches other summits,
		 * some larger (the example's 640 bytes became 704) */
		climb(plan, goal, false, &u, perm, p);
		p->count_kinds = true;
		lu_sg_evaluate(plan, p);
		if (p->unclassified) {
			/* the first climb's bound is what the report tells */
			bool cut = p->cut;
			size_t tries = p->tries;

			climb(plan, goal, true, &u, perm, p);
			p->cut = cut;
			p->tries = tries;
		}
		if (p->bad && u.n <= MAX_EXHAUSTIVE_UNITS) {
			every_order(plan, goal, &u, p);
			p->exhaustive = true;
		}
		if (p->bad)
			source_order(plan, p);
	}
	free(perm);
	units_free(&u);
}

void lu_sg_isolate(const struct lu_sg_plan *plan, struct lu_sg_proposal *p)
{
	struct units u;

	make_units(plan, false, &u);
	size_t *perm = malloc((u.n + 1) * sizeof(*perm));

	if (!perm)
		abort();
	for (size_t i = 0; i < u.n; i++)
		perm[i] = i;
	for (size_t g = 0; g < plan->n_groups; g++)
		p->isolate[g] = plan->groups[g].kind == LU_KIND_WRITE;
	score(plan, &u, perm, p);
	free(perm);
	units_free(&u);
}
