/* SPDX-License-Identifier: MIT */
/*
 * The Kconfig symbols of a tree, as far as `options = auto` needs them
 * (kconfig_syms.c): each symbol's type, whether the user can set it (a
 * prompt), what selects it and its range. Read from the Kconfig files
 * themselves, following `source`: only the few keywords that say those,
 * which every Kconfig since 2.6 spells the same, so it reads Linux 6.x
 * where kconfiglib gives up. Expressions are not evaluated: a prompt
 * under `if` or `depends on` is a prompt.
 */
#ifndef LINEUP_KCONFIG_SYMS_H
#define LINEUP_KCONFIG_SYMS_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"

enum lu_ksym_type {
	LU_KSYM_UNKNOWN,
	LU_KSYM_BOOL,
	LU_KSYM_TRISTATE,
	LU_KSYM_INT,
	LU_KSYM_HEX,
	LU_KSYM_STRING,
};

struct lu_ksym {
	const char *name;	/* as .config has it: CONFIG_X */
	enum lu_ksym_type type;
	bool prompt;		/* the user can set it */
	const char *range;	/* "5 7", NULL without one */
	const char **selected_by;	/* CONFIG_ names */
	size_t n_selected_by, cap;
	const char *file;	/* where first defined, relative to the tree */
	unsigned line;
};

struct lu_ksyms {
	struct lu_ksym *syms;
	size_t n, cap;
	size_t n_files;
	/* a `source` whose file could not be read or named (a macro other
	 * than $(SRCARCH)): the first one, NULL when none */
	const char *missed;
	size_t *slot, mask;	/* by name: index + 1 */
};

/*
 * Reads TREE/Kconfig and what it sources, with $(SRCARCH) as SRCARCH,
 * into OUT (strings in A). Never fails: what it cannot read it names in
 * missed.
 */
void lu_ksyms_read(const char *tree, const char *srcarch, struct lu_arena *a,
		   struct lu_ksyms *out);
void lu_ksyms_free(struct lu_ksyms *k);
/* NAME (CONFIG_X), or NULL. */
const struct lu_ksym *lu_ksyms_find(const struct lu_ksyms *k,
				    const char *name);
/* "bool", "tristate", "int", "hex", "string" or "unknown". */
const char *lu_ksym_type_name(enum lu_ksym_type t);

#endif
