/* SPDX-License-Identifier: MIT */
/* Findings: release, and the members they involve (findings.h). */
#include "findings.h"

#include <stdlib.h>
#include <string.h>

void lu_findings_free(struct lu_findings *f)
{
	free(f->items);
	lu_arena_free(&f->arena);
	memset(f, 0, sizeof(*f));
}

void lu_findings_mark_conflicts(const struct lu_findings *f,
				const struct lu_struct *s, bool *marks)
{
	memset(marks, 0, s->n_members * sizeof(*marks));
	for (size_t k = 0; f && k < f->n; k++) {
		const struct lu_finding *x = &f->items[k];

		if (x->s != s || x->type != LU_FIND_CONFLICT)
			continue;
		for (size_t j = 0; j < x->n_members; j++)
			marks[x->members[j]] = true;
		for (size_t j = 0; j < x->n_others; j++)
			marks[x->others[j]] = true;
	}
}

struct lu_finding *lu_findings_add(struct lu_findings *f,
				   enum lu_finding_type type,
				   enum lu_severity sev,
				   const struct lu_struct *s)
{
	f->items = lu_grow(f->items, &f->cap, f->n, sizeof(*f->items));
	struct lu_finding *x = &f->items[f->n++];

	memset(x, 0, sizeof(*x));
	x->type = type;
	x->severity = sev;
	x->s = s;
	if (sev == LU_ERROR)
		f->n_errors++;
	else if (sev == LU_WARNING)
		f->n_warnings++;
	else
		f->n_notes++;
	return x;
}
