/* SPDX-License-Identifier: MIT */
/*
 * The conditions of a struct's body lines; see presence.h. The directives
 * are read as the preprocessor reads them (C11 6.10.1): a logical line
 * (continuations joined, comments gone) that starts with '#'. Expressions
 * are evaluated in intmax_t with C's precedence; an identifier that is not
 * an option, or a syntax this does not know, refuses the model.
 */
#include "presence.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "pp_source.h"

#define MAX_DEPTH 64

struct frame {
	size_t lits[MAX_DEPTH];	/* the branch's literals, as lit indices */
	size_t n_prev;		/* expressions of the branches before */
	size_t prev[MAX_DEPTH];
	size_t cur;		/* this branch's expression, or SIZE_MAX */
};

struct scanner {
	struct lu_presence *p;
	const struct lu_matrix_rules *m;
	struct lu_arena *a;
	struct frame stack[MAX_DEPTH];
	size_t depth;
	/* the conditions so far */
	struct lu_presence_lit *lits;
	size_t n_lits, lits_cap;
	size_t *from;
	size_t from_cap;
};

static void refuse(struct scanner *s, unsigned line, const char *why)
{
	if (!s->p->refused) {
		s->p->refused = why;
		s->p->refused_line = line;
	}
}

static bool id_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool id_char(char c)
{
	return id_start(c) || (c >= '0' && c <= '9');
}

/* The tokens of S[0, N) as "tok\0tok\0\0" in A. */
static const char *tokens(struct lu_arena *a, const char *s, size_t n)
{
	char *out = lu_arena_alloc(a, 2 * n + 2), *o = out;
	static const char *const two[] = { "&&", "||", "==", "!=", "<=",
					   ">=", "<<", ">>" };

	for (size_t i = 0; i < n;) {
		size_t k = i;

		if (s[i] == ' ' || s[i] == '\t') {
			i++;
			continue;
		}
		if (id_char(s[i])) {
			while (k < n && (id_char(s[k]) || s[k] == '.'))
				k++;
		} else {
			k = i + 1;
			for (size_t t = 0; t < 8; t++)
				if (i + 1 < n && s[i] == two[t][0] &&
				    s[i + 1] == two[t][1])
					k = i + 2;
		}
		memcpy(o, s + i, k - i);
		o += k - i;
		*o++ = '\0';
		i = k;
	}
	*o = '\0';
	return out;
}

/* ---- evaluation ------------------------------------------------------ */

struct eval {
	const char *t;		/* the current token */
	const struct lu_matrix_rules *m;
	const unsigned char *row;
	bool bad;
};

static void advance(struct eval *e)
{
	if (*e->t)
		e->t += strlen(e->t) + 1;
}

static bool at(const struct eval *e, const char *tok)
{
	return !strcmp(e->t, tok);
}

static long find_exact(const struct lu_matrix_rules *m, const char *name,
		       size_t len)
{
	for (size_t o = 0; o < m->n_options; o++)
		if (m->options[o].kind == LU_OPTION_DEFINE &&
		    strlen(m->options[o].name) == len &&
		    !strncmp(m->options[o].name, name, len))
			return (long)o;
	return -1;
}

/*
 * The option NAME stands for, or -1. In a Kconfig matrix a symbol is two
 * macros, as the kernel's autoconf.h writes them: CONFIG_X (1 when y) and
 * CONFIG_X_MODULE (1 when m); *MODULE says NAME is the second.
 */
static long find_option(const struct lu_matrix_rules *m, const char *name,
			bool *module)
{
	static const char suffix[] = "_MODULE";
	size_t len = strlen(name), k = sizeof(suffix) - 1;
	long o = find_exact(m, name, len);

	*module = false;
	if (o >= 0 || !m->kconfig || len <= k ||
	    strcmp(name + len - k, suffix))
		return o;
	o = find_exact(m, name, len - k);
	*module = o >= 0;
	return o;
}

/* A Kconfig option's value at index V: 'y', 'n' or 'm'. */
static char kconfig_value(const struct lu_matrix_option *opt, size_t v)
{
	if (!opt->values)
		return v ? 'y' : 'n';
	return opt->values[v][0];
}

/* Option O's value in ROW as the preprocessor sees it; DEFINED says
 * whether it is defined at all. */
