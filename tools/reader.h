/* SPDX-License-Identifier: MIT */
/*
 * Readers turn an input file into a lu_set. lu_read() looks at the file's
 * first bytes and picks the reader; each reader knows one format only.
 */
#ifndef LINEUP_READER_H
#define LINEUP_READER_H

#include <stdio.h>

#include "layout.h"
#include "strset.h"

/* One line that names the input and the cause, for the user. */
struct lu_error {
	char msg[1024];
};

void lu_error_set(struct lu_error *err, const char *fmt, ...)
	__attribute__((__format__(__printf__, 2, 3)));

struct lu_read_opts {
	const char *const *names;	/* wanted struct tags; none: all */
	size_t n_names;
	unsigned expand_depth;	/* expand named nested members this deep */
	bool marked;		/* also every struct with group markers */
	bool allow_missing;	/* a wanted name may be absent */
	struct lu_strset *seen_names;	/* when set: collect, build nothing */
};

/* Does a member name open a lineup or kernel group? */
bool lu_is_begin_marker_name(const char *name);

/* 0 on success; -1 with err filled. PATH "-" reads pahole text on stdin. */
int lu_read(const char *path, const struct lu_read_opts *opts,
	    struct lu_set *set, struct lu_error *err);

int lu_read_dwarf(int fd, const char *path, const struct lu_read_opts *opts,
		  struct lu_set *set, struct lu_error *err);
/* Several ELF files read as one input (a thin archive's members). */
struct lu_dwarf_file {
	int fd;
	const char *name;
};
int lu_read_dwarf_files(const struct lu_dwarf_file *files, size_t n,
			const char *path, bool is_archive,
			const struct lu_read_opts *opts, struct lu_set *set,
			struct lu_error *err);
/* A GNU thin archive: members are files next to it, read from there. */
int lu_read_thin_archive(int fd, const char *path,
			 const struct lu_read_opts *opts, struct lu_set *set,
			 struct lu_error *err);
int lu_read_btf(const char *path, const struct lu_read_opts *opts,
		struct lu_set *set, struct lu_error *err);
int lu_read_pahole(FILE *in, const char *path, const struct lu_read_opts *opts,
		   struct lu_set *set, struct lu_error *err);

/* Shared by readers: is NAME one of the wanted structs? */
bool lu_opts_wants(const struct lu_read_opts *opts, const char *name);

/*
 * Adds the name of every struct in SET's input to NAMES: by a names-only
 * rescan when the input can be read again, else (stdin) from SET itself.
 * For "did you mean" on the error path, where a rescan costs nothing.
 */
void lu_struct_names(const struct lu_set *set, bool rereadable,
		     struct lu_strset *names);

/*
 * The closest of CANDIDATES to NAME (edit distance, or containment), NULL
 * when none is close enough to be a plausible typo.
 */
const char *lu_closest_name(const char *name, const struct lu_strset *candidates);

#endif
