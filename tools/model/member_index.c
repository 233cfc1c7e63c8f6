/* SPDX-License-Identifier: MIT */
/* Members by name, sorted once; see member_index.h. */
#include "member_index.h"

#include <stdlib.h>
#include <string.h>

/* qsort has no context argument: the members travel in the keys */
struct key {
	const char *name;
	size_t index;
};

static int cmp_key(const void *a, const void *b)
{
	const struct key *x = a, *y = b;
	/* interned names share their bytes: equal without reading them */
	int c = x->name == y->name ? 0 : strcmp(x->name, y->name);

	return c ? c : (x->index > y->index) - (x->index < y->index);
}

void lu_member_index_init(struct lu_member_index *ix,
			  const struct lu_struct *s)
{
	struct key *keys = malloc((s->n_members + 1) * sizeof(*keys));

	ix->s = s;
	ix->n = 0;
	ix->sorted = malloc((s->n_members + 1) * sizeof(*ix->sorted));
	if (!keys || !ix->sorted)
		abort();
	for (size_t i = 0; i < s->n_members; i++)
		if (!s->members[i].marker && s->members[i].name)
			keys[ix->n++] = (struct key){ s->members[i].name, i };
	qsort(keys, ix->n, sizeof(*keys), cmp_key);
	for (size_t i = 0; i < ix->n; i++)
		ix->sorted[i] = keys[i].index;
	free(keys);
}

ptrdiff_t lu_member_index_find(const struct lu_member_index *ix,
			       const char *name)
{
	size_t lo = 0, hi = ix->n;

	/* the first of equal names: the lowest index */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(ix->s->members[ix->sorted[mid]].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < ix->n && !strcmp(ix->s->members[ix->sorted[lo]].name, name))
		return (ptrdiff_t)ix->sorted[lo];
	return -1;
}

void lu_member_index_free(struct lu_member_index *ix)
{
	free(ix->sorted);
	ix->sorted = NULL;
	ix->n = 0;
}
