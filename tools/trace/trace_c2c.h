/* SPDX-License-Identifier: MIT */
/*
 * A saved trace as one more report for `lineup c2c`: the accesses that
 * make the false-sharing evidence of struct S (a member stored by one
 * thread while other threads access its neighbours concurrently) become
 * type-offset rows, as perf's data-type profiling gives them, so the whole
 * c2c path (map, draft, check, suggest, matrix) runs from a trace
 * unchanged. Counts are what was recorded, sites are the program's code.
 */
#ifndef LINEUP_TRACE_C2C_H
#define LINEUP_TRACE_C2C_H

#include <stddef.h>

#include "c2c_parse.h"
#include "error.h"
#include "layout.h"

/*
 * Fills R (lu_c2c_report_free frees it) from the trace TEXT saved at
 * PATH, whose program's layouts are SET (the c2c FILE), for struct S.
 * -1 with ERR when the trace or the program cannot be read.
 */
int lu_trace_c2c_report(const char *path, const char *text, size_t len,
			const struct lu_set *set, const struct lu_struct *s,
			struct lu_c2c_report *r, struct lu_error *err);

#endif
