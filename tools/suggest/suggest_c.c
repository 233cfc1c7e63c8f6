/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: a proposal as C, the struct's body with lineup.h's
 * markers (doc/header.md): LINEUP_BEGIN/END around each group that the
 * proposal keeps together, LINEUP_ISOLATE_BEGIN/END around each isolated
 * write group, the kernel's __cacheline_group_begin/end for its groups,
 * and #if around members that only some configurations have.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suggest.h"

struct out {
	FILE *f;
	const char *indent;
	int depth;
};

static void pad(struct out *o)
{
	fputs(o->indent, o->f);
	for (int i = 0; i < o->depth; i++)
		fputc('\t', o->f);
}

static bool prefixed(const char *s, const char *prefix, const char **rest)
{
	size_t n = strlen(prefix);

	if (strncmp(s, prefix, n))
		return false;
	*rest = s + n;
	return true;
}

/* A marker member as the macro that made it. */
static void marker_line(struct out *o, const struct lu_member *m)
{
	const char *name, *kind = "cold";

	if (m->type && !strncmp(m->type, "lineup__", 8))
		kind = m->type + 8;
	if (prefixed(m->name, "lineup__begin__", &name))
		fprintf(o->f, "LINEUP_BEGIN(%s, %s);\n", kind, name);
	else if (prefixed(m->name, "lineup__end__", &name))
		fprintf(o->f, "LINEUP_END(%s, %s);\n", kind, name);
	else if (prefixed(m->name, "__cacheline_group_begin__", &name))
		fprintf(o->f, "__cacheline_group_begin(%s);\n", name);
	else if (prefixed(m->name, "__cacheline_group_end__", &name))
		fprintf(o->f, "__cacheline_group_end(%s);\n", name);
	else
		fprintf(o->f, "/* %s */\n", m->name);
}

void lu_sg_c_declarator(FILE *f, const char *type, const char *name,
			const char *dims)
{
	const char *fp = strstr(type, "(*)");
	size_t n = strlen(type);

	if (fp) {
		fprintf(f, "%.*s(*%s%s)%s", (int)(fp - type), type, name, dims,
			fp + 3);
		return;
	}
	/* "struct x * *" as C is written: "struct x **name" */
	for (size_t i = 0; i < n; i++)
		if (type[i] != ' ' || type[i + 1] != '*' || !i ||
		    type[i - 1] != '*')
			fputc(type[i], f);
	fprintf(f, "%s%s%s", n && type[n - 1] == '*' ? "" : " ", name, dims);
}

/* "type name[dims] : bits", the name inside a function pointer's parens. */
static void declaration(struct out *o, const struct lu_member *m,
			uint64_t forced)
{
	pad(o);
	lu_sg_c_declarator(o->f, m->type, m->name, m->dims);
	if (m->bit_size)
		fprintf(o->f, " : %u", m->bit_size);
	if (forced)
		fprintf(o->f, " __attribute__((__aligned__(%llu)))",
			(unsigned long long)forced);
	fputs(";\n", o->f);
}

static void members(struct out *o, const struct lu_struct *s, size_t first,
		    size_t last, int parent);

static void block(struct out *o, const struct lu_struct *s, int b)
{
	const struct lu_block *k = &s->blocks[b];
	const char *iso = NULL;
	const struct lu_member *m0 = &s->members[k->first];

	if (k->first < k->last &&
	    prefixed(m0->name, "lineup__isolate_begin__", &iso)) {
		pad(o);
		fprintf(o->f, "LINEUP_ISOLATE_BEGIN(%s);\n", iso);
	} else {
		pad(o);
		fprintf(o->f, "%s ", k->is_union ? "union" : "struct");
		if (k->forced_align)
			fprintf(o->f, "__attribute__((__aligned__(%llu))) ",
				(unsigned long long)k->forced_align);
		fputs("{\n", o->f);
	}
	o->depth++;
	members(o, s, k->first, k->last, b);
	o->depth--;
	pad(o);
	if (iso)
		fprintf(o->f, "LINEUP_ISOLATE_END(%s);\n", iso);
	else
		fputs("};\n", o->f);
}

/* PARENT's empty blocks before member AT (`union { } __aligned(64);`,
 * which only aligns what follows): no member says where they are. */
static void empty_children(struct out *o, const struct lu_struct *s,
			   size_t at, int parent)
{
	for (size_t b = 0; b < s->n_blocks; b++)
		if (s->blocks[b].parent == parent &&
		    s->blocks[b].first == at && s->blocks[b].last == at)
			block(o, s, (int)b);
}

/* Members [FIRST, LAST) of S inside block PARENT (-1: the struct). */
static void members(struct out *o, const struct lu_struct *s, size_t first,
		    size_t last, int parent)
{
	for (size_t j = first; j <= last;) {
		int child = -1;

		empty_children(o, s, j, parent);
		if (j == last)
			break;

		for (size_t b = 0; b < s->n_blocks && child < 0; b++)
			if (s->blocks[b].parent == parent &&
			    s->blocks[b].first == j &&
			    s->blocks[b].last > j)
				child = (int)b;
		if (child >= 0) {
			block(o, s, child);
			j = s->blocks[child].last;
			continue;
		}
		const struct lu_member *m = &s->members[j++];
		const char *iso;

		if (m->depth || prefixed(m->name, "lineup__isolate_", &iso))
			continue;
		if (m->marker) {
			pad(o);
			marker_line(o, m);
			continue;
		}
		/* a block's member keeps its stated alignment: Clang states
		 * it there and not on the block (DW_AT_alignment) */
		declaration(o, m, s->forced_stated ? m->forced_align : 0);
	}
}

