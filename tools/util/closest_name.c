/* SPDX-License-Identifier: MIT */
/*
 * "Did you mean": the nearest of a set of names to one that was not found,
 * for struct names (show --struct, rules sections) and member names (rules).
 */
#include "closest_name.h"

#include <stdlib.h>
#include <string.h>

static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t *row = calloc(lb + 1, sizeof(*row));

	if (!row)
		return (size_t)-1;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	size_t d = row[lb];

	free(row);
	return d;
}

const char *lu_closest_name(const char *name, const struct lu_strset *cands)
{
	const char *best = NULL;
	size_t best_d = strlen(name) / 3 + 1;

	if (best_d < 2)
		best_d = 2;
	best_d++;
	for (size_t i = 0; i < cands->cap; i++) {
		const char *c = cands->slots[i];

		if (!c)
			continue;
		size_t lc = strlen(c), ln = strlen(name);

		if ((lc > ln ? lc - ln : ln - lc) >= best_d)
			continue;
		size_t d = edit_distance(name, c);

		if (d < best_d || (d == best_d && best && strcmp(c, best) < 0)) {
			best = c;
			best_d = d;
		}
	}
	return best;
}
