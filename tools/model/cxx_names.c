/* SPDX-License-Identifier: MIT */
/*
 * C++ type names as a user writes them against names as a compiler spells
 * them. g++ says "Ring<long int, 4, ns::Traits, true>", clang++ says
 * "Ring<long, 4UL, ns::Traits, true>", and the user writes "Ring<long, 4>",
 * leaving the defaulted arguments out as the source does. All three name one
 * type: compare them by a canonical spelling, and let a name whose template
 * argument lists stop early match the full one (the lookups that use it
 * refuse a name that then matches two types, listing them).
 */
#include "cxx_names.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static bool word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

struct canon {
	char *buf;
	size_t len, cap;
	bool ok;
};

/* Append a token: one space between two words, none around punctuation. */
static void emit(struct canon *c, const char *s, size_t n)
{
	bool space = c->len && n && word_char(c->buf[c->len - 1]) &&
		     word_char(*s);

	if (!c->ok || c->len + space + n + 1 > c->cap) {
		c->ok = false;
		return;
	}
	if (space)
		c->buf[c->len++] = ' ';
	memcpy(c->buf + c->len, s, n);
	c->len += n;
	c->buf[c->len] = '\0';
}

static void emit_word(struct canon *c, const char *w)
{
	emit(c, w, strlen(w));
}

/* The integer type words, which each compiler orders its own way. */
enum { W_SIGNED, W_UNSIGNED, W_SHORT, W_LONG, W_INT, W_CHAR, N_WORDS };
static const char *const int_words[N_WORDS] = {
	"signed", "unsigned", "short", "long", "int", "char",
};

static int int_word(const char *p, size_t len)
{
	for (int w = 0; w < N_WORDS; w++)
		if (strlen(int_words[w]) == len && !memcmp(int_words[w], p, len))
			return w;
	return -1;
}

static size_t word_len(const char *p)
{
	size_t n = 0;

	while (word_char(p[n]))
		n++;
	return n;
}

/* "long unsigned int" and "unsigned long" are one type: say it one way.
 * Returns the text after the run of integer words at P, or P if none. */
static const char *emit_int_type(struct canon *c, const char *p)
{
	unsigned count[N_WORDS] = { 0 };
	const char *end = p;

	for (const char *q = p;;) {
		size_t n = word_len(q);
		int w = n ? int_word(q, n) : -1;

		if (w < 0)
			break;
		count[w]++;
		end = q + n;
		for (q = end; isspace((unsigned char)*q); q++)
			;
	}
	if (end == p)
		return p;
	if (count[W_CHAR]) {
		if (count[W_SIGNED] || count[W_UNSIGNED])
			emit_word(c, count[W_SIGNED] ? "signed" : "unsigned");
		emit_word(c, "char");
		return end;
	}
	if (count[W_UNSIGNED])
		emit_word(c, "unsigned");
	if (count[W_SHORT])
		emit_word(c, "short");
	for (unsigned i = 0; i < count[W_LONG]; i++)
		emit_word(c, "long");
	if (!count[W_SHORT] && !count[W_LONG])
		emit_word(c, "int");
	return end;
}

