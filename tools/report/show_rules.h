/* SPDX-License-Identifier: MIT */
/*
 * `lineup show --rules`: a struct's groups as the checker sees them under
 * its rules (lu_check_groups), and check's own findings on it, printed
 * with the layout (show_rules.c). Nothing here decides: the groups and the
 * findings are the checker's.
 */
#ifndef LINEUP_SHOW_RULES_H
#define LINEUP_SHOW_RULES_H

#include <stdio.h>

#include "check.h"
#include "report.h"
#include "show.h"

/* A struct as shown under rules: its members' groups are the checker's. */
struct lu_show_ruled {
	struct lu_struct s;	/* a shallow copy; members and groups ours */
	struct lu_check_groups groups;
	struct lu_member *members;
};

/* The copy of S under its rules in OPTS; NULL when they name it not. */
const struct lu_struct *lu_show_ruled_init(struct lu_show_ruled *r,
					   const struct lu_struct *s,
					   const struct lu_show_opts *opts);
void lu_show_ruled_free(struct lu_show_ruled *r);

/*
 * " [write group 'hot' (rules)]" after member I when the rules put it in
 * a group other than its markers' (MARKED: the struct as read).
 */
void lu_show_rule_tag(FILE *out, const struct lu_struct *marked,
		      const struct lu_struct *ruled, size_t i);

/* The report context check's findings print with, for SET. */
void lu_show_report_ctx(const struct lu_set *set,
			const struct lu_show_opts *opts,
			struct lu_report_ctx *ctx);

/* Check's findings on one struct, each printed once, in show's text. */
struct lu_show_notes {
	struct lu_report_ctx ctx;
	const struct lu_finding **items;	/* the struct's, in order */
	size_t n, n_done;	/* conflicts come first; done: printed */
	bool *done;
};

void lu_show_notes_init(struct lu_show_notes *sn, const struct lu_set *set,
			const struct lu_show_opts *opts,
			const struct lu_struct *s);
/* The conflicts on lines that end before OFFSET (UINT64_MAX: all), at
 * INDENT, under the members on them; then, with REST, everything else. */
void lu_show_notes_flush(struct lu_show_notes *sn, FILE *out, uint64_t offset,
			 unsigned indent, bool rest);
void lu_show_notes_free(struct lu_show_notes *sn);

#endif
