/* SPDX-License-Identifier: MIT */
/*
 * One line of show's text built in memory and written in one call. A
 * kernel's BTF prints 150,000 member lines; printf parsed the same five
 * formats for each of them and was half of `show`'s time. These put the
 * same bytes: %s, %-*s (padded to a width) and %*llu (right-aligned).
 * A line longer than the buffer is cut short, as snprintf would.
 */
#ifndef LINEUP_SHOW_LINE_H
#define LINEUP_SHOW_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "layout.h"

struct show_line {
	char buf[2048];
	size_t len;
};

static inline void show_line_mem(struct show_line *l, const char *s,
				 size_t n)
{
	if (n > sizeof(l->buf) - l->len)
		n = sizeof(l->buf) - l->len;
	memcpy(l->buf + l->len, s, n);
	l->len += n;
}

static inline void show_line_str(struct show_line *l, const char *s)
{
	show_line_mem(l, s, strlen(s));
}

static inline void show_line_char(struct show_line *l, char c)
{
	if (l->len < sizeof(l->buf))
		l->buf[l->len++] = c;
}

/* Spaces until the text since FROM is WIDTH long: %-*s's padding. */
void show_line_pad(struct show_line *l, size_t from, size_t width);
/* V in decimal, right-aligned in WIDTH: %*llu. */
void show_line_udec(struct show_line *l, unsigned long long v, int width);
/* V in hex with "0x", right-aligned in WIDTH: %#*llx (0 is "0"). */
void show_line_uhex(struct show_line *l, unsigned long long v, int width);

/* V as %5llu (WIDTH 5), or with HEX as %#5llx, pahole --hex's. */
void show_line_num(struct show_line *l, bool hex, uint64_t v, int width);
/* An item's " /\* offset size *\/". */
void show_line_place(struct show_line *l, bool hex, uint64_t offset,
		     uint64_t size);
/* The cache lines an item spans: " L3" or " L3-4". */
void show_line_lines(struct show_line *l, uint64_t offset, uint64_t size,
		     unsigned line);
/* A member's declaration, its type and name in their columns at INDENT,
 * ATTR before the semicolon. */
void show_line_decl(struct show_line *l, const struct lu_member *m,
		    int indent, const char *attr);

static inline void show_line_write(struct show_line *l, FILE *out)
{
	fwrite(l->buf, 1, l->len, out);
	l->len = 0;
}

#endif
