/* SPDX-License-Identifier: MIT */
/*
 * Text formatted on several threads and written in order. A report of
 * every struct of a kernel is a third of `show`'s time once the input is
 * read; its items are independent, so threads format runs of them into
 * memory and the calling thread writes each run when those before it are
 * out. The bytes are those of formatting every item in turn into OUT.
 */
#ifndef LINEUP_ORDERED_OUT_H
#define LINEUP_ORDERED_OUT_H

#include <stddef.h>
#include <stdio.h>

/* Formats item I into F; reads only what every thread may read. 0, or
 * -1 with errno set. */
typedef int lu_format_item(void *ctx, FILE *f, size_t i);

/*
 * FORMAT(CTX, f, i) for i from 0 to N - 1 into OUT, on up to JOBS
 * threads. Stops early once OUT has an error (a full disk) or FORMAT
 * fails. 0 when every item was formatted, -1 with errno set when FORMAT
 * or a memory stream failed or OUT did.
 */
int lu_ordered_out(FILE *out, size_t n, unsigned jobs, lu_format_item *format,
		   void *ctx);

#endif
