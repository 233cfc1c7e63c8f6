/* SPDX-License-Identifier: MIT */
/* A unit's file names from its line table's header; see dwarf_files.c. */
#ifndef LINEUP_DWARF_FILES_H
#define LINEUP_DWARF_FILES_H

#include <elfutils/libdw.h>
#include <libelf.h>
#include <stdbool.h>
#include <stdint.h>

struct lu_dw_file_entry {
	const char *name;	/* in the section, or libdw's string */
	uint64_t dir;
};

/* One unit's table at a time, its arrays reused from unit to unit. */
struct lu_dw_files {
	Dwarf *dw;		/* the file whose sections follow */
	bool sections_ok;
	bool swap;		/* its byte order is not the host's */
	Elf_Data *line, *line_str, *str;
	Dwarf_CU *cu;		/* the unit read last, NULL before */
	bool ok;		/* its table was read here */
	bool has_table;		/* it has a line table */
	bool from_one;		/* DWARF 2-4: entry i is file i + 1 */
	struct lu_dw_file_entry *files;
	size_t n_files, cap_files;
	const char **dirs;
	size_t n_dirs, cap_dirs;
	char *text;		/* the last name composed */
	size_t cap_text;
};

/*
 * The name of file IDX (DW_AT_decl_file) of unit CU, exactly as libdw's
 * dwarf_getsrcfiles and dwarf_filesrc give it ("dir/name"), or NULL when
 * the unit has no such file. The text lasts until the next call. Sets
 * *LIBDW when this unit's table is one to ask libdw for instead (split
 * units, a header this reader does not know); *LIBDW stays false else.
 */
const char *lu_dw_file_name(struct lu_dw_files *t, Dwarf_CU *cu,
			    uint64_t idx, bool *libdw);
void lu_dw_files_free(struct lu_dw_files *t);

#endif
