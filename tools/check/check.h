/* SPDX-License-Identifier: MIT */
/*
 * The checker: a pure function from layouts and rules to findings. It knows
 * nothing of files or output formats.
 */
#ifndef LINEUP_CHECK_H
#define LINEUP_CHECK_H

#include "findings.h"
#include "layout.h"
#include "rules.h"

/*
 * Checks every struct of SET that carries markers or is named in RULES
 * (which may be NULL) and appends what it finds to OUT.
 */
void lu_check_set(const struct lu_set *set, size_t set_index,
		  const struct lu_rules *rules, const struct lu_check_opts *opts,
		  struct lu_findings *out);

/* Checks one struct, with kinds already applied to its groups. */
void lu_check_struct(const struct lu_struct *s, const struct lu_rule_struct *rule,
		     const struct lu_check_opts *opts, struct lu_findings *out);

/*
 * The groups the checker sees in S under RULE (may be NULL): the markers'
 * groups first (same indices, kinds as the rules say), then the rules' own,
 * and each member's group (-1: none), as lu_check_struct checks them. For
 * show --rules, which marks them. Free with lu_check_groups_free.
 */
struct lu_check_groups {
	struct lu_group *groups;
	size_t n_groups;
	int *group_of;	/* per member of S */
};

void lu_check_groups(const struct lu_struct *s,
		     const struct lu_rule_struct *rule,
		     struct lu_check_groups *out);
void lu_check_groups_free(struct lu_check_groups *g);

#endif
