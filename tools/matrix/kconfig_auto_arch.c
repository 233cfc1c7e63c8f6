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
 * options; the layout model's facts (line keys, bodies, the structs held
 * by value) are merged name by name, a held struct by its tag, so that
 * no line is keyed by what one architecture's text can see alone.
 * Without `arch =` there is one search, and its options are the sweep's.
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

#define NO_NAME ((size_t)-1)

/* The union's index of search KR's name R: an asked name is itself, a
 * struct held by value its tag's in REL (added when new), NO_NAME when
 * REL has no room for one more. */
static size_t union_name(struct lu_relevance *rel,
			 const struct lu_relevance *kr, size_t r)
{
	if (r < kr->n_names)
		return r;
	const char *tag = kr->sub_name[r - kr->n_names];

	for (size_t k = 0; k < rel->n_sub_names; k++)
		if (!strcmp(rel->sub_name[k], tag))
			return rel->n_names + k;
	if (rel->n_sub_names == LU_RELEVANCE_MAX_SUBS)
		return NO_NAME;
	rel->sub_name[rel->n_sub_names] = tag;
	return rel->n_names + rel->n_sub_names++;
}

/* Search KA's name R's body into REL's name K: one span of one file on
 * every architecture that found it, or none (relevance.h's body_file). */
static void union_body(struct lu_relevance *rel, size_t k,
		       const struct lu_relevance *kr, size_t r)
{
	bool unset = !rel->body_file[k] && !rel->body_last[k];

	if (!kr->found[r])
		return;
	if (!kr->body_file[r] ||
	    (!unset && rel->body_file[k] &&
	     (strcmp(rel->body_file[k], kr->body_file[r]) ||
	      rel->body_first[k] != kr->body_first[r] ||
	      rel->body_last[k] != kr->body_last[r]))) {
		rel->body_file[k] = NULL;
		rel->body_last[k] = 1;	/* refused, not unset */
	} else if (unset) {
		rel->body_file[k] = kr->body_file[r];
		rel->body_first[k] = kr->body_first[r];
		rel->body_last[k] = kr->body_last[r];
	}
}

/* KR's line keys (or own keys) into *TO, their names as the union's
 * (MAP), in the arena. */
static void union_keys(struct lu_arena *a, struct lu_relevance_line_key **to,
		       size_t *n, const struct lu_relevance_line_key *from,
		       size_t n_from, const size_t *map)
{
	struct lu_relevance_line_key *keys =
		lu_arena_alloc(a, (*n + n_from + 1) * sizeof(*keys));

	if (*n)
		memcpy(keys, *to, *n * sizeof(*keys));
	for (size_t i = 0; i < n_from; i++)
		if (map[from[i].name] != NO_NAME) {
			keys[*n] = from[i];
			keys[(*n)++].name = map[from[i].name];
		}
	*to = keys;
}

/* Search KA's relevance (by its own options and names) into REL (by U's
 * options, and names as MAP gives them). */
static void union_relevance(struct lu_arena *a,
			    const struct lu_kconfig_auto *ka,
			    const struct lu_matrix_rules *u,
			    struct lu_relevance *rel, const size_t *map)
{
	const struct lu_relevance *kr = &ka->rel;
	size_t n = u->n_options, nk = kr->n_options;
	size_t all = kr->n_names + kr->n_sub_names;

	for (size_t j = 0; j < nk; j++) {
		size_t o = (size_t)index_of(u, ka->explored_rules->options[j]
							 .name);

		rel->any[o] |= kr->any[j];
		for (size_t r = 0; r < all; r++) {
			size_t k = map[r];

			if (k == NO_NAME)
				continue;
			rel->relevant[k * n + o] |= kr->relevant[r * nk + j];
			rel->sized[k * n + o] |= kr->sized[r * nk + j];
		}
	}
	for (size_t r = 0; r < all; r++) {
		size_t k = map[r];

		if (k == NO_NAME)
			continue;
		union_body(rel, k, kr, r);
		rel->found[k] |= kr->found[r];
		if (!rel->unsure[k])
			rel->unsure[k] = kr->unsure[r];
		rel->no_lines[k] |= kr->found[r] && kr->no_lines[r];
		if (r >= kr->n_names && kr->sub_unmodelled[r - kr->n_names])
			rel->sub_unmodelled[k - rel->n_names] = true;
	}
	union_keys(a, &rel->line_keys, &rel->n_line_keys, kr->line_keys,
		   kr->n_line_keys, map);
	union_keys(a, &rel->own_keys, &rel->n_own_keys, kr->own_keys,
		   kr->n_own_keys, map);
	struct lu_relevance_id *ids = lu_arena_alloc(
		a, (rel->n_ids + kr->n_ids + 1) * sizeof(*ids));

