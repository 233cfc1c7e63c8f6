/* SPDX-License-Identifier: MIT */
/* What every reader's output gets once its structs are in (set_finish.h). */
#include "set_finish.h"

#include <stdlib.h>
#include <string.h>

#include "markers.h"

static int by_name_then_order(const void *a, const void *b)
{
	const struct lu_struct *const *x = a, *const *y = b;
	int d = strcmp((*x)->name, (*y)->name);

	return d ? d : (*x < *y ? -1 : *x > *y);
}

/*
 * Numbers each definition among those of its name, in reading order: the
 * n-th other definition of a name gets n. Sorted, not probed: a crafted
 * input may hold thousands of definitions of one name.
 */
static void number_variants(struct lu_set *set)
{
	struct lu_struct **order = calloc(set->n_structs + 1, sizeof(*order));

	if (!order)
		abort();
	for (size_t i = 0; i < set->n_structs; i++)
		order[i] = &set->structs[i];
	qsort(order, set->n_structs, sizeof(*order), by_name_then_order);
	for (size_t i = 0; i < set->n_structs; i++) {
		bool again = i && !strcmp(order[i - 1]->name, order[i]->name);

		order[i]->variant = again ? order[i - 1]->variant + 1 : 0;
		/* every definition of a name that has two says so */
		if (again)
			order[i - 1]->has_variants = order[i]->has_variants =
				true;
	}
	free(order);
}

void lu_set_finish(struct lu_set *set)
{
	for (size_t i = 0; i < set->n_structs; i++)
		lu_struct_find_groups(&set->structs[i], &set->arena);
	number_variants(set);
	if (!set->line_size)
		set->line_size = 64;
}
