/* SPDX-License-Identifier: MIT */
/*
 * The architecture dimension of a [matrix] (`arch = x86_64 arm`): an
 * option named ARCH whose values are architectures, so configurations,
 * covering arrays and conditions name it as any option (`ARCH=arm &&
 * CONFIG_SMP=y`). What builds each architecture is decided here once:
 * Debian's cross compiler for it (or `cross[A] = PREFIX`, or clang with
 * --target), the kernel's ARCH= and CROSS_COMPILE=, and the base
 * configuration (`base[A]`).
 */
#ifndef LINEUP_MATRIX_ARCH_H
#define LINEUP_MATRIX_ARCH_H

#include <stdbool.h>
#include <stddef.h>

struct lu_error;
struct lu_matrix;
struct lu_matrix_rules;

/* Per architecture of `arch =`, in its order (the ARCH option's values). */
struct lu_arch {
	size_t n;
	const char **name;	/* as `arch =` names it */
	const char **karch;	/* the kernel's ARCH= */
	const char **prefix;	/* its CROSS_COMPILE ("" for the host's) */
	const char **base;	/* base[A], or NULL */
	const char **make_cc;	/* "CC=..." for a Kconfig make, or NULL */
	const char **command;	/* a compile matrix's command, or NULL */
	bool llvm;		/* LLVM=1 in the environment: clang builds */
};

/*
 * Reads MX's `arch`, `cross[A]` and `base[A]` into MX->arch (NULL without
 * `arch`), checks every architecture's compiler is there and, for a
 * compile matrix, makes each one's command from MX->command. -1 with ERR
 * naming the rules file's line (and, for a missing compiler, the Debian
 * package to install) before any build starts.
 */
int lu_arch_setup(struct lu_matrix *mx, struct lu_error *err);

/* M's ARCH option, its index into *INDEX (when not NULL); NULL without
 * `arch =`. */
struct lu_matrix_option;
const struct lu_matrix_option *lu_arch_option(const struct lu_matrix_rules *m,
					       size_t *index);

/* The architecture (an index into lu_arch) of ROW of M; 0 without one. */
size_t lu_arch_of(const struct lu_matrix_rules *m, const unsigned char *row);

/* The compile command for ROW of M: its architecture's, or MX's own. */
const char *lu_arch_command(const struct lu_matrix *mx,
			    const struct lu_matrix_rules *m,
			    const unsigned char *row);

/*
 * The words a Kconfig make takes for architecture A (ARCH=, CROSS_COMPILE=
 * and CC= when the environment's CC says how to launch the compiler), in
 * WORDS (room for 3); returns how many. None without `arch`.
 */
size_t lu_arch_make_words(struct lu_matrix *mx, size_t a,
			  const char **words);

/*
 * Whether each configuration in FAILING fails on every architecture of
 * the sweep and each other passes on all of them: the answer is the same
 * on every architecture. False without `arch`, with one architecture, or
 * when some configuration was not tried on every one (a covering array).
 */
bool lu_arch_same_everywhere(const struct lu_matrix *mx, const bool *failing);

/*
 * COND for a report: ", on every architecture" added when the
 * configurations IN are the same on each (lu_arch_same_everywhere), COND
 * itself otherwise (and NULL stays NULL).
 */
const char *lu_arch_note(struct lu_matrix *mx, const char *cond,
			 const bool *in);

/* JSON: OBJ's "every_arch" for the configurations IN (and, for the
 * ROOT, its "architectures"); nothing without `arch =`. */
struct json_t;
void lu_arch_json(const struct lu_matrix *mx, struct json_t *obj,
		  const bool *in, bool root);
/* JSON: configuration C's "arch". */
void lu_arch_config_json(const struct lu_matrix *mx, struct json_t *obj,
			 size_t c);

#endif
