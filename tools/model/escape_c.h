/* SPDX-License-Identifier: MIT */
/* C and diff escaping for generated C: see escape.h for the others. */
#ifndef LINEUP_ESCAPE_C_H
#define LINEUP_ESCAPE_C_H

#include <stdbool.h>

struct lu_struct;
struct lu_error;

/* Is NAME a C identifier (what a member or tag must be in generated C)? */
bool lu_c_ident_ok(const char *name);

/* Is TYPE a spelling generated C may carry (identifiers, digits, spaces
 * and * [ ] ( ) { } , : < > &), never a comment, string or directive? */
bool lu_c_type_ok(const char *type);

/*
 * Refuses (-1, ERR names the struct and the name) a struct whose tag,
 * members, member types or groups C cannot carry: generated C (asserts,
 * suggest) writes only structs that pass. WHAT names the command.
 */
int lu_c_struct_writable(const struct lu_struct *s, const char *what,
			 struct lu_error *err);

/* Can PATH be a diff's ---/+++ file name (no tab or newline patch would
 * cut it at, nothing a terminal would obey: lu_text_needs_escape)? */
bool lu_diff_path_ok(const char *path);

#endif
