/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: does the source still hold what was compiled? A diff
 * quotes the lines the debug info points at; when the file was edited
 * after the build, or DW_AT_decl_file names a file that never declared
 * the struct (a #line, a generated or configuration file), those lines
 * are someone else's, and a patch that applies would delete them. So
 * before any diff: the struct's line must open the struct (its tag, or
 * the struct keyword when it has none, then '{' before any ';'), and
 * each member's line must lie inside those braces and hold the member's
 * declaration, or at least none of another member (a macro's expansion).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "slurp.h"
#include "suggest_diff.h"
#include "suggest_match.h"

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* Does LINE hold the N bytes of NAME as a whole identifier? */
static bool has_ident(const char *line, const char *name, size_t n)
{
	if (!n)
		return false;
	for (const char *c = line; *c; c++)
		if (!strncmp(c, name, n) && (c == line || !ident_char(c[-1])) &&
		    !ident_char(c[n]))
			return true;
	return false;
}

static bool has_word(const char *line, const char *word)
{
	return has_ident(line, word, strlen(word));
}

/* The identifier a declaration spells: "Block" of the C++ name
 * "Outer<int>::Block", "Ring" of "ns::Ring<long int, 4>", "b" of the
 * dotted member "a.b"; its length in *N. */
static const char *spelled(const char *name, size_t *n)
{
	const char *start = name, *end;
	int depth = 0;

	for (const char *c = name; *c; c++) {
		depth += *c == '<' ? 1 : *c == '>' ? -1 : 0;
		if (!depth && *c == '.')
			start = c + 1;
		else if (!depth && c[0] == ':' && c[1] == ':')
			start = c + 2;
	}
	end = start + strcspn(start, "<");
	*n = (size_t)(end - start);
	return start;
}

static bool same_file(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');

	return !strcmp(a, b) || !strcmp(sa ? sa + 1 : a, sb ? sb + 1 : b);
}

/* Does line I name a member of S other than M (a shifted source)? */
static const char *other_member(const struct lu_struct *s, size_t m,
				const char *line)
{
	for (size_t j = 0; j < s->n_members; j++) {
		const struct lu_member *o = &s->members[j];
		size_t n;
		const char *id;

		if (j == m || o->marker || o->depth || !o->name)
			continue;
		id = spelled(o->name, &n);
		if (n && has_ident(line, id, n) &&
		    strcmp(o->name, s->members[m].name))
			return o->name;
	}
	return NULL;
}

static void say(char *why, size_t size, const char *path, unsigned line,
		const char *what)
{
	char shown[256];

	lu_text_escape(shown, sizeof(shown), path);
	snprintf(why, size, "%s:%u %s, as compiled: the source changed "
		 "since it was compiled, or is not the struct's; rebuild and "
		 "suggest again", shown, line, what);
}

static bool check_lines(const struct lu_sg_lines *l, const char *path,
			const struct lu_struct *s, char *why, size_t size)
{
	unsigned decl = s->decl_line;
	size_t first, last, n;
	const char *tag = spelled(s->name, &n), *o = NULL;
	char what[160];

	if (!decl || decl > l->n) {
		say(why, size, path, decl, "is past the file's end");
		return false;
	}
	const char *open = l->at[decl - 1];

	if (s->tagless ? !has_word(open, "struct") && !has_word(open, "union")
				 && !has_word(open, "class")
		       : !has_ident(open, tag, n)) {
		snprintf(what, sizeof(what), "does not declare %s%s",
			 s->tagless ? "struct " : lu_struct_tag_word(s),
			 s->name);
		say(why, size, path, decl, what);
		return false;
	}
	if (!lu_sg_body_lines(l, decl, &first, &last)) {
		snprintf(what, sizeof(what), "opens no body of %s%s",
			 s->tagless ? "struct " : lu_struct_tag_word(s),
			 s->name);
		say(why, size, path, decl, what);
		return false;
	}
	for (size_t m = 0; m < s->n_members; m++) {
		const struct lu_member *mb = &s->members[m];
		unsigned d = mb->decl_line;

		if (mb->depth || !d || !mb->file || !same_file(mb->file, s->file))
			continue;
		if (d == first || d == last + 1) {
			snprintf(why, size, "member '%s' shares line %u with "
				 "the struct's %s brace, which a diff of the "
				 "lines between them cannot move; move the "
				 "members by hand", mb->name, d,
				 d == first ? "opening" : "closing");
			return false;
		}
		if (d < first || d > last + 1) {
			snprintf(what, sizeof(what), "(member '%s') is outside "
				 "the struct's braces, lines %zu-%zu",
				 mb->name, first, last + 1);
			say(why, size, path, d, what);
			return false;
		}
		if (mb->marker)
			continue;
		const char *line = l->at[d - 1];
		const char *id = spelled(mb->name, &n);

		if (!has_ident(line, id, n) && ((o = other_member(s, m, line)) ||
						!line[strspn(line, " \t")])) {
			snprintf(what, sizeof(what), "declares %s%s%s, not "
				 "member '%s'", o ? "member '" : "nothing",
				 o ? o : "", o ? "'" : "", mb->name);
			say(why, size, path, d, what);
			return false;
		}
	}
	return true;
}

bool lu_sg_source_matches(const char *path, const struct lu_struct *s,
			  char *why, size_t size)
{
	struct lu_sg_lines l = { 0 };
	char *text = NULL, shown[256];
	size_t len = 0;
	bool ok;

	lu_text_escape(shown, sizeof(shown), path);
	if (lu_slurp(path, LU_SG_MAX_SOURCE, &text, &len)) {
		snprintf(why, size, "cannot read the source %s", shown);
		return false;
	}
	if (memchr(text, '\0', len)) {
		snprintf(why, size, "the source %s is not text", shown);
		free(text);
		return false;
	}
	lu_sg_split_lines(text, &l);
	ok = check_lines(&l, path, s, why, size);
	free(l.at);
	free(text);
	return ok;
}