static intmax_t option_value(struct eval *e, long o, bool module,
			     bool *defined)
{
	const struct lu_matrix_option *opt = &e->m->options[o];

	if (!e->row) {		/* checking the syntax only */
		*defined = true;
		return 1;
	}
	if (e->m->kconfig) {
		*defined = kconfig_value(opt, e->row[o]) == (module ? 'm' : 'y');
		return *defined;
	}
	if (!opt->values) {
		*defined = e->row[o] != 0;
		return e->row[o] != 0;	/* -DNAME is 1 */
	}
	const char *v = opt->values[e->row[o]];
	char *end;
	intmax_t x = strtoimax(v, &end, 0);

	*defined = true;
	if (end == v || *end)
		e->bad = true;
	return x;
}

static intmax_t cond_expr(struct eval *e);

static intmax_t primary(struct eval *e)
{
	bool defined;

	if (at(e, "(")) {
		advance(e);
		intmax_t v = cond_expr(e);

		if (!at(e, ")"))
			e->bad = true;
		advance(e);
		return v;
	}
	if (at(e, "!") || at(e, "-") || at(e, "~") || at(e, "+")) {
		char op = *e->t;

		advance(e);
		intmax_t v = primary(e);

		return op == '!' ? !v : op == '-' ? -v : op == '~' ? ~v : v;
	}
	if (at(e, "defined")) {
		bool paren;

		advance(e);
		paren = at(e, "(");
		if (paren)
			advance(e);
		bool module;
		long o = find_option(e->m, e->t, &module);

		if (o < 0)
			e->bad = true;
		else
			option_value(e, o, module, &defined);
		advance(e);
		if (paren) {
			if (!at(e, ")"))
				e->bad = true;
			advance(e);
		}
		return o >= 0 && defined;
	}
	if (*e->t >= '0' && *e->t <= '9') {
		char *end;
		intmax_t v = strtoimax(e->t, &end, 0);

		/* integer suffixes only: 1u, 2UL */
		while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
			end++;
		if (*end)
			e->bad = true;
		advance(e);
		return v;
	}
	if (id_start(*e->t)) {
		bool module;
		long o = find_option(e->m, e->t, &module);

		advance(e);
		if (o < 0) {
			e->bad = true;
			return 0;
		}
		intmax_t v = option_value(e, o, module, &defined);

		return defined ? v : 0;
	}
	e->bad = true;
	advance(e);
	return 0;
}

/* Binary operators by precedence, lowest first (C11 6.5.5-6.5.14). */
static const char *const levels[][4] = {
	{ "||" }, { "&&" }, { "|" }, { "^" }, { "&" }, { "==", "!=" },
	{ "<", ">", "<=", ">=" }, { "<<", ">>" }, { "+", "-" },
	{ "*", "/", "%" },
};
#define N_LEVELS (sizeof(levels) / sizeof(levels[0]))

static intmax_t apply(struct eval *e, const char *op, intmax_t a, intmax_t b)
{
	if ((!strcmp(op, "/") || !strcmp(op, "%")) && b == 0) {
		e->bad = true;
		return 0;
	}
	if ((!strcmp(op, "<<") || !strcmp(op, ">>")) && (b < 0 || b > 62)) {
		e->bad = true;
		return 0;
	}
	static const char *const ops[] = { "||", "&&", "|", "^", "&", "==",
					   "!=", "<", ">", "<=", ">=", "<<",
					   ">>", "+", "-", "*", "/", "%" };
	size_t k = 0;

	while (strcmp(ops[k], op))
		k++;
	switch (k) {
	case 0: return a || b;
	case 1: return a && b;
	case 2: return a | b;
	case 3: return a ^ b;
	case 4: return a & b;
	case 5: return a == b;
	case 6: return a != b;
	case 7: return a < b;
	case 8: return a > b;
	case 9: return a <= b;
	case 10: return a >= b;
	case 11: return (intmax_t)((uintmax_t)a << b);
	case 12: return a >> b;
	case 13: return (intmax_t)((uintmax_t)a + (uintmax_t)b);
	case 14: return (intmax_t)((uintmax_t)a - (uintmax_t)b);
	case 15: return (intmax_t)((uintmax_t)a * (uintmax_t)b);
	case 16: return a == INTMAX_MIN && b == -1 ? a : a / b;
	default: return a == INTMAX_MIN && b == -1 ? 0 : a % b;
	}
}

static intmax_t binary(struct eval *e, size_t level)
{
	if (level == N_LEVELS)
		return primary(e);
	intmax_t v = binary(e, level + 1);

	for (;;) {
		const char *op = NULL;

		for (size_t k = 0; k < 4 && levels[level][k]; k++)
			if (at(e, levels[level][k]))
				op = levels[level][k];
		if (!op || e->bad)
			return v;
		advance(e);
		v = apply(e, op, v, binary(e, level + 1));
	}
}

