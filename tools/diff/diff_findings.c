/* SPDX-License-Identifier: MIT */
/*
 * Rules broken and rules fixed between two builds: check runs on both
 * sides of a struct and their findings are compared.
 *
 * Each side is checked with the rules file's section for the struct and,
 * for members that no group of its own claims, the groups of the other
 * side's lineup markers: markers added with a fix (or removed with a
 * regression) would otherwise hide what the side without them gets wrong.
 *
 * A conflict is the same on both sides when it names the same pairs of
 * members, whatever the line or the groups' names: it appeared when NEW
 * has a pair OLD has not, and went away when NEW has none of its pairs.
 * Other findings match by type, group and name. Notes are not compared.
 */
#include "diff_findings.h"
#include "named.h"

#include <stdlib.h>
#include <string.h>

#include "strset.h"

#define N_TYPES (LU_FIND_EMPTY_GROUP + 1)

/* Does a group of TO or a group of the user's rule already take NAME? */
static bool group_known(const struct lu_struct *to,
			const struct lu_rule_struct *user, const char *name)
{
	if (lu_struct_group(to, name) >= 0)
		return true;
	for (size_t g = 0; user && g < user->n_groups; g++)
		if (!strcmp(user->groups[g].name, name))
			return true;
	return false;
}

/* Will FROM's group G be carried to TO? Only lineup's, and only when
 * TO has no group of that name and the user's rules none either. */
static bool carried(const struct lu_struct *from, size_t g,
		    const struct lu_struct *to,
		    const struct lu_rule_struct *user)
{
	return from->groups[g].origin == LU_ORIGIN_LINEUP &&
	       !group_known(to, user, from->groups[g].name);
}

/*
 * FROM's carried groups as rules groups for TO, in OUT (room for all of
 * FROM's groups): each with the members TO has and no group of TO's
 * claims. One pass over the members, one lookup in TO's index each.
 * Returns how many groups have members.
 */
static size_t carry_groups(const struct lu_struct *from,
			   const struct lu_struct *to,
			   const struct lu_rule_struct *user,
			   struct lu_arena *a, struct lu_rule_group *out)
{
	size_t *count = calloc(from->n_groups + 1, sizeof(*count));
	size_t n_to, n = 0;
	struct lu_named *to_idx = lu_named_members(to, &n_to);

	if (!count)
		abort();
	for (size_t k = 0; k < from->n_members; k++)
		if (from->members[k].group >= 0)
			count[from->members[k].group]++;
	for (size_t g = 0; g < from->n_groups; g++) {
		memset(&out[g], 0, sizeof(out[g]));
		out[g].name = from->groups[g].name;
		out[g].kind = from->groups[g].kind;
		if (carried(from, g, to, user))
			out[g].members = lu_arena_alloc(
				a, (count[g] + 1) * sizeof(char *));
	}
	for (size_t k = 0; k < from->n_members; k++) {
		const struct lu_member *m = &from->members[k];
		const struct lu_named *t;

		if (m->group < 0 || !out[m->group].members || m->marker ||
		    m->depth || !*m->name)
			continue;
		t = lu_named_find(to_idx, n_to, m->name);
		if (t && to->members[t->index].group < 0)
			out[m->group].members[out[m->group].n_members++] =
				m->name;
	}
	/* groups left with no member say nothing: drop them */
	for (size_t g = 0; g < from->n_groups; g++)
		if (out[g].n_members)
			out[n++] = out[g];
	free(to_idx);
	free(count);
	return n;
}

/*
 * The rules TO is checked with: the user's for it, after the groups
 * carried from FROM (so the user's win a member both name). NULL when
 * neither says anything.
 */
static const struct lu_rule_struct *side_rule(const struct lu_struct *to,
					      const struct lu_struct *from,
					      const struct lu_rule_struct *user,
					      struct lu_arena *a,
					      struct lu_rule_struct *out)
{
	size_t n_user = user ? user->n_groups : 0, n;

	if (user)
		*out = *user;
	else
		memset(out, 0, sizeof(*out));
	out->name = to->name;
	out->groups = lu_arena_alloc(a, (from->n_groups + n_user + 1) *
						sizeof(*out->groups));
	n = carry_groups(from, to, user, a, out->groups);
	if (n_user)
		memcpy(&out->groups[n], user->groups,
		       n_user * sizeof(*out->groups));
	out->n_groups = n + n_user;
	return user || out->n_groups ? out : NULL;
}

static void check_side(const struct lu_struct *s, const struct lu_set *set,
		       size_t side, const struct lu_rule_struct *rule,
		       const struct lu_diff_opts *opts,
		       struct lu_findings *out)
{
	struct lu_check_opts copts = {
		.line_size = set->line_size, .pair = opts->pair,
	};
	size_t before = out->n;

