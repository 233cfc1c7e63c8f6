/* SPDX-License-Identifier: MIT */
/*
 * The text that can change a struct's layout, read from the preprocessor's
 * own output (cc -E, with its line markers): the struct's definition and,
 * transitively, those of every type it names other than through a pointer
 * (tags, typedefs, the enums whose constants size its arrays), each token
 * with the source line it came from. Two configurations whose texts are
 * equal give the struct the same layout, at the same source lines, so they
 * need one compile between them; and the source spans of the definitions
 * say where relevance.c looks for the #ifs that could change it.
 *
 * This is a tokenizer, not a C parser: it finds `struct NAME {`, `typedef
 * ... ;` and `enum { ... }` and matches braces. Where it cannot tell a
 * pointer from a value it takes the value: more text, never less.
 */
#ifndef LINEUP_STRUCT_TEXT_H
#define LINEUP_STRUCT_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"

/* Lines FIRST to LAST of FILE (as the line markers spell it), read in
 * the unit's ENTRY into FILE (lu_pp_unit_entry). */
struct lu_span {
	const char *file;
	unsigned first, last;
	unsigned entry;
};

/* FILE was included by the #include at LINE of PARENT. */
struct lu_include_edge {
	const char *file, *parent;
	unsigned line;
};

/* No entry: the unit's own file has no includer. */
#define LU_PP_NO_ENTRY ((unsigned)-1)

/* One preprocessed translation unit, tokenized and indexed. */
struct lu_pp_unit;

/* Reads the preprocessed file at PATH; NULL with errno set when unreadable. */
struct lu_pp_unit *lu_pp_unit_read(const char *path);
void lu_pp_unit_free(struct lu_pp_unit *u);

/* What one struct's text is in a unit. */
struct lu_struct_text {
	bool found;		/* NAME is defined in the unit */
	uint64_t hash;		/* of the definitions' tokens and lines */
	struct lu_span *spans;	/* of those definitions, in the arena */
	size_t n_spans;
	/* spans[0, n_own) are NAME's own definitions (its tag's or its
	 * typedef's body), the rest those of the types it names */
	size_t n_own;
};

/*
 * The text of NAME (a struct or union tag, or a typedef name) in U, its
 * spans in A. NAME NULL: every struct whose body holds lineup.h's group
 * markers (lineup matrix checks those too, named or not).
 */
void lu_struct_text_of(const struct lu_pp_unit *u, const char *name,
		       struct lu_arena *a, struct lu_struct_text *out);

/*
 * One declaration of a struct's own body: up to its ';' (an inner block
 * or a nested type in braces, with its members, is one), on lines FIRST
 * to LAST of the body's file, and the definitions of the types it names
 * other than through a pointer, transitively (SPANS). What can change
 * the members it declares is in those lines and those spans; what the
 * body's other lines say (its head, its closing brace and attributes,
 * the #ifs around it) can change every member.
 */
struct lu_struct_decl {
	unsigned first, last;
	struct lu_span *spans;
	size_t n_spans;
	/* the tag of the one member it declares, when that member is a
	 * struct or union by value (`struct T x;`, attributes allowed,
	 * no array), in the arena; else NULL: the layout model can take
	 * such a member's size and alignment from T's own model */
	const char *by_value;
	/* a bit-field, or the body is packed: its members' offsets are not
	 * their alignment's (the layout model cannot lay it out) */
	bool unmodelled;
};

/*
 * The declarations of NAME's body in U, in order, into *OUT (in A): how
 * many (0 for an empty body: `struct s { };` where an #if kept nothing),
 * or LU_NO_DECLS when NAME is not defined once with a body in braces.
 */
#define LU_NO_DECLS ((size_t)-1)
size_t lu_struct_decls(const struct lu_pp_unit *u, const char *name,
		       struct lu_arena *a, struct lu_struct_decl **out);

/*
 * One key for the texts of NAMES in U (a NULL name: the marked structs):
 * equal keys, equal layouts. When a named struct is missing from U (so
 * its text cannot be told), the key is that of the whole unit.
 */
uint64_t lu_struct_key(const struct lu_pp_unit *u, const char *const *names,
		       size_t n_names);

/* The unit's include edges, from its line markers. */
const struct lu_include_edge *lu_pp_unit_edges(const struct lu_pp_unit *u,
					       size_t *n);

/*
 * Each time the preprocessor enters a file is one entry (a header read
 * twice, as the kernel's trace headers are, is two): the entry that
 * included ENTRY, and the file and line of its #include, into *PARENT,
 * *FILE and *LINE; false for the unit's own file (entry 0) or an entry
 * out of range. The text of a span can only depend on the #ifs around
 * its own entry's chain of #includes, not on those of another entry of
 * the same file or of an ancestor's other entries.
 */
bool lu_pp_unit_entry(const struct lu_pp_unit *u, unsigned entry,
		      unsigned *parent, const char **file, unsigned *line);
size_t lu_pp_unit_n_entries(const struct lu_pp_unit *u);

#endif
