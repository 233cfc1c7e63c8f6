/* SPDX-License-Identifier: MIT */
/*
 * The Kconfig symbols that can change a kernel object's compiler flags
 * (kconfig_flags.h): those the Makefiles that make them name.
 */
#include "kconfig_flags.h"

#include <glob.h>
#include <stdlib.h>
#include <string.h>

#include "path_join.h"
#include "slurp.h"
#include "strset.h"

/* A Makefile is text of a few hundred KiB at most. */
#define MAX_MAKEFILE (16u << 20)

static bool word_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* Every CONFIG_ word of the file at PATH, once each, onto OUT. */
static void scan(const char *path, struct lu_strset *seen,
		 struct lu_arena *a, const char ***out, size_t *n,
		 size_t *cap)
{
	char *text = NULL;
	size_t len = 0;

	if (lu_slurp(path, MAX_MAKEFILE, &text, &len) != 0 || !text) {
		free(text);
		return;
	}
	for (const char *p = text; (p = strstr(p, "CONFIG_"));) {
		const char *e = p + 7;

		while (e < text + len && word_char(*e))
			e++;
		bool word = (p == text || !word_char(p[-1])) && e > p + 7;
		char *name = word ? lu_arena_printf(a, "%.*s", (int)(e - p), p)
				  : NULL;

		if (name && lu_strset_add(seen, name)) {
			*out = lu_grow(*out, cap, *n, sizeof(**out));
			(*out)[(*n)++] = name;
		}
		p = e;
	}
	free(text);
}

size_t lu_kconfig_flag_symbols(const char *tree, const char *srcarch,
			       const char *object, struct lu_arena *a,
			       const char ***out)
{
	struct lu_strset seen = { 0 };
	size_t n = 0, cap = 0;
	glob_t g;

	*out = NULL;
	scan(lu_arena_printf(a, "%s/Makefile", tree), &seen, a, out, &n, &cap);
	if (srcarch)
		scan(lu_arena_printf(a, "%s/arch/%s/Makefile", tree, srcarch),
		     &seen, a, out, &n, &cap);
	if (object && strchr(object, '/'))
		scan(lu_arena_printf(a, "%s/%.*s/Makefile", tree,
				     (int)(strrchr(object, '/') - object),
				     object),
		     &seen, a, out, &n, &cap);
	if (glob(lu_arena_printf(a, "%s/scripts/Makefile.*", tree), 0, NULL,
		 &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc; i++)
			scan(g.gl_pathv[i], &seen, a, out, &n, &cap);
		globfree(&g);
	}
	lu_strset_free(&seen);
	const char **names = lu_arena_alloc(a, (n + 1) * sizeof(*names));

	if (n)
		memcpy(names, *out, n * sizeof(*names));
	free(*out);
	*out = names;
	return n;
}
