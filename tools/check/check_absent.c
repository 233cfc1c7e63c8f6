/* SPDX-License-Identifier: MIT */
/*
 * A rules member that no input has but that is close to one it has is a
 * typo: the rule guards nothing, so it is an error (design.md §4). The
 * same name absent from one input or configuration but present in another
 * is the normal #ifdef case: a note. Only the caller that sees every input
 * (check) or configuration (matrix) can tell the two apart.
 */
#include <string.h>

#include "check.h"

static bool has_name(const struct lu_struct *s, const struct lu_finding *f)
{
	return f->type == LU_FIND_MISSING ? lu_struct_member(s, f->name) >= 0
					  : lu_struct_group(s, f->name) >= 0;
}

/* Does a struct named as F's in SETS have F's missing name? */
static bool elsewhere(const struct lu_finding *f, const struct lu_set *sets,
		      size_t n_sets)
{
	for (size_t i = 0; i < n_sets; i++)
		for (size_t k = 0; k < sets[i].n_structs; k++)
			if (lu_struct_named(&sets[i].structs[k], f->s->name) &&
			    has_name(&sets[i].structs[k], f))
				return true;
	return false;
}

static bool same_absence(const struct lu_finding *a,
			 const struct lu_finding *b)
{
	return a->type == b->type && !strcmp(a->name, b->name) &&
	       !strcmp(a->s->name, b->s->name);
}

static void set_severity(struct lu_findings *f, struct lu_finding *x,
			 enum lu_severity sev)
{
	if (x->severity == LU_ERROR)
		f->n_errors--;
	else if (x->severity == LU_WARNING)
		f->n_warnings--;
	else
		f->n_notes--;
	x->severity = sev;
	if (sev == LU_ERROR)
		f->n_errors++;
	else
		f->n_notes++;
}

static bool is_absence(const struct lu_finding *x)
{
	return x->type == LU_FIND_MISSING || x->type == LU_FIND_UNKNOWN_GROUP;
}

/* Does a struct named as F's in SETS have a member of F's empty group? */
static bool group_elsewhere(const struct lu_finding *f,
			    const struct lu_set *sets, size_t n_sets)
{
	const struct lu_rule_group *g = f->rule_group;

	for (size_t i = 0; i < n_sets; i++)
		for (size_t k = 0; k < sets[i].n_structs; k++)
			for (size_t m = 0; m < g->n_members &&
			     lu_struct_named(&sets[i].structs[k], f->s->name);
			     m++)
				if (lu_struct_member(&sets[i].structs[k],
						     g->members[m]) >= 0)
					return true;
	return false;
}

void lu_absent_settle(struct lu_findings *const *fs, size_t n_fs,
		      const struct lu_set *sets, size_t n_sets,
		      const char *what)
{
	/* a group empty here but not in another input checks something */
	for (size_t k = 0; k < n_fs; k++)
		for (size_t i = 0; i < fs[k]->n; i++) {
			struct lu_finding *x = &fs[k]->items[i];

			if (x->type != LU_FIND_EMPTY_GROUP ||
			    x->severity == LU_NOTE ||
			    !group_elsewhere(x, sets, n_sets))
				continue;
			set_severity(fs[k], x, LU_NOTE);
			x->elsewhere = what;
		}
	/* close to a name here, but another input has it: not a typo */
	for (size_t k = 0; k < n_fs; k++)
		for (size_t i = 0; i < fs[k]->n; i++) {
			struct lu_finding *x = &fs[k]->items[i];

			if (!is_absence(x) || x->severity != LU_ERROR ||
			    !x->suggestion || !elsewhere(x, sets, n_sets))
				continue;
			set_severity(fs[k], x, LU_NOTE);
			x->suggestion = NULL;
			x->elsewhere = what;
		}
	/* a typo is one wherever the name is missing, also where nothing
	 * close was there to suggest */
	for (size_t k = 0; k < n_fs; k++)
		for (size_t i = 0; i < fs[k]->n; i++) {
			const struct lu_finding *t = &fs[k]->items[i];

			if (!is_absence(t) || t->severity != LU_ERROR ||
			    !t->suggestion)
				continue;
			for (size_t l = 0; l < n_fs; l++)
				for (size_t j = 0; j < fs[l]->n; j++) {
					struct lu_finding *x = &fs[l]->items[j];

					if (x->severity != LU_NOTE ||
					    !is_absence(x) || x->elsewhere ||
					    !same_absence(x, t))
						continue;
					set_severity(fs[l], x, LU_ERROR);
					x->suggestion = t->suggestion;
				}
		}
}