	if (rel->n_ids)
		memcpy(ids, rel->ids, rel->n_ids * sizeof(*ids));
	for (size_t i = 0; i < kr->n_ids; i++)
		if (map[kr->ids[i].name] != NO_NAME) {
			ids[rel->n_ids] = kr->ids[i];
			ids[rel->n_ids++].name = map[kr->ids[i].name];
		}
	rel->ids = ids;
	rel->explored += kr->explored;
	rel->failed += kr->failed;
	rel->bounded |= kr->bounded;
}

/* A use of a struct held by value, found on architecture ARCH. */
struct arch_sub {
	struct lu_relevance_sub u;
	size_t arch;
};

/* Whether every architecture that found S's parent (FOUND: per
 * architecture and union name, N names a row) holds the same struct on
 * the same lines (among the N_ALL uses of ALL). */
static bool held_everywhere(const struct arch_sub *s,
			    const struct arch_sub *all, size_t n_all,
			    const bool *found, size_t n, size_t n_arch)
{
	for (size_t b = 0; b < n_arch; b++) {
		bool same = !found[b * n + s->u.parent];

		for (size_t i = 0; i < n_all && !same; i++)
			same = all[i].arch == b &&
			       all[i].u.parent == s->u.parent &&
			       all[i].u.line == s->u.line &&
			       all[i].u.last == s->u.last &&
			       all[i].u.name == s->u.name;
		if (!same)
			return false;
	}
	return true;
}

/*
 * The uses of structs held by value over every architecture (ALL, N_ALL
 * of them) into REL, once each: a use some architecture that defines its
 * parent does not make alike (another struct, other lines, or none: a
 * macro that expands to a scalar there) is mixed, so the layout model
 * learns that line from its keys rather than from a held model.
 */
static void union_subs(struct lu_arena *a, struct lu_relevance *rel,
		       const struct arch_sub *all, size_t n_all,
		       const bool *found, size_t n_arch)
{
	size_t n = rel->n_names + rel->n_sub_names;

	rel->subs = lu_arena_alloc(a, (n_all + 1) * sizeof(*rel->subs));
	rel->n_subs = 0;
	for (size_t i = 0; i < n_all; i++) {
		const struct lu_relevance_sub *u = &all[i].u;
		bool mixed = u->mixed ||
			     !held_everywhere(&all[i], all, n_all, found, n,
					      n_arch);
		size_t j = 0;

		while (j < rel->n_subs && (rel->subs[j].parent != u->parent ||
					   rel->subs[j].line != u->line))
			j++;
		if (j == rel->n_subs) {
			rel->subs[rel->n_subs++] = *u;
		} else if (rel->subs[j].name != u->name ||
			   rel->subs[j].last != u->last) {
			mixed = true;
		}
		rel->subs[j].mixed |= mixed;
	}
}

/* Every search's model facts (line keys, bodies, held structs) into
 * REL, whose per-name arrays have room for the asked names and
 * LU_RELEVANCE_MAX_SUBS held ones. */
static void union_searches(struct lu_matrix *mx,
			   const struct lu_matrix_rules *u,
			   struct lu_relevance *rel)
{
	size_t n_arch = 0, n_all = 0, cap = 0;
	size_t room = rel->n_names + LU_RELEVANCE_MAX_SUBS;

	for (const struct lu_kconfig_auto *ka = mx->kauto; ka; ka = ka->next)
		n_arch++;
	bool *found = calloc(n_arch * room + 1, sizeof(bool));
	struct arch_sub *subs = NULL;
	size_t b = 0;

