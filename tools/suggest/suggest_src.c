/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: writing the lines of a source body out (suggest_src.h),
 * for the C rewrite (suggest_source.c) and C++ classes (suggest_class.c).
 */
#include <string.h>

#include "suggest_src.h"

const char *lu_sg_skip_blank(const char *s)
{
	return s + strspn(s, " \t");
}

void lu_sg_src_push(struct src *s, const char *text, int cond, int iso)
{
	s->out = lu_grow(s->out, &s->cap_out, s->n_out, sizeof(*s->out));
	s->out[s->n_out++] = (struct out_line){ text, cond, iso };
}

void lu_sg_src_emit_line(struct src *s, size_t i)
{
	lu_sg_src_push(s, s->at[i], s->cond[i], 0);
	s->emitted[i]++;
}

/* A declaration or marker with the comment lines that go with it. */
void lu_sg_src_emit_anchor(struct src *s, size_t i)
{
	int end = s->owner[i] == MARKER || s->owner[i] == SKELETON
			  ? (int)i
			  : s->span_end[i];

	for (size_t j = 0; j < s->n; j++)
		if (s->attach[j] == (int)i)
			lu_sg_src_emit_line(s, j);
	for (size_t j = i; (int)j <= end; j++)
		lu_sg_src_emit_line(s, j);
}

