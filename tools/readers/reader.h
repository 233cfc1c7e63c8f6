/* SPDX-License-Identifier: MIT */
/*
 * The reader boundary: one call turns an input file into a lu_set. The
 * format is detected from the file's first bytes (ELF with DWARF or .BTF,
 * ar and thin archives, raw BTF, pahole text); pahole text can also be
 * asked for. The set comes back finished: groups found, definitions of one
 * name numbered, every struct name of the input indexed.
 */
#ifndef LINEUP_READER_H
#define LINEUP_READER_H

#include "error.h"
#include "layout.h"
#include "read_opts.h"


/*
 * Reads PATH ("-": pahole text on stdin) into SET, which the caller has
 * set up with lu_set_init(). 0 on success; -1 with ERR naming the input
 * and the cause. Wanted names that are absent are not an error here:
 * lu_set_find() says NULL and lu_set_closest() offers the nearest name.
 */
int lu_read(const char *path, const struct lu_read_opts *opts,
	    struct lu_set *set, struct lu_error *err);

#endif
