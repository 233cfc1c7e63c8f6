/* SPDX-License-Identifier: MIT */
/*
 * `lineup diff` as compiler-style lines, and the sentences every format
 * shares. Per struct: its size, its hot members, the rules newly broken
 * and those fixed, then the other members; a summary line last.
 *
 *   sched.h:402:2: note: struct task_group: 'load_avg' (write) moved
 *     320 -> 448, line 5 -> line 7 (--hex: 0x140 -> 0x1c0)
 */
#include "diff_report.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "escape.h"
#include "options.h"
#include "text_buf.h"

void lu_diff_struct_name(const struct lu_struct *s, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s",
		 s->tagless ? "" : s->is_union ? "union " : "struct ", s->name);
}

/* lu_finding_location knows how members and structs are located (the
 * field that holds a dotted member, paths made relative): ask it. */
static void locate(const struct lu_diff_report *r, const struct lu_struct *s,
		   size_t side, ptrdiff_t member, struct lu_location *loc)
{
	size_t i = member >= 0 ? (size_t)member : 0;
	struct lu_finding f = {
		.type = member >= 0 ? LU_FIND_CONFLICT : LU_FIND_SIZE,
		.s = s, .set_index = side, .members = &i, .n_members = 1,
	};
	struct lu_report_ctx ctx = r->ctx;

	ctx.rules = NULL;
	lu_finding_location(&f, &ctx, loc);
}

void lu_diff_struct_location(const struct lu_diff_report *r,
			     const struct lu_struct *s, size_t side,
			     struct lu_location *loc)
{
	locate(r, s, side, -1, loc);
}

/*
 * NEW's declaration; OLD's (its struct's for a member OLD lacks) when NEW
 * has no positions (BTF), as the next best place to jump to; struct+offset
 * in NEW when neither has them.
 */
void lu_diff_member_location(const struct lu_diff_report *r,
			     const struct lu_diff_struct *ds,
			     const struct lu_diff_member *x,
			     struct lu_location *loc)
{
	struct lu_location old;

	/* gone from NEW: the struct there, where it would be */
	locate(r, ds->new, 1, x->new, loc);
	if (loc->file)
		return;
	/* new in NEW: OLD's struct, where it goes */
	locate(r, ds->old, 0, x->old, &old);
	if (old.file)
		*loc = old;
}

enum lu_severity lu_diff_size_severity(const struct lu_diff_report *r)
{
	return r->fail_on & LU_FAIL_ON_SIZE ? LU_ERROR : LU_NOTE;
}

size_t lu_diff_member_rule(const struct lu_diff_member *x)
{
	return x->change == LU_DIFF_ADDED || x->change == LU_DIFF_REMOVED
		       ? LU_RULE_DIFF_SET
		       : LU_RULE_DIFF_PLACE;
}

enum lu_severity lu_diff_member_severity(const struct lu_diff_report *r,
					 const struct lu_diff_member *x)
{
	return (r->fail_on & LU_FAIL_ON_MOVES) && x->line_changed ? LU_ERROR
								   : LU_NOTE;
}

static uint64_t lines_of(uint64_t size, unsigned line)
{
	return line ? (size + line - 1) / line : 0;
}

void lu_diff_size_message(const struct lu_diff_report *r,
			  const struct lu_diff_struct *ds, char *p, size_t size)
{
	const struct lu_struct *o = ds->old, *n = ds->new;
	struct lu_text_buf b = {p, size, 0};
	unsigned ol = r->d->old_set->line_size, nl = r->d->new_set->line_size;
	bool hex = r->ctx.hex;

	p[0] = '\0';
	if (o->size != n->size)
		lu_text_put(&b,
			    "size %s -> %s bytes (%s), %" PRIu64 " -> %" PRIu64
			    " cache lines",
			    lu_num(o->size, hex).s, lu_num(n->size, hex).s,
			    lu_num_signed((long long)(n->size - o->size), hex).s,
			    lines_of(o->size, ol), lines_of(n->size, nl));
	else
		lu_text_put(&b, "size %s bytes", lu_num(n->size, hex).s);
	if (o->align != n->align && !o->align_inferred && !n->align_inferred)
		lu_text_put(&b, ", alignment %" PRIu64 " -> %" PRIu64, o->align,
			    n->align);
}

/* "(write)" for plain groups, "(read group 'wakeup')" for named ones. */
static void put_kind(struct lu_text_buf *b, const struct lu_diff_member *x)
{
	if (!x->kind)
		return;
	if (!x->group || !strcmp(x->group, lu_kind_name(x->kind)))
		lu_text_put(b, " (%s)", lu_kind_name(x->kind));
	else
		lu_text_put(b, " (%s group '%s')", lu_kind_name(x->kind),
			    x->group);
}

static void put_lines(struct lu_text_buf *b, uint64_t from, unsigned from_line,
		      uint64_t to, unsigned to_line)
{
	uint64_t a = from / from_line, z = to / to_line;

	if (a == z)
		lu_text_put(b, ", still line %" PRIu64, z);
	else
		lu_text_put(b, ", line %" PRIu64 " -> line %" PRIu64, a, z);
}

