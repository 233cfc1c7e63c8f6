/* SPDX-License-Identifier: MIT */
/*
 * --kernel-asserts FILE.c for the commands that take it (check, matrix):
 * the files read before any input, a call lineup cannot read said once,
 * and every asserted struct looked for in the inputs.
 */
#ifndef LINEUP_KASSERTS_CLI_H
#define LINEUP_KASSERTS_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "kernel_asserts.h"
#include "layout.h"

/*
 * Every one of the N files of PATHS, parsed: an array of N (NULL for
 * none) or NULL with one line on stderr naming the file (exit 2). A call
 * whose bound cannot be read is a warning naming its place: it checks
 * nothing, and the others still do.
 */
struct lu_kasserts *lu_kasserts_read_all(const char *const *paths, size_t n,
					 bool *failed);
void lu_kasserts_free_all(struct lu_kasserts *ka, size_t n);

/* Every struct an assert of KA names is in some set of SETS, as a rules
 * file's must be: 0, else -1 with one line on stderr. WHERE names the
 * inputs ("any configuration"). */
int lu_kasserts_found(const struct lu_kasserts *ka, size_t n,
		      const struct lu_set *sets, size_t n_sets,
		      const char *where);

#endif
