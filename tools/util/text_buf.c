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

struct lu_num lu_num(unsigned long long v, bool hex)
{
	struct lu_num n;

	snprintf(n.s, sizeof(n.s), hex ? "%#llx" : "%llu", v);
	return n;
}

struct lu_num lu_num_signed(long long v, bool hex)
{
	struct lu_num n;
	unsigned long long a = v < 0 ? 0 - (unsigned long long)v
				     : (unsigned long long)v;

	snprintf(n.s, sizeof(n.s), hex ? "%c%#llx" : "%c%llu",
		 v < 0 ? '-' : '+', a);
	return n;
}
