/* SPDX-License-Identifier: MIT */
/*
 * What a layout diff is made of: changed members, appeared and gone
 * findings, per struct and in all. Below both the diff (diff.c) and the
 * comparison of findings (diff_findings.c), so neither reaches the other.
 */
#ifndef LINEUP_DIFF_TYPES_H
#define LINEUP_DIFF_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "check.h"
#include "layout.h"
#include "rules.h"

enum lu_diff_change {
	LU_DIFF_MOVED,		/* offset (or bit offset) changed */
	LU_DIFF_STAYED,		/* a hot member that did not move */
	LU_DIFF_RESIZED,	/* same place, another size */
	LU_DIFF_ADDED,		/* only in NEW */
	LU_DIFF_REMOVED,	/* only in OLD */
	LU_DIFF_SHIFTED,	/* a run of members moved by one delta */
};

struct lu_diff_member {
	enum lu_diff_change change;
	/* indices in the old and new struct's members, -1 when absent */
	ptrdiff_t old, new;
	bool hot;		/* in a write or read group on either side */
	enum lu_kind kind;	/* NEW's kind if it has one, else OLD's */
	const char *group;	/* that group's name, NULL for none */
	bool line_changed;	/* moved to another cache line */
	/* LU_DIFF_SHIFTED: members old..new are the run's first; `last_*`
	 * its last; `after` the member before it in NEW (NULL: the start) */
	ptrdiff_t last_old, last_new;
	const char *after;
	size_t count;
	size_t lines_changed;	/* members of the run on another line */
	int64_t delta;		/* new offset - old offset */
};

/* A finding of check that one side has and the other has not. */
struct lu_diff_finding {
	size_t index;		/* in new_findings if appeared, else in
				 * old_findings */
	bool appeared;		/* in NEW only; false: in OLD only */
};

struct lu_diff_struct {
	const struct lu_struct *old, *new;
	struct lu_diff_member *members;	/* hot first, then by offset */
	size_t n_members, n_hot;
	struct lu_diff_finding *findings;	/* appeared first */
	size_t n_findings;
	size_t n_kept;		/* findings both sides have */
	bool size_changed;	/* size or alignment */
	bool line_moves;	/* some member moved to another line */
	bool broken;		/* an error appeared */
};

struct lu_diff_opts {
	const struct lu_rules *rules;	/* may be NULL */
	bool pair;
	/* --struct given: a name on one side only is a struct added or
	 * removed; otherwise only structs in both are compared */
	bool named;
	const char *const *names;
	size_t n_names;
};

struct lu_diff {
	const struct lu_set *old_set, *new_set;
	struct lu_diff_struct *structs;	/* those that changed, in OLD's
					 * order */
	size_t n_structs;
	const char **only_old, **only_new;	/* struct names */
	size_t n_only_old, n_only_new;
	size_t n_compared;
	size_t n_appeared, n_gone;	/* findings, of every struct */
	size_t n_new_errors;	/* appeared findings that are errors */
	size_t n_broken;	/* structs with such an error */
	size_t n_kept_errors;	/* errors both sides have */
	/* check's findings of both sides; set_index 0 is OLD, 1 NEW */
	struct lu_findings old_findings, new_findings;
	struct lu_arena arena;
};

#endif
