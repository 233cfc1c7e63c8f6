/* SPDX-License-Identifier: MIT */
/* The one wording of a command line that lacks or has too much. */
#include <stdarg.h>
#include <stdio.h>

#include "cli.h"

int lu_usage_error(const char *cmd, const char *usage, const char *why, ...)
{
	va_list ap;

	fprintf(stderr, "lineup %s: ", cmd);
	va_start(ap, why);
	vfprintf(stderr, why, ap);
	va_end(ap);
	fprintf(stderr, "; usage: %s\n", usage);
	return LU_EXIT_USAGE;
}
