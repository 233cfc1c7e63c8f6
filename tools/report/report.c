/* SPDX-License-Identifier: MIT */
/* What every report format says about a finding, in one place. */
#include "report.h"
#include "path_join.h"
#include "text_buf.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>

/*
 * stdio drops a buffer it failed to write, so a later fflush can succeed
 * after a lost write: the error flag says what fflush's result does not.
 */
int lu_output_flush(FILE *out)
{
	if (fflush(out) == 0 && !ferror(out))
		return 0;
	if (!errno)
		errno = EIO;
	return -1;
}

const char *lu_severity_name(enum lu_severity sev)
{
	return sev == LU_ERROR ? "error" : sev == LU_WARNING ? "warning"
							     : "note";
}

static const char *type_word(const struct lu_struct *s)
{
	return s->is_union ? "union" : "struct";
}

/* "(write)" for the plain groups, "(write group 'tx')" for named ones. */
static void put_group(struct lu_text_buf *b, const struct lu_group *g)
{
	if (!strcmp(g->name, lu_kind_name(g->kind)))
		lu_text_put(b, "(%s)", g->name);
	else
		lu_text_put(b, "(%s group '%s')", lu_kind_name(g->kind),
			    g->name);
}

static void put_names(struct lu_text_buf *b, const struct lu_struct *s,
		      const size_t *idx, size_t n)
{
	for (size_t i = 0; i < n && i < 6; i++)
		lu_text_put(b, "%s'%s'", i ? ", " : "",
			    s->members[idx[i]].name);
	if (n > 6)
		lu_text_put(b, " and %zu more", n - 6);
}

/* What an input without alignments lacks, for a guess's finding. */
static const char *no_alignment(const struct lu_finding *f,
				const struct lu_report_ctx *ctx)
{
	const char *format = ctx->sets && f->set_index < ctx->n_sets
				     ? ctx->sets[f->set_index].format : NULL;

	if (format && !strcmp(format, "btf"))
		return "BTF records no alignment";
	if (format && !strcmp(format, "pahole"))
		return "pahole's text shows no alignment";
	return "the input records no alignment";
}

/*
 * "(its alignment is 8)", saying who says so when not the input, and for a
 * finding that needs a start other than 0 the key or option that settles it.
 */
static void put_alignment(struct lu_text_buf *b, const struct lu_finding *f,
			  const struct lu_report_ctx *ctx, uint64_t align,
			  uint64_t unit, bool pair)
{
	const struct lu_struct *s = f->s;

	lu_text_put(b, " (its alignment is %llu", (unsigned long long)align);
	if (f->align_from == LU_ALIGN_INFERRED)
		lu_text_put(b, ", inferred: %s", no_alignment(f, ctx));
	else if (f->align_from == LU_ALIGN_RULES)
		lu_text_put(b, ", from `align = %llu` in [%s %s]",
			    (unsigned long long)align, type_word(s), s->name);
	else if (f->align_from == LU_ALIGN_OPTION)
		lu_text_put(b, ", from --align %llu",
			    (unsigned long long)align);
	if (f->misaligned_only) {
		lu_text_put(
		    b, "; if %s objects are %s, say `align = %llu` in [%s %s]",
		    s->name, pair ? "aligned to line pairs" : "line-aligned",
		    (unsigned long long)unit, type_word(s), s->name);
		/* the struct's own rule wins over the option */
		if (!f->align_ruled && ctx->align_option)
			lu_text_put(b, " or --align %llu",
				    (unsigned long long)unit);
	}
	lu_text_put(b, ")");
}

