/* SPDX-License-Identifier: MIT */
/* A struct's text in the preprocessor's output; see struct_text.h. */
#include "struct_text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "markers.h"
#include "slurp.h"
#include "struct_text_unit.h"

/* The largest preprocessed unit read: a kernel unit is 5 to 20 MiB. */
#define MAX_UNIT (512u << 20)
static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		abort();
	return p;
}

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ull;
	return h;
}

static bool ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c == '$';
}

static bool ident_char(char c)
{
	return ident_start(c) || (c >= '0' && c <= '9');
}

bool lu_st_keyword(const struct tok *t)
{
	static const char *const words[] = {
		"auto", "break", "case", "char", "const", "continue",
		"default", "do", "double", "else", "enum", "extern", "float",
		"for", "goto", "if", "inline", "int", "long", "register",
		"restrict", "return", "short", "signed", "sizeof", "static",
		"struct", "switch", "typedef", "union", "unsigned", "void",
		"volatile", "while", "_Alignas", "_Alignof", "_Atomic",
		"_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn",
		"_Static_assert", "_Thread_local", "__extension__",
		"__restrict", "__restrict__", "__inline", "__inline__",
		"__const", "__const__", "__volatile", "__volatile__",
		"__signed", "__signed__", "__int128", "__typeof__",
		"__typeof", "typeof", "__alignof__", "__alignof", "alignas",
		"alignof", "bool", "__asm__", "asm", "__asm",
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(*words); i++)
		if (is(t, words[i]))
			return true;
	return false;
}

bool lu_st_attribute(const struct tok *t)
{
	return is(t, "__attribute__") || is(t, "__attribute") ||
	       is(t, "__declspec") || is(t, "_Alignas") || is(t, "alignas") ||
	       is(t, "__aligned__");
}

/* ---- tokens --------------------------------------------------------- */

static unsigned file_index(struct lu_pp_unit *u, const char *s, size_t n)
{
	for (size_t i = 0; i < u->n_files; i++)
		if (strlen(u->files[i]) == n && !memcmp(u->files[i], s, n))
			return (unsigned)i;
	u->files = lu_grow(u->files, &u->files_cap, u->n_files,
			   sizeof(*u->files));
	u->files[u->n_files] = lu_arena_strndup(&u->arena, s, n);
	return (unsigned)u->n_files++;
}

static unsigned new_entry(struct lu_pp_unit *u, unsigned parent,
			  unsigned from)
{
	u->entries = lu_grow(u->entries, &u->entries_cap, u->n_entries,
			     sizeof(*u->entries));
	u->entries[u->n_entries] = (struct entry){ parent, from, 0 };
	return (unsigned)u->n_entries++;
}

/* Where the tokenizer is: the file, line and entry of what follows (the
 * entries entered are that entry's parents). */
struct place {
	unsigned file, line, entry;
};

/*
 * A line marker, `# LINE "FILE" FLAGS`, from P (after the '#'): sets the
 * file and line of what follows; entering a file (flag 1) starts an
 * entry, and returning to FILE (flag 2) ends one and notes its include
 * edge.
 */
static const char *marker(struct lu_pp_unit *u, const char *p,
			  const char *end, struct place *at)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (end - p > 4 && !memcmp(p, "line", 4))
		p += 4;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == end || *p < '0' || *p > '9')
		goto skip;	/* #pragma, #ident: no marker */
	unsigned long n = strtoul(p, NULL, 10);

	while (p < end && *p >= '0' && *p <= '9')
		p++;
	while (p < end && *p == ' ')
		p++;
	if (p == end || *p != '"')
		goto skip;
	const char *name = ++p;

	while (p < end && *p != '"' && *p != '\n')
		p += *p == '\\' && p + 1 < end ? 2 : 1;
	unsigned f = file_index(u, name, (size_t)(p - name));
	int flag = 0;

	if (p < end)
		p++;
	while (p < end && *p == ' ')
		p++;
	if (p < end && (*p == '1' || *p == '2') &&
	    (p + 1 == end || p[1] == ' ' || p[1] == '\n'))
		flag = *p - '0';
	if (flag == 1) {
		at->entry = new_entry(u, at->entry, at->file);
	} else if (flag == 2 &&
		   u->entries[at->entry].parent != LU_PP_NO_ENTRY) {
		u->entries[at->entry].line = n ? (unsigned)n - 1 : 0;
		u->edges = lu_grow(u->edges, &u->edges_cap, u->n_edges,
				   sizeof(*u->edges));
		u->edges[u->n_edges++] = (struct lu_include_edge){
			u->files[at->file], u->files[f],
			n ? (unsigned)n - 1 : 0,
		};
		at->entry = u->entries[at->entry].parent;
	}
	at->file = f;
	at->line = (unsigned)n - 1;	/* the newline ahead makes it n */
