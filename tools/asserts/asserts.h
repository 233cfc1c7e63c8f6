/* SPDX-License-Identifier: MIT */
/*
 * `lineup asserts`: static assertions that freeze a layout the checker
 * verified. asserts.c decides what to assert (the plan: relations between
 * groups and members, as the header and the kernel's cache.h can state
 * them); asserts_emit.c prints a plan in lineup.h's or the kernel's style.
 */
#ifndef LINEUP_ASSERTS_H
#define LINEUP_ASSERTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "options.h"
#include "error.h"
#include "layout.h"
#include "rules.h"

/* One side of a relation: a group by its markers, or a member. */
struct lu_assert_side {
	bool group;
	size_t index;		/* into the plan's groups, or s->members */
	size_t grp;		/* the plan's group it is (or is in) */
	uint64_t lo, hi;	/* bytes [lo, hi) in the verified layout */
};

enum lu_assert_type {
	LU_ASSERT_APART,	/* no line holds a byte of both sides */
	LU_ASSERT_IN_GROUP,	/* member b lies between group a's markers */
	LU_ASSERT_GROUP_LINES,	/* group a touches at most value lines */
	LU_ASSERT_SIZE_MAX,	/* sizeof <= value */
};

struct lu_assert {
	enum lu_assert_type type;
	struct lu_assert_side a, b;
	uint64_t value;
	/* APART of a bit-field, which offsetof cannot name: a member
	 * between it and the other side stands for it (asserting that one
	 * apart asserts the bit-field apart). The bit-field is
	 * s->members[standin_for]; the stand-in is side a or side b. */
	bool standin, standin_is_a;
	size_t standin_for;
	/* the same two members are asserted apart above: only say so */
	bool repeat;
};

/* A group as the plan sees it (the checker's view: markers and rules). */
struct lu_assert_group {
	struct lu_group g;	/* kind, origin, extent [begin, end) */
	/* Its markers bound exactly its members, so an assertion may name
	 * it (lineup.h's macros need lineup markers; the kernel style
	 * takes either kind of marker). */
	bool named;
};

struct lu_assert_plan {
	const struct lu_struct *s;
	enum lu_assert_style style;
	unsigned line_size;
	uint64_t start_align;	/* min(alignof, line): the header's rule */
	struct lu_assert_group *groups;
	size_t n_groups;
	struct lu_assert *items;
	size_t n, cap;
	/* members a relation needed but no assertion can name */
	size_t *unnamed;
	size_t n_unnamed, cap_unnamed;
};

/*
 * Plans the assertions for S as the checker saw it with RULE (may be
 * NULL). The caller has verified the layout. -1 with ERR when a relation
 * the checker accepted would not hold as a compiler checks it (objects
 * start at multiples of the type's own alignment; `align = N` or --align
 * claimed more), or when S has neither groups nor rules. A plan may be
 * empty: groups #ifdef-ed out in this build.
 */
int lu_asserts_plan(struct lu_assert_plan *plan, const struct lu_struct *s,
		    const struct lu_rule_struct *rule, unsigned line_size,
		    enum lu_assert_style style, struct lu_error *err);
void lu_asserts_plan_free(struct lu_assert_plan *plan);

/* The C source of PLAN; SOURCE names the input in its heading comment. */
void lu_asserts_emit(FILE *out, const struct lu_assert_plan *plan,
		     const char *source);

/* How C spells S's type: "struct tag", "union tag" or a typedef name. */
void lu_asserts_type_name(const struct lu_struct *s, char *buf, size_t size);

#endif
