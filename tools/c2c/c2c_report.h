/* SPDX-License-Identifier: MIT */
/*
 * `lineup c2c` output: per contended line, the struct bytes it covers and
 * each member hit with its code sites and shares (text reads like perf
 * and a compiler together), or JSON (doc/json.md). They print, decide
 * nothing: the map says which lines show false sharing.
 */
#ifndef LINEUP_C2C_REPORT_H
#define LINEUP_C2C_REPORT_H

#include <stdio.h>

#include "c2c_map.h"
#include "layout.h"

struct lu_c2c_out {
	const struct lu_set *set;	/* the layouts' input */
	const struct lu_struct *s;
	const char *report_path;
	const struct lu_c2c_report *report;
	const struct lu_c2c_map *map;
	bool has_base;
	uint64_t base;
	bool hex;	/* --hex: offsets and sizes (addresses are hex anyway) */
};

/* Both return 0 when everything reached OUT, else -1 with errno. */
int lu_c2c_print_text(FILE *out, const struct lu_c2c_out *o);
int lu_c2c_print_json(FILE *out, const struct lu_c2c_out *o);

#endif
