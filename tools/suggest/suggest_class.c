/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: C++ class bodies in a source diff. A class holds more
 * than its data members (methods, access specifiers, nested types,
 * static members), and each data member has an access. The lines that
 * are no data member's stay where they are, in their order; the data
 * members, in the proposal's order, go where the last of them was (every
 * type a member names is declared above it, so above that line), and a
 * specifier line is added wherever the access changes, so each member
 * keeps its own; after them the access in effect there is restored.
 * Layout follows declaration order whatever the access (the Itanium
 * C++ ABI; C++23 requires it), so the specifiers change nothing of it.
 */
#include <string.h>

#include "suggest_src.h"

static const char *const access_words[] = { "public", "protected",
					    "private" };

/* The access a line's CODE sets ("public:", "private: void f();"),
 * ACC_NONE when none; *UNKNOWN: a label this cannot read ("signals:",
 * "public slots:"), so which access follows is not known. */
static int access_line(const char *code, bool *unknown, bool *bare)
{
	const char *c = lu_sg_skip_blank(code);
	size_t w = strspn(c, "abcdefghijklmnopqrstuvwxyz"
			     "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789 \t");
	const char *colon = c + w;

	*unknown = *bare = false;
	if (*colon != ':' || colon[1] == ':' || !w)
		return ACC_NONE;
	for (int a = ACC_PUBLIC; a <= ACC_PRIVATE; a++) {
		size_t n = strlen(access_words[a]);

		if (!strncmp(c, access_words[a], n) &&
		    lu_sg_skip_blank(c + n) == colon) {
			*bare = !*lu_sg_skip_blank(colon + 1);
			return a;
		}
	}
	/* "enum e : int {" goes on; a label ends the line */
	*unknown = !*lu_sg_skip_blank(colon + 1);
	return ACC_NONE;
}

/* Only specifier lines at the class's top level count: a nested type's
 * are its own. */
bool lu_sg_class_access(struct src *s)
{
	const struct lu_struct *st = s->plan->layouts[0].s;
	int acc = st->is_class ? ACC_PRIVATE : ACC_PUBLIC, depth = 0;

	int code = -1;		/* the last line that stays, not bare */

	s->last_data = -1;
	s->spec_indent = -1;
	for (size_t i = 0; i < s->n; i++) {
		bool unknown = false, bare = false;
		int a = depth || s->kind[i] != K_CODE
				? ACC_NONE
				: access_line(s->code[i], &unknown, &bare);

		/* a data member's line holds no label (a bit-field's ':'
		 * is no label); a specifier inside an #if holds in some
		 * configurations only */
		if (unknown && s->owner[i] == SKELETON)
			return false;
		if (a != ACC_NONE) {
			if (s->owner[i] != SKELETON || s->cond[i] >= 0)
				return false;
			acc = a;
			if (s->spec_indent < 0)
				s->spec_indent = (int)i;
		}
		s->access[i] = acc;
		s->bare[i] = bare;
		if (s->owner[i] >= 0 || s->owner[i] == MARKER)
			s->last_data = (int)i;
		else if (s->owner[i] == SKELETON && !bare &&
			 s->kind[i] == K_CODE)
			code = (int)i;
		for (const char *c = s->code[i]; *c; c++)
			depth += *c == '{' ? 1 : *c == '}' ? -1 : 0;
	}
	if (s->last_data < 0)
		return false;
	/* the last line that stays above the last data member: a type
	 * declared there may be what a member names */
	while (code > s->last_data)
		code--;
	while (code >= 0 && (s->owner[code] != SKELETON || s->bare[code] ||
			     s->kind[code] != K_CODE))
		code--;
	s->block_at = code + 1;
	s->block_access = code >= 0 ? s->access[code]
			  : st->is_class ? ACC_PRIVATE : ACC_PUBLIC;
	return true;
}

/* A specifier line for access A, indented as the source's first. */
static const char *spec_text(struct src *s, int a)
{
	const char *ind = s->spec_indent >= 0 ? s->at[s->spec_indent] : "";

	return lu_arena_printf(&s->arena, "%.*s%s:",
			       (int)strspn(ind, " \t"), ind, access_words[a]);
}

void lu_sg_class_switch(struct src *s, int *now, int a)
{
	if (a == ACC_NONE || a == *now)
		return;
	*now = a;
	/* a specifier of the source's that no line after it but data
	 * needed, with its comment lines, else a new one */
	for (int i = s->block_at; i <= s->last_data; i++)
		if (s->owner[i] == SKELETON && s->bare[i] &&
		    s->access[i] == a && !s->emitted[i]) {
			lu_sg_src_emit_anchor(s, (size_t)i);
			return;
		}
	/* outside every #if: the access holds in all configurations */
	lu_sg_src_push(s, spec_text(s, a), -1, 0);
}

void lu_sg_class_skeleton(struct src *s, int from, int to)
{
	for (int i = from; i < to; i++)
		if (s->owner[i] == SKELETON && !s->emitted[i])
			lu_sg_src_emit_anchor(s, (size_t)i);
}

