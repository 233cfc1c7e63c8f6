/* SPDX-License-Identifier: MIT */
/* The structs the layout model learns; see matrix_model_names.h. */
#include "matrix_model_names.h"

#include <stdlib.h>
#include <string.h>

#include "matrix_model_keys.h"
#include "slurp.h"

/* The #if conditions of relevance name R's body, into P; NULL, or why
 * they cannot be read. */
static const char *scan_body(struct lu_matrix *mx, size_t r,
			     struct lu_presence *p)
{
	const struct lu_relevance *rel = &mx->rel;
	const char *file = rel->body_file[r];
	char *text = NULL;
	size_t len = 0;

	if (rel->unsure[r])
		return rel->unsure[r];
	if (!file)
		return "its definition is not one span of one file in every "
		       "configuration";
	const char *path = file[0] == '/' || !mx->dir
				   ? file
				   : lu_arena_printf(&mx->arena, "%s/%s",
						     mx->dir, file);

	if (lu_slurp(path, 256u << 20, &text, &len) < 0)
		return lu_arena_printf(&mx->arena, "%s cannot be read", path);
	lu_presence_scan(text ? text : "", len, rel->body_first[r],
			 rel->body_last[r], mx->m, &mx->arena, p);
	free(text);
	if (p->refused)
		return lu_arena_printf(&mx->arena, "%s:%u: %s", file,
				       p->refused_line, p->refused);
	return NULL;
}

/* Can held struct J (relevance name n_names + J) be modelled alone? */
static bool held_alone(struct lu_matrix *mx, size_t j, struct lu_presence *p)
{
	const struct lu_relevance *rel = &mx->rel;
	size_t r = rel->n_names + j;

	return rel->found[r] && !rel->no_lines[r] &&
	       !rel->sub_unmodelled[j] && !scan_body(mx, r, p);
}

/* Learning order: a name after every struct its lines hold. */
static bool learning_order(struct lu_model_names *nm, struct lu_arena *a)
{
	bool *done = calloc(nm->n + 1, sizeof(bool));
	size_t placed = 0;

	if (!done)
		abort();
	nm->order = lu_arena_alloc(a, (nm->n + 1) * sizeof(*nm->order));
	for (bool grew = true; grew && placed < nm->n;) {
		grew = false;
		for (size_t k = 0; k < nm->n; k++) {
			const struct lu_model_keys *kk = &nm->keys[k];
			bool ready = !done[k];

			for (unsigned l = kk->first; ready && l <= kk->last; l++)
				ready = kk->sub[l - kk->first] ==
						LU_MODEL_NO_SUB ||
					done[kk->sub[l - kk->first]];
			if (ready) {
				done[k] = grew = true;
				nm->order[placed++] = k;
			}
		}
	}
	free(done);
	return placed == nm->n;
}

int lu_matrix_model_names(struct lu_matrix *mx, struct lu_model_names *nm,
			  const char **who, const char **why)
{
	const struct lu_relevance *rel = &mx->rel;
	size_t nc = mx->rules.n_structs, ns = rel->n_sub_names;
	/* a held struct's members are no member the rules can name */
	bool deep = lu_rules_max_depth(&mx->rules) > 0;

	*who = NULL;
	*nm = (struct lu_model_names){ .n_checked = nc };
	nm->name = lu_arena_alloc(&mx->arena, (nc + ns + 1) * sizeof(char *));
	nm->rel = lu_arena_alloc(&mx->arena, (nc + ns + 1) * sizeof(size_t));
	nm->presence = lu_arena_alloc(&mx->arena, (nc + ns + 1) *
							  sizeof(*nm->presence));
	for (size_t k = 0; k < nc; k++) {
		nm->name[k] = mx->names[k];
		nm->rel[k] = k;
		if ((*why = scan_body(mx, k, &nm->presence[k]))) {
			*who = nm->name[k];
			return 0;
		}
	}
	nm->n = nc;
	if (!nc) {
		*why = "no struct is named in the rules";
		return 0;
	}
	/* the held structs reached from a checked one through held ones
	 * that can be modelled, each once */
	bool *in = calloc(ns + 1, sizeof(bool));
	bool *tried = calloc(ns + 1, sizeof(bool));

	if (!in || !tried)
		abort();
	for (bool grew = !deep; grew;) {
		grew = false;
		for (size_t i = 0; i < rel->n_subs; i++) {
			const struct lu_relevance_sub *u = &rel->subs[i];
			size_t j = u->name - rel->n_names;
			bool parent_in = u->parent < nc ||
					 (u->parent >= rel->n_names &&
					  in[u->parent - rel->n_names]);

			if (u->mixed || !parent_in || tried[j])
				continue;
			tried[j] = true;
			if (!held_alone(mx, j, &nm->presence[nm->n]))
				continue;
			in[j] = grew = true;
			nm->name[nm->n] = rel->sub_name[j];
			nm->rel[nm->n++] = u->name;
		}
	}
	free(in);
	free(tried);
	nm->keys = lu_arena_alloc(&mx->arena, (nm->n + 1) * sizeof(*nm->keys));
	lu_matrix_model_keys(mx, nm->rel, nm->presence, nm->n, nm->keys,
			     &nm->watch, &nm->n_watch);
	if (!learning_order(nm, &mx->arena)) {
		*why = "its structs held by value hold one another";
		return 0;
	}
	return 1;
}
