/* SPDX-License-Identifier: MIT */
/*
 * INI escaping for drafted rules files (escape.h). A rules file has no
 * quoting: a name is written only when rules_ini.c reads it back as that
 * one name; comments carry anything else escaped as text, on one line.
 */
#include "escape_ini.h"
#include "escape.h"

#include <string.h>

#include "rules.h"

bool lu_ini_name_ok(const char *name, bool dots)
{
	size_t n = name ? strlen(name) : 0;

	return n && n <= LU_INI_NAME_MAX && lu_rules_valid_name(name, n, dots);
}

bool lu_ini_struct_name_ok(const char *name)
{
	size_t n = name ? strlen(name) : 0;

	/* a section ends at its first ']' (libinih), so none inside */
	return n && n <= LU_INI_NAME_MAX && !strchr(name, ']') &&
	       lu_rules_valid_struct_name(name);
}

size_t lu_ini_put_comment_text(FILE *out, const char *s, size_t max)
{
	char buf[256];
	size_t took = lu_text_escape(buf, max < sizeof(buf) ? max + 1
							    : sizeof(buf), s);

	fputs(buf, out);
	if (!s[took])
		return strlen(buf);
	fputs("...", out);
	return strlen(buf) + 3;
}