skip:
	while (p < end && *p != '\n')
		p++;
	return p;
}

static const char *literal_end(const char *p, const char *end)
{
	char q = *p++;

	while (p < end && *p != q && *p != '\n')
		p += *p == '\\' && p + 1 < end ? 2 : 1;
	return p < end && *p == q ? p + 1 : p;
}

static void tokenize(struct lu_pp_unit *u, size_t len)
{
	const char *p = u->buf, *end = u->buf + len;
	struct place at = { .file = file_index(u, "", 0), .line = 1,
			    .entry = 0 };

	new_entry(u, LU_PP_NO_ENTRY, at.file);
	bool bol = true;

	while (p < end) {
		char c = *p;
		const char *s = p;

		if (c == '\n') {
			at.line++;
			bol = true;
			p++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
		    c == '\v') {
			p++;
			continue;
		}
		if (bol && c == '#') {
			p = marker(u, p + 1, end, &at);
			continue;
		}
		bol = false;
		if (ident_start(c)) {
			while (p < end && ident_char(*p))
				p++;
		} else if ((c >= '0' && c <= '9') ||
			   (c == '.' && p + 1 < end && p[1] >= '0' &&
			    p[1] <= '9')) {
			while (p < end && (ident_char(*p) || *p == '.' ||
					   ((*p == '+' || *p == '-') &&
					    strchr("eEpP", p[-1]))))
				p++;
		} else if (c == '"' || c == '\'') {
			p = literal_end(p, end);
		} else {
			p++;
		}
		u->t = lu_grow(u->t, &u->cap, u->n, sizeof(*u->t));
		u->t[u->n++] = (struct tok){ s, (unsigned)(p - s), at.file,
					     at.line, at.entry };
	}
	u->match = xcalloc(u->n, sizeof(*u->match));
	size_t *open = xcalloc(u->n, sizeof(*open)), top = 0;

	for (size_t i = 0; i < u->n; i++) {
		const struct tok *t = &u->t[i];

		u->match[i] = NONE;
		if (is(t, "{") || is(t, "(") || is(t, "[")) {
			open[top++] = i;
		} else if ((is(t, "}") || is(t, ")") || is(t, "]")) && top) {
			u->match[open[--top]] = i;
		}
	}
	/* unclosed: to the end */
	while (top)
		u->match[open[--top]] = u->n - 1;
	free(open);
}

/* ---- index ---------------------------------------------------------- */

static size_t name_hash(const char *s, unsigned len)
{
	return (size_t)fnv(0xcbf29ce484222325ull, s, len);
}

static void index_add(struct index *x, const struct tok *t, size_t from,
		      size_t to)
{
	x->defs = lu_grow(x->defs, &x->cap, x->n, sizeof(*x->defs));
	x->defs[x->n++] = (struct def){ t->s, t->len, from, to, NONE };
}

