/* SPDX-License-Identifier: MIT */
/*
 * Which options of a [matrix] can change a struct's layout (relevance.c).
 *
 * For a configuration, the preprocessor's output says which definitions
 * make up the struct's text (struct_text.h) and, by its line markers,
 * from which source lines and through which #includes they came. An option
 * can change that text only through a directive: an #if around or inside
 * those lines (taken or skipped), an #if around an #include that led to
 * them (in the read of each header they came from: struct_text.h's
 * entries), or a macro they expand (or an #if tests) whose #define sits
 * under such an #if, transitively. Every identifier those directives and
 * lines name is collected; the options among them are the relevant ones.
 * A name an #if asks only `defined X` of (or #ifdef X) adds the #ifs
 * around its #defines and #undefs, not what its bodies name: whether it
 * is defined is all the #if reads.
 *
 * Skipped text can hide more: a member under `#ifdef A` of a type whose
 * own #ifs test B shows B only when A is set. So the options found are
 * explored: every configuration of them (the others at their first value)
 * is preprocessed and analysed in turn, until no configuration adds one
 * (a fixpoint). Past LIMIT configurations, a pairwise covering array of
 * them is explored instead (the one the sweep will try), and BOUNDED says
 * the fixpoint is over those only.
 *
 * The front end that makes a configuration's preprocessed text is the
 * caller's (a -D compile, or a Kconfig build): JOB fills a job for a row.
 */
#ifndef LINEUP_RELEVANCE_H
#define LINEUP_RELEVANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "jobs.h"
#include "rules.h"

/* Fills JOB to preprocess configuration ROW (a value per option of M)
 * into OUT, line markers kept. */
typedef void lu_relevance_job_fn(void *ctx, const unsigned char *row,
				 const char *out, struct lu_job *job);

struct lu_relevance_in {
	const struct lu_matrix_rules *m;
	/* the checked structs; a NULL name stands for every struct with
	 * lineup.h's markers */
	const char *const *names;
	size_t n_names;
	const char *dir;	/* relative paths of line markers start here */
	const char *tmp;	/* where the preprocessed texts go */
	size_t limit;		/* configurations explored, at most */
	lu_relevance_job_fn *job;
	void *ctx;
	/* NULL, or a prefix ("CONFIG_"): every identifier that starts with
	 * it in some name's closure is recorded in ids, option or not */
	const char *collect;
	/* NULL, or per option: relevant whatever the texts say (what
	 * selects a symbol that is) */
	const bool *also;
	const struct lu_jobs_opts *jobs;
	struct lu_arena *arena;
	/* analyse the structs the names hold by value too (the layout
	 * model's sub-models: lu_relevance_sub) */
	bool subs;
};

/* A key of line LINE of name NAME's body (relevance.h's line keys). */
struct lu_relevance_line_key {
	size_t name;
	unsigned line;
	const char *id;
};

/*
 * A struct or union that line LINE of name PARENT's body holds by value
 * (`struct T x;`, lu_struct_decl's by_value): T is analysed as a name of
 * its own, index NAME (past the asked ones: n_names + k, its tag
 * sub_name[k]), so that the layout model can learn T's members from
 * their own keys and give line LINE T's size and alignment, rather than
 * learn that line from every combination of what T's text can see.
 */
struct lu_relevance_sub {
	size_t parent;
	unsigned line, last;	/* the declaration's lines */
	size_t name;
	/* some configuration declares something else on that line (a
	 * macro that expands to another type): not a use to model */
	bool mixed;
};

/* At most this many structs held by value are analysed as names. */
#define LU_RELEVANCE_MAX_SUBS 64

/* An identifier in the closure of name NAME, first named at FILE:LINE
 * (an #if's first line, a #define's, or a line of the struct's text). */
struct lu_relevance_id {
	size_t name;
	const char *id, *file;
	unsigned line;
};

struct lu_relevance {
	size_t n_names, n_options;
	bool *relevant;		/* [name * n_options + option] */
	bool *found;		/* per name: defined in an explored text */
	/* per name: every option kept, and why (a source not readable, the
	 * struct never defined) */
	const char **unsure;
	/* [name * n_options + option]: relevant other than through the #if
	 * lines inside the struct's own body, that is through what can
	 * change a member's type, size or spelling (the layout model,
	 * layout_model.h, learns those by building; the others only make
	 * members present or absent, which it evaluates) */
	bool *sized;
	/* per name: its own definition's body in the source, as the line
	 * markers spell the file (NULL when never found, or when it starts
	 * or ends on other lines in other configurations) */
	const char **body_file;
	unsigned *body_first, *body_last;
	bool *any;		/* per option: relevant to some name */
	size_t n_any;
	size_t explored;	/* configurations preprocessed */
	size_t failed;		/* of which failed to preprocess */
	bool bounded;		/* explored a covering array, not all */
	/* per configuration explored: its row, whether it preprocessed, and
	 * then its lu_struct_key over the names */
	unsigned char *rows;
	bool *ok;
	uint64_t *keys;
	size_t n_rows;
	size_t *slot, mask;	/* rows by content: index + 1 */
	/* with in->collect: the identifiers found, in the order found, in
	 * the arena */
	struct lu_relevance_id *ids;
	size_t n_ids;
	/*
	 * What can change each member, by the line of the body it is
	 * declared on: the options (and the identifiers that start with
	 * in->collect) in the sizes closure of the declaration on that line
	 * and of the types it names, over every configuration explored.
	 * Line 0 holds those of the body's own lines, which can change every
	 * member (its head, its closing attributes, the #ifs around it).
	 * A name whose body was not told apart in declarations has none
	 * (NO_LINES): everything its sizes closure names keys every member.
	 */
	struct lu_relevance_line_key *line_keys;
	size_t n_line_keys;
	bool *no_lines;		/* per name */
	/*
	 * The structs held by value (lu_relevance_sub): their uses, and
	 * their tags by name index - n_names. The per-name arrays above
	 * (relevant, sized, found, unsure, body_*, no_lines) hold them too,
	 * past n_names; sub_unmodelled says a body with a bit-field or
	 * packed. OWN_KEYS: for each line that holds one, what that
	 * declaration's own lines reach without the type's text (its
	 * attributes, the macros it expands), as line_keys.
	 */
	struct lu_relevance_sub *subs;
	size_t n_subs;
	const char **sub_name;
	bool *sub_unmodelled;
	size_t n_sub_names;
	struct lu_relevance_line_key *own_keys;
	size_t n_own_keys;
};

/* relevance.c's: the ROWS that ran (OK, KEYS), into OUT, by content. */
void lu_relevance_keep_rows(struct lu_relevance *out, struct lu_arena *a,
			    const unsigned char *rows_in, const bool *ok,
			    const uint64_t *keys, size_t rows);
/* The explored configuration ROW's index, or -1 when it was not one. */
long lu_relevance_row(const struct lu_relevance *r, const unsigned char *row);

/*
 * Finds the options relevant to each name. Flags and line size dimensions
 * are always relevant. Returns 0, or -1 when interrupted.
 */
int lu_relevance_find(const struct lu_relevance_in *in,
		      struct lu_relevance *out);

#endif
