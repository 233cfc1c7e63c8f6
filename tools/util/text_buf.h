/* SPDX-License-Identifier: MIT */
/* A sentence built into a caller's fixed buffer, cut short when full. */
#ifndef LINEUP_TEXT_BUF_H
#define LINEUP_TEXT_BUF_H

#include <stddef.h>

struct lu_text_buf {
	char *p;
	size_t size, len;	/* size > 0; p[len] is always '\0' */
};

/* Appends printf-style; a message longer than the buffer is truncated,
 * which reports prefer to failing on a name of unusual length. */
void lu_text_put(struct lu_text_buf *b, const char *fmt, ...)
	__attribute__((__format__(__printf__, 2, 3)));

#endif
