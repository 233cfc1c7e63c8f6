/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: the members with no kind that a proposal puts on a
 * write group's line. The rules say nothing of them (a perf sample that
 * never saw them drafts rules without them), so no finding names them;
 * a reader of the proposal must see that they share a written line, and
 * decide (the walkthrough's `parent`, read at every wakeup). The search
 * counts them too, and prefers the order with fewer of them.
 */
#include <stdlib.h>
#include <string.h>

#include "suggest.h"

/* The kind the check gives member I of S under RULE. */
static enum lu_kind kind_of(const struct lu_struct *s,
			    const struct lu_rule_struct *rule, size_t i)
{
	const struct lu_member *m = &s->members[i];

	for (size_t g = 0; rule && g < rule->n_groups; g++)
		for (size_t k = 0; k < rule->groups[g].n_members; k++)
			if (!strcmp(rule->groups[g].members[k], m->name))
				return rule->groups[g].kind;
	if (m->group >= 0 && (size_t)m->group < s->n_groups)
		return s->groups[m->group].kind;
	return LU_KIND_NONE;
}

/* A member's lines [*first, *last] from offset 0; false if it has none. */
static bool lines_of(const struct lu_member *m, unsigned unit, uint64_t *first,
		     uint64_t *last)
{
	uint64_t bytes = lu_member_bytes(m);

	if (m->marker || !bytes || !unit)
		return false;
	*first = m->offset / unit;
	*last = (m->offset + bytes - 1) / unit;
	return true;
}

size_t lu_sg_unclassified_in(const struct lu_sg_plan *plan,
			     const struct lu_struct *s, struct lu_arena *arena,
			     const char ***names)
{
	size_t n = 0;

	if (names)
		*names = NULL;
	/* lines are counted from the start only for a line-aligned object */
	if (s->align < plan->unit || !s->n_members)
		return 0;
	uint64_t n_lines = s->size / plan->unit;
	bool *written = calloc(n_lines + 2, sizeof(*written));

	if (!written)
		abort();
	if (names)
		*names = lu_arena_alloc(arena, s->n_members * sizeof(**names));
	for (size_t i = 0; i < s->n_members; i++) {
		uint64_t a, b;

		if (kind_of(s, plan->rule, i) == LU_KIND_WRITE &&
		    lines_of(&s->members[i], plan->unit, &a, &b))
			for (uint64_t l = a; l <= b && l <= n_lines; l++)
				written[l] = true;
	}
	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];
		uint64_t a, b;
		bool on = false;

		if (m->depth || kind_of(s, plan->rule, i) != LU_KIND_NONE ||
		    !lines_of(m, plan->unit, &a, &b))
			continue;
		for (uint64_t l = a; l <= b && l <= n_lines; l++)
			on |= written[l];
		if (on && names)
			(*names)[n] = lu_arena_strdup(arena, m->name);
		n += on;
	}
	free(written);
	return n;
}