/* Chains the definitions by name, once all are in. */
static void index_build(struct index *x)
{
	x->mask = 15;
	while (x->mask < 2 * x->n)
		x->mask = 2 * x->mask + 1;
	x->slot = xcalloc(x->mask + 1, sizeof(*x->slot));
	for (size_t i = x->n; i-- > 0;) {
		struct def *d = &x->defs[i];
		size_t h = name_hash(d->s, d->len) & x->mask;

		while (x->slot[h]) {
			const struct def *o = &x->defs[x->slot[h] - 1];

			if (o->len == d->len && !memcmp(o->s, d->s, d->len))
				break;
			h = (h + 1) & x->mask;
		}
		d->next = x->slot[h] ? x->slot[h] - 1 : NONE;
		x->slot[h] = i + 1;
	}
}

size_t lu_st_index_find(const struct index *x, const char *s, unsigned len)
{
	size_t h = name_hash(s, len) & x->mask;

	while (x->slot[h]) {
		const struct def *d = &x->defs[x->slot[h] - 1];

		if (d->len == len && !memcmp(d->s, s, len))
			return x->slot[h] - 1;
		h = (h + 1) & x->mask;
	}
	return NONE;
}

/* From I, past attributes and their parentheses. */
static size_t skip_attributes(const struct lu_pp_unit *u, size_t i)
{
	while (i < u->n && lu_st_attribute(&u->t[i])) {
		i++;
		if (i < u->n && is(&u->t[i], "("))
			i = u->match[i] + 1;
	}
	return i;
}

static void index_enumerators(struct lu_pp_unit *u, size_t open,
			      size_t from, size_t to)
{
	bool expect = true;

	for (size_t i = open + 1; i < u->match[open]; i++) {
		const struct tok *t = &u->t[i];

		if (is(t, "(") || is(t, "{") || is(t, "[")) {
			i = u->match[i];
		} else if (is(t, ",")) {
			expect = true;
		} else {
			if (expect && is_ident(t))
				index_add(&u->enumc, t, from, to);
			expect = false;
		}
	}
}

/* struct|union|enum at I: a definition when a brace follows. */
static void index_tag(struct lu_pp_unit *u, size_t i)
{
	bool is_enum = is(&u->t[i], "enum");
	size_t j = skip_attributes(u, i + 1), name = NONE;

	if (j < u->n && is_ident(&u->t[j]) && !lu_st_keyword(&u->t[j])) {
		name = j;
		j = skip_attributes(u, j + 1);
	}
	if (j >= u->n || !is(&u->t[j], "{"))
		return;
	size_t to = skip_attributes(u, u->match[j] + 1) - 1;

	if (is_enum)
		index_enumerators(u, j, i, to);
	if (name != NONE)
		index_add(&u->tags, &u->t[name], i, to);
}

/*
 * Does the ( at K open a parameter list (whose names declare nothing
 * here) rather than a declarator's parentheses? After ) or ], or after
 * a name when what it holds does not start as a declarator does (*, ^,
 * (, an attribute) and is not one name alone: `typedef int fn(int a)`
 * and `(*fn)(struct list_head *list)` are lists, `foo_t (*fn)` and
 * `foo_t (fn)` are not. When unsure, a declarator: more names indexed,
 * more text, never less.
 */
static bool parameter_list(const struct lu_pp_unit *u, size_t k)
{
	const struct tok *prev = &u->t[k - 1], *in = &u->t[k + 1];

	if (is(prev, ")") || is(prev, "]"))
		return true;
	if (!is_ident(prev) || lu_st_keyword(prev) || lu_st_attribute(prev))
		return false;
	if (is(in, "*") || is(in, "^") || is(in, "(") || lu_st_attribute(in))
		return false;
	return !(is_ident(in) && k + 2 < u->n && is(&u->t[k + 2], ")"));
}

