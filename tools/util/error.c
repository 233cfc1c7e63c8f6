/* SPDX-License-Identifier: MIT */
/* The one-line error every layer fills and every command prints. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"

void lu_error_set(struct lu_error *err, const char *fmt, ...)
{
	char raw[sizeof(err->msg)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	/* the names in it come from inputs: the line stays one line */
	lu_text_escape(err->msg, sizeof(err->msg), raw);
}

void lu_eprintf(const char *fmt, ...)
{
	char raw[2048], shown[4 * sizeof(raw)];
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	n = strlen(raw);
	if (n && raw[n - 1] == '\n')
		raw[--n] = '\0';
	lu_text_escape(shown, sizeof(shown), raw);
	fprintf(stderr, "%s\n", shown);
}
