/* SPDX-License-Identifier: MIT */
/* The words of pahole's text, for its reader (pahole_words.h). */
#include "pahole_words.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

char *ph_skip_space(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return (char *)p;
}

void ph_trim_end(char *s)
{
	size_t n = strlen(s);

	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
}

bool ph_is_ident(int c)
{
	return isalnum(c) || c == '_';
}

/* Skips WORD and the spaces after it when the text at *p starts with it. */
bool ph_eat_word(char **p, const char *word)
{
	size_t n = strlen(word);

	if (strncmp(*p, word, n) || ph_is_ident((unsigned char)(*p)[n]))
		return false;
	*p = ph_skip_space(*p + n);
	return true;
}

/* A number as pahole prints it: "0x1c" with --hex, "28" without. */
bool ph_parse_num(char **p, uint64_t *v)
{
	char *end;

	if (!isdigit((unsigned char)**p))
		return false;
	errno = 0;
	*v = strtoull(*p, &end, (*p)[0] == '0' && (*p)[1] == 'x' ? 16 : 10);
	if (errno || end == *p)
		return false;
	*p = end;
	return true;
}

/* A type name without the column padding pahole leaves inside it. */
const char *ph_squeeze(struct lu_arena *a, const char *s, size_t n)
{
	char *t = lu_arena_alloc(a, n + 1), *o = t;

	for (size_t i = 0; i < n; i++) {
		if (!isspace((unsigned char)s[i]))
			*o++ = s[i];
		else if (o > t && o[-1] != ' ')
			*o++ = ' ';
	}
	while (o > t && o[-1] == ' ')
		o--;
	*o = '\0';
	return t;
}

/*
 * The declarator ending S: "name", "name[2][3]" or "name:5". Points *name
 * at it and *dims at its dimensions, cuts the bit width off S. False when
 * there is no name ("unsigned int :4").
 */
bool ph_cut_declarator(char *s, char **name, char **dims, uint32_t *bits)
{
	char *colon = strrchr(s, ':'), *end;

	*bits = 0;
	if (colon && colon[1] &&
	    strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
		*bits = (uint32_t)strtoul(colon + 1, NULL, 10);
		*colon = '\0';
		if (colon == s || isspace((unsigned char)colon[-1]))
			return false;
	}
	end = s + strlen(s);
	*dims = end;
	while (end > s && end[-1] == ']') {
		while (--end > s && *end != '[')
			;
		if (*end != '[')
			return false;
		*dims = end;
	}
	*name = end;
	while (*name > s && ph_is_ident((unsigned char)(*name)[-1]))
		(*name)--;
	return *name < end;
}
