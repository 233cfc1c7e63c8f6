/* SPDX-License-Identifier: MIT */
/*
 * What the reports say of a layout held against the kernel's own
 * CACHELINE_ASSERT_GROUP_SIZE and _MEMBER (check_kernel_asserts.h): the
 * finding points at the call in the kernel's source, as a compiler's
 * BUILD_BUG_ON error would, and names the input, since one check holds
 * objects of several architectures against the same call.
 */
#include <stdio.h>
#include <string.h>

#include "kernel_asserts.h"
#include "path_join.h"
#include "report.h"
#include "text_buf.h"

/* " in arm/tcp.o (ARM)" */
static void put_input(struct lu_text_buf *b, const struct lu_finding *f,
		      const struct lu_report_ctx *ctx)
{
	const struct lu_set *set = ctx->sets && f->set_index < ctx->n_sets
					   ? &ctx->sets[f->set_index] : NULL;

	if (!set || ctx->inputs_unnamed)
		return;
	lu_text_put(b, " in %s", set->path);
	if (set->machine)
		lu_text_put(b, " (%s)", set->machine);
}

/* "bytes 8-11" (the last one included, as conflicts' notes say), or
 * "empty, at byte 8" */
static void put_range(struct lu_text_buf *b, uint64_t begin, uint64_t end,
		      bool hex)
{
	if (end > begin)
		lu_text_put(b, "bytes %s-%s", lu_num(begin, hex).s,
			    lu_num(end - 1, hex).s);
	else
		lu_text_put(b, "empty, at byte %s", lu_num(begin, hex).s);
}

/* "95 (91 + 4)", or "32" when the source says just that. */
static void put_bound(struct lu_text_buf *b, const struct lu_finding *f,
		      bool hex)
{
	const char *expr = f->kassert->expr;
	struct lu_num n = lu_num(f->limit, hex);

	lu_text_put(b, "%s", n.s);
	if (strcmp(expr, lu_num(f->limit, false).s))
		lu_text_put(b, " (%s)", expr);
}

void lu_kassert_message(const struct lu_finding *f,
			const struct lu_report_ctx *ctx, struct lu_text_buf *b)
{
	const struct lu_kassert *k = f->kassert;
	const struct lu_struct *s = f->s;
	bool hex = ctx->hex;

	if (!f->group) {
		lu_text_put(b, "group '%s' is not in %s%s", k->group,
			    lu_struct_tag_word(s), s->name);
		put_input(b, f, ctx);
		lu_text_put(b, ": the kernel's %s is not checked",
			    lu_kassert_macro(k->kind));
		return;
	}
	if (f->type == LU_FIND_KERNEL_MEMBER && !f->n_members) {
		lu_text_put(b, "member '%s' is not in %s%s", k->member,
			    lu_struct_tag_word(s), s->name);
		put_input(b, f, ctx);
		lu_text_put(b, ": the kernel's assert that group '%s' holds "
			    "it is not checked", k->group);
		return;
	}
	if (f->type == LU_FIND_KERNEL_MEMBER) {
		const struct lu_member *m = &s->members[f->members[0]];

		lu_text_put(b, "member '%s' (", m->name);
		put_range(b, m->offset, m->offset + (m->size ? m->size : 1),
			  hex);
		lu_text_put(b, ") of %s%s", lu_struct_tag_word(s), s->name);
		put_input(b, f, ctx);
		lu_text_put(b, " is outside group '%s' (", f->group->name);
		put_range(b, f->group->begin, f->group->end, hex);
		lu_text_put(b, "), which the kernel asserts holds it");
		return;
	}
	lu_text_put(b, "group '%s' of %s%s is %s byte%s", f->group->name,
		    lu_struct_tag_word(s), s->name, lu_num(f->value, hex).s,
		    f->value == 1 ? "" : "s");
	put_input(b, f, ctx);
	if (f->value > f->limit) {
		lu_text_put(b, ", %s more than its kernel bound ",
			    lu_num(f->value - f->limit, hex).s);
		put_bound(b, f, hex);
	} else if (f->value == f->limit) {
		lu_text_put(b, ": at its kernel bound ");
		put_bound(b, f, hex);
		lu_text_put(b, ", one more byte breaks it");
	} else {
		lu_text_put(b, ", within its kernel bound ");
		put_bound(b, f, hex);
		lu_text_put(b, " by %s", lu_num(f->limit - f->value, hex).s);
	}
}

void lu_kassert_location(const struct lu_finding *f, bool hex,
			 struct lu_location *loc)
{
	uint64_t at = f->n_members ? f->s->members[f->members[0]].offset
		      : f->group   ? f->group->begin
				   : 0;

	memset(loc, 0, sizeof(*loc));
	snprintf(loc->where, sizeof(loc->where), "%s%s+%s",
		 lu_struct_tag_word(f->s), f->s->name, lu_num(at, hex).s);
	loc->file = f->kassert_path;
	loc->decl_line = f->kassert->line;
	loc->decl_column = f->kassert->column;
}

size_t lu_kassert_notes(const struct lu_finding *f,
			const struct lu_report_ctx *ctx,
			void (*emit)(void *arg, const struct lu_location *loc,
				     const char *text),
			void *arg)
{
	const struct lu_kassert *k = f->kassert;
	char text[512];
	struct lu_location loc;
	size_t n = 0;

	if (f->n_members) {
		const struct lu_member *m = &f->s->members[f->members[0]];

		memset(&loc, 0, sizeof(loc));
		snprintf(loc.where, sizeof(loc.where), "%s%s+%s",
			 lu_struct_tag_word(f->s), f->s->name,
			 lu_num(m->offset, ctx->hex).s);
		loc.file = lu_display_path(m->file);
		loc.decl_line = m->decl_line;
		loc.decl_column = m->decl_column;
		snprintf(text, sizeof(text), "'%s' is declared here",
			 m->name);
		emit(arg, &loc, text);
		n++;
	}
	if (f->group && f->group->file && f->group->decl_line &&
	    f->severity != LU_NOTE) {
		memset(&loc, 0, sizeof(loc));
		loc.file = lu_display_path(f->group->file);
		loc.decl_line = f->group->decl_line;
		struct lu_text_buf b = { text, sizeof(text), 0 };

		lu_text_put(&b, "group '%s' opens here (", f->group->name);
		put_range(&b, f->group->begin, f->group->end, ctx->hex);
		lu_text_put(&b, " of %s%s)", lu_struct_tag_word(f->s),
			    f->s->name);
		emit(arg, &loc, text);
		n++;
	}
	if (k->under) {
		memset(&loc, 0, sizeof(loc));
		loc.file = f->kassert_path;
		loc.decl_line = k->under_line;
		snprintf(text, sizeof(text),
			 "the assert is under '%s': it may not apply to this "
			 "input's configuration", k->under);
		emit(arg, &loc, text);
		n++;
	}
	return n;
}
