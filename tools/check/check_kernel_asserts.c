/* SPDX-License-Identifier: MIT */
/*
 * The kernel's CACHELINE_ASSERT_GROUP_SIZE and _MEMBER held against one
 * input's layouts (check_kernel_asserts.h). The kernel's arithmetic is
 * the model's: a marker group's bytes run from its begin marker to its
 * end marker (offsetof(end) - offsetofend(begin), group_bytes.h), and a
 * member is in the group when its bytes lie inside them.
 */
#include "check_kernel_asserts.h"

#include <string.h>

const struct lu_group *lu_kernel_group(const struct lu_struct *s,
				       const char *name)
{
	for (size_t g = 0; g < s->n_groups; g++)
		if (s->groups[g].origin == LU_ORIGIN_KERNEL &&
		    !strcmp(s->groups[g].name, name))
			return &s->groups[g];
	return NULL;
}

/* The severity of a broken assert: a warning when an #if may leave it
 * out of this input's configuration. */
static enum lu_severity broken(const struct lu_kassert *k)
{
	return k->under ? LU_WARNING : LU_ERROR;
}

/* Of a name the layout lacks: normal under an #if, else a warning (an
 * error with --strict: the source and the input disagree). */
static enum lu_severity absent(const struct lu_kassert *k,
			       const struct lu_check_opts *opts)
{
	if (opts->strict)
		return LU_ERROR;
	return k->under ? LU_NOTE : LU_WARNING;
}

static void check_one(const struct lu_struct *s, const struct lu_kassert *k,
		      const char *path, const struct lu_check_opts *opts,
		      struct lu_findings *out)
{
	enum lu_finding_type type = k->kind == LU_KASSERT_SIZE
					    ? LU_FIND_KERNEL_SIZE
					    : LU_FIND_KERNEL_MEMBER;
	const struct lu_group *g = lu_kernel_group(s, k->group);
	struct lu_finding *f;

	if (!g) {
		f = lu_findings_add(out, type, absent(k, opts), s);
		f->name = k->group;
	} else if (k->kind == LU_KASSERT_SIZE) {
		uint64_t bytes = g->end - g->begin;
		enum lu_severity sev = bytes > k->bound ? broken(k) : LU_NOTE;

		f = lu_findings_add(out, type, sev, s);
		f->value = bytes;
		f->limit = k->bound;
	} else {
		ptrdiff_t m = lu_struct_member(s, k->member);

		if (m < 0) {
			f = lu_findings_add(out, type, absent(k, opts), s);
			f->name = k->member;
		} else {
			const struct lu_member *mm = &s->members[m];
			bool inside = mm->offset >= g->begin &&
				      mm->offset + mm->size <= g->end;

			if (inside)
				return;
			f = lu_findings_add(out, type, broken(k), s);
			size_t *idx = lu_arena_alloc(&out->arena, sizeof(*idx));

			*idx = (size_t)m;
			f->members = idx;
			f->n_members = 1;
		}
	}
	if (g)
		f->group = lu_arena_memdup(&out->arena, g, sizeof(*g));
	f->kassert = k;
	f->kassert_path = path;
	f->config = opts->config;
}

/* Is S one --struct asks for (all, without --struct)? */
static bool wanted(const struct lu_struct *s, const struct lu_check_opts *opts)
{
	bool yes = !opts->n_only;

	for (size_t k = 0; k < opts->n_only && !yes; k++)
		yes = lu_struct_named(s, opts->only[k]);
	return yes;
}

void lu_kasserts_check_sets(const struct lu_set *sets, size_t n_sets,
			    const struct lu_kasserts *a,
			    const struct lu_check_opts *opts,
			    struct lu_findings *out)
{
	for (size_t k = 0; k < a->n; k++) {
		const struct lu_kassert *ka = &a->items[k];

		if (ka->why)
			continue;
		for (size_t i = 0; i < n_sets; i++) {
			size_t before = out->n;

			for (size_t j = 0; j < sets[i].n_structs; j++) {
				const struct lu_struct *s = &sets[i].structs[j];

				if (wanted(s, opts) &&
				    lu_struct_named(s, ka->struct_name))
					check_one(s, ka, a->path, opts, out);
			}
			for (size_t f = before; f < out->n; f++)
				out->items[f].set_index = i;
		}
	}
}
