/* SPDX-License-Identifier: MIT */
/*
 * What every format's reader is handed, and the one question it asks
 * back. lu_read() (reader.c) detects the format and calls one reader; a
 * reader fills the set's structs (members, sizes, alignment, positions)
 * and reports every struct name it meets; lu_set_finish() then adds
 * groups and variant numbers, once, for all. This sits below both the
 * dispatcher and the readers: neither calls the other back.
 */
#ifndef LINEUP_READ_CTX_H
#define LINEUP_READ_CTX_H

#include <stdbool.h>

#include "error.h"
#include "layout.h"
#include "read_opts.h"
#include "strset.h"

struct lu_read_ctx {
	const struct lu_read_opts *opts;
	struct lu_strset wanted;	/* opts->names, for O(1) lookups */
	struct lu_set *set;
	struct lu_error *err;
	const char *path;		/* the input, as the user named it */
};

/*
 * Should the struct NAME be built? Also records NAME in the set's index
 * of every struct name, which "did you mean" reads. A reader asks once per
 * definition it meets, before it spends anything on building it.
 */
bool lu_read_wants(struct lu_read_ctx *ctx, const char *name);

#endif
