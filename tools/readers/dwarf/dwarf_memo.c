/* SPDX-License-Identifier: MIT */
/*
 * A value per DIE, keyed by its address (dwarf_types.h, lu_dw_memo): the
 * open-addressing table every part of the DWARF reader keeps its per-type
 * work in (alignments, spellings, scopes, DIEs walked).
 */
#include "dwarf_types.h"

#include "arena.h"

#include <stdlib.h>
#include <string.h>

size_t lu_dw_memo_slot(const struct lu_dw_memo *m, const void *die)
{
	/* the product's high bits: DIEs are a few bytes apart */
	size_t i = (size_t)(((uintptr_t)die * 0x9e3779b97f4a7c15ull) >> 32) &
		   (m->cap - 1);

	while (m->die[i] && m->die[i] != die)
		i = (i + 1) & (m->cap - 1);
	return i;
}

void lu_dw_memo_put(struct lu_dw_memo *m, const void *die, uint64_t value)
{
	if (2 * (m->count + 1) > m->cap) {
		struct lu_dw_memo n = { .cap = m->cap ? 2 * m->cap : 256 };

		n.die = lu_zeroed(n.cap, sizeof(*n.die));
		n.value = lu_zeroed(n.cap, sizeof(*n.value));
		for (size_t i = 0; i < m->cap; i++)
			if (m->die[i]) {
				size_t k = lu_dw_memo_slot(&n, m->die[i]);

				n.die[k] = m->die[i];
				n.value[k] = m->value[i];
			}
		n.count = m->count;
		free(m->die);
		free(m->value);
		*m = n;
	}
	size_t k = lu_dw_memo_slot(m, die);

	if (!m->die[k])
		m->count++;
	m->die[k] = die;
	m->value[k] = value;
}

bool lu_dw_memo_get(const struct lu_dw_memo *m, const void *die,
		    uint64_t *value)
{
	if (!m->cap)
		return false;
	size_t k = lu_dw_memo_slot(m, die);

	if (!m->die[k])
		return false;
	*value = m->value[k];
	return true;
}

void lu_dw_memo_free(struct lu_dw_memo *m)
{
	free(m->die);
	free(m->value);
	memset(m, 0, sizeof(*m));
}

/* Freeing and growing the table again for every unit cost a third of the
 * lookups themselves; clearing a sparse one costs more than regrowing. */
void lu_dw_memo_forget(struct lu_dw_memo *m)
{
	if (!m->cap)
		return;
	if (m->count * 8 < m->cap) {
		lu_dw_memo_free(m);
		return;
	}
	memset(m->die, 0, m->cap * sizeof(*m->die));
	m->count = 0;
}
