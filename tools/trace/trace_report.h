/* SPDX-License-Identifier: MIT */
/*
 * `lineup trace` output: per struct, each member the program touched with
 * the threads and code sites that stored and loaded it, then the
 * false-sharing verdicts as compiler-style diagnostics (text), or the
 * same as JSON (doc/json.md). And the evidence as c2c's map, so the one
 * rules drafter (c2c_rules.c) writes the draft.
 */
#ifndef LINEUP_TRACE_REPORT_H
#define LINEUP_TRACE_REPORT_H

#include <stdio.h>

#include "c2c_map.h"
#include "trace_map.h"

struct lu_trace_out {
	const char *program;
	int status;		/* the program's exit status, or -signal */
	const struct lu_trace *trace;
	const struct lu_trace_result *r;
	bool all;		/* --struct given: every named type, shared or not */
	double seconds;		/* the run's wall time */
};

int lu_trace_print_text(FILE *out, const struct lu_trace_out *o);
int lu_trace_print_json(FILE *out, const struct lu_trace_out *o);

/* How many members of the reported types a marker group calls hot were
 * never stored (write) or loaded (read) by the threads that ran. */
size_t lu_trace_unseen_hot(const struct lu_trace_out *o);

/* Should TY be reported (and drafted)? */
bool lu_trace_type_reported(const struct lu_trace_out *o,
			    const struct lu_trace_type *ty);

/*
 * TY's evidence as a c2c map for lu_c2c_rules_print: the members of its
 * falsely shared lines, or, when it has none (a fixed layout), the members
 * that would be if they met (stored by one thread while another loads a
 * member next to it), so the draft guards the fix. Free with
 * lu_c2c_map_free. False when there is nothing to draft.
 */
bool lu_trace_draft_map(const struct lu_trace_result *r,
			const struct lu_trace_type *ty, struct lu_c2c_map *m);

#endif
