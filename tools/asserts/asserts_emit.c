/* SPDX-License-Identifier: MIT */
/*
 * Prints an assertion plan (asserts.c) as C source, in one of two styles:
 *
 *   lineup  LINEUP_ASSERT_* from include/lineup.h, at file scope after the
 *           struct's definition. Groups apart by name with
 *           LINEUP_ASSERT_WRITE_APART; members with LINEUP_ASSERT_APART.
 *   kernel  the kernel's way (net/core/dev.c, net_dev_struct_check()): a
 *           function of BUILD_BUG_ON()s and include/linux/cache.h's
 *           CACHELINE_ASSERT_GROUP_MEMBER/_SIZE, called from __init code.
 *           cache.h has no "apart": that one is line arithmetic on
 *           offsetof, the same rule as lineup.h's.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "asserts.h"
#include "cxx_names.h"

/* LINEUP_ASSERT_WRITE_APART takes at most this many groups. */
#define WRITE_APART_MAX 16

struct emit {
	FILE *out;
	const struct lu_assert_plan *p;
	char type[512];
	const char *indent;
};

static const char *group_name(const struct emit *e, size_t g)
{
	return e->p->groups[g].g.name;
}

static const char *member_name(const struct emit *e, size_t m)
{
	return e->p->s->members[m].name;
}

/* Rules groups have no markers in the source: say where they come from. */
static const char *origin_word(const struct lu_group *g)
{
	return g->origin == LU_ORIGIN_RULES ? " (rules)" : "";
}

/* "write group 'load' apart from read group 'wakeup' (rules)" */
static void pair_comment(const struct emit *e, size_t g, size_t h)
{
	const struct lu_group *x = &e->p->groups[g].g, *y = &e->p->groups[h].g;

	fprintf(e->out, "%s/* %s group '%s'%s apart from %s group '%s'%s */\n",
		e->indent, lu_kind_name(x->kind), x->name, origin_word(x),
		lu_kind_name(y->kind), y->name, origin_word(y));
}

/* ------------------------------------------------------------------ lineup */

/* One WRITE_APART for the run of group relations of one write group
 * starting at I, at most 16 groups; returns the index after it. */
static size_t lineup_write_apart(const struct emit *e, size_t i)
{
	const struct lu_assert_plan *p = e->p;
	size_t w = p->items[i].a.index, n = 0;

	fprintf(e->out, "%sLINEUP_ASSERT_WRITE_APART(%s, %s", e->indent, e->type,
		group_name(e, w));
	for (; i < p->n && n < WRITE_APART_MAX; i++, n++) {
		const struct lu_assert *x = &p->items[i];

		if (x->type != LU_ASSERT_APART || !x->a.group ||
		    x->a.index != w)
			break;
		fprintf(e->out, ", %s", group_name(e, x->b.index));
	}
	fprintf(e->out, ");\n");
	return i;
}

/* A stand-in for a bit-field says so, or the assertion reads as if the
 * rules had named the member it uses. */
static void standin_comment(const struct emit *e, const struct lu_assert *x)
{
	const struct lu_assert_side *st = x->standin_is_a ? &x->a : &x->b;

	if (!x->standin)
		return;
	fprintf(e->out, "%s/* '%s' is a bit-field, which offsetof cannot name:"
			" '%s'%s stands for it */\n",
		e->indent, member_name(e, x->standin_for),
		member_name(e, st->index),
		x->repeat ? ", asserted apart above," : "");
}

static size_t emit_lineup_one(const struct emit *e, size_t i)
{
	const struct lu_assert *x = &e->p->items[i];

	switch (x->type) {
	case LU_ASSERT_APART:
		if (x->a.group)
			return lineup_write_apart(e, i);
		standin_comment(e, x);
		if (x->repeat)
			break;
		fprintf(e->out, "%sLINEUP_ASSERT_APART(%s, %s, %s);\n", e->indent, e->type,
			member_name(e, x->a.index), member_name(e, x->b.index));
		break;
	case LU_ASSERT_IN_GROUP:
		fprintf(e->out, "%sLINEUP_ASSERT_IN_GROUP(%s, %s, %s);\n", e->indent,
			e->type, group_name(e, x->a.index),
			member_name(e, x->b.index));
		break;
	case LU_ASSERT_GROUP_LINES:
		fprintf(e->out, "%sLINEUP_ASSERT_GROUP_LINES(%s, %s, %llu);\n", e->indent,
			e->type, group_name(e, x->a.index),
			(unsigned long long)x->value);
		break;
	case LU_ASSERT_SIZE_MAX:
		fprintf(e->out, "%sLINEUP_ASSERT_SIZE_MAX(%s, %llu);\n", e->indent, e->type,
			(unsigned long long)x->value);
		break;
	}
	return i + 1;
}

