/* SPDX-License-Identifier: MIT */
/* What a caller asks of a read: which structs, how deep, which format. */
#ifndef LINEUP_READ_OPTS_H
#define LINEUP_READ_OPTS_H

#include <stdbool.h>
#include <stddef.h>

struct lu_read_opts {
	const char *const *names;	/* wanted struct tags; none: all */
	size_t n_names;
	unsigned expand_depth;	/* expand named nested members this deep */
	bool marked;		/* also every struct with group markers */
	bool pahole_text;	/* read the file as pahole --hex text */
	/* --line-size: 0 takes the ELF machine's, else 64 */
	unsigned line_size;
	/* threads reading DWARF units; 0 or 1: this one */
	unsigned jobs;
	/* DWARF: walk every top-level DIE even when names are asked
	 * (LINEUP_DWARF_WALK=full; the index's tests compare both) */
	bool full_walk;
};

#endif
