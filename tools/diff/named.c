/* SPDX-License-Identifier: MIT */
/* Names sorted for O(log n) lookups (named.h). */
#include "named.h"

#include <stdlib.h>
#include <string.h>

static int cmp_named(const void *pa, const void *pb)
{
	const struct lu_named *a = pa, *b = pb;
	int c = strcmp(a->name, b->name);

	if (c)
		return c;
	return a->index < b->index ? -1 : a->index > b->index;
}

void lu_named_sort(struct lu_named *v, size_t n)
{
	if (n)
		qsort(v, n, sizeof(*v), cmp_named);
}

const struct lu_named *lu_named_find(const struct lu_named *v, size_t n,
				     const char *name)
{
	size_t lo = 0, hi = n;

	/* the first entry of NAME: the lowest index wins, as lu_set_find */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(v[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && !strcmp(v[lo].name, name) ? &v[lo] : NULL;
}

struct lu_named *lu_named_members(const struct lu_struct *s, size_t *n)
{
	struct lu_named *v = calloc(s->n_members + 1, sizeof(*v));

	if (!v)
		abort();
	*n = 0;
	for (size_t j = 0; j < s->n_members; j++)
		if (!s->members[j].marker && *s->members[j].name)
			v[(*n)++] = (struct lu_named){ s->members[j].name, j };
	lu_named_sort(v, *n);
	return v;
}