/* ------------------------------------------------------------------ kernel */

/* C expressions for a side's first byte and its end. */
static void side_exprs(const struct emit *e, const struct lu_assert_side *x,
		       char *lo, char *hi, size_t size)
{
	if (!x->group) {
		const char *m = member_name(e, x->index);

		snprintf(lo, size, "offsetof(%s, %s)", e->type, m);
		snprintf(hi, size, "offsetofend(%s, %s)", e->type, m);
	} else if (e->p->groups[x->index].g.origin == LU_ORIGIN_KERNEL) {
		const char *g = group_name(e, x->index);

		snprintf(lo, size,
			 "offsetofend(%s, __cacheline_group_begin__%s)",
			 e->type, g);
		snprintf(hi, size, "offsetof(%s, __cacheline_group_end__%s)",
			 e->type, g);
	} else {
		const char *g = group_name(e, x->index);

		snprintf(lo, size, "offsetof(%s, lineup__begin__%s)", e->type,
			 g);
		snprintf(hi, size, "offsetof(%s, lineup__end__%s)", e->type, g);
	}
}

/*
 * No line holds a byte of both: the earlier side's last byte is on a
 * line before the later side's first, for every start of an object. A
 * line-aligned type needs only line numbers; otherwise lineup.h's rule
 * for objects that start at multiples of A: (end - 1) % A + (next - end
 * + 1) >= line. Either fails if a change puts the sides in the other
 * order, which the layout did not verify.
 */
static void kernel_apart(const struct emit *e, const struct lu_assert *x)
{
	const struct lu_assert_side *first = &x->a, *second = &x->b;
	char lo[768], hi[768], lo2[768], hi2[768];

	if (second->lo < first->lo) {
		first = &x->b;
		second = &x->a;
	}
	side_exprs(e, first, lo, hi, sizeof(lo));
	side_exprs(e, second, lo2, hi2, sizeof(lo2));
	if (e->p->start_align >= e->p->line_size) {
		fprintf(e->out,
			"\tBUILD_BUG_ON((%s - 1) / SMP_CACHE_BYTES >=\n"
			"\t\t     %s / SMP_CACHE_BYTES);\n", hi, lo2);
		return;
	}
	fprintf(e->out,
		"\t/* objects start at multiples of %llu, anywhere in a line */\n"
		"\tBUILD_BUG_ON(%s > %s ||\n"
		"\t\t     (%s - 1) %% %llu + (%s - %s) + 1 < SMP_CACHE_BYTES);\n",
		(unsigned long long)e->p->start_align, hi, lo2, hi,
		(unsigned long long)e->p->start_align, lo2, hi);
}