static void put_placement(struct lu_text_buf *b, const struct lu_finding *f,
			  const struct lu_report_ctx *ctx, uint64_t unit,
			  bool pair)
{
	uint64_t align = f->align ? f->align : f->s->align;

	if (align >= unit || f->storage_unit)
		return;
	if (f->every_start) {
		lu_text_put(b, " wherever the struct starts");
		put_alignment(b, f, ctx, align, unit, pair);
		return;
	}
	lu_text_put(b, " when the struct starts at offset ");
	for (size_t i = 0; i < f->n_starts && i < 8; i++)
		lu_text_put(b, "%s%s",
			    i ? (i + 1 == f->n_starts ? " or " : ", ") : "",
			    lu_num(f->starts[i], ctx->hex).s);
	if (f->n_starts > 8)
		lu_text_put(b, " and %zu more", f->n_starts - 8);
	lu_text_put(b, " of a %s", pair ? "line pair" : "line");
	put_alignment(b, f, ctx, align, unit, pair);
}

unsigned lu_finding_line_size(const struct lu_finding *f,
			      const struct lu_report_ctx *ctx)
{
	if (ctx->sets && f->set_index < ctx->n_sets &&
	    ctx->sets[f->set_index].line_size)
		return ctx->sets[f->set_index].line_size;
	return ctx->line_size;
}

void lu_finding_message(const struct lu_finding *f,
			const struct lu_report_ctx *ctx, char *p, size_t size)
{
	struct lu_text_buf b = {p, size, 0};
	const struct lu_struct *s = f->s;
	uint64_t unit = (uint64_t)lu_finding_line_size(f, ctx) *
			(ctx->pair ? 2 : 1);

	p[0] = '\0';
	switch (f->type) {
	case LU_FIND_CONFLICT:
		put_names(&b, s, f->members, f->n_members);
		lu_text_put(&b, " ");
		put_group(&b, f->group);
		const char *verb = f->n_members > 1 ? "share" : "shares";

		if (f->storage_unit) {
			lu_text_put(&b,
				    " %s whose storage unit (bytes %s-%s) "
				    "also holds ",
				    f->n_members > 1 ? "are bit-fields"
						     : "is a bit-field",
				    lu_num(f->line_lo, ctx->hex).s,
				    lu_num(f->line_hi, ctx->hex).s);
		} else if (ctx->pair) {
			lu_text_put(
			    &b,
			    " %s cache-line pair %llu (lines %llu-%llu) "
			    "with ",
			    verb, (unsigned long long)f->line,
			    (unsigned long long)f->line * 2,
			    (unsigned long long)f->line * 2 + 1);
		} else {
			lu_text_put(&b, " %s cache line %llu with ", verb,
				    (unsigned long long)f->line);
		}
		put_names(&b, s, f->others, f->n_others);
		lu_text_put(&b, " ");
		put_group(&b, f->other_group);
		lu_text_put(&b, " in %s%s", lu_struct_tag_word(s), s->name);
		put_placement(&b, f, ctx, unit, ctx->pair);
		break;
	case LU_FIND_SIZE:
		lu_text_put(&b, "%s%s is %s bytes, more than max_size %s",
			    lu_struct_tag_word(s), s->name,
			    lu_num(f->value, ctx->hex).s,
			    lu_num(f->limit, ctx->hex).s);
		break;
	case LU_FIND_GROUP_BYTES:
		lu_text_put(&b,
			    "group '%s' of %s%s is %s bytes, more than "
			    "max_bytes.%s = %s",
			    f->group->name, lu_struct_tag_word(s), s->name,
			    lu_num(f->value, ctx->hex).s, f->group->name,
			    lu_num(f->limit, ctx->hex).s);
		break;
	case LU_FIND_GROUP_LINES:
		lu_text_put(
		    &b,
		    "group '%s' of %s%s can span %llu cache lines, more "
		    "than max_lines.%s = %llu",
		    f->group->name, lu_struct_tag_word(s), s->name,
		    (unsigned long long)f->value, f->group->name,
		    (unsigned long long)f->limit);
		/* lines, not pairs: max_lines counts lines */
		put_placement(&b, f, ctx, lu_finding_line_size(f, ctx), false);
		break;
	case LU_FIND_MISSING:
	case LU_FIND_UNKNOWN_GROUP:
		lu_text_put(&b, "%s '%s' is not in %s%s",
			    f->type == LU_FIND_MISSING ? "member" : "group",
			    f->name, lu_struct_tag_word(s), s->name);
		if (f->suggestion)
			lu_text_put(&b, "; did you mean '%s'?", f->suggestion);
		else if (f->elsewhere)
			lu_text_put(&b, " (skipped: other %s have it)",
				    f->elsewhere);
		else if (f->severity != LU_ERROR) /* --strict: not skipped */
			lu_text_put(&b,
				    " (skipped: normal when a configuration "
				    "leaves it out)");
		break;
	case LU_FIND_EMPTY_GROUP: {
		const struct lu_rule_group *g = f->rule_group;

		lu_text_put(&b, "group '%s' checks nothing: %s%s has none of "
			    "its members (", f->name, lu_struct_tag_word(s),
			    s->name);
		for (size_t m = 0; m < g->n_members && m < 4; m++)
			lu_text_put(&b, "%s'%s'", m ? ", " : "", g->members[m]);
		lu_text_put(&b, "%s)", g->n_members > 4 ? ", ..." : "");
		if (f->elsewhere)
			lu_text_put(&b, " (other %s have them)", f->elsewhere);
		break;
	}
	case LU_FIND_FOOTPRINT: {
		char text[1024];

		lu_footprint_message(f, ctx->hex, text, sizeof(text));
		lu_text_put(&b, "%s", text);
		break;
	}
	case LU_FIND_KERNEL_SIZE:
	case LU_FIND_KERNEL_MEMBER:
		lu_kassert_message(f, ctx, &b);
		break;
	}
	if (f->config)
		lu_text_put(&b, " [%s]", f->config);
}

