/* SPDX-License-Identifier: MIT */
/*
 * How errors travel up: one line for the user that names the input and the
 * cause ("failed to read DWARF from foo.o: no .debug_info"), filled where
 * the failure is understood and printed once by the command.
 */
#ifndef LINEUP_ERROR_H
#define LINEUP_ERROR_H

struct lu_error {
	char msg[8192];	/* a 4 KiB name and the words around it */
};

void lu_error_set(struct lu_error *err, const char *fmt, ...)
	__attribute__((__format__(__printf__, 2, 3)));

/*
 * fprintf(stderr, FMT, ...) for lines that carry names from inputs: the
 * text is escaped as lu_error_set's is (escape.h), so it stays the lines
 * FMT has; a newline that ends FMT is kept.
 */
void lu_eprintf(const char *fmt, ...)
	__attribute__((__format__(__printf__, 1, 2)));

#endif
