/* SPDX-License-Identifier: MIT */
/* A sentence built into a caller's fixed buffer, cut short when full. */
#ifndef LINEUP_TEXT_BUF_H
#define LINEUP_TEXT_BUF_H

#include <stdbool.h>
#include <stddef.h>

struct lu_text_buf {
	char *p;
	size_t size, len;	/* size > 0; p[len] is always '\0' */
};

/* Appends printf-style; a message longer than the buffer is truncated,
 * which reports prefer to failing on a name of unusual length. */
void lu_text_put(struct lu_text_buf *b, const char *fmt, ...)
	__attribute__((__format__(__printf__, 2, 3)));

/*
 * An offset or a size as pahole prints it: decimal, or with --hex "0x"
 * and hex digits. By value, so that a caller writes lu_num(v, hex).s as
 * a printf argument (the array lives to the end of the full expression).
 */
struct lu_num {
	char s[24];
};
struct lu_num lu_num(unsigned long long v, bool hex);
/* A difference, always signed: "+56", "-64"; with --hex "+0x38". */
struct lu_num lu_num_signed(long long v, bool hex);

#endif