static size_t emit_kernel_one(const struct emit *e, size_t i)
{
	const struct lu_assert *x = &e->p->items[i];
	const struct lu_group *g = &e->p->groups[x->a.grp].g;
	bool kernel = g->origin == LU_ORIGIN_KERNEL;
	char lo[768], hi[768];

	switch (x->type) {
	case LU_ASSERT_APART:
		standin_comment(e, x);
		if (!x->repeat)
			kernel_apart(e, x);
		break;
	case LU_ASSERT_IN_GROUP:
		if (kernel) {
			fprintf(e->out,
				"\tCACHELINE_ASSERT_GROUP_MEMBER(%s, %s, %s);\n",
				e->type, g->name, member_name(e, x->b.index));
			break;
		}
		side_exprs(e, &x->a, lo, hi, sizeof(lo));
		fprintf(e->out,
			"\tBUILD_BUG_ON(!(offsetof(%s, %s) >= %s &&\n"
			"\t\t       offsetofend(%s, %s) <= %s));\n",
			e->type, member_name(e, x->b.index), lo, e->type,
			member_name(e, x->b.index), hi);
		break;
	case LU_ASSERT_GROUP_LINES:
		/* cache.h bounds a group in bytes: the bytes it has now */
		fprintf(e->out, "\t/* '%s': %llu bytes, %llu line%s */\n",
			g->name, (unsigned long long)(x->a.hi - x->a.lo),
			(unsigned long long)x->value, x->value == 1 ? "" : "s");
		if (kernel) {
			fprintf(e->out,
				"\tCACHELINE_ASSERT_GROUP_SIZE(%s, %s, %llu);\n",
				e->type, g->name,
				(unsigned long long)(x->a.hi - x->a.lo));
			break;
		}
		side_exprs(e, &x->a, lo, hi, sizeof(lo));
		fprintf(e->out, "\tBUILD_BUG_ON(%s -\n\t\t     %s > %llu);\n",
			hi, lo, (unsigned long long)(x->a.hi - x->a.lo));
		break;
	case LU_ASSERT_SIZE_MAX:
		fprintf(e->out, "\tBUILD_BUG_ON(sizeof(%s) > %llu);\n", e->type,
			(unsigned long long)x->value);
		break;
	}
	return i + 1;
}

/* The kernel names these <struct>_struct_check (net_dev_struct_check). */
static void function_name(const struct lu_struct *s, char *buf, size_t size)
{
	size_t n = 0;

	for (const char *c = s->name; *c && n + 1 < size; c++)
		buf[n++] = isalnum((unsigned char)*c) ? *c : '_';
	buf[n] = '\0';
	snprintf(buf + n, size - n, "_struct_check");
}

/* ------------------------------------------------------------------ both */

static void heading(const struct emit *e, const char *source)
{
	const struct lu_struct *s = e->p->s;
	bool kernel = e->p->style == LU_STYLE_KERNEL;
	char said[512];

	lu_asserts_said_name(s, said, sizeof(said));

	fprintf(e->out,
		"/*\n"
		" * %s as `lineup asserts` verified it in %s\n"
		" * (%u-byte lines, %llu bytes, aligned to %llu).\n",
		said, source, e->p->line_size, (unsigned long long)s->size,
		(unsigned long long)s->align);
	if (kernel)
		fprintf(e->out,
			" * Kernel style (include/linux/cache.h): call it from "
			"__init code.\n");
	else
		fprintf(e->out,
			" * Paste after the definition, with <lineup.h> "
			"included.\n");
	if (s->cplus && lu_cxx_source_name(s->name, said, sizeof(said)))
		fprintf(e->out,
			" * In an anonymous namespace: only its own file can "
			"name it.\n");
	fprintf(e->out, " */\n");
}

/* A comment before each new pair of groups a run of APARTs keeps apart,
 * and before the members' and groups' own bounds. */
static void section(const struct emit *e, size_t i, size_t *last_w,
		    size_t *last_h, int *last_type)
{
	const struct lu_assert *x = &e->p->items[i];
	const char *what = NULL;

	if (x->type == LU_ASSERT_APART) {
		if (*last_type == LU_ASSERT_APART && x->a.grp == *last_w &&
		    x->b.grp == *last_h)
			return;
		*last_w = x->a.grp;
		*last_h = x->b.grp;
		*last_type = (int)x->type;
		if (x->a.group && e->p->style == LU_STYLE_LINEUP) {
			/* one WRITE_APART lists the groups */
			const struct lu_group *w = &e->p->groups[x->a.grp].g;

			*last_h = SIZE_MAX;
			fprintf(e->out,
				"%s/* %s group '%s' apart from these groups */\n",
				e->indent, lu_kind_name(w->kind), w->name);
			return;
		}
		pair_comment(e, x->a.grp, x->b.grp);
		return;
	}
	if ((int)x->type == *last_type)
		return;
	*last_type = (int)x->type;
	if (x->type == LU_ASSERT_IN_GROUP)
		what = "each member in its group";
	else if (x->type == LU_ASSERT_GROUP_LINES)
		what = "each group in no more lines than now";
	else
		what = "the rules' max_size";
	fprintf(e->out, "%s/* %s */\n", e->indent, what);
}