/* An integer literal without its suffix: clang's "4UL" is g++'s "4". */
static size_t literal_len(const char *p, size_t n)
{
	size_t digits = 0;

	if (n > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		for (digits = 2; digits < n && isxdigit((unsigned char)p[digits]);)
			digits++;
	else
		while (digits < n && isdigit((unsigned char)p[digits]))
			digits++;
	for (size_t i = digits; i < n; i++)
		if (!strchr("uUlL", p[i]))
			return n;	/* not an integer literal: as written */
	return digits;
}

bool lu_cxx_canonical(const char *name, char *buf, size_t cap)
{
	struct canon c = { buf, 0, cap, cap > 0 };

	if (cap)
		buf[0] = '\0';
	for (const char *p = name; c.ok && *p;) {
		size_t n = word_len(p);
		const char *after;

		if (isspace((unsigned char)*p)) {
			p++;
		} else if (!n) {
			emit(&c, p++, 1);
		} else if (isdigit((unsigned char)*p)) {
			emit(&c, p, literal_len(p, n));
			p += n;
		} else if ((after = emit_int_type(&c, p)) != p) {
			p = after;
		} else {
			emit(&c, p, n);
			p += n;
		}
	}
	return c.ok;
}

/*
 * Does canonical WANT name canonical HAVE, where an argument list of WANT
 * may stop before HAVE's does ("Q<int>::Block" names
 * "Q<int,Traits>::Block")? Walk both; where WANT closes a list that HAVE
 * continues with ',', skip HAVE to the end of that list.
 */
static bool prefix_match(const char *have, const char *want, bool *exact)
{
	*exact = true;
	while (*want) {
		if (*want == '>' && *have == ',') {
			int depth = 0;

			*exact = false;
			for (; *have; have++) {
				if (*have == '<' || *have == '(')
					depth++;
				else if ((*have == '>' || *have == ')') &&
					 !depth--)
					break;
			}
			if (*have != '>')
				return false;
		}
		if (*have != *want)
			return false;
		have++, want++;
	}
	return !*have;
}

/* Is HAVE an instance of the template WANT ("Ring<long, 4>" of "Ring")?
 * Only when its arguments close the name: "Ring<int>::Block" is not. */
static bool template_of(const char *have, const char *want)
{
	size_t n = strlen(want);
	int depth = 0;

	if (strncmp(have, want, n) || have[n] != '<')
		return false;
	for (const char *p = have + n; *p; p++) {
		if (*p == '<')
			depth++;
		else if (*p == '>' && !--depth)
			return !p[1];
	}
	return false;
}

enum lu_cxx_match lu_cxx_name_match(const char *have, const char *want)
{
	enum lu_cxx_match m = LU_CXX_NO_MATCH;
	bool exact;

	if (!strcmp(have, want))
		return LU_CXX_EXACT;
	/* C names, and C++ names without templates, compare as spelled:
	 * only template arguments are spelled differently */
	if (!strchr(have, '<'))
		return LU_CXX_NO_MATCH;
	if (!strchr(want, '<'))
		return template_of(have, want) ? LU_CXX_PREFIX : LU_CXX_NO_MATCH;
	/* a bare "unsigned" grows to "unsigned int": twice the length holds
	 * any canonical spelling */
	size_t hcap = 2 * strlen(have) + 16, wcap = 2 * strlen(want) + 16;
	char hb[512], wb[512];
	char *h = hcap <= sizeof(hb) ? hb : malloc(hcap);
	char *w = wcap <= sizeof(wb) ? wb : malloc(wcap);

	if (h && w && lu_cxx_canonical(have, h, hcap) &&
	    lu_cxx_canonical(want, w, wcap) && prefix_match(h, w, &exact))
		m = exact ? LU_CXX_EXACT : LU_CXX_PREFIX;
	if (h != hb)
		free(h);
	if (w != wb)
		free(w);
	return m;
}

/* How the compilers' DWARF, and so lineup's qualified names, say a scope
 * that C++ source cannot name. */
#define ANON_SCOPE "(anonymous namespace)::"

bool lu_cxx_source_name(const char *name, char *buf, size_t cap)
{
	size_t n = 0, skip = strlen(ANON_SCOPE);
	bool anon = false;

	for (const char *p = name; *p;) {
		if (!strncmp(p, ANON_SCOPE, skip)) {
			p += skip;
			anon = true;
			continue;
		}
		if (n + 1 < cap)
			buf[n++] = *p;
		p++;
	}
	if (cap)
		buf[n < cap ? n : cap - 1] = '\0';
	return anon;
}

const char *lu_cxx_after_scope(const char *name)
{
	int angle = 0, paren = 0;

	/* "ns::Ring<a::b, 4>::Block": a "::" inside template arguments or a
	 * function type's parentheses is not a scope */
	for (const char *p = name; *p; p++) {
		if (*p == '<')
			angle++;
		else if (*p == '>' && angle)
			angle--;
		else if (*p == '(')
			paren++;
		else if (*p == ')' && paren)
			paren--;
		else if (*p == ':' && p[1] == ':' && !angle && !paren)
			return p + 2;
	}
	return NULL;
}

enum lu_cxx_match lu_cxx_scoped_match(const char *have, const char *want)
{
	enum lu_cxx_match best = LU_CXX_NO_MATCH;

	for (const char *p = have;
	     best != LU_CXX_EXACT && (p = lu_cxx_after_scope(p));) {
		enum lu_cxx_match m = lu_cxx_name_match(p, want);

		if (m > best)
			best = m;
	}
	return best;
}
