/* SPDX-License-Identifier: MIT */
/*
 * An output file replaced all at once: written to PATH.tmp.XXXXXX in the
 * same directory, then renamed over PATH. Only a regular file (or none) is
 * replaced: a FIFO, a device or a directory at PATH is refused with one
 * line, never turned into a regular file. SIGINT, SIGTERM and SIGHUP are
 * held while the temporary exists (interrupt.h): the temporary goes, then
 * lineup dies of the signal, so none is ever left behind.
 */
#ifndef LINEUP_ATOMIC_OUT_H
#define LINEUP_ATOMIC_OUT_H

#include <stdio.h>

#include "error.h"
#include "interrupt.h"

struct lu_atomic_out {
	const char *path;
	char *tmp;		/* the temporary's name, malloc'd */
	FILE *f;		/* write here between open and commit */
	struct lu_interrupt in;
};

/* Opens the temporary for PATH; 0, or -1 with ERR naming PATH. */
int lu_atomic_open(struct lu_atomic_out *o, const char *path,
		   struct lu_error *err);
/*
 * Flushes, syncs and renames over PATH; 0, or -1 with ERR set (the
 * temporary removed). A signal that came meanwhile removes the temporary
 * and kills lineup with it instead.
 */
int lu_atomic_commit(struct lu_atomic_out *o, struct lu_error *err);
/* Removes the temporary (after a failed write); then as commit does for
 * a signal that came meanwhile. */
void lu_atomic_abandon(struct lu_atomic_out *o);

#endif
