/* SPDX-License-Identifier: MIT */
/* INI escaping for drafted rules files: see escape.h for the others. */
#ifndef LINEUP_ESCAPE_INI_H
#define LINEUP_ESCAPE_INI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* rules_ini.c reads names of any length; a drafted rules file (c2c,
 * trace) keeps to names of a line's width and leaves a longer one out, in
 * a comment */
#ifndef LU_INI_NAME_MAX
#define LU_INI_NAME_MAX 160
#endif

/* Does NAME read back from a rules file as the one name it is (a member,
 * dotted for nested ones when DOTS, or a group)? Others are refused by
 * the writers, which say so in a comment. */
bool lu_ini_name_ok(const char *name, bool dots);
/* The same for a section's struct name: C's, or C++'s as the compiler
 * spells it ("ns::Ring<long int, 4>"), as rules_ini.c reads it back. */
bool lu_ini_struct_name_ok(const char *name);

/* Writes S into a `#` comment: escaped as text is, at most MAX (< 256)
 * bytes of it (then "..."), so the comment stays one line rules_ini.c
 * reads; returns the bytes written. */
size_t lu_ini_put_comment_text(FILE *out, const char *s, size_t max);

#endif
