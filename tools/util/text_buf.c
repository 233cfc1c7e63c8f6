/* SPDX-License-Identifier: MIT */
/* A sentence built into a caller's fixed buffer (text_buf.h). */
#include "text_buf.h"

#include <stdarg.h>
#include <stdio.h>

void lu_text_put(struct lu_text_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->len + 1 >= b->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->p + b->len, b->size - b->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
	if (b->len >= b->size)
		b->len = b->size - 1;
}
