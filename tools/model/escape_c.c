/* SPDX-License-Identifier: MIT */
/*
 * C and diff escaping (escape.h). C has no way to quote an identifier, so
 * generated C refuses a struct with a name it cannot carry rather than
 * write it: a newline in a name would start a preprocessor line
 * (#include of any file), a quote or a comment opener would swallow the
 * code after it.
 */
#include "escape_c.h"
#include "escape.h"

#include <string.h>

#include "error.h"
#include "layout.h"

/* `$` too: GNU C takes it in identifiers (gcc and clang, by default on
 * every target lineup reads), so a struct that has one compiled with it */
static bool ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c == '$';
}

static bool ident_char(char c)
{
	return ident_start(c) || (c >= '0' && c <= '9');
}

/* identifiers joined by single dots: offsetof(struct s, a.b) is C */
bool lu_c_ident_ok(const char *name)
{
	bool start = true;

	if (!name || !*name)
		return false;
	for (const char *p = name; *p; p++) {
		if (*p == '.' && !start && p[1]) {
			start = true;
			continue;
		}
		if (start ? !ident_start(*p) : !ident_char(*p))
			return false;
		start = false;
	}
	return true;
}

bool lu_c_type_ok(const char *type)
{
	if (!type || !*type)
		return false;
	for (const char *p = type; *p; p++) {
		/* C and C++ spellings: "unsigned int (*)(void *, ...)",
		 * "ns::Ring<long int, 4>", "char [8]" */
		if (!ident_char(*p) && !strchr(" *[](){},:<>&-.", *p))
			return false;
		/* "/" is left out above: no comment can open */
	}
	return true;
}

/* Quotes NAME for the error line: a name C cannot carry may hold anything */
static void refuse(struct lu_error *err, const char *what,
		   const struct lu_struct *s, const char *which,
		   const char *name)
{
	char shown[96], tag[96];

	lu_text_escape(shown, sizeof(shown), name);
	lu_text_escape(tag, sizeof(tag), s->name ? s->name : "");
	lu_error_set(err, "failed to write %s for struct %s: %s '%s' is not "
			  "a C name", what, tag, which, shown);
}

int lu_c_struct_writable(const struct lu_struct *s, const char *what,
			 struct lu_error *err)
{
	if (!lu_c_type_ok(s->name)) {
		refuse(err, what, s, "its name", s->name ? s->name : "");
		return -1;
	}
	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];

		/* an anonymous member has no name to write */
		if (m->name && *m->name && !lu_c_ident_ok(m->name)) {
			refuse(err, what, s, "member", m->name);
			return -1;
		}
		if (m->type && *m->type && !lu_c_type_ok(m->type)) {
			refuse(err, what, s, "the type of a member", m->type);
			return -1;
		}
		if (m->dims && *m->dims && !lu_c_type_ok(m->dims)) {
			refuse(err, what, s, "the dimensions of a member",
			       m->dims);
			return -1;
		}
	}
	for (size_t g = 0; g < s->n_groups; g++)
		if (!lu_c_ident_ok(s->groups[g].name)) {
			refuse(err, what, s, "group",
			       s->groups[g].name ? s->groups[g].name : "");
			return -1;
		}
	return 0;
}

bool lu_diff_path_ok(const char *path)
{
	/* patch(1) ends a file name at a tab or newline, and the diff is
	 * shown on a terminal: only what text shows as it is (no control
	 * character, C0 or C1, no byte that is not UTF-8) */
	return path && *path && !lu_text_needs_escape(path);
}
