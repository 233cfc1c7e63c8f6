/* SPDX-License-Identifier: MIT */
/*
 * The readers, one per format, as the dispatcher (reader.c) calls them.
 * Each takes ownership of its FD (closes it, also on error).
 */
#ifndef LINEUP_READ_FORMATS_H
#define LINEUP_READ_FORMATS_H

#include <stdint.h>
#include <stdio.h>

#include "read_ctx.h"

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
