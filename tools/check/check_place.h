/* SPDX-License-Identifier: MIT */
/*
 * Internal to the checker: where objects of a struct may start in a line
 * (design.md §4). Lines are counted from an object's start only when it is
 * line-aligned; otherwise it may start at any multiple of its alignment,
 * and a finding names the starts where it appears. The alignment is the
 * struct's own (BTF's a guess), or the one its rules or --align state.
 */
#ifndef LINEUP_CHECK_PLACE_H
#define LINEUP_CHECK_PLACE_H

#include "findings.h"
#include "rules.h"

/* Objects start at multiples of ALIGN in a line. */
struct placement {
	uint64_t align;
	enum lu_align_from from;
	bool ruled;		/* the struct's rules say `align` */
};

struct placement lu_placement_of(const struct lu_struct *s,
				 const struct lu_rule_struct *rule,
				 const struct lu_check_opts *opts);
/* Bytes between two starts in a UNIT-byte line (or pair of lines). */
uint64_t lu_placement_step(const struct placement *pl, uint64_t unit);
/*
 * Hands F, whose starts are set, the alignment they step by; a finding
 * that never appears where the object starts a line rests on it, and is a
 * warning when it is a guess (an error with --strict).
 */
void lu_placement_apply(struct lu_findings *out, struct lu_finding *f,
			const struct placement *pl,
			const struct lu_check_opts *opts);

/* Most lines group G can touch, over every start of PL. */
uint64_t lu_worst_lines(const struct lu_group *g, const struct placement *pl,
			unsigned line);
/* Sets the starts at which G spans more than F's limit, and applies PL. */
void lu_place_lines(struct lu_findings *out, struct lu_finding *f,
		    const struct lu_group *g, const struct placement *pl,
		    const struct lu_check_opts *opts);

#endif
