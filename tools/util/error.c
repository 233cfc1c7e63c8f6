/* SPDX-License-Identifier: MIT */
/* The one-line error every layer fills and every command prints. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

void lu_error_set(struct lu_error *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
}
