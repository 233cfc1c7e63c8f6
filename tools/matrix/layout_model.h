/* SPDX-License-Identifier: MIT */
/*
 * The layout model of a -D matrix (layout_model.c, doc/layout-model.md):
 * the layout of every configuration, computed from a few builds.
 *
 * An option reaches a struct's layout two ways. Through an #if inside the
 * body, it makes members present or absent: presence.h evaluates that for
 * any configuration. Through anything else (a member's type defined in a
 * header, a macro in a declaration, a flag), it can change a member's
 * size, alignment or spelling: those options are "sized" (relevance.h).
 * Each line of the body has its own: what its declaration and the types
 * it names can see, and the struct's outer ones (lu_model_keys). The
 * model learns each line from a build with the same values of its keys
 * and its #if condition true; every line sees every value its keys take
 * in some build, so the builds are as many as the line with the most
 * combinations needs, not the product over all lines. A configuration is
 * then the members its #ifs keep, each line's as a build with the same
 * keys compiled it, laid out by the ABI's rules (each at the next
 * multiple of its alignment, the size a multiple of the struct's).
 *
 * The model refuses (and the sweep builds instead) what it cannot lay out:
 * bit-fields, packed structs, anonymous blocks whose members vary, body
 * #ifs over more than the options, and any learning build it does not
 * reproduce member by member. Every verdict it gives is confirmed by a
 * real build (commands/cmd_matrix_model.c).
 */
#ifndef LINEUP_LAYOUT_MODEL_H
#define LINEUP_LAYOUT_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "configs.h"
#include "layout.h"
#include "presence.h"
#include "rules.h"

/* More learning builds than this: build every configuration instead. */
#define LU_MODEL_MAX_SIZED 64
/* Structs held by value in structs held by value, at most. */
#define LU_MODEL_MAX_DEPTH 15

/* A configuration as the model sees it: a value per option of the
 * matrix, and in a Kconfig sweep the value Kconfig computes for each
 * watched symbol (as a hash: equal hashes, equal values; NULL: none). */
struct lu_model_config {
	const unsigned char *row;
	const uint64_t *watched;
};

/*
 * What can change one struct's members, by the line of its body each is
 * declared on (relevance.h's line keys): per line, the options and
 * watched symbols whose values decide that line's members (their types'
 * sizes, alignments and spellings), every line's holding the struct's
 * outer ones; and those outer ones alone, which decide whether the
 * struct is defined and its own alignment.
 */
struct lu_model_keys {
	unsigned first, last;		/* the body's lines */
	size_t n_options, n_watched;
	const bool *opt;	/* [(line - first) * n_options + option] */
	const bool *watch;	/* [(line - first) * n_watched + symbol] */
	const bool *outer_opt, *outer_watch;
	/*
	 * NULL, or per line [line - first]: LU_MODEL_NO_SUB, or the struct
	 * (an index among those learned together) that the line's one
	 * member is by value. Such a line is keyed by what its own text
	 * sees; the held struct's model gives the member's size and
	 * alignment (a sub-model: its own lines, its own keys).
	 */
	const size_t *sub;
	/* a held struct's: the lines that hold it (USES), one of which a
	 * configuration must keep for a build to show its members */
	const struct lu_model_use *uses;
	size_t n_uses;
};

#define LU_MODEL_NO_SUB ((size_t)-1)

/* Line LINE of struct STRUCT (an index among those learned together)
 * holds a struct by value. */
struct lu_model_use {
	size_t of;
	unsigned line;
};

/*
 * The configurations to build to learn N structs from (KEYS[i] and
 * PRESENCE[i] each): for every line, every combination of its key's
 * options with its #if condition true, and every combination of the
 * outer keys, each in some row (merged where they agree; options
 * otherwise off). Returns the number of rows (M's width each) in *ROWS
 * (malloc'd), or 0 with *WHY when the model cannot learn them in few
 * builds. Options only: a -D matrix's keys watch no symbol.
 */
size_t lu_model_rows(const struct lu_matrix_rules *m,
		     const struct lu_presence *const *presence,
		     const struct lu_model_keys *const *keys, size_t n,
		     unsigned char **rows, const char **why);

