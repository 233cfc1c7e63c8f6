/* SPDX-License-Identifier: MIT */
/*
 * Internal to the checker: the storage-unit check. A store to a bit-field
 * rewrites its whole storage unit, so a unit that holds a write bit-field
 * and a member of another group is a conflict of its own, whatever the
 * line. check.c reports what this finds and leaves out line conflicts that
 * say nothing more.
 */
#ifndef LINEUP_CHECK_UNITS_H
#define LINEUP_CHECK_UNITS_H

#include "findings.h"

/* What the check needs of a struct: its members' groups and their kinds. */
struct unit_input {
	const struct lu_struct *s;
	const struct lu_group *groups;
	const int *group_of;	/* per member, -1 for none */
	/* may groups G and H share (a rules file's `allow`)? */
	bool (*allowed)(const void *arg, size_t g, size_t h);
	const void *arg;
};

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
	struct sharer *sharers;	/* sorted, for lu_units_sharer() */
	size_t n_sharers, cap_sharers;
};

/*
 * Every storage unit of a write bit-field of IN and each pair of groups
 * sharing it; member lists live in OUT's arena.
 */
void lu_units_find(const struct unit_input *in, struct unit_hits *hits,
		   struct lu_findings *out);
/* The first unit MEMBER shares with group PARTNER from hit HIT on. */
const struct sharer *lu_units_sharer(const struct unit_hits *u, size_t member,
				     size_t partner, size_t hit);
void lu_units_free(struct unit_hits *u);

#endif
