/* SPDX-License-Identifier: MIT */
/* `lineup show`: layouts as text (pahole's vocabulary and more) or JSON. */
#ifndef LINEUP_SHOW_H
#define LINEUP_SHOW_H

#include <stdio.h>

#include "check.h"
#include "layout.h"
#include "rules.h"

struct lu_show_opts {
	unsigned line_size;
	bool pair;
	bool color;
	bool hex;	/* text: offsets and sizes in hexadecimal */
	unsigned jobs;	/* text: structs formatted on this many threads */
	/* --rules: each member marked with the group the checker puts it
	 * in, and RULED, check's findings under these rules, printed with
	 * the layout (show_rules.h); both NULL without */
	const struct lu_rules *rules;
	const struct lu_findings *ruled;
};

/*
 * FINDINGS (may be NULL) mark conflicting members in the text. Both return
 * 0 when everything reached OUT, or -1 with errno set (a full disk).
 */
int lu_show_text(FILE *out, const struct lu_set *set,
		 const struct lu_findings *findings,
		 const struct lu_show_opts *opts);
int lu_show_json(FILE *out, const struct lu_set *set,
		 const struct lu_show_opts *opts);

#endif
