/* SPDX-License-Identifier: MIT */
/* trace-cc's compile through rewritten assembly (trace_cc_inline.c). */
#ifndef LINEUP_TRACE_CC_INLINE_H
#define LINEUP_TRACE_CC_INLINE_H

#include <stdbool.h>

/*
 * ARGV (ARGC of them, ARGV[0] the compiler, clang when CLANG) is
 * trace-cc's instrumented command line. Compiles it through assembly with the accesses counted
 * inline and returns the compiler's exit status; -1 when it is not a
 * compile the rewrite takes, or the rewrite failed: the caller then
 * compiles as before.
 */
int lu_trace_cc_inline(int argc, char **argv, bool clang);

#endif