	if (!rule && !s->n_groups)
		return;		/* nothing to check */
	lu_check_struct(s, rule, &copts, out);
	for (size_t k = before; k < out->n; k++)
		out->items[k].set_index = side;
}

static bool compared(const struct lu_finding *f)
{
	return f->severity != LU_NOTE;
}

static void add_keys(const struct lu_finding *f, struct lu_strset *keys)
{
	const struct lu_struct *s = f->s;

	if (f->type != LU_FIND_CONFLICT) {
		lu_strset_add2(&keys[f->type], f->group ? f->group->name : "",
			       f->name ? f->name : "");
		return;
	}
	for (size_t i = 0; i < f->n_members; i++)
		for (size_t k = 0; k < f->n_others; k++)
			lu_strset_add2(&keys[f->type],
				       s->members[f->members[i]].name,
				       s->members[f->others[k]].name);
}

/* How many of F's keys KEYS has, against how many F has. */
static void count_keys(const struct lu_finding *f, const struct lu_strset *keys,
		       size_t *have, size_t *total)
{
	const struct lu_struct *s = f->s;

	*have = *total = 0;
	if (f->type != LU_FIND_CONFLICT) {
		*total = 1;
		*have = lu_strset_has2(&keys[f->type],
				       f->group ? f->group->name : "",
				       f->name ? f->name : "");
		return;
	}
	for (size_t i = 0; i < f->n_members; i++) {
		for (size_t k = 0; k < f->n_others; k++) {
			(*total)++;
			*have += lu_strset_has2(&keys[f->type],
						s->members[f->members[i]].name,
						s->members[f->others[k]].name);
		}
	}
}

static void add_change(struct lu_diff *d, struct lu_diff_struct *ds,
		       size_t index, bool appeared, size_t *cap)
{
	ds->findings = lu_grow(ds->findings, cap, ds->n_findings,
			       sizeof(*ds->findings));
	ds->findings[ds->n_findings++] = (struct lu_diff_finding){
		index, appeared };
	if (appeared)
		d->n_appeared++;
	else
		d->n_gone++;
}

void lu_diff_findings(struct lu_diff *d, struct lu_diff_struct *ds,
		      const struct lu_diff_opts *opts)
{
	const struct lu_struct *o = ds->old, *n = ds->new;
	struct lu_rule_struct ro, rn;
	struct lu_strset old_keys[N_TYPES] = { 0 }, new_keys[N_TYPES] = { 0 };
	size_t old_from = d->old_findings.n, new_from = d->new_findings.n;
	size_t cap = 0, have, total;

	check_side(o, d->old_set, 0,
		   side_rule(o, n, lu_rules_for(opts->rules, o), &d->arena,
			     &ro),
		   opts, &d->old_findings);
	check_side(n, d->new_set, 1,
		   side_rule(n, o, lu_rules_for(opts->rules, n), &d->arena,
			     &rn),
		   opts, &d->new_findings);
	for (size_t k = old_from; k < d->old_findings.n; k++)
		if (compared(&d->old_findings.items[k]))
			add_keys(&d->old_findings.items[k], old_keys);
	for (size_t k = new_from; k < d->new_findings.n; k++)
		if (compared(&d->new_findings.items[k]))
			add_keys(&d->new_findings.items[k], new_keys);
	for (size_t k = new_from; k < d->new_findings.n; k++) {
		const struct lu_finding *f = &d->new_findings.items[k];

		if (!compared(f))
			continue;
		count_keys(f, old_keys, &have, &total);
		if (have == total) {
			ds->n_kept++;
			d->n_kept_errors += f->severity == LU_ERROR;
			continue;
		}
		add_change(d, ds, k, true, &cap);
		ds->broken |= f->severity == LU_ERROR;
		d->n_new_errors += f->severity == LU_ERROR;
	}
	for (size_t k = old_from; k < d->old_findings.n; k++) {
		const struct lu_finding *f = &d->old_findings.items[k];

		if (!compared(f))
			continue;
		count_keys(f, new_keys, &have, &total);
		if (!have)
			add_change(d, ds, k, false, &cap);
	}
	/* the findings live in the diff's arena; the list was grown apart */
	if (ds->n_findings) {
		struct lu_diff_finding *v = lu_arena_memdup(
			&d->arena, ds->findings,
			ds->n_findings * sizeof(*ds->findings));

		free(ds->findings);
		ds->findings = v;
	}
	for (size_t t = 0; t < N_TYPES; t++) {
		lu_strset_free(&old_keys[t]);
		lu_strset_free(&new_keys[t]);
	}
}