static void struct_location(const struct lu_struct *s, uint64_t offset,
			    bool with_offset, bool hex, struct lu_location *loc)
{
	if (with_offset)
		snprintf(loc->where, sizeof(loc->where), "%s%s+%s",
			 lu_struct_tag_word(s), s->name,
			 lu_num(offset, hex).s);
	else
		snprintf(loc->where, sizeof(loc->where), "%s%s",
			 lu_struct_tag_word(s), s->name);
}

/*
 * A dotted member (head.lock) is declared in its own type, which many
 * structs may embed: the finding points at the field of this struct that
 * holds it (head), where a fix goes.
 */
static void member_location(const struct lu_struct *s, size_t i, bool hex,
			    struct lu_location *loc)
{
	const struct lu_member *m = &s->members[i], *decl = m;

	memset(loc, 0, sizeof(*loc));
	struct_location(s, m->offset, true, hex, loc);
	while (decl->depth && decl > s->members)
		decl--;
	if (decl->file && decl->decl_line) {
		loc->file = lu_display_path(decl->file);
		loc->decl_line = decl->decl_line;
		loc->decl_column = decl->decl_column;
	}
}

void lu_finding_location(const struct lu_finding *f,
			 const struct lu_report_ctx *ctx,
			 struct lu_location *loc)
{
	const struct lu_struct *s = f->s;

	memset(loc, 0, sizeof(*loc));
	switch (f->type) {
	case LU_FIND_CONFLICT:
		member_location(s, f->members[0], ctx->hex, loc);
		return;
	case LU_FIND_MISSING:
	case LU_FIND_UNKNOWN_GROUP:
	case LU_FIND_EMPTY_GROUP:
		struct_location(s, 0, false, false, loc);
		if (ctx->rules && f->rules_line) {
			loc->file = f->rules_path ? f->rules_path : ctx->rules->path;
			loc->decl_line = f->rules_line;
		}
		return;
	case LU_FIND_GROUP_BYTES:
	case LU_FIND_GROUP_LINES:
	case LU_FIND_FOOTPRINT:
		struct_location(s, f->group->begin, true, ctx->hex, loc);
		if (f->group->file && f->group->decl_line) {
			loc->file = lu_display_path(f->group->file);
			loc->decl_line = f->group->decl_line;
			return;
		}
		break;
	case LU_FIND_KERNEL_SIZE:
	case LU_FIND_KERNEL_MEMBER:
		lu_kassert_location(f, ctx->hex, loc);
		return;
	case LU_FIND_SIZE:
		struct_location(s, 0, false, false, loc);
		if (s->file && s->decl_line) {
			loc->file = lu_display_path(s->file);
			loc->decl_line = s->decl_line;
			return;
		}
		break;
	}
	if (ctx->rules && f->rules_line) {
		loc->file = f->rules_path ? f->rules_path : ctx->rules->path;
		loc->decl_line = f->rules_line;
	}
}

