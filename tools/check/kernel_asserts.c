/* SPDX-License-Identifier: MIT */
/*
 * CACHELINE_ASSERT_GROUP_SIZE and _MEMBER calls read from kernel C source
 * (kernel_asserts.h). Not a C parser: the calls are statements of a
 * function (tcp_struct_check()) whose arguments are a type, two names and
 * an integer constant expression, so a scan that skips comments, strings
 * and directives, and balances parentheses, reads them whole. The #if
 * each sits under is kept: a bound that holds only in some configurations
 * must say so.
 */
#include "kernel_asserts.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "rules.h"
#include "slurp.h"

/* net/core/dev.c is 350 KiB: room for every file of the tree */
#define MAX_SOURCE (16u << 20)
/* #if nesting kept; deeper levels are counted, their text dropped */
#define MAX_DEPTH 32
/* a condition or an expression as reported, squeezed */
#define MAX_TEXT 120

struct cond {
	const char *text;
	unsigned line;
};

struct scan {
	const char *p, *end;
	unsigned line;
	const char *line_start;
	struct cond conds[MAX_DEPTH];
	unsigned depth;		/* past MAX_DEPTH: levels without text */
	struct lu_kasserts *out;
};

static void advance(struct scan *sc)
{
	if (*sc->p == '\n') {
		sc->line++;
		sc->line_start = sc->p + 1;
	}
	sc->p++;
}

/* Past a comment or a literal at P, if one starts there. */
static bool skip_opaque(struct scan *sc)
{
	const char *p = sc->p;

	if (p + 1 < sc->end && p[0] == '/' && p[1] == '/') {
		while (sc->p < sc->end && *sc->p != '\n') {
			/* a backslash-newline continues a // comment */
			if (*sc->p == '\\' && sc->p + 1 < sc->end)
				advance(sc);
			advance(sc);
		}
		return true;
	}
	if (p + 1 < sc->end && p[0] == '/' && p[1] == '*') {
		advance(sc);
		advance(sc);
		while (sc->p < sc->end &&
		       !(sc->p[0] == '*' && sc->p + 1 < sc->end &&
			 sc->p[1] == '/'))
			advance(sc);
		if (sc->p < sc->end) {
			advance(sc);
			advance(sc);
		}
		return true;
	}
	if (*p == '"' || *p == '\'') {
		char q = *p;

		advance(sc);
		while (sc->p < sc->end && *sc->p != q && *sc->p != '\n') {
			if (*sc->p == '\\' && sc->p + 1 < sc->end)
				advance(sc);
			advance(sc);
		}
		if (sc->p < sc->end && *sc->p == q)
			advance(sc);
		return true;
	}
	return false;
}

/* S..E with comments dropped and white space squeezed to one blank. */
static char *squeeze(struct lu_arena *a, const char *s, const char *e)
{
	char *buf = lu_arena_alloc(a, (size_t)(e - s) + 1), *o = buf;
	bool blank = false;

	for (const char *p = s; p < e; p++) {
		if (p + 1 < e && p[0] == '/' && p[1] == '*') {
			for (p += 2; p + 1 < e && !(p[0] == '*' && p[1] == '/');
			     p++)
				;
			p = p + 1 < e ? p + 1 : e - 1;
			blank = true;
			continue;
		}
		if (p + 1 < e && p[0] == '/' && p[1] == '/') {
			while (p + 1 < e && p[1] != '\n')
				p++;
			blank = true;
			continue;
		}
		if (isspace((unsigned char)*p) || *p == '\\') {
			blank = true;
			continue;
		}
		if (blank && o > buf)
			*o++ = ' ';
		blank = false;
		*o++ = *p;
	}
	*o = '\0';
	return buf;
}

/* S cut to MAX_TEXT bytes for messages (it is the arena's own copy). */
static char *shorten(char *s)
{
	if (strlen(s) > MAX_TEXT)
		strcpy(s + MAX_TEXT - 3, "...");
	return s;
}

