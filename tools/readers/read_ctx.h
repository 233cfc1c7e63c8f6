/* SPDX-License-Identifier: MIT */
/*
 * What the readers share and nothing else sees. lu_read() detects the
 * format and calls one reader; a reader fills the set's structs (members,
 * sizes, alignment, positions) and reports every struct name it meets;
 * lu_set_finish() then adds groups and variant numbers, once, for all.
 */
#ifndef LINEUP_READ_INTERNAL_H
#define LINEUP_READ_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "reader.h"
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

/* The readers. Each takes ownership of FD (closes it, also on error). */
int lu_read_dwarf(struct lu_read_ctx *ctx, int fd);
int lu_read_thin_archive(struct lu_read_ctx *ctx, int fd, uint64_t size);
int lu_read_btf(struct lu_read_ctx *ctx);
int lu_read_pahole(struct lu_read_ctx *ctx, FILE *in);

/* Several ELF files read as one input (a thin archive's members). */
struct lu_dwarf_file {
	int fd;
	const char *name;
};
int lu_read_dwarf_files(struct lu_read_ctx *ctx,
			const struct lu_dwarf_file *files, size_t n,
			bool is_archive);

#endif
