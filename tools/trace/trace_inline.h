/* SPDX-License-Identifier: MIT */
/*
 * Accesses counted without a call: trace-cc's rewrite of the x86-64
 * assembly -fsanitize=thread makes (gcc's and clang's, AT&T syntax). A
 * call before a plain load or store (__tsan_read8 and the like) becomes
 * a test of the site's record in the thread's TLS: the same address in
 * the same epoch adds one to the entry the record points to, inline;
 * anything else calls the runtime's __lineup_trace_site, which records
 * the access as the callback did and fills the record
 * (runtime/trace_rt_inline.c). The call cost 4x the loop it sat in
 * (bench/trace_overhead). Sampled, a thread runs a copy of each function
 * with no test at all between bursts (trace_fast.h).
 */
#ifndef LINEUP_TRACE_INLINE_H
#define LINEUP_TRACE_INLINE_H

#include <stdbool.h>
#include <stddef.h>

/* Where the runtime's entry keeps its count (struct lt_entry). */
#define LU_TRACE_COUNT_AT 24

/*
 * The N bytes of assembly TEXT with every plain access's call rewritten,
 * malloc'd and NUL-terminated, its length in *LEN and the sites in
 * *SITES; NULL (nothing rewritten) when the text is not x86-64's in AT&T
 * syntax, already holds the rewrite's labels, or has no such call. With
 * FAST_COPIES, each function with sites gets its fast copy for sampled
 * bursts (trace_fast.h).
 */
char *lu_trace_inline_asm(const char *text, size_t n, bool fast_copies,
			  size_t *len, size_t *sites);

#endif
