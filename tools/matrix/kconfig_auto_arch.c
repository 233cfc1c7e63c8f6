/* SPDX-License-Identifier: MIT */
/*
 * `options = auto` with `arch =` (kconfig_auto.h): each architecture is
 * searched on its own, from its own base, its own arch/ Kconfig and its
 * own compiler, because what one architecture's text depends on is not
 * another's (ARM_L1_CACHE_SHIFT is arm's alone). The sweep's options are
 * what any search found: the ARCH option first, then each symbol in the
 * order the first architecture to find it did. A symbol that one
 * architecture has and another has not is swept on both: where it does
 * not exist Kconfig resolves it away, and the sweep says so as it says
 * any exclusion. MX's relevance becomes the union too, indexed by the
 * sweep's options, so nothing reads one architecture's by another's
 * options. Without `arch =` there is one search, and its options are the
 * sweep's.
 */
#include <stdlib.h>
#include <string.h>

#include "kconfig_auto.h"
#include "matrix.h"

static long index_of(const struct lu_matrix_rules *m, const char *name)
{
	for (size_t o = 0; o < m->n_options; o++)
		if (!strcmp(m->options[o].name, name))
			return (long)o;
	return -1;
}

/* O's values into U (the same symbol of another architecture, whose
 * base may hold another value first): those U lacks are added. */
static void merge_values(struct lu_arena *a, struct lu_matrix_option *u,
			 const struct lu_matrix_option *o)
{
	const char **v = lu_arena_alloc(a, (u->n_values + o->n_values + 1) *
						   sizeof(*v));
	size_t n = u->n_values;

	if (n)
		memcpy(v, u->values, n * sizeof(*v));
	for (size_t i = 0; i < o->n_values; i++) {
		size_t j = 0;

		while (j < n && strcmp(v[j], o->values[i]))
			j++;
		if (j == n)
			v[n++] = o->values[i];
	}
	u->values = v;
	u->n_values = n;
}

/* The options of every search, ARCH first, into U (room for them all). */
static void union_options(struct lu_matrix *mx, struct lu_matrix_rules *u)
{
	const struct lu_matrix_rules *m = &mx->rules.matrix;

	for (size_t o = 0; o < m->n_options; o++)
		if (m->options[o].kind == LU_OPTION_ARCH)
			u->options[u->n_options++] = m->options[o];
	for (const struct lu_kconfig_auto *ka = mx->kauto; ka; ka = ka->next)
		for (size_t j = 0; j < ka->explored_rules->n_options; j++) {
			const struct lu_matrix_option *o =
				&ka->explored_rules->options[j];
			long i = index_of(u, o->name);

			if (i < 0)
				u->options[u->n_options++] = *o;
			else if (o->values && u->options[i].values)
				merge_values(&mx->arena, &u->options[i], o);
		}
}

/* Search KA's relevance (by its own options) into REL (by U's). */
static void union_relevance(const struct lu_kconfig_auto *ka,
			    const struct lu_matrix_rules *u,
			    struct lu_relevance *rel)
{
	const struct lu_relevance *kr = &ka->rel;
	size_t n = u->n_options, nk = kr->n_options;

	for (size_t j = 0; j < nk; j++) {
		size_t o = (size_t)index_of(u, ka->explored_rules->options[j]
							 .name);

		rel->any[o] |= kr->any[j];
		for (size_t k = 0; k < rel->n_names; k++) {
			rel->relevant[k * n + o] |= kr->relevant[k * nk + j];
			rel->sized[k * n + o] |= kr->sized[k * nk + j];
		}
	}
	for (size_t k = 0; k < rel->n_names; k++) {
		rel->found[k] |= kr->found[k];
		if (!rel->unsure[k])
			rel->unsure[k] = kr->unsure[k];
	}
	rel->explored += kr->explored;
	rel->failed += kr->failed;
	rel->bounded |= kr->bounded;
}

/* The rules of the sweep over every architecture's symbols (the ARCH
 * option first), and per option whether a search found it relevant (ANY,
 * in the arena). */