/* "16" (--hex: "0x10"), and for a bit-field its first bit in the unit:
 * "16:2". */
static void put_place(struct lu_text_buf *b, const struct lu_member *m,
		      bool hex)
{
	lu_text_put(b, "%s", lu_num(m->offset, hex).s);
	if (m->bit_size)
		lu_text_put(b, ":%u", m->bit_offset);
}

void lu_diff_member_message(const struct lu_diff_report *r,
			    const struct lu_diff_struct *ds,
			    const struct lu_diff_member *x, char *p,
			    size_t size)
{
	struct lu_text_buf b = {p, size, 0};
	unsigned ol = r->d->old_set->line_size, nl = r->d->new_set->line_size;
	const struct lu_member *om = x->old >= 0 ? &ds->old->members[x->old]
						 : NULL;
	const struct lu_member *nm = x->new >= 0 ? &ds->new->members[x->new]
						 : NULL;

	bool hex = r->ctx.hex;

	ol = ol ? ol : 64;
	nl = nl ? nl : 64;
	p[0] = '\0';
	if (x->change == LU_DIFF_SHIFTED) {
		const struct lu_member *last = &ds->new->members[x->last_new];

		lu_text_put(&b, "%zu members", x->count);
		put_kind(&b, x);	/* a hot run's group */
		if (x->after)
			lu_text_put(&b, " after '%s'", x->after);
		else
			lu_text_put(&b, " from the start");
		lu_text_put(&b, " shifted by %s ('%s' to '%s')",
			    lu_num_signed(x->delta, hex).s, nm->name, last->name);
		if (x->lines_changed)
			lu_text_put(&b, ", %zu of them to another line",
				    x->lines_changed);
		else
			lu_text_put(&b, ", none to another line");
		return;
	}
	lu_text_put(&b, "'%s'", nm ? nm->name : om->name);
	put_kind(&b, x);
	switch (x->change) {
	case LU_DIFF_ADDED:
		lu_text_put(&b, " added at ");
		put_place(&b, nm, hex);
		lu_text_put(&b, ", line %" PRIu64, nm->offset / nl);
		if (nm->bit_size)
			lu_text_put(&b, " (%u bit%s)", nm->bit_size,
				    nm->bit_size == 1 ? "" : "s");
		else
			lu_text_put(&b, " (%s byte%s)", lu_num(nm->size, hex).s,
				    nm->size == 1 ? "" : "s");
		return;
	case LU_DIFF_REMOVED:
		lu_text_put(&b, " removed (was at ");
		put_place(&b, om, hex);
		lu_text_put(&b, ", line %" PRIu64 ")", om->offset / ol);
		return;
	case LU_DIFF_STAYED:
		lu_text_put(&b, " stays at %s", lu_num(nm->offset, hex).s);
		put_lines(&b, om->offset, ol, nm->offset, nl);
		break;
	case LU_DIFF_RESIZED:
		lu_text_put(&b, " is %s -> %s bytes at %s",
			    lu_num(om->size, hex).s, lu_num(nm->size, hex).s,
			    lu_num(nm->offset, hex).s);
		put_lines(&b, om->offset, ol, nm->offset, nl);
		return;
	case LU_DIFF_MOVED:
		lu_text_put(&b, " moved ");
		put_place(&b, om, hex);
		lu_text_put(&b, " -> ");
		put_place(&b, nm, hex);
		put_lines(&b, om->offset, ol, nm->offset, nl);
		break;
	case LU_DIFF_SHIFTED:
		break;
	}
	if (om->size != nm->size)
		lu_text_put(&b, ", %s -> %s bytes", lu_num(om->size, hex).s,
			    lu_num(nm->size, hex).s);
}

/* ---- text ----------------------------------------------------------- */

struct text_out {
	FILE *out;
	bool color;
	const char *prefix;	/* "struct task_group: " */
};

static void print_line(const struct text_out *t, const struct lu_location *loc,
		       enum lu_severity sev, const char *what,
		       const char *text, const char *id)
{
	char prefix[600];	/* t->prefix (520) and what */

	/* "struct task_group+264:" names the struct already */
	snprintf(prefix, sizeof(prefix), "%s%s",
		 t->prefix && loc->file ? t->prefix : "", what ? what : "");
	lu_report_line(t->out, t->color, loc, sev, prefix, text, id);
}

static void print_note(void *arg, const struct lu_location *loc,
		       const char *text)
{
	struct text_out t = *(const struct text_out *)arg;

	t.prefix = NULL;
	print_line(&t, loc, LU_NOTE, NULL, text, NULL);
}

static void print_members(const struct text_out *t,
			  const struct lu_diff_report *r,
			  const struct lu_diff_struct *ds, bool hot)
{
	char msg[2048];
	struct lu_location loc;

	for (size_t k = 0; k < ds->n_members; k++) {
		const struct lu_diff_member *x = &ds->members[k];

		if (x->hot != hot)
			continue;
		lu_diff_member_message(r, ds, x, msg, sizeof(msg));
		lu_diff_member_location(r, ds, x, &loc);
		print_line(t, &loc, lu_diff_member_severity(r, x), NULL, msg,
			   lu_rule_id(lu_diff_member_rule(x)));
	}
}

