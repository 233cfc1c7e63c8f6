/* SPDX-License-Identifier: MIT */
/* The findings half of a diff: what check says of each side (diff_findings.c). */
#ifndef LINEUP_DIFF_FINDINGS_H
#define LINEUP_DIFF_FINDINGS_H

#include "diff_types.h"

/*
 * Compares the check findings of one pair of structs (diff_findings.c):
 * each side is checked with its rules, plus the groups the other side's
 * lineup markers give members it also has, so a marker added in NEW tells
 * what OLD got wrong.
 */
void lu_diff_findings(struct lu_diff *d, struct lu_diff_struct *ds,
		      const struct lu_diff_opts *opts);

#endif
