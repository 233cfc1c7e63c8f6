/* SPDX-License-Identifier: MIT */
/*
 * The storage-unit check (check_units.h): a write bit-field's unit and
 * every other group's member in it, in one sweep over members by offset.
 */
#include "check_units.h"

#include <stdlib.h>

static int cmp_sharer(const void *pa, const void *pb)
{
	const struct sharer *a = pa, *b = pb;

	if (a->member != b->member)
		return a->member < b->member ? -1 : 1;
	if (a->partner != b->partner)
		return a->partner < b->partner ? -1 : 1;
	return a->hit < b->hit ? -1 : a->hit > b->hit;
}

const struct sharer *lu_units_sharer(const struct unit_hits *u, size_t member,
				     size_t partner, size_t hit)
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

static void collect_pieces(const struct unit_input *in, struct unit_scan *u)
{
	const struct lu_struct *s = in->s;

	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];
		int g = in->group_of[i];

		if (g < 0 || m->marker || !m->size || m->offset >= s->size)
			continue;
		/* a named member stands for its expanded parts */
		if (i + 1 < s->n_members && s->members[i + 1].depth > m->depth)
			continue;
		uint64_t end = m->size > s->size - m->offset ? s->size
							     : m->offset + m->size;
		struct piece p = { m->offset, end, i, (size_t)g };

		push_piece(&u->pieces, &u->n_pieces, &u->cap_pieces, p);
		if (m->bit_size && in->groups[g].kind == LU_KIND_WRITE)
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
static bool writes_unit(const struct unit_input *in, const struct piece *unit,
			const struct piece *run, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (in->s->members[run[i].member].bit_size &&
		    in->groups[run[i].group].kind == LU_KIND_WRITE &&
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
static void pair_groups(const struct unit_input *in, const struct piece *unit,
			struct unit_scan *u, struct unit_hits *hits,
			struct lu_findings *out)
{
	struct piece *sh = u->shared;
	size_t n = u->n_shared;

	qsort(sh, n, sizeof(*sh), cmp_piece_group);
	for (size_t a = 0, a_end; a < n; a = a_end) {
		a_end = run_end(sh, n, a);
		bool wa = writes_unit(in, unit, sh + a, a_end - a);

		for (size_t b = a_end, b_end; b < n; b = b_end) {
			b_end = run_end(sh, n, b);
			bool wb = writes_unit(in, unit, sh + b, b_end - b);

			if ((!wa && !wb) ||
			    in->allowed(in->arg, sh[a].group, sh[b].group))
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
void lu_units_find(const struct unit_input *in, struct unit_hits *hits,
		   struct lu_findings *out)
{
	struct unit_scan u = { 0 };
	size_t next = 0;

	collect_pieces(in, &u);
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
		pair_groups(in, unit, &u, hits, out);
	}
	if (hits->n_sharers)
		qsort(hits->sharers, hits->n_sharers, sizeof(*hits->sharers),
		      cmp_sharer);
	free(u.pieces);
	free(u.units);
	free(u.active);
	free(u.shared);
}

void lu_units_free(struct unit_hits *u)
{
	free(u->hits);
	free(u->sharers);
}
