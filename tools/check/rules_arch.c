/* SPDX-License-Identifier: MIT */
/*
 * The [matrix] keys of the architecture dimension: `arch = x86_64 arm`
 * (one dimension, named ARCH, so conditions read `ARCH=arm`) and the
 * per-architecture `cross[arm] = PREFIX` and `base[arm] = TARGET`. Which
 * names are architectures and what builds them is matrix_arch.c's: here
 * only the shape of the keys.
 */
#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "rules.h"

/* "x86_64 arm" as "x86_64|arm"; NULL when a name holds a bar. */
static const char *bars_of(struct lu_arena *a, const char *value)
{
	char *out = lu_arena_alloc(a, strlen(value) + 1), *w = out;

	for (const char *p = value; *p;) {
		size_t n = strcspn(p, " \t");

		if (memchr(p, '|', n))
			return NULL;
		if (n) {
			if (w > out)
				*w++ = '|';
			memcpy(w, p, n);
			w += n;
		}
		p += n;
		p += strspn(p, " \t");
	}
	*w = '\0';
	return out;
}

int lu_rules_arch_key(struct lu_matrix_rules *m, struct lu_arena *a,
		      const char *key, const char *value, const char **bars,
		      char *why, size_t size)
{
	if (!strcmp(key, "arch")) {
		*bars = bars_of(a, value);
		if (!*bars || !**bars) {
			snprintf(why, size, "arch = NAME NAME...: "
					    "architectures between spaces (e.g. x86_64 arm), "
					    "not '%s'", value);
			return -1;
		}
		return 1;
	}
	const char *open = strchr(key, '[');
	size_t klen = open ? (size_t)(open - key) : 0;

	if (!open || !((klen == 5 && !strncmp(key, "cross", 5)) ||
		       (klen == 4 && !strncmp(key, "base", 4))))
		return 0;
	size_t alen = strlen(open + 1);

	if (alen < 2 || open[alen] != ']' ||
	    strcspn(open + 1, "[] \t") != alen - 1) {
		snprintf(why, size, "'%s': an architecture's key is "
				    "cross[ARCH] or base[ARCH]", key);
		return -1;
	}
	struct lu_arch_setting *s = lu_arena_alloc(a, sizeof(*s));

	s->key = lu_arena_strndup(a, key, klen);
	s->arch = lu_arena_strndup(a, open + 1, alen - 1);
	for (const struct lu_arch_setting *t = m->per_arch; t; t = t->next)
		if (!strcmp(t->key, s->key) && !strcmp(t->arch, s->arch)) {
			snprintf(why, size, "'%s' given twice in [matrix]",
				 key);
			return -1;
		}
	/* `cross[x86_64] =` (nothing) is the host's own compiler */
	s->value = lu_arena_strdup(a, value);
	s->next = m->per_arch;
	m->per_arch = s;
	return 1;
}
