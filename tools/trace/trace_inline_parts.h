/* SPDX-License-Identifier: MIT */
/*
 * What trace_inline.c (the rewrite of a unit's assembly) and
 * trace_fast.c (a function's copy without its counts) share: the growing
 * output, the access calls the compiler put, and the test each becomes.
 * Internal to the two.
 */
#ifndef LINEUP_TRACE_INLINE_PARTS_H
#define LINEUP_TRACE_INLINE_PARTS_H

#include <stdbool.h>
#include <stddef.h>

/* The rewrite's labels: a text that holds them is not rewritten again. */
#define LU_TRACE_LABEL ".Llu_trace_"

/* A site whose function has a fast copy (INFO's bit, as
 * runtime/trace_rt_inline.c reads it): the runtime may send it there. */
#define LU_TRACE_SITE_FAST (1u << 16)

/* The growing output; out of memory aborts, as the compile cannot go on. */
struct lu_asm_out {
	char *p;
	size_t len, cap;
};

void lu_asm_put(struct lu_asm_out *o, const char *s, size_t n);
void lu_asm_puts(struct lu_asm_out *o, const char *s);
void lu_asm_putf(struct lu_asm_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* P past the blanks of [P, E). */
const char *lu_asm_blanks(const char *p, const char *e);

/* Is the line [B, E) the directive NAME (".section")? Its arguments, past
 * their blanks, in *ARGS when ARGS is not NULL. */
bool lu_asm_directive(const char *b, const char *e, const char *name,
		      const char **args);

/* Is the line [P, E) WHAT, blanks (and a CR) aside? */
bool lu_asm_line_is(const char *p, const char *e, const char *what);

/* The line [P, END) as "call[q] __tsan_<stem><size>[@PLT]" with nothing
 * after but blanks or a comment: its INFO (size | kind << 8), else 0. */
unsigned lu_trace_access_call(const char *p, const char *end);

/* Site K's test in place of its call (INFO as lu_trace_access_call gives
 * it). FAST, when not 0, is the pair label (trace_fast.c) the runtime's
 * answer sends the thread to: the same access in the function's fast
 * copy. */
void lu_trace_put_site(struct lu_asm_out *o, size_t k, unsigned info,
		       size_t fast);

#endif
