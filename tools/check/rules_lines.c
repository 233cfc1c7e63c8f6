/* SPDX-License-Identifier: MIT */
/*
 * The rules file's lines as libinih reads them (rules_ini.c's reader):
 * counted, `#` comments cut (libinih only knows `;` inline), and every name
 * kept whole. `#` after whitespace starts a comment, as in the design's
 * examples.
 */
#include "rules_lines.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A `;` inside a line, hidden from libinih's inline comments and given
 * back in on_entry (a rules file holds no control characters). */
#define INI_SEMICOLON '\x1f'

/*
 * What libinih sees in place of a name, whose copy it would cut: its
 * section buffer keeps 49 bytes and its line 198 (Debian builds it with
 * the default MAX_SECTION 50 and INI_MAX_LINE 200, no realloc), so every
 * [header], and every line too long for its buffer, goes over as this
 * token and on_entry takes the real text from struct lu_rules_source.
 */
#define INI_STANDIN "\x02"

static void *grow_text(char *p, size_t *cap, size_t need)
{
	if (need <= *cap)
		return p;
	while (*cap < need)
		*cap = *cap ? 2 * *cap : 256;
	p = realloc(p, *cap);
	if (!p)
		abort();
	return p;
}

void lu_rules_note_empty_section(struct lu_rules_source *src)
{
	if (src->sections && !src->keys && !src->empty_line) {
		src->empty_line = src->section_ini_line;
		src->empty_text = strdup(src->section);
		if (!src->empty_text)
			abort();
	}
}

/* Keeps the last [header]'s text whole in src->section. */
static void keep_section(struct lu_rules_source *src, const char *s, size_t n)
{
	src->section = grow_text(src->section, &src->section_cap, n + 1);
	memcpy(src->section, s, n);
	src->section[n] = '\0';
	for (char *p = src->section; *p; p++)
		if (*p == INI_SEMICOLON)
			*p = ';';
}

/* Keeps the last key line's key and value whole in src->key and
 * src->value; KEY NULL keeps the key (a continuation line). */
static void keep_entry(struct lu_rules_source *src, const char *key,
		       size_t n_key, const char *value, size_t n_value)
{
	/* a continuation's key stays at the start of kv, moved with it */
	if (!key)
		n_key = src->key ? strlen(src->key) : 0;
	src->kv = grow_text(src->kv, &src->kv_cap, n_key + n_value + 2);
	if (key)
		memcpy(src->kv, key, n_key);
	src->kv[n_key] = '\0';
	memcpy(src->kv + n_key + 1, value, n_value);
	src->kv[n_key + 1 + n_value] = '\0';
	/* the `;`s clean_line hid go back */
	for (char *p = src->kv; p < src->kv + n_key + 1 + n_value; p++)
		if (*p == INI_SEMICOLON)
			*p = ';';
	src->key = src->kv;
	src->value = src->kv + n_key + 1;
}

static size_t trim_end(const char *s, size_t n)
{
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	return n;
}

/* Cleans the line at TEXT (N bytes) into src->line: `#` comments cut, NULs
 * as spaces, inner `;`s hidden. Returns the offset of its first non-space. */
static size_t clean_line(struct lu_rules_source *src, const char *text, size_t n)
{
	char *buf;
	size_t lead = 0;

	src->line = grow_text(src->line, &src->line_cap, n + 2);
	buf = src->line;
	memcpy(buf, text, n);
	buf[n] = '\0';
	/* libinih skips leading isspace(), \f and \v too: count as it does */
	while (lead < n && isspace((unsigned char)buf[lead]))
		lead++;
	for (size_t i = 0; i < n; i++) {
		if (buf[i] == '#' && (i == 0 || buf[i - 1] == ' ' ||
				      buf[i - 1] == '\t')) {
			/* a whole-line comment stays for libinih */
			if (i > lead)
				buf[i] = '\0';
			break;
		}
		if (buf[i] == '\0')
			buf[i] = ' ';
		/* libinih would end the value at " ;" (its inline comment):
		 * doc/rules.md has none, so the word stays, as INI_SEMICOLON */
		if (buf[i] == ';' && i > lead)
			buf[i] = INI_SEMICOLON;
	}
	return lead;
}

/*
 * fgets for libinih that counts lines, strips `#` comments and keeps every
 * name whole: a [header] goes over as [INI_STANDIN], a line longer than
 * libinih's buffer as INI_STANDIN in place of its key and its value.
 */
char *lu_rules_read_line(char *buf, int size, void *stream)
{
	struct lu_rules_source *src = stream;

	if (src->pos >= src->len)
		return NULL;
	const char *start = src->text + src->pos;
	const char *nl = memchr(start, '\n', src->len - src->pos);
	size_t n = nl ? (size_t)(nl - start) : src->len - src->pos;

	src->pos += n + (nl ? 1 : 0);
	src->ini_line++;
	/* libinih drops a UTF-8 BOM on the first line: so does the count.
	 * Every one: libinih would drop a second from the line it is given,
	 * and see a [header] this reader did not. */
	while (src->ini_line == 1 && n >= 3 &&
	       !memcmp(start, "\xef\xbb\xbf", 3)) {
		start += 3;
		n -= 3;
	}
	size_t lead = clean_line(src, start, n);
	char *line = src->line;
	char first = line[lead];
	size_t len = trim_end(line, strlen(line));
	bool comment = first == '#' || first == ';';

	line[len] = '\0';
	src->continuation = lead && first && !comment;
	src->continues_key = src->continuation && src->after_key;
	/* an indented line after a key continues it, even "  [x]" */
	if (first == '[' && !src->continues_key) {
		size_t name = strcspn(line + lead + 1, "]");
		bool closed = line[lead + 1 + name] == ']';

		/* libinih reports keys only: an empty section shows up here */
		lu_rules_note_empty_section(src);
		src->sections++;
		src->section_ini_line = src->ini_line;
		src->after_key = false;
		src->keys = 0;
		keep_section(src, line + lead + 1, name);
		/* unclosed, libinih reports it: "[" is as malformed */
		snprintf(buf, (size_t)size, closed ? "[" INI_STANDIN "]\n"
						    : "[\n");
		return buf;
	}
	if (src->continues_key) {
		keep_entry(src, NULL, 0, line + lead, len - lead);
	} else if (first && !comment) {
		/* libinih's key = value: up to the first '=' or ':' */
		size_t eq = lead + strcspn(line + lead, "=:");

		if (eq < len) {
			size_t v = eq + 1;

			while (v < len && isspace((unsigned char)line[v]))
				v++;
			keep_entry(src, line + lead,
				   trim_end(line + lead, eq - lead), line + v,
				   len - v);
			src->after_key = true;
		}
		/* a line without '=' or ':' is libinih's error, which leaves
		 * its previous key (prev_name) as it was: so does this */
	}
	if (len + 2 <= (size_t)size) {
		memcpy(buf, line, len);
		memcpy(buf + len, "\n", 2);
	} else if (comment || !first) {
		snprintf(buf, (size_t)size, "#\n");
	} else if (src->continues_key) {
		snprintf(buf, (size_t)size, "\t" INI_STANDIN "\n");
	} else {
		/* without '=' or ':' libinih rejects the line, as it should */
		snprintf(buf, (size_t)size, line[lead + strcspn(line + lead,
								 "=:")]
						    ? INI_STANDIN "=" INI_STANDIN
						      "\n"
						    : INI_STANDIN "\n");
	}
	return buf;
}

void lu_rules_lines_free(struct lu_rules_source *src)
{
	free(src->line);
	free(src->section);
	free(src->kv);
	free(src->empty_text);
}
