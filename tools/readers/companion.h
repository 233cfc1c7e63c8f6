/* SPDX-License-Identifier: MIT */
/*
 * Files an object names and libdw opens by itself, with a blocking
 * open(2) and no check of what they are: the .dwo files of split DWARF
 * (-gsplit-dwarf), named by each skeleton unit, and dwz's common file,
 * named by .gnu_debugaltlink. These helpers find the paths libdw will
 * try, in its order, refuse what would block it (a FIFO) or feed it an
 * endless stream (a device), and say why a .dwo was not found.
 */
#ifndef LINEUP_COMPANION_H
#define LINEUP_COMPANION_H

#include <elfutils/libdw.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

/*
 * The directory libdw resolves relative names against: the one holding
 * FILE once symlinks are resolved, with a trailing '/'. NULL when FILE
 * has no such path (a memfd), as for libdw. The caller frees it.
 */
char *lu_companion_dir(const char *file);

struct lu_dwo {
	const char *name;	/* DW_AT_dwo_name as the skeleton has it */
	uint64_t id;		/* the dwo_id both units carry */
	char *paths[2];		/* where libdw looks, in its order */
	size_t n_paths;
};

/*
 * The .dwo of the skeleton unit SKEL (of unit CU), and the paths libdw
 * tries for it from DIR (lu_companion_dir of the object). Then refuses,
 * with ERR naming LABEL, a skeleton without a .dwo name and a path that
 * holds anything but a regular file. 0, or -1 with ERR set; either way
 * lu_dwo_free(DWO) after.
 */
int lu_dwo_find(struct lu_dwo *dwo, Dwarf_CU *cu, Dwarf_Die *skel,
		const char *dir, const char *label, struct lu_error *err);

/* The path libdw opened once it found the split unit (for messages). */
const char *lu_dwo_path(const struct lu_dwo *dwo);

/* ERR: why libdw found no split unit for LABEL's skeleton, in one line. */
void lu_dwo_missing(const struct lu_dwo *dwo, const char *label,
		    struct lu_error *err);

void lu_dwo_free(struct lu_dwo *dwo);

/*
 * Refuses, with ERR naming LABEL, the dwz file that DW (read from FILE)
 * names in .gnu_debugaltlink when it is missing (its names would read as
 * none) or is not a regular file. 0 when DW names none, or it is fine.
 */
int lu_altlink_check(Dwarf *dw, const char *file, const char *label,
		     struct lu_error *err);

#endif
