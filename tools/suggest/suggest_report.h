/* SPDX-License-Identifier: MIT */
/* lineup suggest: what it found, as text for people and JSON for tools. */
#ifndef LINEUP_SUGGEST_REPORT_H
#define LINEUP_SUGGEST_REPORT_H

#include <stdio.h>

#include "suggest.h"
#include "suggest_verify.h"

enum { LU_SG_REORDER, LU_SG_MINIMAL, LU_SG_ISOLATE, LU_SG_N };

#define LU_SG_UNPLACED_MAX 96
#define LU_SG_STALE_MAX 512

struct lu_sg_result {
	const struct lu_sg_plan *plan;
	const struct lu_set *set;
	const struct lu_struct *s;	/* the input's */
	size_t n_configs;	/* matrix configurations, 0 without */
	size_t current_bad;	/* the struct as it is: findings */
	size_t current_failing;	/* configurations with findings */
	struct lu_sg_proposal prop[LU_SG_N];
	char *c[LU_SG_N];	/* each proposal's body, NULL when none */
	char *diff[LU_SG_N];	/* against the source, NULL when unknown */
	const char *reason[LU_SG_N];	/* why there is none */
	/* each body as the compiler lays it out (suggest_verify.c) */
	struct lu_sg_verified verified[LU_SG_N];
	bool conditional;	/* the source's body has #if lines */
	/* a C++ body's first line a diff would delete and not put back (a
	 * member function, an access specifier, a nested type, a member
	 * with its initializer): then there is no diff */
	char unplaced[LU_SG_UNPLACED_MAX];
	/* why a proposal has no diff when one would be wrong (no change, a
	 * file name patch cannot carry), NULL otherwise */
	const char *no_diff[LU_SG_N];
	/* the source no longer holds the struct where its debug info says:
	 * why, and no proposal gets a diff; "" when it does */
	char stale[LU_SG_STALE_MAX];
	bool hex;	/* --hex: sizes in the text as pahole --hex */
};

extern const char *const lu_sg_kind_names[LU_SG_N];

/* 0, or -1 with errno when the output did not make it. */
int lu_sg_report_text(FILE *out, const struct lu_sg_result *r);
int lu_sg_report_json(FILE *out, const struct lu_sg_result *r);

#endif
