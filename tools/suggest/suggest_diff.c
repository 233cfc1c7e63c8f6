/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: a proposal as a unified diff against the struct's source
 * file: the lines between the struct's opening and closing braces are
 * replaced by the proposal's body, and a longest common subsequence keeps
 * the lines both share as context, so `patch -p1` applies it.
 */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "slurp.h"
#include "suggest_diff.h"

void lu_sg_split_lines(char *text, struct lu_sg_lines *l)
{
	for (char *p = text; *p;) {
		char *nl = strchr(p, '\n');

		l->at = lu_grow(l->at, &l->cap, l->n, sizeof(*l->at));
		l->at[l->n++] = p;
		if (!nl)
			break;
		*nl = '\0';
		p = nl + 1;
	}
}

bool lu_sg_body_lines(const struct lu_sg_lines *l, unsigned decl,
		      size_t *first, size_t *last)
{
	int depth = 0;
	bool opened = false;

	for (size_t i = decl ? decl - 1 : 0; i < l->n; i++) {
		for (const char *c = l->at[i]; *c; c++) {
			if (*c == '{') {
				if (!opened)
					*first = i + 1;
				opened = true;
				depth++;
			} else if (*c == '}' && opened && --depth == 0) {
				*last = i;
				return *first <= *last;
			}
		}
	}
	return false;
}

/* A blank-insensitive line comparison: the proposal indents its own way. */
static bool same(const char *a, const char *b)
{
	for (;;) {
		while (*a == ' ' || *a == '\t')
			a++;
		while (*b == ' ' || *b == '\t')
			b++;
		if (*a != *b)
			return false;
		if (!*a)
			return true;
		a++;
		b++;
	}
}

static void hunk(FILE *f, char **old, size_t n, char **new, size_t m)
{
	size_t *t = calloc((n + 1) * (m + 1), sizeof(*t));
	size_t i = 0, j = 0;

	if (!t)
		abort();
#define T(x, y) t[(x) * (m + 1) + (y)]
	for (size_t x = n; x-- > 0;)
		for (size_t y = m; y-- > 0;)
			T(x, y) = same(old[x], new[y])
					  ? T(x + 1, y + 1) + 1
				  : T(x + 1, y) > T(x, y + 1) ? T(x + 1, y)
							      : T(x, y + 1);
	while (i < n || j < m) {
		if (i < n && j < m && same(old[i], new[j])) {
			fprintf(f, " %s\n", old[i]);
			i++;
			j++;
		} else if (j < m && (i == n || T(i, j + 1) >= T(i + 1, j))) {
			fprintf(f, "+%s\n", new[j++]);
		} else {
			fprintf(f, "-%s\n", old[i++]);
		}
	}
#undef T
	free(t);
}

/* A line of the preprocessor's: #if, #ifdef, #else, #endif, ... */
static bool has_directive(char **at, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (at[i][strspn(at[i], " \t")] == '#')
			return true;
	return false;
}

char *lu_sg_diff(const char *path, const char *shown, unsigned decl_line,
		 const char *proposal, bool all_configs, bool *conditional)
{
	char *text = NULL, *prop = strdup(proposal), *out = NULL;
	size_t len = 0, first = 0, last = 0;
	struct lu_sg_lines old = { 0 }, new = { 0 };
	FILE *f;

	if (!prop)
		abort();
	if (lu_slurp(path, LU_SG_MAX_SOURCE, &text, &len) ||
	    memchr(text, '\0', len))
		goto done;
	lu_sg_split_lines(text, &old);
	lu_sg_split_lines(prop, &new);
	if (!lu_sg_body_lines(&old, decl_line, &first, &last))
		goto done;
	*conditional = has_directive(old.at + first, last - first);
	if (*conditional && !all_configs)
		goto done;
	f = open_memstream(&out, &len);
	if (!f)
		abort();
	fprintf(f, "--- a/%s\n+++ b/%s\n@@ -%zu,%zu +%zu,%zu @@\n", shown,
		shown, first + 1, last - first, first + 1, new.n);
	hunk(f, old.at + first, last - first, new.at, new.n);
	if (fclose(f))
		abort();
done:
	free(old.at);
	free(new.at);
	free(text);
	free(prop);
	return out;
}
