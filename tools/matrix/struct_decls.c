/* SPDX-License-Identifier: MIT */
/* The declarations of a struct's body; see struct_text.h. */
#include <stdlib.h>
#include <string.h>

#include "struct_text_unit.h"

/* The declaration that starts at token I of a body closing at CLOSE: to
 * its ';' (a block or nested type in braces, with its members, is one),
 * or to CLOSE. */
static size_t decl_end(const struct lu_pp_unit *u, size_t i, size_t close)
{
	for (; i < close; i++) {
		if (is(&u->t[i], "{") || is(&u->t[i], "(") ||
		    is(&u->t[i], "["))
			i = u->match[i];
		else if (is(&u->t[i], ";"))
			return i;
	}
	return close - 1;
}

/* From I (at most TO), past attributes and their parentheses. */
static size_t past_attributes(const struct lu_pp_unit *u, size_t i, size_t to)
{
	while (i <= to && lu_st_attribute(&u->t[i])) {
		i++;
		if (i <= to && is(&u->t[i], "("))
			i = u->match[i] + 1;
	}
	return i;
}

/*
 * What typedef name T stands for, as a struct held by value: T itself
 * when it is defined once with a body (`typedef struct [tag] { ... } T;`),
 * the tag of `typedef struct tag T;`; NULL for anything else (a scalar, an
 * enum, a pointer, an array).
 */
static const char *typedef_struct(const struct lu_pp_unit *u,
				  const struct tok *t, struct lu_arena *a)
{
	size_t at = lu_st_index_find(&u->typedefs, t->s, t->len);

	if (at == NONE || u->typedefs.defs[at].next != NONE)
		return NULL;
	const struct def *d = &u->typedefs.defs[at];
	size_t i = d->from + 1;

	while (i <= d->to && (is(&u->t[i], "const") ||
			      is(&u->t[i], "volatile") ||
			      is(&u->t[i], "__extension__")))
		i++;
	if (i + 2 > d->to || !(is(&u->t[i], "struct") || is(&u->t[i], "union")))
		return NULL;
	i++;
	const struct tok *tag = is_ident(&u->t[i]) ? &u->t[i++] : NULL;

	if (!is(&u->t[i], "{")) {
		/* typedef struct tag T; */
		bool alias = tag && i + 1 <= d->to && is(&u->t[i + 1], ";") &&
			     u->t[i].len == t->len &&
			     !memcmp(u->t[i].s, t->s, t->len);

		return alias ? lu_arena_printf(a, "%.*s", (int)tag->len,
					       tag->s)
			     : NULL;
	}
	i = past_attributes(u, u->match[i] + 1, d->to);
	/* T the body's own declarator, not `*T` or `T[2]` */
	if (i + 1 > d->to || u->t[i].len != t->len ||
	    memcmp(u->t[i].s, t->s, t->len))
		return NULL;
	i = past_attributes(u, i + 1, d->to);
	if (!is(&u->t[i], ";") && !is(&u->t[i], ","))
		return NULL;
	return lu_arena_printf(a, "%.*s", (int)t->len, t->s);
}

/* The tag T of a declaration [FROM, TO] that is `struct T x;` or
 * `union T x;` (qualifiers and attributes around it), or NULL. */
static const char *by_value(const struct lu_pp_unit *u, size_t from,
			    size_t to, struct lu_arena *a)
{
	size_t i = from;

	for (;;) {
		i = past_attributes(u, i, to);
		if (i <= to && (is(&u->t[i], "const") ||
				is(&u->t[i], "volatile") ||
				is(&u->t[i], "__extension__")))
			i++;
		else
			break;
	}
	if (i + 2 > to)
		return NULL;
	bool tagged = is(&u->t[i], "struct") || is(&u->t[i], "union");
	const struct tok *tag = &u->t[i + tagged], *name = &u->t[i + 1 + tagged];

	if (!is_ident(tag) || !is_ident(name) || lu_st_attribute(name) ||
	    lu_st_attribute(tag) || (!tagged && lu_st_keyword(tag)))
		return NULL;
	i = past_attributes(u, i + 2 + tagged, to);
	if (i != to || !is(&u->t[to], ";"))
		return NULL;
	if (!tagged)
		return typedef_struct(u, tag, a);
	return lu_arena_printf(a, "%.*s", (int)tag->len, tag->s);
}

/* Does [FROM, TO] declare a bit-field: a ':' outside parentheses and
 * brackets (an array's `A ? 1 : 2`, an attribute's arguments)? */
static bool bit_field(const struct lu_pp_unit *u, size_t from, size_t to)
{
	for (size_t i = from; i <= to; i++) {
		if (is(&u->t[i], "(") || is(&u->t[i], "["))
			i = u->match[i];
		else if (is(&u->t[i], ":"))
			return true;
	}
	return false;
}

/* Does range D say packed anywhere (its attributes or a member's)? */
static bool packed(const struct lu_pp_unit *u, const struct def *d)
{
	for (size_t i = d->from; i <= d->to; i++)
		if (is(&u->t[i], "packed") || is(&u->t[i], "__packed__"))
			return true;
	return false;
}

size_t lu_struct_decls(const struct lu_pp_unit *u, const char *name,
		       struct lu_arena *a, struct lu_struct_decl **out)
{
	const struct index *x = &u->tags;
	unsigned len = (unsigned)strlen(name);
	size_t at = lu_st_index_find(x, name, len), n = 0, cap = 0;
	struct lu_struct_decl *d = NULL;

	*out = NULL;
	if (at == NONE) {
		x = &u->typedefs;
		at = lu_st_index_find(x, name, len);
	}
	if (at == NONE)
		return LU_NO_DECLS;
	const struct def *own = &x->defs[at];
	size_t open = own->from;

	if (own->next != NONE)
		return LU_NO_DECLS;	/* defined twice: no one body */
	while (open <= own->to && !is(&u->t[open], "{"))
		open++;
	if (open > own->to || u->match[open] > own->to)
		return LU_NO_DECLS;
	size_t close = u->match[open];
	bool is_packed = packed(u, own);

	for (size_t i = open + 1; i < close;) {
		size_t end = decl_end(u, i, close);
		struct walk w = { .u = u };
		struct def decl = { own->s, own->len, i, end, NONE };
		struct lu_span *spans;
		size_t n_spans, n_own;

		d = lu_grow(d, &cap, n, sizeof(*d));
		d[n] = (struct lu_struct_decl){
			u->t[i].line, u->t[i].line, NULL, 0,
			by_value(u, i, end, a),
			is_packed || bit_field(u, i, end),
		};
		for (size_t k = i; k <= end; k++) {
			if (u->t[k].line < d[n].first)
				d[n].first = u->t[k].line;
			if (u->t[k].line > d[n].last)
				d[n].last = u->t[k].line;
		}
		/* the declaration's own tokens name the types; their text
		 * is what the spans hold */
		lu_st_references(&w, &decl);
		lu_st_walk_spans(&w, 0, NONE, &spans, &n_spans, &n_own);
		d[n].spans = lu_st_spans_into(spans, n_spans, a);
		d[n].n_spans = n_spans;
		free(w.todo);
		n++;
		i = end + 1;
	}
	*out = lu_arena_alloc(a, (n + 1) * sizeof(**out));
	if (n)
		memcpy(*out, d, n * sizeof(*d));
	free(d);
	return n;
}
