/* SPDX-License-Identifier: MIT */
/*
 * The one escaping (or refusing) function per output format. A struct,
 * member, type or file name comes from the input (DWARF, BTF, a report)
 * and may hold any byte but NUL: every writer passes it through its
 * format's function here, so a name is data and never becomes a line, a
 * section, a preprocessor directive or a terminal command.
 *
 *   text  (terminal, diagnostics, errors)  escape_text.c
 *   JSON and SARIF (UTF-8 only)            escape_text.c (lu_json_text)
 *   INI   (drafted rules files)            escape_ini.c
 *   C     (asserts, suggest)               escape_c.c
 *   diff  (suggest's patches)              escape_c.c (lu_diff_path_ok)
 */
#ifndef LINEUP_ESCAPE_H
#define LINEUP_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct lu_struct;
struct lu_error;

/* ---- text --------------------------------------------------------------- */

/*
 * Writes S to OUT as text a terminal shows and cannot obey: control
 * characters (C0, DEL, C1) and bytes that are not UTF-8 as \n, \t, \r or
 * \xNN, so a name can neither colour the terminal nor start a line.
 */
void lu_text_put_escaped(FILE *out, const char *s);

/* The same into BUF (always terminated, cut short when full, never
 * inside an escape); returns how many bytes of S it took: S was cut
 * when S[that] is not '\0'. */
size_t lu_text_escape(char *buf, size_t size, const char *s);

/* Does S need lu_text_put_escaped (anything but plain printable text)? */
bool lu_text_needs_escape(const char *s);

/* ---- JSON, SARIF ---------------------------------------------------------- */

/*
 * S as a jansson string that always exists: JSON holds only UTF-8, so a
 * byte that is not UTF-8 is written as the text \xNN (and a backslash
 * that already spelled that as \\x), never dropped. NULL gives null.
 */
struct json_t;
struct json_t *lu_json_text(const char *s);

/* PATH as a SARIF artifact URI reference (RFC 3986): bytes outside
 * printable ASCII, and those a URI gives a meaning (%, #, ?, spaces and
 * the like), percent-encoded. */
struct json_t *lu_sarif_uri(const char *path);

/* S as valid UTF-8 text, bytes that are not UTF-8 as \xNN: a malloc'd
 * copy, or NULL when S already is UTF-8 (use S). */
char *lu_utf8_marked(const char *s);

/* ---- INI ---------------------------------------------------------------- */

/* rules_ini.c refuses lines past 198 characters: a drafted name leaves
 * room for its key */
#ifndef LU_INI_NAME_MAX
#define LU_INI_NAME_MAX 160
#endif

/* Does NAME read back from a rules file as the one name it is (a member,
 * dotted for nested ones when DOTS, or a struct tag)? Others are refused
 * by the writers, which say so in a comment. */
bool lu_ini_name_ok(const char *name, bool dots);

/* Writes S into a `#` comment: escaped as text is, at most MAX (< 256)
 * bytes of it (then "..."), so the comment stays one line rules_ini.c
 * reads; returns the bytes written. */
size_t lu_ini_put_comment_text(FILE *out, const char *s, size_t max);

/* ---- C and diff ------------------------------------------------------------ */

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

/* Can PATH be a diff's ---/+++ file name (no control character, no
 * whitespace patch would cut it at)? */
bool lu_diff_path_ok(const char *path);

#endif