/* The layout that has KEY, the input's first. */
static const struct lu_sg_layout *holder(const struct lu_sg_plan *plan,
					 size_t key)
{
	for (size_t l = 0; l < plan->n_layouts; l++)
		if (plan->layouts[l].item_of_key[key])
			return &plan->layouts[l];
	return NULL;
}

static void item(struct out *o, const struct lu_sg_layout *l, size_t key)
{
	const struct lu_sg_item *it = &l->items[l->item_of_key[key] - 1];

	if (it->block >= 0) {
		block(o, l->s, it->block);
		return;
	}
	for (size_t j = it->first; j < it->last; j++)
		if (!l->s->members[j].depth)
			declaration(o, &l->s->members[j],
				    j == it->first ? it->forced : 0);
}

/* KEY: the group's first in the order, when BEGIN */
static void group_line(struct out *o, const struct lu_sg_render *r, int g,
		       bool begin, size_t key)
{
	const struct lu_sg_group *grp = &r->plan->groups[g];
	const char *kind = lu_kind_name(grp->kind);

	if (begin && r->p->isolate[g]) {
		pad(o);
		if (r->plan->opts.pair)
			fprintf(o->f, "struct LINEUP_ALIGNED_TO(%u) {\n",
				r->plan->unit);
		else
			fprintf(o->f, "LINEUP_ISOLATE_BEGIN(%s);\n", grp->name);
		o->depth++;
	}
	if (r->p->marked[g]) {
		bool aligned = begin &&
			       lu_sg_begins_aligned(r->plan, g, key);

		pad(o);
		if (grp->origin == LU_ORIGIN_KERNEL)
			fprintf(o->f, "__cacheline_group_%s%s(%s);\n",
				begin ? "begin" : "end",
				aligned ? "_aligned" : "", grp->name);
		else
			fprintf(o->f, "LINEUP_%s%s(%s, %s);\n",
				begin ? "BEGIN" : "END",
				aligned ? "_ALIGNED" : "", kind, grp->name);
	}
	if (!begin && r->p->isolate[g]) {
		o->depth--;
		pad(o);
		if (r->plan->opts.pair)
			fputs("};\n", o->f);
		else
			fprintf(o->f, "LINEUP_ISOLATE_END(%s);\n", grp->name);
	}
}

/* Does a change into or out of group G print a line? */
static bool emits(const struct lu_sg_render *r, int g)
{
	return g >= 0 && (r->p->marked[g] || r->p->isolate[g]);
}

static void cond_switch(struct out *o, const char *from, const char *to)
{
	if (from == to || (from && to && !strcmp(from, to)))
		return;
	if (from)
		fprintf(o->f, "#endif\n");
	if (to)
		fprintf(o->f, "#if %s\n", to);
}

/* Closes group G (-1: none) and the #if open around it. */
static void leave(struct out *o, const struct lu_sg_render *r, int g,
		  const char **cond)
{
	if (g >= 0 && emits(r, g) && r->plan->groups[g].uniform) {
		group_line(o, r, g, false, 0);
		cond_switch(o, *cond, NULL);
	} else {
		cond_switch(o, *cond, NULL);
		if (g >= 0 && emits(r, g))
			group_line(o, r, g, false, 0);
	}
	*cond = NULL;
}

char *lu_sg_render_c(const struct lu_sg_render *r)
{
	const struct lu_sg_plan *plan = r->plan;
	struct out o = { .indent = r->indent ? r->indent : "\t" };
	char *text = NULL;
	size_t len = 0;
	const char *cond = NULL;
	int open = -1;

	o.f = open_memstream(&text, &len);
	if (!o.f)
		abort();
	for (size_t i = 0; i < plan->n_keys; i++) {
		size_t key = r->p->order[i];
		int g = plan->key_group[key];
		const char *c = r->key_cond ? r->key_cond[key] : NULL;

		if (g != open && (emits(r, open) || emits(r, g))) {
			leave(&o, r, open, &cond);
			/* a group all of whose members share one #if has
			 * its markers inside it, as a configuration without
			 * them has no markers either (suggest_layout.c) */
			if (g >= 0 && r->plan->groups[g].uniform) {
				cond_switch(&o, cond, c);
				cond = c;
			}
			if (g >= 0)
				group_line(&o, r, g, true, key);
		}
		open = g;
		cond_switch(&o, cond, c);
		cond = c;
		const struct lu_sg_layout *l = holder(plan, key);

		if (l)
			item(&o, l, key);
	}
	leave(&o, r, open, &cond);
	if (fclose(o.f))
		abort();
	return text;
}