/* typedef at I: to its ';', each declarator named. */
static void index_typedef(struct lu_pp_unit *u, size_t i)
{
	size_t end = i + 1;

	while (end < u->n && !is(&u->t[end], ";")) {
		if (is(&u->t[end], "{"))
			end = u->match[end];
		end++;
	}
	if (end >= u->n)
		end = u->n - 1;
	for (size_t k = i + 1; k < end; k++) {
		const struct tok *t = &u->t[k];

		if (is(t, "{") || is(t, "[") ||
		    (is(t, "(") && parameter_list(u, k))) {
			k = u->match[k];
			continue;
		}
		if (lu_st_attribute(t)) {
			if (k + 1 < end && is(&u->t[k + 1], "("))
				k = u->match[k + 1];
			continue;
		}
		if (!is_ident(t) || lu_st_keyword(t))
			continue;
		const struct tok *next = &u->t[k + 1];

		if (is(next, ";") || is(next, ",") || is(next, "[") ||
		    is(next, ")") || is(next, "=") || is(next, "(") ||
		    lu_st_attribute(next))
			index_add(&u->typedefs, t, i, end);
	}
}

struct lu_pp_unit *lu_pp_unit_read(const char *path)
{
	struct lu_pp_unit *u = xcalloc(1, sizeof(*u));
	size_t len;
	int e = lu_slurp(path, MAX_UNIT, &u->buf, &len);

	if (e) {
		free(u);
		errno = e > 0 ? e : EFBIG;
		return NULL;
	}
	u->len = u->buf ? len : 0;
	tokenize(u, u->len);
	for (size_t i = 0; i < u->n; i++) {
		const struct tok *t = &u->t[i];

		if (is(t, "struct") || is(t, "union") || is(t, "enum"))
			index_tag(u, i);
		else if (is(t, "typedef"))
			index_typedef(u, i);
	}
	index_build(&u->tags);
	index_build(&u->typedefs);
	index_build(&u->enumc);
	return u;
}

void lu_pp_unit_free(struct lu_pp_unit *u)
{
	if (!u)
		return;
	struct index *x[] = { &u->tags, &u->typedefs, &u->enumc };

	for (size_t i = 0; i < 3; i++) {
		free(x[i]->defs);
		free(x[i]->slot);
	}
	free(u->t);
	free(u->match);
	free(u->files);
	free(u->edges);
	free(u->entries);
	free(u->buf);
	lu_arena_free(&u->arena);
	free(u);
}

bool lu_pp_unit_entry(const struct lu_pp_unit *u, unsigned entry,
		      unsigned *parent, const char **file, unsigned *line)
{
	if (entry >= u->n_entries ||
	    u->entries[entry].parent == LU_PP_NO_ENTRY)
		return false;
	*parent = u->entries[entry].parent;
	*file = u->files[u->entries[entry].from];
	*line = u->entries[entry].line;
	return true;
}

size_t lu_pp_unit_n_entries(const struct lu_pp_unit *u)
{
	return u->n_entries;
}

const struct lu_include_edge *lu_pp_unit_edges(const struct lu_pp_unit *u,
					       size_t *n)
{
	*n = u->n_edges;
	return u->edges;
}

/* ---- one struct's text ---------------------------------------------- */

static void take(struct walk *w, const struct def *d)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->todo[i].from == d->from && w->todo[i].to == d->to)
			return;
	w->todo = lu_grow(w->todo, &w->cap, w->n, sizeof(*w->todo));
	w->todo[w->n++] = *d;
}

static void take_all(struct walk *w, const struct index *x, const char *s,
		     unsigned len)
{
	for (size_t i = lu_st_index_find(x, s, len); i != NONE; i = x->defs[i].next)
		take(w, &x->defs[i]);
}

void lu_st_references(struct walk *w, const struct def *d)
{
	const struct lu_pp_unit *u = w->u;

	for (size_t i = d->from; i <= d->to; i++) {
		const struct tok *t = &u->t[i];

		if (!is_ident(t) || lu_st_keyword(t))
			continue;
		bool pointer = i + 1 <= d->to && is(&u->t[i + 1], "*");
		const struct tok *prev = i > d->from ? &u->t[i - 1] : NULL;

		if (prev && (is(prev, "struct") || is(prev, "union") ||
			     is(prev, "enum"))) {
			if (!pointer)
				take_all(w, &u->tags, t->s, t->len);
			continue;
		}
		if (!pointer)
			take_all(w, &u->typedefs, t->s, t->len);
		take_all(w, &u->enumc, t->s, t->len);
	}
}

