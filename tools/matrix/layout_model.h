/* SPDX-License-Identifier: MIT */
/*
 * The layout model of a -D matrix (layout_model.c, doc/layout-model.md):
 * the layout of every configuration, computed from a few builds.
 *
 * An option reaches a struct's layout two ways. Through an #if inside the
 * body, it makes members present or absent: presence.h evaluates that for
 * any configuration. Through anything else (a member's type defined in a
 * header, a macro in a declaration, a flag), it can change a member's
 * size, alignment or spelling: those options are "sized" (relevance.h)
 * and the model learns their effect by building every combination of
 * them, with each body #if's condition made true in some build. A
 * configuration is then the members its #ifs keep, each as a build with
 * the same sized options compiled it, laid out by the ABI's rules (each
 * at the next multiple of its alignment, the size a multiple of the
 * struct's).
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

#include "arena.h"
#include "configs.h"
#include "layout.h"
#include "presence.h"
#include "rules.h"

/* More combinations of sized options than this: build instead. */
#define LU_MODEL_MAX_SIZED 64

/*
 * The configurations to build to learn N structs: every combination of
 * the options SIZED marks, each with every body condition of PRESENCE[i]
 * made true in some row (others off), and all off. Returns the number of
 * rows (M's width each) in *ROWS (malloc'd), or 0 with *WHY when the
 * model cannot learn them in few builds.
 */
size_t lu_model_rows(const struct lu_matrix_rules *m,
		     const struct lu_presence *const *presence, size_t n,
		     const bool *sized, unsigned char **rows,
		     const char **why);

/*
 * The same when the configurations are VALID's only (a Kconfig sweep's:
 * those Kconfig allows): for each combination of the SIZED options that
 * VALID has, the fewest of its configurations that make every body
 * condition true that one of them makes true (model_rows_valid.c).
 */
size_t lu_model_rows_within(const struct lu_matrix_rules *m,
			    const struct lu_presence *const *presence,
			    size_t n, const bool *sized,
			    const struct lu_configs *valid,
			    unsigned char **rows, const char **why);

struct lu_model;

/* What one struct's model learns from: the builds of lu_model_rows. */
struct lu_model_in {
	const struct lu_matrix_rules *m;
	const struct lu_presence *presence;
	const bool *sized;		/* per option of M */
	const struct lu_struct *const *learned;	/* per build, NULL absent */
	const unsigned char *const *rows;	/* per build */
	size_t n_learned;
};

/*
 * Learns a struct's model in A. NULL with *WHY (in A) when it refuses:
 * what it cannot lay out, or a learning build it does not reproduce.
 */
struct lu_model *lu_model_learn(const struct lu_model_in *in,
				struct lu_arena *a, const char **why);

/*
 * The struct in configuration ROW, into OUT (strings and arrays in A);
 * false when no build taught ROW's sized options (the struct is absent
 * there, or was never seen with them: *PRESENT says which).
 */
bool lu_model_layout(const struct lu_model *md, const unsigned char *row,
		     struct lu_arena *a, struct lu_struct *out, bool *present);

/*
 * Is REAL (a build's) laid out as MODEL says, member by member? When not,
 * BUF says the first difference.
 */
bool lu_model_same(const struct lu_struct *model, const struct lu_struct *real,
		   char *buf, size_t size);

#endif
