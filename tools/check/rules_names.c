/* SPDX-License-Identifier: MIT */
/* The names a rules file may write (rules.h): members, groups, structs. */
#include "rules.h"

#include <string.h>

bool lu_rules_valid_name(const char *s, size_t n, bool dots)
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

/*
 * A struct name as C spells it, or a C++ one as the compiler spells it:
 * scopes and template arguments ("ns::Ring<long int, 4>",
 * "Outer<int>::Block"), brackets balanced.
 */
bool lu_rules_valid_struct_name(const char *s)
{
	int angle = 0, paren = 0;
	size_t n = strlen(s);

	if (lu_rules_valid_name(s, n, false))
		return true;
	if (!n || s[n - 1] == ' ' ||
	    !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') ||
	      s[0] == '_' || s[0] == ':' || s[0] == '('))
		return false;
	for (const char *p = s; *p; p++) {
		if (*p == '<')
			angle++;
		else if (*p == '>')
			angle--;
		else if (*p == '(')
			paren++;
		else if (*p == ')')
			paren--;
		else if (*p == ':' && !angle && !paren && p[1] != ':' &&
			 (p == s || p[-1] != ':'))
			return false; /* a scope is "::" */
		else if (!strchr("abcdefghijklmnopqrstuvwxyz"
				 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
				 "_:, *&[]-.", *p))
			return false;
		/* "long int" and ", " only as template arguments */
		if (angle < 0 || paren < 0 || (*p == ' ' && !angle && !paren))
			return false;
	}
	return !angle && !paren;
}
