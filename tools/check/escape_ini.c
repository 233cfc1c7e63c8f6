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

/* what rules_ini.c reads as a name, and so what a writer may write */
bool lu_rules_name_valid(const char *s, size_t n, bool dots)
{
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++) {
		char ch = s[i];

		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		      (ch >= '0' && ch <= '9') || ch == '_' ||
		      (dots && ch == '.' && i && i + 1 < n && s[i + 1] != '.')))
			return false;
	}
	return !(s[0] >= '0' && s[0] <= '9');
}

bool lu_ini_name_ok(const char *name, bool dots)
{
	size_t n = name ? strlen(name) : 0;

	return n && n <= LU_INI_NAME_MAX && lu_rules_name_valid(name, n, dots);
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
