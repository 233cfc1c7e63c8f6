/* SPDX-License-Identifier: MIT */
/*
 * Which bytes a group owns and what they cost in cache lines. One rule for
 * lineup.h's assertions, the kernel's CACHELINE_ASSERT_GROUP_SIZE and the
 * checker: a marker group owns the bytes from its begin marker to its end
 * marker, padding included (doc/header.md, "Group bytes"). A group a rules
 * file makes owns its members' bytes.
 */
#ifndef LINEUP_GROUP_BYTES_H
#define LINEUP_GROUP_BYTES_H

#include <stdint.h>

#include "layout.h"

/* What a group's bytes cost in lines, where objects start a line. */
struct lu_footprint {
	uint64_t bytes;		/* marker to marker, padding included */
	uint64_t padding;	/* of them, before its first member */
	uint64_t first_line;	/* the line its first byte is on */
	uint64_t lines;		/* lines it touches */
	uint64_t min_lines;	/* the fewest its bytes can take */
	uint64_t worst_lines;	/* most over every start ALIGN allows */
	uint64_t align;		/* objects start at multiples of it */
};

/*
 * SHARE[i] is where member i's share of its group's bytes begins, at or
 * before its offset. A member still inside its marker group owns the
 * padding before it back to the begin marker or to the member before it:
 * so the members of a group together own its marker-to-marker bytes, and
 * a line the group touches only with that padding names the member after
 * it. Every other member owns its own bytes (SHARE[i] is its offset).
 * GROUPS are the view's: the struct's marker groups first, same indices.
 */
void lu_group_shares(const struct lu_struct *s, const struct lu_group *groups,
		     const int *group_of, uint64_t *share);

/*
 * Sets [begin, end) of each of the N view groups: a marker group whose
 * members a rules file left alone keeps its markers' extent; any other
 * group spans its members' shares (empty at its begin marker, or at 0,
 * when none is left).
 */
void lu_group_extents(const struct lu_struct *s, struct lu_group *groups,
		      size_t n, const int *group_of, const uint64_t *share);

/*
 * FIRST[g] is the first member of each of the N view groups in
 * declaration order, or -1. Its offset - SHARE is the padding the markers
 * give the group before it.
 */
void lu_group_firsts(const struct lu_struct *s, size_t n, const int *group_of,
		     ptrdiff_t *first);

/*
 * G's footprint where the object starts a line; PADDING is its leading
 * padding. The caller, which knows where objects start, fills in
 * worst_lines and align.
 */
void lu_group_footprint(const struct lu_group *g, uint64_t padding,
			unsigned line, struct lu_footprint *fp);

#endif
