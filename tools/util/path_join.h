/* SPDX-License-Identifier: MIT */
/* A declaration's file as a path that resolves; see path_join.c. */
#ifndef LINEUP_PATH_JOIN_H
#define LINEUP_PATH_JOIN_H

#include <stddef.h>

/*
 * NAME (a line table's "dir/name") joined with the unit's DW_AT_comp_dir
 * COMP_DIR when NAME is relative, "." and ".." folded, into BUF. Returns
 * BUF, or NAME itself when it is absolute, COMP_DIR is NULL or the result
 * does not fit.
 */
const char *lu_path_join(const char *comp_dir, const char *name,
			    char *buf, size_t size);

/* PATH relative to the directory CWD when under it, else PATH. */
const char *lu_path_under(const char *path, const char *cwd);
/* The same under the current directory, as compilers print paths; NULL
 * stays NULL. */
const char *lu_display_path(const char *path);

#endif
