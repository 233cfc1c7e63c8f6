/* SPDX-License-Identifier: MIT */
/* show's whole-file filters (show_filter.h). */
#include <stdlib.h>
#include <string.h>

#include "holes.h"
#include "show_filter.h"

/* Orders a struct's direct items by offset, declaration order kept. */
static int by_offset(const void *a, const void *b)
{
	const struct lu_item *x = a, *y = b;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return x < y ? -1 : x > y;
}

size_t lu_show_holes(const struct lu_struct *s)
{
	size_t n = 0, cap = s->n_members + s->n_blocks;
	struct lu_item *items;
	struct lu_holes holes;

	/* pahole finds holes in structs only */
	if (s->is_union || !cap)
		return 0;
	items = calloc(cap, sizeof(*items));
	if (!items)
		abort();
	/* a direct member, or a whole anonymous block at the top */
	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];
		bool in_block = false;

		for (size_t b = 0; b < s->n_blocks && !in_block; b++)
			in_block = s->blocks[b].parent < 0 &&
				   i >= s->blocks[b].first &&
				   i < s->blocks[b].last;
		if (m->depth || in_block || m->marker)
			continue;
		items[n++] = (struct lu_item){ .offset = m->offset,
					       .size = m->size,
					       .bit_offset = m->bit_offset,
					       .bit_size = m->bit_size };
	}
	for (size_t b = 0; b < s->n_blocks; b++)
		if (s->blocks[b].parent < 0)
			items[n++] = (struct lu_item){
				.offset = s->blocks[b].offset,
				.size = s->blocks[b].size };
	qsort(items, n, sizeof(*items), by_offset);
	lu_find_holes(items, n, s->size, &holes);
	free(items);
	return holes.n_holes;
}

static bool admits(const struct lu_struct *s, const struct lu_show_filter *f,
		   unsigned line)
{
	if (f->min_size && s->size < f->min_size)
		return false;
	if (f->min_lines && (s->size + line - 1) / line < f->min_lines)
		return false;
	if (f->prefix && strncmp(s->name, f->prefix, strlen(f->prefix)))
		return false;
	return !f->min_holes || lu_show_holes(s) >= f->min_holes;
}

void lu_show_filter(struct lu_set *set, const struct lu_show_filter *f)
{
	size_t kept = 0;

	for (size_t i = 0; i < set->n_structs; i++)
		if (admits(&set->structs[i], f, set->line_size))
			set->structs[kept++] = set->structs[i];
	set->n_structs = kept;
}
