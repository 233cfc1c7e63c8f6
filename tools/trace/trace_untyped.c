/* SPDX-License-Identifier: MIT */
/* Untyped allocations touched by two threads; see trace_untyped.h. */
#include "trace_untyped.h"

#include <stdlib.h>

#include "arena.h"

void lu_trace_untyped_add(struct lu_trace_untyped_set *u,
			  const struct lu_trace_alloc *a, const char *label)
{
	u->v = lu_grow(u->v, &u->cap, u->n, sizeof(*u->v));
	u->v[u->n++] = (struct lu_trace_untyped){
		.addr = a->addr, .size = a->size, .from = a->from,
		.to = a->to, .label = label };
	u->sorted = false;
}

static int by_addr(const void *a, const void *b)
{
	const struct lu_trace_untyped *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void keep(struct lu_trace_untyped *o, const struct lu_trace_access *a,
		 bool store)
{
	for (size_t i = 0; i < o->n_touches; i++) {
		struct lu_trace_untyped_touch *t = &o->touches[i];

		if (t->thread == a->thread && t->store == store) {
			if (a->lo < t->lo)
				t->lo = a->lo;
			if (a->hi > t->hi)
				t->hi = a->hi;
			return;
		}
	}
	o->touches = lu_grow(o->touches, &o->cap_touches, o->n_touches,
			     sizeof(*o->touches));
	o->touches[o->n_touches++] = (struct lu_trace_untyped_touch){
		a->thread, a->lo, a->hi, store };
}

void lu_trace_untyped_touch(struct lu_trace_untyped_set *u, uint64_t addr,
			    const struct lu_trace_access *a)
{
	size_t l = 0, h = u->n;

	if (!u->n)
		return;
	if (!u->sorted) {
		qsort(u->v, u->n, sizeof(*u->v), by_addr);
		u->sorted = true;
	}
	while (l < h) {
		size_t m = (l + h) / 2;

		if (u->v[m].addr <= addr)
			l = m + 1;
		else
			h = m;
	}
	/* heap addresses are reused: the one alive then */
	for (size_t i = l; i-- > 0;) {
		struct lu_trace_untyped *o = &u->v[i];

		if (addr - o->addr >= o->size) {
			if (addr - o->addr > (1u << 24))
				break;
			continue;
		}
		if (o->from <= a->hi && (!o->to || o->to >= a->lo)) {
			if (a->kind & LU_TRACE_STORE)
				keep(o, a, true);
			if (a->kind & LU_TRACE_LOAD)
				keep(o, a, false);
			return;
		}
	}
}

void lu_trace_untyped_finish(struct lu_trace_untyped_set *u)
{
	u->n_shared = 0;
	for (size_t i = 0; i < u->n; i++) {
		struct lu_trace_untyped *o = &u->v[i];

		for (size_t x = 0; x < o->n_touches && !o->shared; x++) {
			const struct lu_trace_untyped_touch *s = &o->touches[x];

			for (size_t y = 0; s->store && y < o->n_touches; y++) {
				const struct lu_trace_untyped_touch *b =
					&o->touches[y];

				if (b->thread != s->thread && s->lo <= b->hi &&
				    b->lo <= s->hi) {
					o->shared = true;
					o->t1 = s->thread;
					o->t2 = b->thread;
					break;
				}
			}
		}
		u->n_shared += o->shared;
	}
}

void lu_trace_untyped_free(struct lu_trace_untyped_set *u)
{
	for (size_t i = 0; i < u->n; i++)
		free(u->v[i].touches);
	free(u->v);
	u->v = NULL;
	u->n = u->cap = u->n_shared = 0;
}