static void print_findings(const struct text_out *t,
			   const struct lu_diff_report *r,
			   const struct lu_diff_struct *ds, bool appeared)
{
	char msg[2048];
	struct lu_location loc;
	struct text_out plain = *t;

	/* check's message names the struct itself */
	plain.prefix = NULL;
	for (size_t k = 0; k < ds->n_findings; k++) {
		const struct lu_diff_finding *x = &ds->findings[k];
		const struct lu_finding *f = lu_diff_finding_of(r->d, x);

		if (x->appeared != appeared)
			continue;
		lu_finding_message(f, &r->ctx, msg, sizeof(msg));
		lu_finding_location(f, &r->ctx, &loc);
		if (!appeared) {
			print_line(&plain, &loc, LU_NOTE, "fixed: ", msg,
				   NULL);
			continue;
		}
		print_line(&plain, &loc, f->severity, "new: ", msg,
			   lu_finding_id(f->type));
		lu_finding_notes(f, &r->ctx, print_note, &plain);
	}
}

static void print_struct(struct text_out *t, const struct lu_diff_report *r,
			 const struct lu_diff_struct *ds)
{
	char name[512], prefix[520], msg[1024];
	struct lu_location loc;

	lu_diff_struct_name(ds->new, name, sizeof(name));
	snprintf(prefix, sizeof(prefix), "%s: ", name);
	t->prefix = prefix;
	if (ds->size_changed) {
		lu_diff_size_message(r, ds, msg, sizeof(msg));
		lu_diff_struct_location(r, ds->new, 1, &loc);
		if (!loc.file)
			lu_diff_struct_location(r, ds->old, 0, &loc);
		print_line(t, &loc, lu_diff_size_severity(r), NULL, msg,
			   lu_rule_id(LU_RULE_DIFF_SIZE));
	}
	print_members(t, r, ds, true);
	print_findings(t, r, ds, true);
	print_findings(t, r, ds, false);
	print_members(t, r, ds, false);
}

void lu_diff_one_sided(const struct lu_diff_report *r, size_t side, size_t k,
		       char *buf, size_t size, struct lu_location *loc)
{
	const struct lu_set *set = side ? r->d->new_set : r->d->old_set;
	const char *name = side ? r->d->only_new[k] : r->d->only_old[k];
	const struct lu_struct *s = lu_set_find(set, name);
	char full[512];

	lu_diff_struct_name(s, full, sizeof(full));
	lu_diff_struct_location(r, s, side, loc);
	snprintf(buf, size, "%s: %s (only in %s)", full,
		 side ? "added" : "removed", set->path);
}

/* --struct names a struct one side lacks: say which. */
static void print_one_sided(struct text_out *t, const struct lu_diff_report *r)
{
	char msg[1024];
	struct lu_location loc;

	t->prefix = NULL;
	for (size_t side = 0; side < 2; side++) {
		size_t n = side ? r->d->n_only_new : r->d->n_only_old;

		for (size_t k = 0; k < n; k++) {
			lu_diff_one_sided(r, side, k, msg, sizeof(msg), &loc);
			print_line(t, &loc, LU_NOTE, NULL, msg,
				   lu_rule_id(LU_RULE_DIFF_STRUCTS));
		}
	}
}

static const char *plural(size_t n)
{
	return n == 1 ? "" : "s";
}

int lu_diff_report_text(FILE *out, const struct lu_diff_report *r)
{
	const struct lu_diff *d = r->d;
	struct text_out t = { out, r->ctx.color, NULL };

	for (size_t k = 0; k < d->n_structs && !ferror(out); k++)
		print_struct(&t, r, &d->structs[k]);
	if (r->named)
		print_one_sided(&t, r);
	if (ferror(out))
		return -1;
	if (!d->n_structs)
		fprintf(out, "lineup diff: no layout changes (%zu struct%s "
			     "compared)",
			d->n_compared, plural(d->n_compared));
	else
		fprintf(out, "lineup diff: %zu of %zu struct%s changed, "
			     "%zu rule%s newly broken, %zu fixed",
			d->n_structs, d->n_compared, plural(d->n_compared),
			d->n_new_errors, plural(d->n_new_errors), d->n_gone);
	if (d->n_appeared > d->n_new_errors)
		fprintf(out, ", %zu new warning%s",
			d->n_appeared - d->n_new_errors,
			plural(d->n_appeared - d->n_new_errors));
	/* not news, and no reason to fail: but not fine either */
	if (d->n_kept_errors)
		fprintf(out, "; %zu rule%s broken in both", d->n_kept_errors,
			plural(d->n_kept_errors));
	/* the paths are the command line's, any bytes: one line still */
	if (d->n_only_old || d->n_only_new) {
		fprintf(out, "; %zu struct%s only in ", d->n_only_old,
			plural(d->n_only_old));
		lu_text_put_escaped(out, d->old_set->path);
		fprintf(out, ", %zu only in ", d->n_only_new);
		lu_text_put_escaped(out, d->new_set->path);
	}
	fputc('\n', out);
	return lu_output_flush(out);
}