/* A directive line (its continuations too): the #if stack follows it. */
static void directive(struct scan *sc)
{
	const char *s = sc->p;
	unsigned line = sc->line;

	while (sc->p < sc->end && *sc->p != '\n') {
		if (*sc->p == '/' && skip_opaque(sc))
			continue;
		if (*sc->p == '\\' && sc->p + 1 < sc->end && sc->p[1] == '\n')
			advance(sc);
		advance(sc);
	}
	char *text = squeeze(&sc->out->arena, s, sc->p);
	const char *w = text + 1;

	while (*w == ' ')
		w++;
	size_t n = strcspn(w, " (");
	bool opens = (n == 2 && !strncmp(w, "if", 2)) ||
		     (n == 5 && !strncmp(w, "ifdef", 5)) ||
		     (n == 6 && !strncmp(w, "ifndef", 6));
	bool turns = (n == 4 && !strncmp(w, "elif", 4)) ||
		     (n == 4 && !strncmp(w, "else", 4)) ||
		     (n == 7 && (!strncmp(w, "elifdef", 7)));

	if (!strncmp(w, "elifndef", 8) && n == 8)
		turns = true;
	if (opens && sc->depth++ < MAX_DEPTH)
		sc->conds[sc->depth - 1] = (struct cond){
			shorten(text), line };
	else if (turns && sc->depth && sc->depth <= MAX_DEPTH)
		sc->conds[sc->depth - 1] = (struct cond){
			shorten(text), line };
	else if (n == 5 && !strncmp(w, "endif", 5) && sc->depth)
		sc->depth--;
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static struct lu_kassert *add(struct lu_kasserts *out)
{
	if (out->n == out->cap) {
		size_t cap = out->cap ? out->cap * 2 : 16;
		void *p = realloc(out->items, cap * sizeof(*out->items));

		if (!p)
			abort();
		out->items = p;
		out->cap = cap;
	}
	struct lu_kassert *k = &out->items[out->n++];

	memset(k, 0, sizeof(*k));
	return k;
}

/* "struct tcp_sock", "union u" or a typedef's name: the name looked up. */
static const char *type_name(const char *type)
{
	for (int i = 0; i < 2; i++) {
		const char *kw = i ? "union " : "struct ";
		size_t n = strlen(kw);

		if (!strncmp(type, kw, n))
			return lu_rules_valid_name(type + n, strlen(type + n),
						   false) ? type + n : NULL;
	}
	return lu_rules_valid_name(type, strlen(type), false) ? type : NULL;
}

static void fill(struct lu_kassert *k, char **args, size_t n_args,
		 struct lu_arena *a)
{
	static const char *const names[] = { "TYPE", "GROUP",
					     "SIZE", "MEMBER" };

	if (n_args != 3) {
		k->why = lu_arena_printf(a, "takes 3 arguments, not %zu",
					 n_args);
		return;
	}
	k->type = args[0];
	k->group = args[1];
	k->struct_name = type_name(args[0]);
	if (!k->struct_name) {
		k->why = lu_arena_printf(a, "%s '%s' is not a struct's name",
					 names[0], shorten(args[0]));
		return;
	}
	if (!lu_rules_valid_name(args[1], strlen(args[1]), false)) {
		k->why = lu_arena_printf(a, "%s '%s' is not a group's name",
					 names[1], shorten(args[1]));
		return;
	}
	if (k->kind == LU_KASSERT_MEMBER) {
		k->member = args[2];
		if (!lu_rules_valid_name(args[2], strlen(args[2]), true))
			k->why = lu_arena_printf(
				a, "%s '%s' is not a member's name", names[3],
				shorten(args[2]));
		return;
	}
	/* evaluated whole, then cut for messages */
	k->evaluated = lu_kassert_eval(args[2], strlen(args[2]), &k->bound);
	k->expr = shorten(args[2]);
	if (!k->evaluated)
		k->why = lu_arena_printf(a, "the bound '%s' is not plain "
					 "integer arithmetic", k->expr);
}

/* At the '(' after the macro's name: the arguments, up to its ')'. */
static void call(struct scan *sc, struct lu_kassert *k)
{
	char *args[4];
	size_t n_args = 0;
	int depth = 0;
	const char *arg = sc->p + 1;

	while (sc->p < sc->end) {
		if ((*sc->p == '/' || *sc->p == '"' || *sc->p == '\'') &&
		    skip_opaque(sc))
			continue;
		char c = *sc->p;

		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if (c == ')' || c == ']' || c == '}')
			depth--;
		if ((c == ',' && depth == 1) || depth == 0) {
			if (n_args < 4)
				args[n_args] = squeeze(&sc->out->arena, arg,
						       sc->p);
			n_args++;
			arg = sc->p + 1;
		}
		/* a statement ending inside the call: not one we read */
		if (depth == 0 || c == ';')
			break;
		advance(sc);
	}
	if (sc->p >= sc->end || *sc->p != ')') {
		k->why = "its parentheses do not close";
		return;
	}
	advance(sc);
	fill(k, args, n_args < 4 ? n_args : 4, &sc->out->arena);
}

const char *lu_kassert_macro(enum lu_kassert_kind kind)
{
	return kind == LU_KASSERT_SIZE ? "CACHELINE_ASSERT_GROUP_SIZE"
				       : "CACHELINE_ASSERT_GROUP_MEMBER";
}

static bool is_macro(const char *s, size_t n, enum lu_kassert_kind kind)
{
	const char *m = lu_kassert_macro(kind);

	return strlen(m) == n && !memcmp(s, m, n);
}

static void name(struct scan *sc)
{
	const char *s = sc->p;

	while (sc->p < sc->end && ident_char(*sc->p))
		sc->p++;
	size_t n = (size_t)(sc->p - s);
	bool size = is_macro(s, n, LU_KASSERT_SIZE);
	bool member = !size && is_macro(s, n, LU_KASSERT_MEMBER);

	if (!size && !member)
		return;
	unsigned line = sc->line, column = (unsigned)(s - sc->line_start) + 1;

	for (;;) {
		if (sc->p < sc->end && isspace((unsigned char)*sc->p))
			advance(sc);
		else if (!(sc->p < sc->end && *sc->p == '/' &&
			   skip_opaque(sc)))
			break;
	}
	/* a mention in code that is no call (a function-like macro's name
	 * alone) is not an assert */
	if (sc->p >= sc->end || *sc->p != '(')
		return;
	struct lu_kassert *k = add(sc->out);

	k->kind = size ? LU_KASSERT_SIZE : LU_KASSERT_MEMBER;
	k->line = line;
	k->column = column;
	if (sc->depth) {
		unsigned d = sc->depth <= MAX_DEPTH ? sc->depth : MAX_DEPTH;

		k->under = sc->conds[d - 1].text;
		k->under_line = sc->conds[d - 1].line;
	}
	call(sc, k);
}

int lu_kasserts_parse(const char *text, size_t len, const char *path,
		      struct lu_kasserts *out, struct lu_error *err)
{
	struct scan sc = { text, text + len, 1, text, { { 0 } }, 0, out };
	bool line_start = true;

	memset(out, 0, sizeof(*out));
	out->path = lu_arena_strdup(&out->arena, path);
	while (sc.p < sc.end) {
		char c = *sc.p;

		if (c == '\n') {
			line_start = true;
			advance(&sc);
		} else if (isspace((unsigned char)c)) {
			advance(&sc);
		} else if (c == '#' && line_start) {
			directive(&sc);
		} else if ((c == '/' || c == '"' || c == '\'') &&
			   skip_opaque(&sc)) {
			line_start = false;
		} else if (ident_char(c)) {
			line_start = false;
			if (isdigit((unsigned char)c))
				while (sc.p < sc.end && ident_char(*sc.p))
					sc.p++;
			else
				name(&sc);
		} else {
			line_start = false;
			advance(&sc);
		}
	}
	if (!out->n) {
		lu_error_set(err, "failed to read kernel asserts from %s: no "
			     "CACHELINE_ASSERT_GROUP_SIZE or "
			     "CACHELINE_ASSERT_GROUP_MEMBER call in it",
			     path);
		return -1;
	}
	return 0;
}

int lu_kasserts_parse_file(const char *path, struct lu_kasserts *out,
			   struct lu_error *err)
{
	char *buf;
	size_t len;
	char why[64];
	int e = lu_slurp(path, MAX_SOURCE, &buf, &len);

	memset(out, 0, sizeof(*out));
	if (e) {
		lu_error_set(err, "failed to read kernel asserts from %s: %s",
			     path,
			     lu_slurp_reason(e, MAX_SOURCE, why, sizeof(why)));
		return -1;
	}
	/* a NUL inside is no C source: stop there, as the scan would */
	int rc = lu_kasserts_parse(buf, strnlen(buf, len), path, out, err);

	free(buf);
	return rc;
}

void lu_kasserts_free(struct lu_kasserts *a)
{
	free(a->items);
	lu_arena_free(&a->arena);
	memset(a, 0, sizeof(*a));
}
