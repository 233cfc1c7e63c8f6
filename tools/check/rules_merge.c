/* SPDX-License-Identifier: MIT */
/*
 * Several rules files as one: one file per component is how monorepos
 * keep rules next to their code, so `--rules a.ini --rules b.ini` checks
 * what both say. A struct may be in two files only if both say the same;
 * otherwise which one holds would depend on the order of the options.
 */
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "rules.h"

static bool same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static bool same_group(const struct lu_rule_group *a,
		       const struct lu_rule_group *b)
{
	if (!same_str(a->name, b->name) || a->kind != b->kind ||
	    a->n_members != b->n_members)
		return false;
	for (size_t i = 0; i < a->n_members; i++)
		if (strcmp(a->members[i], b->members[i]))
			return false;
	return true;
}

static bool same_limits(const struct lu_rule_limit *a, size_t na,
			const struct lu_rule_limit *b, size_t nb)
{
	if (na != nb)
		return false;
	for (size_t i = 0; i < na; i++)
		if (!same_str(a[i].group, b[i].group) || a[i].value != b[i].value)
			return false;
	return true;
}

/* What the two sections say, whatever their lines and comments. */
static bool same_struct(const struct lu_rule_struct *a,
			const struct lu_rule_struct *b)
{
	if (a->n_groups != b->n_groups || a->n_allow != b->n_allow ||
	    a->max_size != b->max_size || a->align != b->align)
		return false;
	for (size_t i = 0; i < a->n_groups; i++)
		if (!same_group(&a->groups[i], &b->groups[i]))
			return false;
	for (size_t i = 0; i < a->n_allow; i++)
		if (!same_str(a->allow[i].a, b->allow[i].a) ||
		    !same_str(a->allow[i].b, b->allow[i].b))
			return false;
	return same_limits(a->max_bytes, a->n_max_bytes, b->max_bytes,
			   b->n_max_bytes) &&
	       same_limits(a->max_lines, a->n_max_lines, b->max_lines,
			   b->n_max_lines);
}

static int cmp_struct_name(const void *pa, const void *pb)
{
	const struct lu_rule_struct *const *a = pa, *const *b = pb;

	return strcmp((*a)->name, (*b)->name);
}

/* Adds PART's structs to R; -1 when one differs from an earlier file's. */
static int add_part(struct lu_rules *r, const struct lu_rules *part,
		    size_t *cap, struct lu_error *err)
{
	for (size_t i = 0; i < part->n_structs; i++) {
		const struct lu_rule_struct *s = &part->structs[i];
		const struct lu_rule_struct *had = NULL;

		for (size_t k = 0; k < r->n_structs && !had; k++)
			if (!strcmp(r->structs[k].name, s->name))
				had = &r->structs[k];
		if (had && same_struct(had, s))
			continue; /* said twice, the same: the first stands */
		if (had) {
			lu_error_set(err, "%s:%u: error: [struct %s] says "
					  "otherwise than %s:%u (a struct's "
					  "rules must agree in every file)",
				     s->path, s->ini_line, s->name, had->path,
				     had->ini_line);
			return -1;
		}
		if (r->n_structs == *cap) {
			*cap = *cap ? 2 * *cap : 8;
			r->structs = realloc(r->structs,
					     *cap * sizeof(*r->structs));
			if (!r->structs)
				abort();
		}
		r->structs[r->n_structs++] = *s;
	}
	return 0;
}

static int merge(struct lu_rules *r, struct lu_error *err)
{
	size_t cap = 0;

	for (size_t p = 0; p < r->n_parts; p++) {
		const struct lu_rules *part = &r->parts[p];

		if (add_part(r, part, &cap, err) < 0) {
			free(r->structs);
			r->structs = NULL;
			return -1;
		}
		if (!part->matrix.present)
			continue;
		if (!r->matrix.present) {
			r->matrix = part->matrix;
			r->path = part->path;
		} else if (!r->matrix_again) {
			r->matrix_again = lu_arena_printf(
				&r->arena, "%s:%u", part->path,
				part->matrix.ini_line);
		}
	}
	/* the structs array moves into the arena: one free, as a file's */
	void *structs = lu_arena_memdup(&r->arena, r->structs,
					r->n_structs * sizeof(*r->structs));

	free(r->structs);
	r->structs = structs;
	r->by_name = lu_arena_alloc(&r->arena, (r->n_structs ? r->n_structs
							      : 1) *
						       sizeof(*r->by_name));
	for (size_t i = 0; i < r->n_structs; i++)
		r->by_name[i] = &r->structs[i];
	qsort(r->by_name, r->n_structs, sizeof(*r->by_name), cmp_struct_name);
	return 0;
}

int lu_rules_parse_files(const char *const *paths, size_t n,
			 struct lu_rules *rules, struct lu_error *err)
{
	if (n == 1)
		return lu_rules_parse_file(paths[0], rules, err);
	memset(rules, 0, sizeof(*rules));
	rules->parts = calloc(n ? n : 1, sizeof(*rules->parts));
	if (!rules->parts)
		abort();
	rules->path = n ? paths[0] : NULL;
	for (size_t i = 0; i < n; i++) {
		if (lu_rules_parse_file(paths[i], &rules->parts[i], err) < 0) {
			lu_rules_free(rules);
			return -1;
		}
		rules->n_parts++;
	}
	if (merge(rules, err) < 0) {
		lu_rules_free(rules);
		return -1;
	}
	return 0;
}

int lu_rules_one_matrix(const struct lu_rules *rules, struct lu_error *err)
{
	if (!rules->matrix_again)
		return 0;
	lu_error_set(err, "%s: error: a second [matrix] section (%s:%u has "
			  "one; a matrix compiles one source)",
		     rules->matrix_again, rules->path, rules->matrix.ini_line);
	return -1;
}
