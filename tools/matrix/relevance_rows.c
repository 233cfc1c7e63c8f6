/* SPDX-License-Identifier: MIT */
/*
 * The configurations an exploration ran (relevance.h), kept with their
 * keys and found again by content: the sweep asks for each of its own.
 */
#include <stdint.h>
#include <string.h>

#include "relevance.h"

static size_t row_hash(const unsigned char *row, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ row[i]) * 0x100000001b3ull;
	return (size_t)(h ^ h >> 31);
}

void lu_relevance_keep_rows(struct lu_relevance *out, struct lu_arena *a,
			    const unsigned char *rows_in, const bool *ok,
			    const uint64_t *keys, size_t rows)
{
	size_t n = out->n_options;

	out->n_rows = rows;
	out->rows = lu_arena_alloc(a, rows * n + 1);
	out->ok = lu_arena_alloc(a, (rows + 1) * sizeof(*out->ok));
	out->keys = lu_arena_alloc(a, (rows + 1) * sizeof(*out->keys));
	if (rows) {
		memcpy(out->rows, rows_in, rows * n);
		memcpy(out->ok, ok, rows * sizeof(*out->ok));
		memcpy(out->keys, keys, rows * sizeof(*out->keys));
	}
	out->mask = 15;
	while (out->mask < 2 * rows)
		out->mask = 2 * out->mask + 1;
	out->slot = lu_arena_alloc(a, (out->mask + 1) * sizeof(*out->slot));
	for (size_t i = 0; i < rows; i++) {
		size_t h = row_hash(out->rows + i * n, n) & out->mask;

		while (out->slot[h])
			h = (h + 1) & out->mask;
		out->slot[h] = i + 1;
	}
}

long lu_relevance_row(const struct lu_relevance *r, const unsigned char *row)
{
	size_t n = r->n_options;

	if (!r->slot)
		return -1;
	for (size_t h = row_hash(row, n) & r->mask; r->slot[h];
	     h = (h + 1) & r->mask) {
		size_t i = r->slot[h] - 1;

		if (!memcmp(r->rows + i * n, row, n))
			return (long)i;
	}
	return -1;
}

