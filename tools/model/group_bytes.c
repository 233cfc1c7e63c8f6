/* SPDX-License-Identifier: MIT */
/*
 * A group's bytes and lines. lineup.h can only measure a group from its
 * begin marker to its end marker (a macro cannot see the members between
 * them), and the kernel's CACHELINE_ASSERT_GROUP_SIZE measures the same
 * span; the checker agrees, so a layout the header rejects is never one
 * the tool accepts. The difference from the members' own bytes is the
 * padding between the begin marker and the first member, which can put a
 * group on a line none of its members is on.
 */
#include "group_bytes.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Does member I of S still sit in the marker group it is declared in? */
static bool in_marker_group(const struct lu_struct *s,
			    const struct lu_group *groups, const int *group_of,
			    size_t i)
{
	int g = group_of[i];

	return g >= 0 && g == s->members[i].group &&
	       groups[g].origin != LU_ORIGIN_RULES;
}

void lu_group_shares(const struct lu_struct *s, const struct lu_group *groups,
		     const int *group_of, uint64_t *share)
{
	uint64_t prev_end = 0;	/* where the members so far end */

	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];

		share[i] = m->offset;
		if (m->marker || !lu_member_bytes(m))
			continue;
		if (m->depth) {
			/* the first part of a nested member owns what the
			 * member does */
			const struct lu_member *up =
				i ? &s->members[i - 1] : NULL;

			if (up && up->depth < m->depth &&
			    group_of[i - 1] == group_of[i] &&
			    share[i - 1] < m->offset)
				share[i] = share[i - 1];
			continue;
		}
		/* overlapping members (unions, bit-fields of one unit)
		 * own no padding: there is none between them */
		if (!s->is_union && prev_end <= m->offset &&
		    in_marker_group(s, groups, group_of, i)) {
			uint64_t begin = groups[group_of[i]].begin;

			if (begin <= m->offset)
				share[i] = begin > prev_end ? begin : prev_end;
		}
		if (m->offset + m->size > prev_end)
			prev_end = m->offset + m->size;
	}
}

void lu_group_extents(const struct lu_struct *s, struct lu_group *groups,
		      size_t n, const int *group_of, const uint64_t *share)
{
	/* changed[g]: g's members are not those between its markers */
	bool *changed = calloc(n ? n : 1, sizeof(*changed));
	bool *any = calloc(n ? n : 1, sizeof(*any));

	if (!changed || !any)
		abort();
	for (size_t g = s->n_groups; g < n; g++)
		changed[g] = true;
	for (size_t i = 0; i < s->n_members; i++) {
		int was = s->members[i].group, is = group_of[i];

		if (was == is)
			continue;
		if (was >= 0 && (size_t)was < n)
			changed[was] = true;
		if (is >= 0 && (size_t)is < n)
			changed[is] = true;
	}
	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];
		int g = group_of[i];

		if (g < 0 || (size_t)g >= n || !changed[g] || m->marker ||
		    !lu_member_bytes(m))
			continue;
		struct lu_group *x = &groups[g];
		uint64_t end = m->offset + lu_member_bytes(m);

		if (!any[g] || share[i] < x->begin)
			x->begin = share[i];
		if (!any[g] || end > x->end)
			x->end = end;
		any[g] = true;
	}
	/* emptied: no bytes, where its begin marker (if any) is */
	for (size_t g = 0; g < n; g++)
		if (changed[g] && !any[g])
			groups[g].end = groups[g].begin =
				g < s->n_groups ? s->groups[g].begin : 0;
	free(changed);
	free(any);
}

void lu_group_firsts(const struct lu_struct *s, size_t n, const int *group_of,
		     ptrdiff_t *first)
{
	for (size_t g = 0; g < n; g++)
		first[g] = -1;
	for (size_t i = s->n_members; i-- > 0;) {
		int g = group_of[i];

		if (g >= 0 && (size_t)g < n && !s->members[i].marker &&
		    s->members[i].size)
			first[g] = (ptrdiff_t)i;
	}
}

void lu_group_footprint(const struct lu_group *g, uint64_t padding,
			unsigned line, struct lu_footprint *fp)
{
	memset(fp, 0, sizeof(*fp));
	if (g->end <= g->begin || !line)
		return;
	fp->bytes = g->end - g->begin;
	fp->padding = padding;
	fp->first_line = g->begin / line;
	fp->lines = (g->end - 1) / line - g->begin / line + 1;
	fp->min_lines = (fp->bytes + line - 1) / line;
}