bool lu_definition_note(const struct lu_struct *s, char *buf, size_t size)
{
	struct lu_text_buf b = { buf, size, 0 };
	size_t kept = s->n_units < LU_UNITS_KEPT ? s->n_units : LU_UNITS_KEPT;

	if (!s->has_variants || !s->n_units)
		return false;
	buf[0] = '\0';
	lu_text_put(&b, "definition %u of %s %s, in unit%s ", s->variant + 1,
		    type_word(s), s->name, s->n_units == 1 ? "" : "s");
	for (size_t i = 0; i < kept; i++)
		lu_text_put(&b, "%s%s", i ? ", " : "", s->units[i]);
	if (s->n_units > kept)
		lu_text_put(&b, " and %zu more", s->n_units - kept);
	return true;
}

size_t lu_finding_notes(const struct lu_finding *f,
			const struct lu_report_ctx *ctx,
			void (*emit)(void *arg, const struct lu_location *loc,
				     const char *text),
			void *arg)
{
	char text[512];
	struct lu_location loc;
	size_t n = 0;
	const char *unit = ctx->pair ? "pair" : "line";

	if (f->kassert)
		n += lu_kassert_notes(f, ctx, emit, arg);
	if (f->type == LU_FIND_CONFLICT) {
		for (size_t i = 0; i < f->n_others; i++) {
			const struct lu_member *m = &f->s->members[f->others[i]];

			/* not on the line: the padding note says why */
			if (f->padded_group && f->others[i] == f->padded_member)
				continue;
			member_location(f->s, f->others[i], ctx->hex, &loc);
			if (f->storage_unit)
				snprintf(text, sizeof(text),
					 "'%s' is at offset %s, in the same "
					 "storage unit",
					 m->name, lu_num(m->offset, ctx->hex).s);
			else
				snprintf(text, sizeof(text),
					 "'%s' is at offset %s, %s %llu (bytes "
					 "%s-%s)",
					 m->name, lu_num(m->offset, ctx->hex).s,
					 unit, (unsigned long long)f->line,
					 lu_num(f->line_lo, ctx->hex).s,
					 lu_num(f->line_hi, ctx->hex).s);
			emit(arg, &loc, text);
			n++;
		}
		if (lu_padding_note(f, unit, ctx->hex, text, sizeof(text))) {
			member_location(f->s, f->padded_member, ctx->hex, &loc);
			emit(arg, &loc, text);
			n++;
		}
	}
	if (ctx->rules && f->rules_line &&
	    (f->type == LU_FIND_SIZE || f->type == LU_FIND_GROUP_BYTES ||
	     f->type == LU_FIND_GROUP_LINES)) {
		memset(&loc, 0, sizeof(loc));
		loc.file = f->rules_path ? f->rules_path : ctx->rules->path;
		loc.decl_line = f->rules_line;
		snprintf(text, sizeof(text), "the limit is set here");
		emit(arg, &loc, text);
		n++;
	}
	/* two definitions of the name (units built with other -D): which
	 * units hold the one this finding is on */
	if (lu_definition_note(f->s, text, sizeof(text))) {
		/* the struct's own place, never an earlier note's file */
		memset(&loc, 0, sizeof(loc));
		struct_location(f->s, 0, false, false, &loc);
		if (f->s->file && f->s->decl_line) {
			loc.file = lu_display_path(f->s->file);
			loc.decl_line = f->s->decl_line;
		}
		emit(arg, &loc, text);
		n++;
	}
	return n;
}