static intmax_t cond_expr(struct eval *e)
{
	intmax_t c = binary(e, 0);

	if (!at(e, "?"))
		return c;
	advance(e);
	intmax_t a = cond_expr(e);

	if (!at(e, ":"))
		e->bad = true;
	advance(e);
	intmax_t b = cond_expr(e);

	return c ? a : b;
}

/* EXPR for ROW (NULL: its syntax only); false in *BAD when it is not an
 * expression this can evaluate. */
static bool evaluate(const char *expr, const struct lu_matrix_rules *m,
		     const unsigned char *row, bool *bad)
{
	struct eval e = { .t = expr, .m = m, .row = row };
	intmax_t v = cond_expr(&e);

	*bad = e.bad || *e.t;
	return v != 0;
}

/* ---- the body's directives -------------------------------------------- */

static size_t add_expr(struct scanner *s, const char *toks)
{
	struct lu_presence *p = s->p;
	const char **x = lu_arena_alloc(s->a, (p->n_exprs + 1) * sizeof(*x));

	if (p->n_exprs)
		memcpy(x, p->exprs, p->n_exprs * sizeof(*x));
	x[p->n_exprs] = toks;
	p->exprs = x;
	return p->n_exprs++;
}

/* The condition of the lines under the stack as it is: its index. */
static size_t current_cond(struct scanner *s)
{
	struct lu_presence *p = s->p;
	size_t from = s->n_lits;

	for (size_t d = 0; d < s->depth; d++) {
		const struct frame *f = &s->stack[d];

		for (size_t k = 0; k < f->n_prev; k++) {
			s->lits = lu_grow(s->lits, &s->lits_cap, s->n_lits,
					  sizeof(*s->lits));
			s->lits[s->n_lits++] = (struct lu_presence_lit){
				f->prev[k], false };
		}
		if (f->cur != SIZE_MAX) {
			s->lits = lu_grow(s->lits, &s->lits_cap, s->n_lits,
					  sizeof(*s->lits));
			s->lits[s->n_lits++] = (struct lu_presence_lit){
				f->cur, true };
		}
	}
	if (s->n_lits == from)
		return 0;
	/* the same as the last one: share it */
	if (p->n_conds > 1) {
		size_t a = s->from[p->n_conds - 1], n = from - a;

		bool same = n == s->n_lits - from;

		/* field by field: the struct has padding */
		for (size_t i = 0; same && i < n; i++)
			same = s->lits[a + i].expr == s->lits[from + i].expr &&
			       s->lits[a + i].want == s->lits[from + i].want;
		if (same) {
			s->n_lits = from;
			return p->n_conds - 1;
		}
	}
	s->from = lu_grow(s->from, &s->from_cap, p->n_conds + 1,
			  sizeof(*s->from));
	s->from[p->n_conds] = from;
	s->from[p->n_conds + 1] = s->n_lits;
	return p->n_conds++;
}

/* A directive (after '#'), at LINE, in D[0, N). */
static void directive(struct scanner *s, unsigned line, const char *d,
		      size_t n)
{
	size_t w = 0;

	while (w < n && id_char(d[w]))
		w++;
	const char *rest = d + w;
	size_t rn = n - w;
	const char *toks = NULL;
	bool bad;

	if (w == 5 && !memcmp(d, "ifdef", 5))
		toks = tokens(s->a, lu_arena_printf(s->a, "defined %.*s",
						    (int)rn, rest),
			      rn + 8);
	else if (w == 6 && !memcmp(d, "ifndef", 6))
		toks = tokens(s->a, lu_arena_printf(s->a, "!defined %.*s",
						    (int)rn, rest),
			      rn + 9);
	else if ((w == 2 && !memcmp(d, "if", 2)) ||
		 (w == 4 && !memcmp(d, "elif", 4)))
		toks = tokens(s->a, rest, rn);
	if (toks) {
		evaluate(toks, s->m, NULL, &bad);
		if (bad)
			refuse(s, line, "a condition over more than the "
					"[matrix] options");
	}
	if (w >= 2 && !memcmp(d, "if", 2) && toks) {
		if (s->depth == MAX_DEPTH) {
			refuse(s, line, "#ifs nested too deep");
			return;
		}
		struct frame *f = &s->stack[s->depth++];

		f->n_prev = 0;
		f->cur = add_expr(s, toks);
	} else if ((w == 4 && !memcmp(d, "elif", 4)) ||
		   (w == 4 && !memcmp(d, "else", 4))) {
		if (!s->depth) {
			refuse(s, line, "an #else or #elif opened outside "
					"the struct");
			return;
		}
		struct frame *f = &s->stack[s->depth - 1];

		if (f->cur != SIZE_MAX && f->n_prev < MAX_DEPTH)
			f->prev[f->n_prev++] = f->cur;
		else if (f->cur != SIZE_MAX)
			refuse(s, line, "too many #elif branches");
		f->cur = toks ? add_expr(s, toks) : SIZE_MAX;
	} else if (w == 5 && !memcmp(d, "endif", 5)) {
		if (!s->depth)
			refuse(s, line, "an #endif of an #if outside the "
					"struct");
		else
			s->depth--;
	} else if (w) {
		/* #define, #undef, #include, #pragma (pack!), #line: the
		 * preprocessor's business, not a condition */
		refuse(s, line, "a directive other than a condition inside "
				"the struct");
	}
}

