/* SPDX-License-Identifier: MIT */
/*
 * Sampled in bursts: each function trace-cc rewrites gets a fast copy,
 * the same instructions with the access calls removed and nothing put
 * in their place, beside the counting copy the program calls. The two
 * are the same program at every instruction boundary (the calls' only
 * effects were the callbacks'), so a thread may leave one for the other
 * between any two instructions:
 * - the counting copy's test of a site goes to the same access in the
 *   fast copy when the runtime says the thread's burst is over;
 * - after each call in the fast copy, a test of the thread's flag
 *   (__lineup_trace_fast) goes back to the counting copy when a burst
 *   began meanwhile;
 * - the runtime's timer, starting a burst, moves a thread found in a
 *   fast copy to the same instruction of the counting one, by the pairs
 *   (fast, counting) this writes for every instruction into the section
 *   lineup_trace_pcmap (runtime/trace_rt_burst.c).
 * Labels the function defines are renamed in the copy, so both assemble
 * side by side; a label it uses but does not define stays, and a jump
 * there (clang's jump tables, after the function) lands in the counting
 * copy, which is the same program. Not copied: a function whose
 * exception table is not within its text (clang puts it after), whose
 * name needs quotes, or whose section is not known; its sites keep the
 * countdown (LU_TRACE_SITE_FAST not set).
 */
#ifndef LINEUP_TRACE_FAST_H
#define LINEUP_TRACE_FAST_H

#include <stddef.h>

#include "trace_inline_parts.h"

/* Numbers given so far in the unit: sites (their TLS records) and
 * instruction pairs (their labels). */
struct lu_trace_numbers {
	size_t sites, pairs;
};

/* A function's place in the unit's assembly. */
struct lu_trace_function {
	const char *name;	/* as `.type NAME, @function` spells it */
	size_t name_len;
	/* the arguments of the `.section` its label is in (".text" for
	 * .text), NULL when not known */
	const char *section;
	size_t section_len;
};

/*
 * The function F whose label line starts at P, rewritten into O with
 * its fast copy when it can have one (COPY false: never). The end of its
 * text (after its `.size` and its `.cfi_endproc`, and clang's exception
 * table after them), or NULL, with O untouched, when [P, END) does not
 * hold that end. *APP: within inline assembly (#APP) at P, and at the
 * end; its calls are the programmer's, not rewritten.
 */
const char *lu_trace_function(struct lu_asm_out *o, const char *p,
			      const char *end,
			      const struct lu_trace_function *f, bool copy,
			      struct lu_trace_numbers *n, bool *app);

#endif
