/* SPDX-License-Identifier: MIT */
/*
 * `lineup diff` reports: the sentences (diff_text.c), which the text,
 * JSON and SARIF writers share, and the writers. They print; the diff
 * decided everything (diff.h).
 */
#ifndef LINEUP_DIFF_REPORT_H
#define LINEUP_DIFF_REPORT_H

#include <stdio.h>

#include "diff.h"
#include "report.h"

struct lu_diff_report {
	const struct lu_diff *d;
	/* sets[0] is OLD, sets[1] NEW: check's findings point there */
	struct lu_report_ctx ctx;
	unsigned fail_on;	/* LU_FAIL_ON_*: changes that are errors */
	bool named;		/* --struct: one-sided structs are listed */
};

/* "size 704 -> 768 bytes (+64), 11 -> 12 cache lines" and alignment. */
void lu_diff_size_message(const struct lu_diff_report *r,
			  const struct lu_diff_struct *ds, char *buf,
			  size_t size);
/* One member change, "'rt_se' (read) moved 0x108 -> 0x150, line 4 ->
 * line 5", without the struct's name. */
void lu_diff_member_message(const struct lu_diff_report *r,
			    const struct lu_diff_struct *ds,
			    const struct lu_diff_member *x, char *buf,
			    size_t size);
/* Where a member change points: NEW's declaration, else OLD's. */
void lu_diff_member_location(const struct lu_diff_report *r,
			     const struct lu_diff_struct *ds,
			     const struct lu_diff_member *x,
			     struct lu_location *loc);
/* Where a struct points: SIDE 1 is NEW, 0 OLD. */
void lu_diff_struct_location(const struct lu_diff_report *r,
			     const struct lu_struct *s, size_t side,
			     struct lu_location *loc);
/* The severity a change is printed with: error when --fail-on makes it
 * fail the run, else note. */
enum lu_severity lu_diff_size_severity(const struct lu_diff_report *r);
enum lu_severity lu_diff_member_severity(const struct lu_diff_report *r,
					 const struct lu_diff_member *x);
/* A member change's row in report.h's rules: LU_RULE_DIFF_SET or _PLACE */
size_t lu_diff_member_rule(const struct lu_diff_member *x);
/* The K-th struct that only one side has (SIDE 1: NEW, 0: OLD), for
 * --struct: "struct conn: added (only in new.o)", and where it is. */
void lu_diff_one_sided(const struct lu_diff_report *r, size_t side, size_t k,
		       char *buf, size_t size, struct lu_location *loc);
/* "struct task_group", "union u", or a tagless struct's typedef name. */
void lu_diff_struct_name(const struct lu_struct *s, char *buf, size_t size);

int lu_diff_report_text(FILE *out, const struct lu_diff_report *r);
int lu_diff_report_json(FILE *out, const struct lu_diff_report *r);
int lu_diff_report_sarif(FILE *out, const struct lu_diff_report *r);

#endif