/* Does configuration ROW show struct I's members in a build: an asked
 * struct always (its outer record says whether it is defined), a held one
 * when a line that holds it is kept in a struct shown. */
bool lu_model_shown(const struct lu_matrix_rules *m,
		    const struct lu_presence *const *presence,
		    const struct lu_model_keys *const *keys, size_t i,
		    const unsigned char *row);

/* What a choice of learning builds among valid configurations knows. */
struct lu_model_cover {
	bool outer_only;	/* only the outer keys' values to show */
	/* NULL, or per configuration of VALID and struct, [c * n + i]:
	 * the struct is known absent there (a build with its outer key
	 * had none), so its lines need not be shown */
	const bool *absent;
	/* configurations already built (rows of VALID): what they show is
	 * seen */
	const unsigned char *built;
	size_t n_built;
};

/*
 * The same when the configurations are VALID's only (a Kconfig sweep's:
 * those Kconfig allows, WATCHED per configuration as the keys count
 * them): the fewest of them, greedily, that show every line and the
 * outer keys each value they take in VALID with the line kept, less what
 * COVER says is seen or moot (model_rows_valid.c). 0 with *WHY NULL:
 * nothing more to build.
 */
size_t lu_model_rows_within(const struct lu_matrix_rules *m,
			    const struct lu_presence *const *presence,
			    const struct lu_model_keys *const *keys,
			    size_t n, const struct lu_configs *valid,
			    const uint64_t *watched,
			    const struct lu_model_cover *cover,
			    unsigned char **rows, const char **why);

/* The lines of KEYS that share a key and a condition, as classes: the
 * class of each line into CLASS_OF ([line - first], malloc'd), their
 * number returned (model_rows_valid.c and layout_model.c share it). */
size_t lu_model_classes(const struct lu_presence *p,
			const struct lu_model_keys *k, size_t **class_of);

/* The line of each class of P's body (a representative), malloc'd. */
unsigned *lu_model_class_lines(const struct lu_presence *p,
			       const size_t *class_of, size_t n);

/* Do configurations A and B agree on what line LINE's key holds (LINE
 * 0: the outer keys)? */
bool lu_model_same_key(const struct lu_model_keys *k, unsigned line,
		       const struct lu_model_config *a,
		       const struct lu_model_config *b);

/* A hash of what line LINE's key holds in C (0: the outer keys): equal
 * keys, equal hashes; lu_model_same_key tells them apart for sure. */
uint64_t lu_model_key_hash(const struct lu_model_keys *k, unsigned line,
			   const struct lu_model_config *c);

struct lu_model;

/* What one struct's model learns from: the builds of lu_model_rows. */
struct lu_model_in {
	const struct lu_matrix_rules *m;
	const struct lu_presence *presence;
	const struct lu_model_keys *keys;
	/* the models of the structs learned together, by index: those the
	 * lines hold (keys->sub), learned before */
	struct lu_model *const *models;
	/* a struct held by value: a build without it in its debug
	 * information says nothing of whether it is defined */
	bool held;
	const struct lu_struct *const *learned;	/* per build, NULL absent */
	const struct lu_model_config *configs;	/* per build */
	size_t n_learned;
};

/*
 * Learns a struct's model in A. NULL with *WHY (in A) when it refuses:
 * what it cannot lay out, or a learning build it does not reproduce.
 */
struct lu_model *lu_model_learn(const struct lu_model_in *in,
				struct lu_arena *a, const char **why);

/*
 * The struct in configuration C, into OUT (strings and arrays in A);
 * false when no build taught C's keys (the struct is absent there, or
 * was never seen with them: *PRESENT says which).
 */
bool lu_model_layout(const struct lu_model *md,
		     const struct lu_model_config *c, struct lu_arena *a,
		     struct lu_struct *out, bool *present);

/*
 * Is REAL (a build's) laid out as MODEL says, member by member? When not,
 * BUF says the first difference.
 */
bool lu_model_same(const struct lu_struct *model, const struct lu_struct *real,
		   char *buf, size_t size);

#endif
