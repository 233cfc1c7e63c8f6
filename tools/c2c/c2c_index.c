/* SPDX-License-Identifier: MIT */
/* Which member holds a byte, in O(log n) (c2c_index.h). */
#include "c2c_index.h"

#include <stdlib.h>
#include <string.h>

/*
 * A byte array named for padding (`char pad[LINE - sizeof(x)]`, `_pad`,
 * `__pad1`, `padding`): filler that keeps hot members apart, which code
 * rarely loads or stores. A sampled offset on its first byte starts no
 * member for the ranking, or every placement that puts one there "fits"
 * as well as the right one; a hit on it is still shown.
 */
bool lu_c2c_is_padding(const struct lu_member *m)
{
	static const char *const bytes[] = {
		"char", "unsigned char", "signed char", "uint8_t", "u8",
		"__u8", "int8_t", "s8",
	};
	bool byte = false;

	if (!m->dims || !*m->dims || m->bit_size || !m->name)
		return false;
	for (size_t i = 0; i < sizeof(bytes) / sizeof(bytes[0]); i++)
		byte |= m->type && !strcmp(m->type, bytes[i]);
	if (!byte)
		return false;
	for (const char *p = m->name; *p; p++)
		if ((p[0] == 'p' || p[0] == 'P') &&
		    (p[1] == 'a' || p[1] == 'A') &&
		    (p[2] == 'd' || p[2] == 'D'))
			return true;
	return false;
}

static bool is_data(const struct lu_member *m)
{
	return !m->marker && m->depth == 0;
}

struct by_offset {
	uint64_t offset;
	size_t member;
};

static int cmp_by_offset(const void *a, const void *b)
{
	const struct by_offset *x = a, *y = b;

	if (x->offset != y->offset)
		return (x->offset > y->offset) - (x->offset < y->offset);
	return (x->member > y->member) - (x->member < y->member);
}

void lu_c2c_index_init(struct lu_c2c_index *ix, const struct lu_struct *s)
{
	ix->s = s;
	ix->n = 0;
	ix->by_offset = calloc(s->n_members + 1, sizeof(*ix->by_offset));
	ix->maxend = calloc(s->n_members + 1, sizeof(*ix->maxend));
	if (!ix->by_offset || !ix->maxend)
		abort();
	struct by_offset *pairs = calloc(s->n_members + 1, sizeof(*pairs));

	if (!pairs)
		abort();
	for (size_t i = 0; i < s->n_members; i++)
		if (is_data(&s->members[i]))
			pairs[ix->n++] = (struct by_offset){
				s->members[i].offset, i
			};
	qsort(pairs, ix->n, sizeof(*pairs), cmp_by_offset);
	for (size_t i = 0; i < ix->n; i++)
		ix->by_offset[i] = pairs[i].member;
	free(pairs);
	for (size_t i = 0; i < ix->n; i++) {
		const struct lu_member *m = &s->members[ix->by_offset[i]];
		uint64_t end = m->offset + lu_member_bytes(m);

		ix->maxend[i] = i && ix->maxend[i - 1] > end ? ix->maxend[i - 1]
							     : end;
	}
	ix->at = NULL;
	if (s->size && s->size <= LU_C2C_BYTE_TABLE_MAX &&
	    s->n_members < UINT32_MAX) {
		uint32_t *at = malloc(s->size * sizeof(*at));

		if (!at)
			abort();
		for (uint64_t b = 0; b < s->size; b++)
			at[b] = (uint32_t)(lu_c2c_member_at(ix, (int64_t)b) + 1);
		ix->at = at;
	}
}

void lu_c2c_index_free(struct lu_c2c_index *ix)
{
	free(ix->by_offset);
	free(ix->maxend);
	free(ix->at);
}

/* The member holding byte OFF, the first declared when several do; -1 for
 * a hole or outside. */
ptrdiff_t lu_c2c_member_at(const struct lu_c2c_index *ix, int64_t off)
{
	const struct lu_struct *s = ix->s;
	size_t lo = 0, hi = ix->n;
	ptrdiff_t found = -1;

	if (off < 0 || (uint64_t)off >= s->size)
		return -1;
	if (ix->at)
		return (ptrdiff_t)ix->at[off] - 1;
	/* the first member by offset that starts past OFF */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->members[ix->by_offset[mid]].offset <= (uint64_t)off)
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo-- > 0 && ix->maxend[lo] > (uint64_t)off) {
		size_t i = ix->by_offset[lo];
		const struct lu_member *m = &s->members[i];

		if (m->offset + lu_member_bytes(m) > (uint64_t)off &&
		    (found < 0 || i < (size_t)found))
			found = (ptrdiff_t)i;
	}
	return found;
}