static const struct lu_matrix_rules *union_rules(struct lu_matrix *mx,
						 const bool **any)
{
	struct lu_arena *a = &mx->arena;
	struct lu_matrix_rules *u = lu_arena_alloc(a, sizeof(*u));
	size_t cap = mx->rules.matrix.n_options + 1;

	for (const struct lu_kconfig_auto *ka = mx->kauto; ka; ka = ka->next)
		cap += ka->explored_rules->n_options;
	*u = *mx->kauto->explored_rules;
	u->options = lu_arena_alloc(a, cap * sizeof(*u->options));
	u->n_options = 0;
	union_options(mx, u);

	size_t n = u->n_options, names = mx->kauto->rel.n_names;
	/* the first architecture's bodies; its explored rows are its own,
	 * and no row of the sweep is looked up in them */
	struct lu_relevance rel = mx->kauto->rel;

	rel.n_options = n;
	rel.relevant = lu_arena_alloc(a, (names * n + 1) * sizeof(bool));
	rel.sized = lu_arena_alloc(a, (names * n + 1) * sizeof(bool));
	rel.any = lu_arena_alloc(a, (n + 1) * sizeof(bool));
	rel.found = lu_arena_alloc(a, (names + 1) * sizeof(bool));
	rel.unsure = lu_arena_alloc(a, (names + 1) * sizeof(*rel.unsure));
	memset(rel.relevant, 0, (names * n + 1) * sizeof(bool));
	memset(rel.sized, 0, (names * n + 1) * sizeof(bool));
	memset(rel.any, 0, (n + 1) * sizeof(bool));
	memset(rel.found, 0, (names + 1) * sizeof(bool));
	memset(rel.unsure, 0, (names + 1) * sizeof(*rel.unsure));
	rel.explored = rel.failed = 0;
	rel.bounded = false;
	rel.rows = NULL;
	rel.ok = NULL;
	rel.keys = NULL;
	rel.n_rows = 0;
	rel.slot = NULL;
	rel.mask = 0;
	rel.ids = NULL;
	rel.n_ids = 0;
	for (const struct lu_kconfig_auto *ka = mx->kauto; ka; ka = ka->next)
		union_relevance(ka, u, &rel);
	/* the architecture changes every struct: its ABI is another */
	for (size_t o = 0; o < n; o++)
		if (u->options[o].kind == LU_OPTION_ARCH) {
			rel.any[o] = true;
			for (size_t k = 0; k < names; k++)
				rel.relevant[k * n + o] =
					rel.sized[k * n + o] = true;
		}
	rel.n_any = 0;
	for (size_t o = 0; o < n; o++)
		rel.n_any += rel.any[o];
	mx->rel = rel;
	*any = rel.any;
	return u;
}

int lu_kconfig_auto(struct lu_matrix *mx, const struct lu_jobs_opts *o,
		    struct lu_error *err)
{
	size_t n_rules = mx->rules.n_structs;
	size_t n_arch = mx->arch ? mx->arch->n : 1;
	struct lu_kconfig_auto **tail = &mx->kauto;
	const bool *any;

	mx->names = lu_arena_alloc(&mx->arena,
				   (n_rules + 2) * sizeof(*mx->names));
	for (size_t i = 0; i < n_rules; i++)
		mx->names[i] = mx->rules.structs[i].name;
	mx->n_names = n_rules + 1;	/* and NULL: the marked ones */
	mx->n_preprocessed = 0;
	size_t n_unseen = 0;

	for (size_t a = 0; a < n_arch; a++) {
		struct lu_kconfig_auto *ka = lu_arena_alloc(&mx->arena,
							    sizeof(*ka));

		memset(ka, 0, sizeof(*ka));
		*tail = ka;
		tail = &ka->next;
		int rc = lu_kconfig_auto_search(mx, o, ka, a, NULL, err);

		if (rc == -3 && n_arch > 1)
			n_unseen++;	/* tried again from the others' symbols */
		else if (rc < 0)
			return rc == -3 ? -1 : rc;
	}
	/* a struct another architecture's base lacks (arm's multi_v7 has no
	 * CGROUP_SCHED, so no task_group): explored from what the
	 * architectures that define it found */
	if (n_unseen && n_unseen < n_arch) {
		size_t a = 0;

		for (struct lu_kconfig_auto *ka = mx->kauto; ka;
		     ka = ka->next, a++) {
			if (ka->explored_rules)
				continue;
			struct lu_kconfig_auto *next = ka->next;
			size_t explored = ka->explored, reused = ka->reused;

			lu_ksyms_free(&ka->syms);
			free(ka->found);
			memset(ka, 0, sizeof(*ka));
			ka->next = next;
			ka->seeded = true;
			int rc = lu_kconfig_auto_search(mx, o, ka, a, mx->kauto,
							 err);

			/* the first search's work is counted too */
			ka->explored += explored;
			ka->reused += reused;
			mx->n_preprocessed += explored - reused;

			if (rc < 0)
				return rc == -3 ? -1 : rc;
		}
	} else if (n_unseen) {
		return -1;
	}
	if (mx->arch) {
		mx->given = union_rules(mx, &any);
	} else {
		mx->given = mx->kauto->explored_rules;
		any = mx->rel.any;
	}
	return lu_kconfig_auto_configs(mx, any, err);
}