static bool has_markers(const struct lu_pp_unit *u, const struct def *d)
{
	for (size_t i = d->from; i <= d->to; i++)
		if (lu_is_marker_token(u->t[i].s, u->t[i].len))
			return true;
	return false;
}

uint64_t lu_st_walk_spans(struct walk *w, size_t first, size_t own,
			   struct lu_span **out, size_t *n_out,
			   size_t *n_own_at)
{
	const struct lu_pp_unit *u = w->u;
	uint64_t h = 0xcbf29ce484222325ull;
	size_t spans_cap = 0;

	*out = NULL;
	*n_out = 0;
	*n_own_at = NONE;
	for (size_t k = first; k < w->n; k++) {
		if (k == own)
			*n_own_at = *n_out;
		struct def d = w->todo[k];
		unsigned file = (unsigned)-1, entry = LU_PP_NO_ENTRY;
		struct lu_span *sp = NULL;

		lu_st_references(w, &d);
		for (size_t i = d.from; i <= d.to; i++) {
			const struct tok *t = &u->t[i];

			/* the key hashes the files, the spans split by entry
			 * too: each has its own chain of #includes */
			if (t->file != file)
				h = fnv(h, u->files[t->file],
					strlen(u->files[t->file]) + 1);
			if (t->file != file || t->entry != entry) {
				file = t->file;
				entry = t->entry;
				*out = lu_grow(*out, &spans_cap, *n_out,
					       sizeof(**out));
				sp = &(*out)[(*n_out)++];
				*sp = (struct lu_span){ u->files[file], t->line,
							t->line, entry };
			}
			if (t->line < sp->first)
				sp->first = t->line;
			if (t->line > sp->last)
				sp->last = t->line;
			h = fnv(h, &t->line, sizeof(t->line));
			h = fnv(h, t->s, t->len);
			h = fnv(h, "", 1);
		}
		h = fnv(h, "\n", 1);
	}
	if (*n_own_at == NONE)
		*n_own_at = *n_out;
	return h;
}

struct lu_span *lu_st_spans_into(struct lu_span *spans, size_t n,
				  struct lu_arena *a)
{
	struct lu_span *out = lu_arena_alloc(a, (n + 1) * sizeof(*out));

	for (size_t i = 0; i < n; i++) {
		out[i] = spans[i];
		out[i].file = lu_arena_strdup(a, spans[i].file);
	}
	free(spans);
	return out;
}

void lu_struct_text_of(const struct lu_pp_unit *u, const char *name,
		       struct lu_arena *a, struct lu_struct_text *out)
{
	struct walk w = { .u = u };

	memset(out, 0, sizeof(*out));
	if (name) {
		take_all(&w, &u->tags, name, (unsigned)strlen(name));
		take_all(&w, &u->typedefs, name, (unsigned)strlen(name));
	} else {
		const struct index *x[] = { &u->tags, &u->typedefs };

		for (size_t k = 0; k < 2; k++)
			for (size_t i = 0; i < x[k]->n; i++)
				if (has_markers(u, &x[k]->defs[i]))
					take(&w, &x[k]->defs[i]);
	}
	out->found = w.n > 0;
	out->hash = lu_st_walk_spans(&w, 0, name ? w.n : 0, &out->spans,
			       &out->n_spans, &out->n_own);
	out->spans = lu_st_spans_into(out->spans, out->n_spans, a);
	free(w.todo);
}

uint64_t lu_struct_key(const struct lu_pp_unit *u, const char *const *names,
		       size_t n_names)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n_names; i++) {
		struct lu_arena a = { 0 };
		struct lu_struct_text t;

		lu_struct_text_of(u, names[i], &a, &t);
		lu_arena_free(&a);
		if (!t.found && names[i])
			return fnv(0x84222325cbf29ce4ull, u->buf ? u->buf : "",
				   u->len);
		h = fnv(h, &t.hash, sizeof(t.hash));
	}
	return h;
}
