/* SPDX-License-Identifier: MIT */
/*
 * lineup's private temporary directory for compiles (matrix, suggest):
 * made under $TMPDIR, given to the compilers as their TMPDIR, and removed
 * with whatever they left in it.
 */
#ifndef LINEUP_TMPDIR_H
#define LINEUP_TMPDIR_H

struct lu_arena;
struct lu_error;

/* $TMPDIR/PREFIX.XXXXXX (/tmp without TMPDIR), in A; NULL and ERR when
 * mkdtemp fails. */
char *lu_tmpdir_make(struct lu_arena *a, const char *prefix,
		     struct lu_error *err);

/* Removes PATH and everything below it, never following a symbolic link. */
void lu_tmpdir_remove(const char *path);

#endif
