/* SPDX-License-Identifier: MIT */
/*
 * Samples to members: once a line is placed on the struct, each row's
 * offset names a member, which collects the row's shares and code sites
 * (c2c_attribute.h). Placing the lines is c2c_map.c's.
 */
#include "c2c_attribute.h"

#include <stdlib.h>
#include <string.h>

static int cmp_site(const void *a, const void *b)
{
	const struct lu_c2c_site *x = a, *y = b;
	double vx = x->hitm + x->loads + x->stores;
	double vy = y->hitm + y->loads + y->stores;

	return (vx < vy) - (vx > vy);
}

static bool same_site(const struct lu_c2c_site *a, const struct lu_c2c_row *r)
{
	const char *ka = a->site ? a->site : a->symbol;
	const char *kb = r->site ? r->site : r->symbol;

	if (a->code_address || r->code_address)
		return a->code_address == r->code_address;
	if (!ka || !kb)
		return ka == kb && a->field && r->field &&
		       !strcmp(a->field, r->field);
	return !strcmp(ka, kb);
}

/*
 * A member's sites, at most MAX_SITES and the rest as one "(other sites)":
 * each row looks its site up among those, so a line sampled at a hundred
 * thousand code addresses costs no more than a few.
 */
#define MAX_SITES 32

static void add_site(struct lu_c2c_map *map, struct lu_c2c_hit *h,
		     const struct lu_c2c_row *r, const double *tot)
{
	struct lu_c2c_site *site = NULL;

	for (size_t i = 0; i < h->n_sites && !site; i++)
		if (same_site(&h->sites[i], r))
			site = &h->sites[i];
	if (!site && h->n_sites == MAX_SITES + 1)
		site = &h->sites[MAX_SITES];
	if (!site) {
		if (!h->sites)
			h->sites = lu_arena_alloc(&map->arena,
						  (MAX_SITES + 1) *
							  sizeof(*h->sites));
		site = &h->sites[h->n_sites++];
		if (h->n_sites <= MAX_SITES) {
			site->symbol = r->symbol;
			site->site = r->site;
			site->source = r->source;
			site->field = r->field;
			site->code_address = r->code_address;
		} else {
			site->site = "(other sites)";
		}
	}
	site->hitm += tot[0] > 0 ? r->hitm / tot[0] : 0;
	site->loads += tot[1] > 0 ? r->loads / tot[1] : 0;
	site->stores += tot[2] > 0 ? r->stores / tot[2] : 0;
}

/* Attributes ROWS, placed at W, to members: the window's evidence. */
void lu_c2c_attribute(struct lu_c2c_map *map, struct lu_c2c_window *win,
		      const struct lu_c2c_index *ix,
		      const struct lu_c2c_row *rows, size_t n_rows,
		      const uint64_t *offs, size_t n_offs)
{
	const struct lu_struct *s = ix->s;
	double tot[3] = { 0, 0, 0 };

	for (size_t i = 0; i < n_rows; i++) {
		tot[0] += rows[i].hitm;
		tot[1] += rows[i].loads;
		tot[2] += rows[i].stores;
	}
	win->n_offsets = n_offs;
	for (size_t i = 0; i < n_offs; i++) {
		ptrdiff_t m = lu_c2c_member_at(ix, win->begin + (int64_t)offs[i]);

		win->n_starts += m >= 0 && s->members[m].offset ==
			(uint64_t)(win->begin + (int64_t)offs[i]) &&
			!lu_c2c_is_padding(&s->members[m]);
	}
	for (size_t i = 0; i < n_rows; i++) {
		const struct lu_c2c_row *r = &rows[i];
		ptrdiff_t m = lu_c2c_member_at(ix, win->begin + (int64_t)r->offset);
		struct lu_c2c_hit *h = NULL;

		if (m < 0) {
			win->n_outside++;
			continue;
		}
		for (size_t k = 0; k < win->n_hits && !h; k++)
			if (win->hits[k].member == (size_t)m)
				h = &win->hits[k];
		if (!h) {
			struct lu_c2c_hit *n = lu_arena_alloc(
				&map->arena, (win->n_hits + 1) * sizeof(*n));

			if (win->n_hits)
				memcpy(n, win->hits,
				       win->n_hits * sizeof(*n));
			win->hits = n;
			h = &n[win->n_hits++];
			h->member = (size_t)m;
		}
		h->hitm += tot[0] > 0 ? r->hitm / tot[0] : 0;
		h->loads += tot[1] > 0 ? r->loads / tot[1] : 0;
		h->stores += tot[2] > 0 ? r->stores / tot[2] : 0;
		add_site(map, h, r, tot);
	}
	/* member indices follow declaration order, offsets with them */
	for (size_t i = 1; i < win->n_hits; i++)
		for (size_t j = i; j > 0 && win->hits[j - 1].member >
						   win->hits[j].member; j--) {
			struct lu_c2c_hit t = win->hits[j];

			win->hits[j] = win->hits[j - 1];
			win->hits[j - 1] = t;
		}
	for (size_t i = 0; i < win->n_hits; i++) {
		struct lu_c2c_hit *w = &win->hits[i];

		qsort(w->sites, w->n_sites, sizeof(*w->sites), cmp_site);
		for (size_t j = 0; j < win->n_hits && w->stores > 0; j++)
			if (j != i && (win->hits[j].hitm > 0 ||
				       win->hits[j].loads > 0))
				win->false_sharing = true;
	}
	if (win->false_sharing)
		map->n_false_sharing++;
}
