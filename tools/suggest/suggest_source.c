/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: a proposal as the source's own lines, moved. A kernel
 * developer wants a patch that keeps the struct as written (comments,
 * spelling, #ifdefs, markers), not the body debug info regenerates. Each
 * item of the proposal takes the lines its members' decl_line points at,
 * up to the ';' that ends the declaration, with the comment and blank
 * lines above; the group markers already there go where the proposal
 * puts the group's ends, new ones are written with the neighbours'
 * indentation. Every line remembers the #if lines around it: between
 * two moved lines the conditions they do not share are closed and the
 * new ones opened, with the source's own #if and #endif text, so each
 * line compiles in exactly the configurations it did. Anything this
 * cannot map for sure makes it give up, and the caller diffs the render.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "slurp.h"
#include "suggest_diff.h"
#include "suggest_source.h"
#include "suggest_src.h"

/* T with its comments and literals' contents blanked out; *IN says
 * whether a block comment is open before and after it. *HAD: a comment
 * was seen. */
static const char *strip(struct lu_arena *a, const char *t, bool *in,
			 bool *had)
{
	char *buf = lu_arena_alloc(a, strlen(t) + 1), *o = buf;

	*had = *in;
	for (const char *c = t; *c; c++) {
		if (*in) {
			if (c[0] == '*' && c[1] == '/') {
				*in = false;
				*o++ = ' ';
				c++;
			}
		} else if (c[0] == '/' && c[1] == '*') {
			*in = *had = true;
			c++;
		} else if (c[0] == '/' && c[1] == '/') {
			*had = true;
			break;
		} else if (*c == '"' || *c == '\'') {
			char q = *c;

			*o++ = q;
			while (c[1] && c[1] != q)
				c += c[1] == '\\' && c[2] ? 2 : 1;
			if (c[1])
				*o++ = *++c;
		} else {
			*o++ = *c;
		}
	}
	*o = '\0';
	return buf;
}

/* Kinds, comment-free code and the #if around each line; false on a
 * directive this cannot keep (#else, #elif, #define, a continued one). */
static bool classify(struct src *s)
{
	bool in = false, had;
	int top = -1;

	for (size_t i = 0; i < s->n; i++) {
		const char *c;
		size_t len = strlen(s->at[i]);

		s->code[i] = strip(&s->arena, s->at[i], &in, &had);
		c = lu_sg_skip_blank(s->code[i]);
		s->cond[i] = top;
		if (!*c) {
			s->kind[i] = had ? K_COMMENT : K_BLANK;
			continue;
		}
		if (*c != '#') {
			s->kind[i] = K_CODE;
			continue;
		}
		s->kind[i] = K_DIRECTIVE;
		c = lu_sg_skip_blank(c + 1);
		if (len && s->at[i][len - 1] == '\\')
			return false;
		if (!strncmp(c, "if", 2)) {	/* #if, #ifdef, #ifndef */
			s->up[i] = top;
			top = (int)i;
		} else if (!strncmp(c, "endif", 5) && top >= 0) {
			s->endif[top] = (int)i;
			top = s->up[top];
		} else {
			return false;
		}
	}
	return top < 0 && !in;
}

/* The last line of the declaration starting on line I: its ';' at
 * depth 0; -1 when a directive comes first or the body ends. */
static int statement_end(const struct src *s, size_t i)
{
	int depth = 0;

	for (size_t j = i; j < s->n; j++) {
		if (s->kind[j] == K_DIRECTIVE)
			return -1;
		for (const char *c = s->code[j]; *c; c++) {
			if (strchr("([{", *c))
				depth++;
			else if (strchr(")]}", *c) && --depth < 0)
				return -1;
			else if (*c == ';' && !depth)
				return (int)j;
		}
	}
	return -1;
}

/* The line that starts the top-level declaration holding line D: the
 * last one at or above it that begins outside any brace; -1 none. */
static int block_opener(const struct src *s, size_t d)
{
	int depth = 0, opener = -1;

	for (size_t j = 0; j <= d; j++) {
		if (!depth && s->kind[j] == K_CODE)
			opener = (int)j;
		for (const char *c = s->code[j]; *c; c++)
			depth += *c == '{' ? 1 : *c == '}' ? -1 : 0;
	}
	return opener;
}

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* Does NAME appear as an identifier on lines [I, END]? */
static bool names(const struct src *s, size_t i, int end, const char *name)
{
	size_t n = strlen(name);

	if (!n)
		return true;
	for (size_t j = i; (int)j <= end; j++)
		for (const char *c = s->code[j]; (c = strstr(c, name)); c++)
			if ((c == s->code[j] || !ident_char(c[-1])) &&
			    !ident_char(c[n]))
				return true;
	return false;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* Gives lines [I, END] to KEY; false when another key has one. */
static bool own(struct src *s, size_t i, int end, size_t key)
{
	size_t mine = 0, n = (size_t)(end - (int)i + 1);

	for (size_t j = i; (int)j <= end; j++) {
		if (s->owner[j] == (long)key)
			mine++;
		else if (s->owner[j] != FREE)
			return false;
	}
	/* "unsigned a : 1, b : 1;": a bit-field run's later member */
	if (mine)
		return mine == n;
	for (size_t j = i; (int)j <= end; j++)
		s->owner[j] = (long)key;
	s->span_end[i] = end;
	return true;
}

/* The body line of member M, or -1 when it is not in this file's body. */
static int member_line(const struct src *s, const struct lu_member *m,
		       const char *file, size_t first)
{
	if (!m->decl_line || !m->file || !file ||
	    strcmp(base_name(m->file), base_name(file)) ||
	    m->decl_line <= first || m->decl_line - first > s->n)
		return -1;
	return (int)(m->decl_line - first - 1);
}

/* Maps each key's item to its declaration's lines. */
static bool map_items(struct src *s, size_t first)
{
	const struct lu_sg_plan *plan = s->plan;
	const char *file = plan->layouts[0].s->file;

	for (size_t k = 0; k < plan->n_keys; k++) {
		const struct lu_sg_layout *l = NULL;

		for (size_t i = 0; i < plan->n_layouts && !l; i++)
			if (plan->layouts[i].item_of_key[k])
				l = &plan->layouts[i];
		if (!l)
			continue;
		const struct lu_sg_item *it = &l->items[l->item_of_key[k] - 1];
		const struct lu_member *ms = l->s->members;
		int lo = -1, hi = -1;

		for (size_t j = it->first; j < it->last; j++) {
			if (ms[j].marker || ms[j].depth)
				continue;
			int d = member_line(s, &ms[j], file, first);

			if (d < 0 || s->kind[d] != K_CODE)
				return false;
			if (it->block >= 0) {
				if (!names(s, (size_t)d, d, ms[j].name))
					return false;
				lo = lo < 0 || d < lo ? d : lo;
				hi = d > hi ? d : hi;
				continue;
			}
			int end = statement_end(s, (size_t)d);

			if (end < 0 || !names(s, (size_t)d, end, ms[j].name) ||
			    !own(s, (size_t)d, end, k))
				return false;
		}
		if (it->block < 0)
			continue;
		/* an empty block names no member: no line says where */
		if (lo < 0)
			return false;
		int open = block_opener(s, (size_t)lo);
		int end = open < 0 ? -1 : statement_end(s, (size_t)open);

		if (end < hi || !own(s, (size_t)open, end, k))
			return false;
	}
	return true;
}

/* The group marker on line I: its group's index, -1 when not one. */
static int marker_group(const struct src *s, size_t i, bool *begin)
{
	static const struct {
		const char *macro;
		bool begin, named_last;
	} macros[] = {
		{ "LINEUP_BEGIN_ALIGNED", true, true },
		{ "LINEUP_BEGIN", true, true },
		{ "LINEUP_END", false, true },
		{ "__cacheline_group_begin_aligned", true, false },
		{ "__cacheline_group_begin", true, false },
		{ "__cacheline_group_end_aligned", false, false },
		{ "__cacheline_group_end", false, false },
	};
	const char *c = lu_sg_skip_blank(s->code[i]), *args, *close, *after;

	for (size_t k = 0; k < sizeof(macros) / sizeof(*macros); k++) {
		size_t n = strlen(macros[k].macro);

		if (strncmp(c, macros[k].macro, n) || *lu_sg_skip_blank(c + n) != '(')
			continue;
		args = lu_sg_skip_blank(c + n) + 1;
		close = strchr(args, ')');
		after = close ? lu_sg_skip_blank(close + 1) : NULL;
		if (!after || *after != ';' || *lu_sg_skip_blank(after + 1))
			return -1;
		if (macros[k].named_last && !(args = memchr(args, ',',
							    close - args)))
			return -1;
		args = lu_sg_skip_blank(args + macros[k].named_last);
		size_t len = strcspn(args, " \t,)");

		for (size_t g = 0; g < s->plan->n_groups; g++)
			if (strlen(s->plan->groups[g].name) == len &&
			    !strncmp(s->plan->groups[g].name, args, len)) {
				*begin = macros[k].begin;
				return (int)g;
			}
		return -1;
	}
	return -1;
}

/* Every code line an item's or a known marker's; comment and blank lines
 * go with the next declaration or marker below them. */
static bool map_rest(struct src *s)
{
	size_t pending = 0;

	for (size_t i = 0; i < s->n; i++) {
		bool begin;
		int g;

		if (s->kind[i] != K_CODE || s->owner[i] != FREE)
			continue;
		g = marker_group(s, i, &begin);
		if (g < 0 && s->cxx) {
			s->owner[i] = SKELETON;
			continue;
		}
		if (g < 0)
			return false;
		int *at = begin ? &s->gbegin[g] : &s->gend[g];

		if (*at >= 0)
			return false;
		*at = (int)i;
		s->owner[i] = MARKER;
	}
	for (size_t i = 0; i < s->n; i++) {
		bool anchor = s->owner[i] == MARKER ||
			      s->owner[i] == SKELETON ||
			      (s->owner[i] >= 0 && s->span_end[i] >= 0);

		if (anchor) {
			for (; pending < i; pending++)
				if (s->attach[pending] == TAIL &&
				    s->owner[pending] == FREE &&
				    s->kind[pending] != K_DIRECTIVE)
					s->attach[pending] = (int)i;
			pending = i + 1;
		} else if (s->owner[i] >= 0) {
			pending = i + 1;
		}
	}
	return true;
}

static int depth_of(const struct src *s, int c)
{
	int d = 0;

	for (; c >= 0; c = s->up[c])
		d++;
	return d;
}

static int common(const struct src *s, int a, int b)
{
	int da = depth_of(s, a), db = depth_of(s, b);

	for (; da > db; da--)
		a = s->up[a];
	for (; db > da; db--)
		b = s->up[b];
	while (a != b) {
		a = s->up[a];
		b = s->up[b];
	}
	return a;
}

/* C++: the access KEY's first line is under, ACC_NONE for none. */
static int key_access(const struct src *s, size_t key)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->owner[i] == (long)key && s->span_end[i] >= 0)
			return s->access[i];
	return ACC_NONE;
}

