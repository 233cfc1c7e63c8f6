/* SPDX-License-Identifier: MIT */
/* String interning with open addressing and FNV-1a; see intern.h. */
#include "intern.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lu_intern_slot {
	const char *s;		/* NULL: empty */
	size_t len;
	uint64_t hash;		/* so that growing rehashes no text */
};

struct lu_intern_addr {
	const char *from;	/* NULL: empty */
	const char *to;
};

static uint64_t hash_bytes(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
	return h;
}

/* Tables stay at most half full; sizes are powers of two. */
static void grow_slots(struct lu_intern *t)
{
	size_t cap = t->cap ? 2 * t->cap : 256;
	struct lu_intern_slot *slots = lu_zeroed(cap, sizeof(*slots));

	for (size_t i = 0; i < t->cap; i++) {
		if (!t->slots[i].s)
			continue;
		size_t k = (size_t)t->slots[i].hash & (cap - 1);

		while (slots[k].s)
			k = (k + 1) & (cap - 1);
		slots[k] = t->slots[i];
	}
	free(t->slots);
	t->slots = slots;
	t->cap = cap;
}

const char *lu_intern(struct lu_intern *t, struct lu_arena *arena,
		      const char *s, size_t n)
{
	if (2 * (t->count + 1) > t->cap)
		grow_slots(t);
	uint64_t h = hash_bytes(s, n);
	size_t k = (size_t)h & (t->cap - 1);

	for (; t->slots[k].s; k = (k + 1) & (t->cap - 1)) {
		const struct lu_intern_slot *e = &t->slots[k];

		if (e->hash == h && e->len == n && !memcmp(e->s, s, n))
			return e->s;
	}
	t->slots[k].s = lu_arena_strndup(arena, s, n);
	t->slots[k].len = n;
	t->slots[k].hash = h;
	t->count++;
	return t->slots[k].s;
}

const char *lu_intern_str(struct lu_intern *t, struct lu_arena *arena,
			  const char *s)
{
	return s ? lu_intern(t, arena, s, strlen(s)) : NULL;
}

static size_t addr_slot(const struct lu_intern_addr *a, size_t cap,
			const char *from)
{
	size_t k = (size_t)(((uintptr_t)from * 0x9e3779b97f4a7c15ull) >> 32) &
		   (cap - 1);

	while (a[k].from && a[k].from != from)
		k = (k + 1) & (cap - 1);
	return k;
}

const char *lu_intern_at(struct lu_intern *t, struct lu_arena *arena,
			 const char *s)
{
	if (!s)
		return NULL;
	size_t n = strnlen(s, LU_INTERN_SHORT);

	if (n < LU_INTERN_SHORT)
		return lu_intern(t, arena, s, n);
	return lu_intern_placed(t, arena, s);
}

const char *lu_intern_placed(struct lu_intern *t, struct lu_arena *arena,
			     const char *s)
{
	if (!s)
		return NULL;
	if (2 * (t->addr_count + 1) > t->addr_cap) {
		size_t cap = t->addr_cap ? 2 * t->addr_cap : 256;
		struct lu_intern_addr *a = lu_zeroed(cap, sizeof(*a));

		for (size_t i = 0; i < t->addr_cap; i++)
			if (t->addrs[i].from)
				a[addr_slot(a, cap, t->addrs[i].from)] =
					t->addrs[i];
		free(t->addrs);
		t->addrs = a;
		t->addr_cap = cap;
	}
	size_t k = addr_slot(t->addrs, t->addr_cap, s);

	if (!t->addrs[k].from) {
		t->addrs[k].from = s;
		t->addrs[k].to = lu_intern_str(t, arena, s);
		t->addr_count++;
	}
	return t->addrs[k].to;
}

const char *lu_intern_join(struct lu_intern *t, struct lu_arena *arena,
			   const char *a, const char *b, const char *c)
{
	size_t na = strlen(a), nb = strlen(b), nc = strlen(c);

	if (na + nb + nc >= t->scratch_cap) {
		size_t cap = t->scratch_cap ? t->scratch_cap : 256;

		while (na + nb + nc >= cap)
			cap *= 2;
		char *p = realloc(t->scratch, cap);

		if (!p) {
			fputs("lineup: out of memory\n", stderr);
			abort();
		}
		t->scratch = p;
		t->scratch_cap = cap;
	}
	memcpy(t->scratch, a, na);
	memcpy(t->scratch + na, b, nb);
	memcpy(t->scratch + na + nb, c, nc);
	return lu_intern(t, arena, t->scratch, na + nb + nc);
}

void lu_intern_free(struct lu_intern *t)
{
	free(t->slots);
	free(t->addrs);
	free(t->scratch);
	memset(t, 0, sizeof(*t));
}
