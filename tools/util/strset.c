/* SPDX-License-Identifier: MIT */
/* A set of strings with open addressing and FNV-1a hashing. */
#include "strset.h"

#include "arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	return h;
}

static size_t find_slot(char **slots, size_t cap, const char *s)
{
	size_t i = (size_t)hash(s) & (cap - 1);

	while (slots[i] && strcmp(slots[i], s))
		i = (i + 1) & (cap - 1);
	return i;
}

bool lu_strset_has(const struct lu_strset *set, const char *s)
{
	return set->cap && set->slots[find_slot(set->slots, set->cap, s)];
}

static void rehash(struct lu_strset *set)
{
	size_t cap = set->cap ? set->cap * 2 : 64;
	char **slots = lu_zeroed(cap, sizeof(*slots));

	for (size_t i = 0; i < set->cap; i++)
		if (set->slots[i])
			slots[find_slot(slots, cap, set->slots[i])] =
				set->slots[i];
	free(set->slots);
	set->slots = slots;
	set->cap = cap;
}

bool lu_strset_add(struct lu_strset *set, const char *s)
{
	if ((set->count + 1) * 2 > set->cap)
		rehash(set);
	size_t i = find_slot(set->slots, set->cap, s);

	if (set->slots[i])
		return false;
	set->slots[i] = strdup(s);
	if (!set->slots[i]) {
		fputs("lineup: out of memory\n", stderr);
		abort();
	}
	set->count++;
	return true;
}

/* Joins A and B as one key, on the stack when it fits. */
static char *pair_key(char *stack, size_t size, const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	char *key = na + nb + 2 <= size ? stack : malloc(na + nb + 2);

	if (!key) {
		fputs("lineup: out of memory\n", stderr);
		abort();
	}
	memcpy(key, a, na);
	key[na] = '\n';
	memcpy(key + na + 1, b, nb + 1);
	return key;
}

bool lu_strset_add2(struct lu_strset *set, const char *a, const char *b)
{
	char stack[256], *key = pair_key(stack, sizeof(stack), a, b);
	bool added = lu_strset_add(set, key);

	if (key != stack)
		free(key);
	return added;
}

bool lu_strset_has2(const struct lu_strset *set, const char *a, const char *b)
{
	char stack[256], *key = pair_key(stack, sizeof(stack), a, b);
	bool has = lu_strset_has(set, key);

	if (key != stack)
		free(key);
	return has;
}

void lu_strset_free(struct lu_strset *set)
{
	for (size_t i = 0; i < set->cap; i++)
		free(set->slots[i]);
	free(set->slots);
	memset(set, 0, sizeof(*set));
}
