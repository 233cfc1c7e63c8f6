/* SPDX-License-Identifier: MIT */
/* Heap objects typed by the pointer they are stored into; see
 * trace_assign.h. */
#include "trace_assign.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

/* the call's return address to the store of its result: a move or two */
#define NEAR_CALL 64

struct store {
	uint64_t pc;
	uint32_t thread;
	const struct lu_trace_slot *slot;
};

struct lu_trace_assign {
	struct store *v;
	size_t n, cap;
};

/* The first slot at or after ADDR */
static size_t slot_from(const struct lu_trace_slot *sl, size_t n,
			uint64_t addr)
{
	size_t l = 0, h = n;

	while (l < h) {
		size_t m = (l + h) / 2;

		if (sl[m].addr < addr)
			l = m + 1;
		else
			h = m;
	}
	return l;
}

struct lu_trace_assign *lu_trace_assign_new(const struct lu_trace *t,
					    struct lu_trace_syms *sy)
{
	struct lu_trace_assign *as = calloc(1, sizeof(*as));
	const struct lu_trace_slot *sl;
	size_t n = lu_trace_syms_slots(sy, &sl);

	if (!as)
		abort();
	for (size_t i = 0; n && i < t->n_accesses; i++) {
		const struct lu_trace_access *a = &t->accesses[i];

		if (!(a->kind & LU_TRACE_STORE))
			continue;
		for (size_t k = slot_from(sl, n, a->granule);
		     k < n && sl[k].addr < a->granule + 64; k++) {
			if (!(a->mask >> (sl[k].addr - a->granule) & 1))
				continue;
			as->v = lu_grow(as->v, &as->cap, as->n, sizeof(*as->v));
			as->v[as->n++] = (struct store){ a->pc, a->thread,
							 &sl[k] };
		}
	}
	return as;
}

void lu_trace_assign_free(struct lu_trace_assign *as)
{
	if (!as)
		return;
	free(as->v);
	free(as);
}

static bool wanted(const char *const *w, size_t n, const char *name)
{
	if (!n)
		return true;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(w[i], name))
			return true;
	return false;
}

/* How the store at PC follows the call that returned to SITE: 1 + its
 * distance in bytes when just after it, 0 when on the call's line only,
 * -1 when not at all (another function, another line). */
static int64_t after_call(struct lu_trace_syms *sy, uint64_t site, uint64_t pc)
{
	struct lu_trace_site a, b;

	lu_trace_syms_site(sy, site, &a);
	lu_trace_syms_site(sy, pc, &b);
	if (!a.function || !b.function || strcmp(a.function, b.function))
		return -1;
	if (pc > site && pc - site <= NEAR_CALL)
		return (int64_t)(pc - site) + 1;
	return a.file && b.file && a.line == b.line && !strcmp(a.file, b.file)
		       ? 0 : -1;
}

const char *lu_trace_assign_type(struct lu_trace_assign *as,
				 struct lu_trace_syms *sy,
				 const struct lu_trace_alloc *a,
				 const char *const *want, size_t n_wanted,
				 uint64_t *elem_size)
{
	const struct lu_trace_slot *found = NULL;
	int64_t best = -1;
	bool tie = false;

	/* the first store after the call is its result's (the next one
	 * may be another call's: `gp = calloc(..); h.conn = malloc(..)`);
	 * without one just after it, stores on the line must agree */
	for (size_t i = 0; as && i < as->n; i++) {
		const struct store *st = &as->v[i];
		const struct lu_trace_slot *sl = st->slot;
		int64_t how;

		if (st->thread != a->thread || !a->site[0] ||
		    a->size < sl->type_size)
			continue;
		how = after_call(sy, a->site[0], st->pc);
		if (how < 0 || (best > 0 && (how == 0 || how > best)))
			continue;
		if (how == best && found && strcmp(found->type, sl->type))
			tie = true;
		else if (how != best)
			tie = false;
		found = sl;
		best = how;
	}
	if (!found || tie || !wanted(want, n_wanted, found->type))
		return NULL;
	*elem_size = found->type_size;
	return found->type;
}