static void emit_key(struct src *s, size_t key, int *now)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->owner[i] == (long)key && s->span_end[i] >= 0) {
			if (s->cxx)
				lu_sg_class_switch(s, now, s->access[i]);
			lu_sg_src_emit_anchor(s, i);
		}
}

/* The indentation of group G's first declaration in the proposal. */
static const char *indent_of(struct src *s, int g)
{
	for (size_t o = 0; o < s->plan->n_keys; o++) {
		size_t key = s->p->order[o];

		if (s->plan->key_group[key] != g)
			continue;
		for (size_t i = 0; i < s->n; i++)
			if (s->owner[i] == (long)key && s->span_end[i] >= 0)
				return lu_arena_strndup(
					&s->arena, s->at[i],
					strspn(s->at[i], " \t"));
	}
	return "\t";
}

/* The lines a group gets at its start (BEGIN, before KEY) or end, as
 * lu_sg_render_c writes them, or the source's own markers. */
static void group_lines(struct src *s, int g, bool begin, size_t key)
{
	const struct lu_sg_group *grp = &s->plan->groups[g];
	const char *ind = indent_of(s, g);
	bool pair = s->plan->opts.pair,
	     aligned = begin && lu_sg_begins_aligned(s->plan, g, key);
	int c = s->gcond[g];

	if (begin && s->p->isolate[g] && pair)
		lu_sg_src_push(s, lu_arena_printf(&s->arena,
					"%sstruct LINEUP_ALIGNED_TO(%u) {", ind,
					s->plan->unit), c, 1);
	else if (begin && s->p->isolate[g])
		lu_sg_src_push(s, lu_arena_printf(&s->arena,
					"%sLINEUP_ISOLATE_BEGIN(%s);", ind,
					grp->name), c, 1);
	if (s->p->marked[g]) {
		int at = begin ? s->gbegin[g] : s->gend[g];

		if (at >= 0)
			lu_sg_src_emit_anchor(s, (size_t)at);
		else if (grp->origin == LU_ORIGIN_KERNEL)
			lu_sg_src_push(s, lu_arena_printf(&s->arena,
						"%s__cacheline_group_%s%s(%s);",
						ind, begin ? "begin" : "end",
						aligned ? "_aligned" : "",
						grp->name), c, 0);
		else
			lu_sg_src_push(s, lu_arena_printf(&s->arena,
						"%sLINEUP_%s%s(%s, %s);", ind,
						begin ? "BEGIN" : "END",
						aligned ? "_ALIGNED" : "",
						lu_kind_name(grp->kind),
						grp->name), c, 0);
	}
	if (!begin && s->p->isolate[g] && pair)
		lu_sg_src_push(s, lu_arena_printf(&s->arena, "%s};", ind), c, -1);
	else if (!begin && s->p->isolate[g])
		lu_sg_src_push(s, lu_arena_printf(&s->arena, "%sLINEUP_ISOLATE_END(%s);",
					ind, grp->name), c, -1);
}

