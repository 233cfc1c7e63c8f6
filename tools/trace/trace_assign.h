/* SPDX-License-Identifier: MIT */
/*
 * Heap objects typed through what they are assigned to: `gp = calloc(1,
 * sizeof *gp)` into a global or static pointer, `h.conn = malloc(...)`
 * into a global struct's pointer member. The allocating function has no
 * variable of the type then, but the store of the pointer right after the
 * call lands on a slot whose DWARF type says what it points to. The
 * runtime records a thread's next access after every allocation whatever
 * --sample says (trace_rt.c), so that store is in the trace.
 */
#ifndef LINEUP_TRACE_ASSIGN_H
#define LINEUP_TRACE_ASSIGN_H

#include <stddef.h>
#include <stdint.h>

#include "trace_file.h"
#include "trace_syms.h"

struct lu_trace_assign;

/* The stores of T onto SY's pointer slots, once. Free with
 * lu_trace_assign_free. */
struct lu_trace_assign *lu_trace_assign_new(const struct lu_trace *t,
					    struct lu_trace_syms *sy);
void lu_trace_assign_free(struct lu_trace_assign *as);

/*
 * The struct A's pointer was stored into: a store by the allocating
 * thread, from the allocating function, on the allocating line or just
 * after the call, onto a slot of a struct A's size fits. NULL when none,
 * or two types. WANTED, when given, limits the types (as
 * lu_trace_syms_alloc_type's).
 */
const char *lu_trace_assign_type(struct lu_trace_assign *as,
				 struct lu_trace_syms *sy,
				 const struct lu_trace_alloc *a,
				 const char *const *wanted, size_t n_wanted,
				 uint64_t *elem_size);

#endif
