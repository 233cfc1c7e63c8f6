/* SPDX-License-Identifier: MIT */
/* A set of strings (open addressing), for wanted names and seen types. */
#ifndef LINEUP_STRSET_H
#define LINEUP_STRSET_H

#include <stdbool.h>
#include <stddef.h>

struct lu_strset {
	char **slots;
	size_t cap, count;
};

bool lu_strset_has(const struct lu_strset *set, const char *s);
/* Adds S; true when it was not there yet. */
bool lu_strset_add(struct lu_strset *set, const char *s);
/* Adds the pair A, B as one key. */
bool lu_strset_add2(struct lu_strset *set, const char *a, const char *b);
bool lu_strset_has2(const struct lu_strset *set, const char *a, const char *b);
void lu_strset_free(struct lu_strset *set);

#endif
