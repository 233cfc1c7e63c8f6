/* SPDX-License-Identifier: MIT */
/*
 * The one walker of ar(5) archives, regular ("!<arch>\n") and GNU thin
 * ("!<thin>\n"): it checks every 60-byte header before libelf or libdwfl
 * sees the file (libdwfl skips a truncated member without a word) and
 * names the members, whose files a thin archive keeps beside itself.
 */
#ifndef LINEUP_AR_H
#define LINEUP_AR_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"

struct lu_ar_member {
	const char *name;	/* as stored; thin: a path from the archive */
	uint64_t header;	/* where its header starts in the archive */
	uint64_t size;		/* bytes of data (thin: of the member file) */
};

/*
 * Calls VISIT (NULL: only check the headers) for each member of the
 * archive open on FD (FILE_SIZE bytes), skipping the symbol and long-name
 * tables. Returns 0; -1 with ERR filled when a header is malformed or the
 * archive is truncated; or whatever nonzero VISIT returned, which stops the
 * walk (VISIT fills ERR then).
 */
int lu_ar_walk(int fd, const char *path, uint64_t file_size, bool thin,
	       int (*visit)(void *arg, const struct lu_ar_member *m),
	       void *arg, struct lu_error *err);

/* "libfoo.a(bar.o)": how errors name an archive member. */
char *lu_ar_member_label(const char *archive, const char *member);

#endif
