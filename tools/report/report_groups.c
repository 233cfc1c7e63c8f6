/* SPDX-License-Identifier: MIT */
/*
 * What the reports say about a group's bytes: a kernel group's footprint,
 * and the padding a begin marker gives a group (group_bytes.h).
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "kernel_groups.h"
#include "report.h"
#include "text_buf.h"

static const char *type_word(const struct lu_struct *s)
{
	return s->is_union ? "union" : "struct";
}

/* "write, tx", "read", "no kind" */
static void kind_and_path(const struct lu_group *g, char *buf, size_t size)
{
	const char *path = lu_path_name(g->path);

	snprintf(buf, size, "%s%s%s",
		 g->kind ? lu_kind_name(g->kind) : "no kind",
		 path ? ", " : "", path ? path : "");
}

void lu_footprint_message(const struct lu_finding *f, bool hex, char *buf,
			  size_t size)
{
	const struct lu_footprint *fp = &f->footprint;
	const struct lu_struct *s = f->s;
	char kp[32], pad[80] = "";
	int n;

	kind_and_path(f->group, kp, sizeof(kp));
	if (!fp->bytes) {
		snprintf(buf, size, "kernel group '%s' (%s) of %s %s is empty",
			 f->group->name, kp, type_word(s), s->name);
		return;
	}
	if (fp->padding)
		snprintf(pad, sizeof(pad),
			 " (%s of them padding after its begin marker)",
			 lu_num(fp->padding, hex).s);
	n = snprintf(buf, size,
		     "kernel group '%s' (%s) of %s %s: %s byte%s%s on ",
		     f->group->name, kp, type_word(s), s->name,
		     lu_num(fp->bytes, hex).s, fp->bytes == 1 ? "" : "s",
		     pad);
	if (n < 0 || (size_t)n >= size)
		return;
	if (fp->lines == 1)
		n += snprintf(buf + n, size - (size_t)n, "cache line %llu",
			      (unsigned long long)fp->first_line);
	else
		n += snprintf(buf + n, size - (size_t)n,
			      "cache lines %llu-%llu",
			      (unsigned long long)fp->first_line,
			      (unsigned long long)(fp->first_line + fp->lines -
						   1));
	if (n < 0 || (size_t)n >= size)
		return;
	if (fp->lines == fp->min_lines)
		n += snprintf(buf + n, size - (size_t)n,
			      ", the fewest that hold them");
	else
		n += snprintf(buf + n, size - (size_t)n,
			      ", where %llu line%s would hold them",
			      (unsigned long long)fp->min_lines,
			      fp->min_lines == 1 ? "" : "s");
	if (n < 0 || (size_t)n >= size || fp->worst_lines <= fp->lines)
		return;
	snprintf(buf + n, size - (size_t)n,
		 "; up to %llu where the %s starts elsewhere in a line (its "
		 "alignment is %llu)",
		 (unsigned long long)fp->worst_lines, type_word(s),
		 (unsigned long long)fp->align);
}

bool lu_padding_note(const struct lu_finding *f, const char *unit, bool hex,
		     char *buf, size_t size)
{
	const struct lu_group *g = f->padded_group;

	if (f->type != LU_FIND_CONFLICT || !g)
		return false;
	const struct lu_member *m = &f->s->members[f->padded_member];
	unsigned long long pad = m->offset - f->padded_from;
	ptrdiff_t marker = lu_struct_group(f->s, g->name);
	int n;

	n = snprintf(buf, size,
		     "'%s' is at offset %s, not on this %s: the %s "
		     "byte%s of padding before it, from offset %s, lie "
		     "between the markers of group '%s' and count as the "
		     "group's, as lineup.h's assertions count them",
		     m->name, lu_num(m->offset, hex).s, unit,
		     lu_num(pad, hex).s, pad == 1 ? "" : "s",
		     lu_num(f->padded_from, hex).s, g->name);
	if (n < 0 || (size_t)n >= size || !f->padded_leading)
		return true;
	if (g->origin == LU_ORIGIN_KERNEL)
		snprintf(buf + n, size - (size_t)n,
			 "; __cacheline_group_begin_aligned(%s) starts the "
			 "group on a line", g->name);
	else
		snprintf(buf + n, size - (size_t)n,
			 "; LINEUP_BEGIN_ALIGNED(%s, %s) starts the group on "
			 "a line",
			 lu_kind_name(marker >= 0 ? f->s->groups[marker].kind
						  : g->kind),
			 g->name);
	return true;
}

json_t *lu_footprint_json(const struct lu_footprint *fp)
{
	json_t *lines = json_array();

	if (fp->lines) {
		json_array_append_new(lines,
				      json_integer((json_int_t)fp->first_line));
		json_array_append_new(
			lines, json_integer((json_int_t)(fp->first_line +
							 fp->lines - 1)));
	}
	return json_pack("{s:I, s:I, s:o, s:I, s:I, s:I, s:I}", "bytes",
			 (json_int_t)fp->bytes, "padding",
			 (json_int_t)fp->padding, "cachelines", lines, "lines",
			 (json_int_t)fp->lines, "min_lines",
			 (json_int_t)fp->min_lines, "worst_lines",
			 (json_int_t)fp->worst_lines, "align",
			 (json_int_t)fp->align);
}

json_t *lu_padding_json(const struct lu_finding *f)
{
	if (f->type != LU_FIND_CONFLICT || !f->padded_group)
		return json_null();
	const struct lu_member *m = &f->s->members[f->padded_member];

	return json_pack("{s:o, s:o, s:I, s:I, s:b}", "group",
			 lu_json_text(f->padded_group->name), "member",
			 lu_json_text(m->name), "begin",
			 (json_int_t)f->padded_from, "end",
			 (json_int_t)m->offset, "leading", f->padded_leading);
}
