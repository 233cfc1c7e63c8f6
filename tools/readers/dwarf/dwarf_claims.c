/* SPDX-License-Identifier: MIT */
/*
 * Which unit first built each definition, shared by the workers of a
 * parallel read (dwarf_jobs.c). Without it each worker built every
 * definition it met first in its own units, and the merge kept only the
 * lowest unit's build: on a kernel, -j 2 spent a third more CPU than -j 1.
 *
 * A worker about to build (NAME, FP) in unit T asks whether a unit below
 * T built it already. If so the merge, replaying units in order, keeps
 * that build before it reaches T, so T's worker only records that T holds
 * the definition (LU_DW_EV_HELD). If not, it builds, and after a
 * successful build claims (NAME, FP) for T unless a lower unit holds the
 * claim. Only a built definition is claimed, so the lowest unit that met
 * it always builds it: nothing it held is read from another's claim.
 *
 * Names are compared by text (each worker interns its own copies) and
 * fingerprints exactly, so two definitions never share a claim. One
 * mutex: a worker asks once per definition it meets first, not per copy.
 */
#include "dwarf_reader.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"

struct lu_dw_claim {
	const char *name;	/* the claiming worker's interned copy */
	uint64_t fp;
	uint64_t hash;		/* of the name's text and FP */
	size_t task;		/* the lowest unit that built it */
};

void lu_dw_claims_init(struct lu_dw_claims *c)
{
	memset(c, 0, sizeof(*c));
	pthread_mutex_init(&c->lock, NULL);
}

void lu_dw_claims_free(struct lu_dw_claims *c)
{
	pthread_mutex_destroy(&c->lock);
	free(c->slots);
}

static uint64_t claim_hash(const char *name, uint64_t fp)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (const char *p = name; *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
	return lu_dw_mix(h, fp);
}

/* The slot of (NAME, FP, HASH) in C: its claim, or the free one. */
static struct lu_dw_claim *find(struct lu_dw_claims *c, const char *name,
				uint64_t fp, uint64_t hash)
{
	size_t k = (size_t)hash & (c->cap - 1);

	for (;; k = (k + 1) & (c->cap - 1)) {
		struct lu_dw_claim *s = &c->slots[k];

		if (!s->name || (s->hash == hash && s->fp == fp &&
				 !strcmp(s->name, name)))
			return s;
	}
}

static void grow(struct lu_dw_claims *c)
{
	size_t cap = c->cap ? 2 * c->cap : 1024;
	struct lu_dw_claim *slots = lu_zeroed(cap, sizeof(*slots));

	for (size_t i = 0; i < c->cap; i++) {
		struct lu_dw_claim *o = &c->slots[i];
		size_t k = (size_t)o->hash & (cap - 1);

		if (!o->name)
			continue;
		while (slots[k].name)
			k = (k + 1) & (cap - 1);
		slots[k] = *o;
	}
	free(c->slots);
	c->slots = slots;
	c->cap = cap;
}

bool lu_dw_built_below(struct lu_dw_claims *c, const char *name, uint64_t fp,
		       size_t task)
{
	uint64_t hash = claim_hash(name, fp);
	bool below = false;

	pthread_mutex_lock(&c->lock);
	if (c->cap) {
		const struct lu_dw_claim *s = find(c, name, fp, hash);

		below = s->name && s->task < task;
	}
	pthread_mutex_unlock(&c->lock);
	return below;
}

void lu_dw_claim(struct lu_dw_claims *c, const char *name, uint64_t fp,
		 size_t task)
{
	uint64_t hash = claim_hash(name, fp);

	pthread_mutex_lock(&c->lock);
	if ((c->count + 1) * 2 > c->cap)
		grow(c);
	struct lu_dw_claim *s = find(c, name, fp, hash);

	if (!s->name) {
		*s = (struct lu_dw_claim){
			.name = name, .fp = fp, .hash = hash, .task = task,
		};
		c->count++;
	} else if (task < s->task) {
		s->task = task;
		s->name = name; /* the lower unit's worker outlives it too */
	}
	pthread_mutex_unlock(&c->lock);
}