static bool emits(const struct src *s, int g)
{
	return g >= 0 && (s->p->marked[g] || s->p->isolate[g]);
}

/* The #if a uniform group's new lines go in: what all its members'
 * lines share; a group whose members differ gets none, as in the
 * render. */
static void group_conds(struct src *s)
{
	for (size_t g = 0; g < s->plan->n_groups; g++) {
		bool any = false;
		int c = -1;

		for (size_t i = 0; s->plan->groups[g].uniform && i < s->n;
		     i++) {
			if (s->owner[i] < 0 ||
			    s->plan->key_group[s->owner[i]] != (int)g)
				continue;
			c = any ? common(s, c, s->cond[i]) : s->cond[i];
			any = true;
		}
		s->gcond[g] = c;
	}
}

/* The proposal's order, as lu_sg_render_c walks it. */
static void arrange(struct src *s)
{
	const struct lu_sg_plan *plan = s->plan;
	int open = -1, now = ACC_NONE;

	/* C++: the data members go where the last of them was, after every
	 * type declared before it; the access in effect there first */
	if (s->cxx) {
		lu_sg_class_skeleton(s, 0, s->block_at);
		now = s->block_access;
	}
	for (size_t o = 0; o < plan->n_keys; o++) {
		size_t key = s->p->order[o];
		int g = plan->key_group[key];

		if (g != open && (emits(s, open) || emits(s, g))) {
			if (emits(s, open))
				group_lines(s, open, false, 0);
			/* a group's markers under its first member's access */
			if (s->cxx)
				lu_sg_class_switch(s, &now, key_access(s, key));
			if (g >= 0)
				group_lines(s, g, true, key);
		}
		open = g;
		emit_key(s, key, &now);
	}
	if (emits(s, open))
		group_lines(s, open, false, 0);
	if (s->cxx) {
		/* the next line that stays gets its access back, unless it
		 * is a specifier itself */
		for (size_t i = (size_t)s->block_at; i < s->n; i++)
			if (s->owner[i] == SKELETON && !s->emitted[i]) {
				if (!s->bare[i])
					lu_sg_class_switch(s, &now,
							   s->access[i]);
				break;
			}
		lu_sg_class_skeleton(s, s->block_at, (int)s->n);
	}
	for (size_t j = 0; j < s->n; j++)
		if (s->attach[j] == TAIL && s->owner[j] == FREE &&
		    s->kind[j] != K_DIRECTIVE)
			lu_sg_src_emit_line(s, j);
}

