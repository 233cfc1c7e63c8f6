/* SPDX-License-Identifier: MIT */
/*
 * Text and JSON escaping of names from the input (escape.h): what a
 * terminal would obey (C0 and C1 controls, DEL) and what is not UTF-8
 * become visible \n, \t, \r and \xNN.
 */
#include "escape.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* The length of the UTF-8 sequence at P (1-4), or 0 if it is not one
 * (overlong forms, surrogates and code points past U+10FFFF included:
 * RFC 3629 section 4). */
static size_t utf8_len(const unsigned char *p)
{
	unsigned c = p[0];
	size_t n;
	unsigned lo = 0x80, hi = 0xbf;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

/*
 * How to show the character at P: its length in *N and NULL when it is
 * shown as it is, else its escape (in ESC, 5 bytes).
 */
static const char *escape_at(const unsigned char *p, size_t *n, char esc[5])
{
	static const char hex[] = "0123456789abcdef";
	size_t len = utf8_len(p);

	*n = len ? len : 1;
	if (*p == '\n')
		return "\\n";
	if (*p == '\t')
		return "\\t";
	if (*p == '\r')
		return "\\r";
	/* C0, DEL, a byte that is not UTF-8, and C1 (U+0080-U+009F: CSI is
	 * U+009B) as \xNN of its first byte */
	if (*p < 0x20 || *p == 0x7f || !len || (*p == 0xc2 && p[1] < 0xa0)) {
		unsigned b = len == 2 ? p[1] : *p;

		*n = len ? len : 1;
		esc[0] = '\\';
		esc[1] = 'x';
		esc[2] = hex[b >> 4];
		esc[3] = hex[b & 15];
		esc[4] = '\0';
		return esc;
	}
	return NULL;
}

bool lu_text_needs_escape(const char *s)
{
	char esc[5];
	size_t n;

	for (const unsigned char *p = (const unsigned char *)s; *p; p += n)
		if (escape_at(p, &n, esc))
			return true;
	return false;
}

void lu_text_put_escaped(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	char esc[5];

	while (*p) {
		size_t run = 0, n;
		const char *e = NULL;

		/* the plain run before the next escape, in one write */
		while (p[run] && !(e = escape_at(p + run, &n, esc)))
			run += n;
		fwrite(p, 1, run, out);
		p += run;
		if (e) {
			fputs(e, out);
			p += n;
		}
	}
}

size_t lu_text_escape(char *buf, size_t size, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = 0;
	char esc[5];

	if (!size)
		return 0;
	while (*p) {
		/* printable ASCII as it is, the common case, a byte a step
		 * without escape_at's tests */
		while (*p >= 0x20 && *p < 0x7f && len + 1 < size)
			buf[len++] = (char)*p++;
		if (!*p || len + 1 >= size)
			break;
		size_t n;
		const char *e = escape_at(p, &n, esc);
		const char *src = e ? e : (const char *)p;
		size_t k = e ? strlen(e) : n;

		if (len + k >= size)
			break;
		memcpy(buf + len, src, k);
		len += k;
		p += n;
	}
	buf[len] = '\0';
	return (size_t)(p - (const unsigned char *)s);
}

char *lu_utf8_marked(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t bad = 0, len = strlen(s);
	char *copy, *o;

	for (size_t i = 0; i < len;) {
		size_t n = utf8_len(p + i);

		if (!n) {
			bad++;
			n = 1;
		} else if (n == 1 && p[i] == '\\' && p[i + 1] == 'x') {
			bad++;	/* a literal \x reads back unlike a mark */
		}
		i += n;
	}
	if (!bad)
		return NULL;
	copy = malloc(len + 3 * bad + 1);
	if (!copy)
		abort();
	o = copy;
	for (size_t i = 0; i < len;) {
		size_t n = utf8_len(p + i);

		if (!n) {
			o += sprintf(o, "\\x%02x", p[i]);
			n = 1;
		} else if (n == 1 && p[i] == '\\' && p[i + 1] == 'x') {
			*o++ = '\\';
			*o++ = '\\';
		} else {
			memcpy(o, p + i, n);
			o += n;
		}
		i += n;
	}
	*o = '\0';
	return copy;
}

json_t *lu_json_text(const char *s)
{
	json_t *j;
	char *marked;

	if (!s)
		return json_null();
	marked = lu_utf8_marked(s);
	j = json_string(marked ? marked : s);
	free(marked);
	if (!j)
		abort();	/* valid UTF-8 without NUL: only out of memory */
	return j;
}

json_t *lu_sarif_uri(const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t len = strlen(path);
	char *uri = malloc(3 * len + 1), *o = uri;
	json_t *j;

	if (!uri)
		abort();
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (*p > 0x20 && *p < 0x7f && !strchr("%#?\"<>\\^`{|}[]", *p)) {
			*o++ = (char)*p;
			continue;
		}
		*o++ = '%';
		*o++ = hex[*p >> 4];
		*o++ = hex[*p & 15];
	}
	*o = '\0';
	j = json_string(uri);
	free(uri);
	if (!j)
		abort();
	return j;
}
