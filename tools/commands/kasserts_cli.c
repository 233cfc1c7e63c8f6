/* SPDX-License-Identifier: MIT */
/* --kernel-asserts for check and matrix (kasserts_cli.h). */
#include "kasserts_cli.h"

#include <stdio.h>
#include <stdlib.h>

#include "error.h"
#include "escape.h"

struct lu_kasserts *lu_kasserts_read_all(const char *const *paths, size_t n,
					 bool *failed)
{
	struct lu_kasserts *ka;
	struct lu_error err;

	*failed = false;
	if (!n)
		return NULL;
	ka = calloc(n, sizeof(*ka));
	if (!ka)
		abort();
	for (size_t i = 0; i < n; i++) {
		if (lu_kasserts_parse_file(paths[i], &ka[i], &err) < 0) {
			fprintf(stderr, "lineup: %s\n", err.msg);
			/* the failed file too: it may hold what it read */
			lu_kasserts_free_all(ka, i + 1);
			*failed = true;
			return NULL;
		}
		for (size_t k = 0; k < ka[i].n; k++) {
			const struct lu_kassert *a = &ka[i].items[k];

			if (a->why)
				lu_eprintf("lineup: %s:%u:%u: warning: %s "
					   "not checked: %s\n", ka[i].path,
					   a->line, a->column,
					   lu_kassert_macro(a->kind), a->why);
		}
	}
	return ka;
}

void lu_kasserts_free_all(struct lu_kasserts *ka, size_t n)
{
	for (size_t i = 0; ka && i < n; i++)
		lu_kasserts_free(&ka[i]);
	free(ka);
}

int lu_kasserts_found(const struct lu_kasserts *ka, size_t n,
		      const struct lu_set *sets, size_t n_sets,
		      const char *where)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < ka[i].n; k++) {
			const struct lu_kassert *a = &ka[i].items[k];
			bool found = a->why != NULL;

			for (size_t j = 0; j < n_sets && !found; j++)
				found = lu_set_find(&sets[j],
						    a->struct_name) != NULL;
			if (found)
				continue;
			lu_eprintf("lineup: %s:%u:%u: error: struct %s is not "
				   "in %s\n", ka[i].path, a->line, a->column,
				   a->struct_name, where);
			return -1;
		}
	}
	return 0;
}
