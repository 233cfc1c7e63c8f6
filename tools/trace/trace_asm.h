/* SPDX-License-Identifier: MIT */
/*
 * The atomics the instrumentation cannot see: under -fsanitize=thread
 * every atomic the compiler writes becomes a __tsan_atomic* call, so a
 * lock-prefixed instruction left in the code of an instrumented unit was
 * written in inline assembly. Found in the units (CUs) whose code touched
 * a struct, and named as a likely cause when a member its groups call hot
 * was never seen (trace_report.c).
 */
#ifndef LINEUP_TRACE_ASM_H
#define LINEUP_TRACE_ASM_H

#include "trace_map.h"
#include "trace_syms.h"

/* Fills every reported-to-be type's asm_sites in R: the locked
 * instructions of the units holding the sites that touched it. */
void lu_trace_find_asm(struct lu_trace_result *r, struct lu_trace_syms *s);

#endif