	if (!found)
		abort();
	for (const struct lu_kconfig_auto *ka = mx->kauto; ka;
	     ka = ka->next, b++) {
		const struct lu_relevance *kr = &ka->rel;
		size_t all = kr->n_names + kr->n_sub_names;
		size_t *map = calloc(all + 1, sizeof(*map));

		if (!map)
			abort();
		for (size_t r = 0; r < all; r++) {
			map[r] = union_name(rel, kr, r);
			if (map[r] != NO_NAME && kr->found[r])
				found[b * room + map[r]] = true;
		}
		union_relevance(&mx->arena, ka, u, rel, map);
		for (size_t i = 0; i < kr->n_subs; i++) {
			struct lu_relevance_sub s = kr->subs[i];

			if (map[s.parent] == NO_NAME || map[s.name] == NO_NAME)
				continue;
			s.parent = map[s.parent];
			s.name = map[s.name];
			subs = lu_grow(subs, &cap, n_all, sizeof(*subs));
			subs[n_all++] = (struct arch_sub){ s, b };
		}
		free(map);
	}
	/* held_everywhere reads FOUND by N names a row: make it so */
	size_t n = rel->n_names + rel->n_sub_names;

	for (size_t a = 0; a < n_arch; a++)
		memmove(found + a * n, found + a * room, n * sizeof(bool));
	union_subs(&mx->arena, rel, subs, n_all, found, n_arch);
	free(subs);
	free(found);
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

	size_t n = u->n_options, asked = mx->kauto->rel.n_names;
	size_t names = asked + LU_RELEVANCE_MAX_SUBS;
	/* its explored rows are each search's own, and no row of the sweep
	 * is looked up in them */
	struct lu_relevance rel = {
		.n_names = asked, .n_options = n,
		.relevant = lu_arena_alloc(a, (names * n + 1) * sizeof(bool)),
		.sized = lu_arena_alloc(a, (names * n + 1) * sizeof(bool)),
		.any = lu_arena_alloc(a, (n + 1) * sizeof(bool)),
		.found = lu_arena_alloc(a, (names + 1) * sizeof(bool)),
		.unsure = lu_arena_alloc(a, (names + 1) * sizeof(char *)),
		.body_file = lu_arena_alloc(a, (names + 1) * sizeof(char *)),
		.body_first = lu_arena_alloc(a, (names + 1) * sizeof(unsigned)),
		.body_last = lu_arena_alloc(a, (names + 1) * sizeof(unsigned)),
		.no_lines = lu_arena_alloc(a, (names + 1) * sizeof(bool)),
		.sub_name = lu_arena_alloc(a, (LU_RELEVANCE_MAX_SUBS + 1) *
						      sizeof(char *)),
		.sub_unmodelled = lu_arena_alloc(a, (LU_RELEVANCE_MAX_SUBS + 1) *
							    sizeof(bool)),
	};

	memset(rel.relevant, 0, (names * n + 1) * sizeof(bool));
	memset(rel.sized, 0, (names * n + 1) * sizeof(bool));
	memset(rel.any, 0, (n + 1) * sizeof(bool));
	memset(rel.found, 0, (names + 1) * sizeof(bool));
	memset(rel.unsure, 0, (names + 1) * sizeof(char *));
	memset(rel.body_file, 0, (names + 1) * sizeof(char *));
	memset(rel.body_first, 0, (names + 1) * sizeof(unsigned));
	memset(rel.body_last, 0, (names + 1) * sizeof(unsigned));
	memset(rel.no_lines, 0, (names + 1) * sizeof(bool));
	memset(rel.sub_unmodelled, 0, (LU_RELEVANCE_MAX_SUBS + 1) *
					      sizeof(bool));
	union_searches(mx, u, &rel);
	/* the architecture changes every struct: its ABI is another */
	for (size_t o = 0; o < n; o++)
		if (u->options[o].kind == LU_OPTION_ARCH) {
			rel.any[o] = true;
			for (size_t k = 0; k < asked + rel.n_sub_names; k++)
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
			lu_kconfig_auto_restart(ka);
			ka->seeded = true;
			int rc = lu_kconfig_auto_search(mx, o, ka, a, mx->kauto,
							 err);

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
