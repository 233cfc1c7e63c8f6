/* SPDX-License-Identifier: MIT */
/*
 * The one escaping (or refusing) function per output format. A struct,
 * member, type or file name comes from the input (DWARF, BTF, a report)
 * and may hold any byte but NUL: every writer passes it through its
 * format's function here, so a name is data and never becomes a line, a
 * section, a preprocessor directive or a terminal command.
 *
 *   text  (terminal, diagnostics, errors)  util/escape_text.c
 *   JSON and SARIF (UTF-8 only)            util/escape_text.c
 *   INI   (drafted rules files)            check/escape_ini.h
 *   C     (asserts, suggest), diff paths   model/escape_c.h
 */
#ifndef LINEUP_ESCAPE_H
#define LINEUP_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

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

#endif