void lu_presence_scan(const char *text, size_t len, unsigned first,
		      unsigned last, const struct lu_matrix_rules *m,
		      struct lu_arena *a, struct lu_presence *out)
{
	struct scanner s = { .p = out, .m = m, .a = a };
	const char *p = text, *end = text + len;
	unsigned line = 1;
	bool in_comment = false;
	char *buf = malloc(len + 1);

	if (!buf)
		abort();
	*out = (struct lu_presence){ .first = first, .last = last };
	out->cond_of_line = lu_arena_alloc(a, (last - first + 2) *
						      sizeof(size_t));
	/* condition 0: kept always */
	s.from = lu_grow(s.from, &s.from_cap, 1, sizeof(*s.from));
	s.from[0] = s.from[1] = 0;
	out->n_conds = 1;
	while (p < end && line <= last) {
		/* one logical line into buf: continuations, comments */
		unsigned start = line, lines;
		size_t k;

		p = lu_pp_logical_line(p, end, buf, &k, &lines, &in_comment);
		line += lines ? lines : 1;
		size_t i = 0;

		while (i < k && (buf[i] == ' ' || buf[i] == '\t'))
			i++;
		bool hash = i < k && buf[i] == '#';

		if (start > first && start < last && hash) {
			i++;
			while (i < k && (buf[i] == ' ' || buf[i] == '\t'))
				i++;
			directive(&s, start, buf + i, k - i);
		}
		/* every physical line of it has the condition after it */
		size_t c = current_cond(&s);

		for (unsigned l = start; l < line || l == start; l++)
			if (l >= first && l <= last)
				out->cond_of_line[l - first] = c;
	}
	if (s.depth)
		refuse(&s, last, "an #if that the struct's end leaves open");
	out->cond_from = s.from;
	out->lits = s.lits;
	free(buf);
	/* the arrays belong to the arena from here */
	size_t *from = lu_arena_alloc(a, (out->n_conds + 1) * sizeof(*from));
	struct lu_presence_lit *lits = lu_arena_alloc(
		a, (s.n_lits + 1) * sizeof(*lits));

	memcpy(from, s.from, (out->n_conds + 1) * sizeof(*from));
	if (s.n_lits)
		memcpy(lits, s.lits, s.n_lits * sizeof(*lits));
	free(s.from);
	free(s.lits);
	out->cond_from = from;
	out->lits = lits;
}

bool lu_presence_holds(const struct lu_presence *p,
		       const struct lu_matrix_rules *m,
		       const unsigned char *row, size_t k)
{
	for (size_t i = p->cond_from[k]; i < p->cond_from[k + 1]; i++) {
		bool bad;
		bool v = evaluate(p->exprs[p->lits[i].expr], m, row, &bad);

		if (v != p->lits[i].want)
			return false;
	}
	return true;
}

bool lu_presence_keeps(const struct lu_presence *p,
		       const struct lu_matrix_rules *m,
		       const unsigned char *row, unsigned line)
{
	if (line < p->first || line > p->last)
		return true;
	return lu_presence_holds(p, m, row, p->cond_of_line[line - p->first]);
}

void lu_presence_options(const struct lu_presence *p,
			 const struct lu_matrix_rules *m, size_t k,
			 bool *flags)
{
	for (size_t i = p->cond_from[k]; i < p->cond_from[k + 1]; i++)
		for (const char *t = p->exprs[p->lits[i].expr]; *t;
		     t += strlen(t) + 1) {
			bool module;
			long o = find_option(m, t, &module);

			if (o >= 0)
				flags[o] = true;
		}
}
