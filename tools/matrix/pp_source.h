/* SPDX-License-Identifier: MIT */
/*
 * A source file's preprocessor directives, read once each (pp_source.c):
 * where each #if group starts and ends and the identifiers its conditions
 * name (all branches, taken or not), where each macro is #defined or
 * #undefined and what its body names, and the identifiers of every other
 * line. That is the preprocessor's grammar, not C's. relevance.c closes
 * over them.
 */
#ifndef LINEUP_PP_SOURCE_H
#define LINEUP_PP_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "intern.h"

/* An #if ... #endif, its conditions' identifiers at ids[from, to)
 * (def_only says which are asked only whether they are defined). */
struct lu_pp_block {
	unsigned first, last;
	size_t from, to;
};

/* A #define or #undef of NAME, its body's identifiers at ids[from, to). */
struct lu_pp_site {
	const char *name;
	unsigned line;
	size_t from, to;
};

struct lu_pp_source {
	const char *path;	/* as the line markers spell it */
	bool ok;
	struct lu_pp_block *blocks;
	size_t n_blocks, blocks_cap;
	struct lu_pp_site *sites;
	size_t n_sites, sites_cap;
	const char **ids;	/* interned */
	/* per id: named by an #if only as `defined X` (or #ifdef X), so
	 * only whether X is defined there matters, not what it expands to */
	bool *def_only;
	size_t n_ids, ids_cap, def_cap;
	size_t *line_from;	/* per line 1..n_lines+1: its ids start */
	bool *cond_line;	/* per line: an #if, #elif, #else or #endif */
	unsigned n_lines;
	/* sites by name (interned: by address), chained through next */
	size_t *site_slot, site_mask, *site_next;
};

/* The sources read so far, and where relative paths start. */
struct lu_pp_sources {
	const char *dir;
	struct lu_intern intern;
	struct lu_arena arena;
	struct lu_pp_source **sources;
	size_t n_sources, sources_cap;
};

/* The source PATH (as a line marker spells it), read once; ok is false
 * when it cannot be read. */
struct lu_pp_source *lu_pp_source(struct lu_pp_sources *s, const char *path);

/* The first #define or #undef site of NAME (interned) + 1, 0 for none;
 * site_next leads on. */
size_t lu_pp_first_site(const struct lu_pp_source *src, const char *name);

/*
 * The logical line at P: continuations joined and comments replaced by a
 * space, into BUF; *LINES counts the newlines it took. *IN_COMMENT
 * carries a block comment across lines.
 */
const char *lu_pp_logical_line(const char *p, const char *end, char *buf,
			       size_t *n, unsigned *lines, bool *in_comment);

void lu_pp_sources_free(struct lu_pp_sources *s);

#endif