/* Closes the #ifs of A that B lacks, opens those of B that A lacks. */
static void transition(const struct src *s, FILE *f, int a, int b)
{
	int c = common(s, a, b), chain[64], n = 0;

	for (; a != c; a = s->up[a])
		fprintf(f, "%s\n", s->at[s->endif[a]]);
	for (; b != c && n < 64; b = s->up[b])
		chain[n++] = b;
	while (n-- > 0)
		fprintf(f, "%s\n", s->at[chain[n]]);
}

static bool descends(const struct src *s, int c, int from)
{
	for (; c != from; c = s->up[c])
		if (c < 0)
			return false;
	return true;
}

/* The text, with its #if transitions; NULL when an isolation block would
 * straddle an #if, or a line went missing or twice. */
static char *write_out(struct src *s)
{
	char *text = NULL;
	size_t len = 0;
	int cur = -1, iso = -2;
	bool ok = true;
	FILE *f;

	for (size_t i = 0; i < s->n; i++)
		if (s->kind[i] != K_DIRECTIVE && s->emitted[i] != 1)
			return NULL;
	f = open_memstream(&text, &len);
	if (!f)
		abort();
	for (size_t o = 0; o < s->n_out; o++) {
		const struct out_line *l = &s->out[o];

		if (depth_of(s, l->cond) > 64 ||
		    (iso != -2 && !descends(s, l->cond, iso)) ||
		    (l->iso < 0 && l->cond != iso))
			ok = false;
		iso = l->iso > 0 ? l->cond : l->iso < 0 ? -2 : iso;
		transition(s, f, cur, l->cond);
		cur = l->cond;
		fprintf(f, "%s\n", l->text);
	}
	transition(s, f, cur, -1);
	if (fclose(f))
		abort();
	if (!ok || iso != -2) {
		free(text);
		return NULL;
	}
	return text;
}

