/* SPDX-License-Identifier: MIT */
/*
 * The insides of a preprocessed unit (struct_text.h), shared by the files
 * that read it: struct_text.c (tokens, definitions, a struct's text) and
 * struct_decls.c (a body's declarations). Nothing else includes this.
 */
#ifndef LINEUP_STRUCT_TEXT_UNIT_H
#define LINEUP_STRUCT_TEXT_UNIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "arena.h"
#include "struct_text.h"

#define NONE ((size_t)-1)

struct tok {
	const char *s;
	unsigned len, file, line;
	unsigned entry;		/* the entry into file it was read in */
};

/* One entry of the preprocessor into a file (lu_pp_unit_entry). */
struct entry {
	unsigned parent;	/* LU_PP_NO_ENTRY for the unit's own */
	unsigned from;		/* the file of the #include, in parent */
	unsigned line;		/* of the #include */
};

/* Token range [from, to] that defines a name; chained by name. */
struct def {
	const char *s;
	unsigned len;
	size_t from, to, next;
};

/* Definitions by name: open addressing over the first of each chain. */
struct index {
	struct def *defs;
	size_t n, cap;
	size_t *slot, mask;	/* index + 1 of a chain's head */
};

struct lu_pp_unit {
	char *buf;
	size_t len;
	struct tok *t;
	size_t n, cap;
	size_t *match;		/* per token: its closing brace or paren */
	const char **files;
	size_t n_files, files_cap;
	struct lu_include_edge *edges;
	size_t n_edges, edges_cap;
	struct entry *entries;
	size_t n_entries, entries_cap;
	struct index tags, typedefs, enumc;
	struct lu_arena arena;
};

/* The definitions a struct's text is made of, in the order found. */
struct walk {
	const struct lu_pp_unit *u;
	struct def *todo;	/* ranges to take, in order found */
	size_t n, cap;
};

static inline bool is(const struct tok *t, const char *s)
{
	return t->len == strlen(s) && !memcmp(t->s, s, t->len);
}

static inline bool is_ident(const struct tok *t)
{
	char c = t->s[0];

	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c == '$';
}

/* __attribute__((...)), __declspec(...), _Alignas(...): what they hold
 * is no declarator. */
bool lu_st_attribute(const struct tok *t);

/* Words that name no type of the unit's own. */
bool lu_st_keyword(const struct tok *t);

/* The first definition of S, NONE for none; ->next leads to the others. */
size_t lu_st_index_find(const struct index *x, const char *s, unsigned len);

/* The types range D names other than through a pointer, into W. */
void lu_st_references(struct walk *w, const struct def *d);

/*
 * W's ranges from FIRST on, and every type they name, as spans into OUT
 * (malloc'd; *N_OUT of them) with their hash; *N_OWN_AT: the spans of
 * ranges [FIRST, OWN) (OWN NONE: all of them).
 */
uint64_t lu_st_walk_spans(struct walk *w, size_t first, size_t own,
			  struct lu_span **out, size_t *n_out,
			  size_t *n_own_at);

/* SPANS (malloc'd) into A, their files too. */
struct lu_span *lu_st_spans_into(struct lu_span *spans, size_t n,
				 struct lu_arena *a);

#endif