/* Does side X name a member code outside a C++ class cannot? A group is
 * named through its markers, which sit where its members do. */
static bool side_hidden(const struct lu_assert_plan *p,
			const struct lu_assert_side *x)
{
	const struct lu_struct *s = p->s;

	if (!x->group)
		return x->index < s->n_members && s->members[x->index].hidden;
	const struct lu_group *g = &p->groups[x->index].g;

	for (size_t i = g->first ? g->first - 1 : 0; i <= g->last &&
						     i < s->n_members; i++)
		if (s->members[i].hidden)
			return true;
	return false;
}

/* The first private or protected member the plan names, or NULL. */
static const char *first_hidden(const struct lu_assert_plan *p)
{
	for (size_t i = 0; i < p->n; i++) {
		const struct lu_assert *x = &p->items[i];

		if (x->type == LU_ASSERT_SIZE_MAX)
			continue;
		if (side_hidden(p, &x->a))
			return x->a.group ? p->groups[x->a.index].g.name
					  : p->s->members[x->a.index].name;
		if (x->type != LU_ASSERT_GROUP_LINES && side_hidden(p, &x->b))
			return x->b.group ? p->groups[x->b.index].g.name
					  : p->s->members[x->b.index].name;
	}
	return NULL;
}

/*
 * C++: a template's name has commas, which split a macro's arguments,
 * so the assertions name an alias; and a private member can only be
 * named from a friend, so they sit in a struct the class befriends.
 * Returns whether that struct was opened.
 */
static bool cplus_prologue(struct emit *e)
{
	const struct lu_struct *s = e->p->s;
	const char *hidden = first_hidden(e->p);
	char friend_name[300];

	if (strchr(s->name, ',')) {
		char spelled[512];

		lu_cxx_source_name(s->name, spelled, sizeof(spelled));
		fprintf(e->out, "using %s = %s;\n", e->type, spelled);
	}
	if (!hidden || e->p->style == LU_STYLE_KERNEL)
		return false;
	lu_asserts_cplus_name(s, "lineup_asserts_", friend_name,
			      sizeof(friend_name));
	fprintf(e->out,
		"/* '%s' is private or protected: these name it from a friend,\n"
		" * in the class's namespace. Add to %s:\n"
		" *	friend struct %s;\n"
		" */\n"
		"struct %s {\n",
		hidden, s->name, friend_name, friend_name);
	e->indent = "\t";
	return true;
}

void lu_asserts_emit(FILE *out, const struct lu_assert_plan *p,
		     const char *source)
{
	struct emit e = { .out = out, .p = p, .indent = "" };
	bool kernel = p->style == LU_STYLE_KERNEL, in_friend = false;
	size_t last_w = 0, last_h = 0;
	int last_type = -1;

	lu_asserts_type_name(p->s, e.type, sizeof(e.type));
	heading(&e, source);
	if (p->s->cplus)
		in_friend = cplus_prologue(&e);
	if (kernel) {
		char fn[300];

		function_name(p->s, fn, sizeof(fn));
		fprintf(out, "static void __init %s(void)\n{\n", fn);
		e.indent = "\t";
	}
	if (!p->n)
		fprintf(out, "%s/* nothing to assert in this build: no write "
			     "group, no named group with members, no max_size "
			     "*/\n", e.indent);
	for (size_t i = 0; i < p->n;) {
		section(&e, i, &last_w, &last_h, &last_type);
		i = kernel ? emit_kernel_one(&e, i) : emit_lineup_one(&e, i);
	}
	for (size_t i = 0; i < p->n_unnamed; i++)
		fprintf(out, "%s/* not asserted: '%s' is %s */\n", e.indent,
			member_name(&e, p->unnamed[i]),
			p->s->members[p->unnamed[i]].bit_size
				? "a bit-field, which offsetof cannot name"
				: "a flexible array, which sizeof cannot take");
	if (kernel)
		fprintf(out, "}\n");
	if (in_friend)
		fprintf(out, "};\n");
}
