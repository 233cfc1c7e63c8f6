/* SPDX-License-Identifier: MIT */
/*
 * The reader boundary: one call turns an input file into a lu_set. The
 * format is detected from the file's first bytes (ELF with DWARF or .BTF,
 * ar and thin archives, raw BTF, pahole text); pahole text can also be
 * asked for. The set comes back finished: groups found, definitions of one
 * name numbered, every struct name of the input indexed.
 */
#ifndef LINEUP_READER_H
#define LINEUP_READER_H

#include "error.h"
#include "layout.h"

struct lu_read_opts {
	const char *const *names;	/* wanted struct tags; none: all */
	size_t n_names;
	unsigned expand_depth;	/* expand named nested members this deep */
	bool marked;		/* also every struct with group markers */
	bool pahole_text;	/* read the file as pahole --hex text */
	/* --line-size: 0 takes the ELF machine's, else 64 */
	unsigned line_size;
};

/*
 * Reads PATH ("-": pahole text on stdin) into SET, which the caller has
 * set up with lu_set_init(). 0 on success; -1 with ERR naming the input
 * and the cause. Wanted names that are absent are not an error here:
 * lu_set_find() says NULL and lu_set_closest() offers the nearest name.
 */
int lu_read(const char *path, const struct lu_read_opts *opts,
	    struct lu_set *set, struct lu_error *err);

#endif