#define ARRAY(s, field, n) ((s)->field = lu_arena_alloc(&(s)->arena, \
					(n) * sizeof(*(s)->field)))

char *lu_sg_source_body(const char *path, unsigned decl_line,
			const struct lu_sg_plan *plan,
			const struct lu_sg_proposal *p)
{
	struct src s = { .plan = plan, .p = p };
	struct lu_sg_lines l = { 0 };
	char *text = NULL, *out = NULL;
	size_t len = 0, first, last;

	if (lu_slurp(path, LU_SG_MAX_SOURCE, &text, &len) ||
	    memchr(text, '\0', len))
		goto done;
	lu_sg_split_lines(text, &l);
	if (!lu_sg_body_lines(&l, decl_line, &first, &last))
		goto done;
	s.at = l.at + first;
	s.n = last - first;
	ARRAY(&s, code, s.n);
	ARRAY(&s, kind, s.n);
	ARRAY(&s, cond, s.n);
	ARRAY(&s, up, s.n);
	ARRAY(&s, endif, s.n);
	ARRAY(&s, owner, s.n);
	ARRAY(&s, span_end, s.n);
	ARRAY(&s, attach, s.n);
	ARRAY(&s, emitted, s.n);
	ARRAY(&s, gbegin, plan->n_groups + 1);
	ARRAY(&s, gend, plan->n_groups + 1);
	ARRAY(&s, gcond, plan->n_groups + 1);
	ARRAY(&s, access, s.n);
	ARRAY(&s, bare, s.n);
	s.cxx = plan->layouts[0].s->cplus;
	for (size_t i = 0; i < s.n; i++) {
		s.owner[i] = FREE;
		s.span_end[i] = s.attach[i] = s.endif[i] = s.up[i] = -1;
	}
	for (size_t g = 0; g < plan->n_groups; g++)
		s.gbegin[g] = s.gend[g] = -1;
	if (!classify(&s) || !map_items(&s, first) || !map_rest(&s) ||
	    (s.cxx && !lu_sg_class_access(&s)))
		goto done;
	group_conds(&s);
	arrange(&s);
	out = write_out(&s);
done:
	free(s.out);
	lu_arena_free(&s.arena);
	free(l.at);
	free(text);
	return out;
}
