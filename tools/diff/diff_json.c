/* SPDX-License-Identifier: MIT */
/*
 * `lineup diff` as JSON (doc/json.md) and SARIF 2.1.0. Rules newly broken
 * and fixed are check's own findings, as check writes them: in SARIF with
 * check's rule ids and a baselineState of "new" or "absent"; the layout
 * changes are results of diff's own rules, after check's.
 */
#include <jansson.h>
#include <string.h>

#include "escape.h"
#include "diff_report.h"
#include "kernel_groups.h"

static const char *change_name(enum lu_diff_change c)
{
	switch (c) {
	case LU_DIFF_MOVED:
		return "moved";
	case LU_DIFF_STAYED:
		return "stayed";
	case LU_DIFF_RESIZED:
		return "resized";
	case LU_DIFF_ADDED:
		return "added";
	case LU_DIFF_REMOVED:
		return "removed";
	case LU_DIFF_SHIFTED:
		return "shifted";
	}
	return "?";
}

static json_t *side_json(const struct lu_set *set)
{
	return json_pack("{s:o, s:s, s:o, s:i}", "path",
			 lu_json_text(set->path), "format",
			 set->format ? set->format : "?", "machine",
			 set->machine ? lu_json_text(set->machine) : json_null(),
			 "line_size", (int)set->line_size);
}

static json_t *layout_json(const struct lu_struct *s, unsigned line)
{
	line = line ? line : 64;
	return json_pack("{s:I, s:I, s:b, s:I}", "size", (json_int_t)s->size,
			 "align", (json_int_t)s->align, "align_inferred",
			 s->align_inferred, "cachelines",
			 (json_int_t)((s->size + line - 1) / line));
}

static json_t *place_json(const struct lu_struct *s, ptrdiff_t i,
			  unsigned line)
{
	if (i < 0)
		return json_null();
	const struct lu_member *m = &s->members[i];

	line = line ? line : 64;
	return json_pack("{s:o, s:I, s:I, s:i, s:i, s:I}", "name",
			 lu_json_text(m->name),
			 "offset", (json_int_t)m->offset, "size",
			 (json_int_t)m->size, "bit_offset", (int)m->bit_offset,
			 "bit_size", (int)m->bit_size, "cacheline",
			 (json_int_t)(m->offset / line));
}

static json_t *location_json(const struct lu_location *loc)
{
	return json_pack("{s:o, s:i, s:i, s:o}", "file",
			 loc->file ? lu_json_text(loc->file) : json_null(),
			 "line", (int)loc->decl_line, "column",
			 (int)loc->decl_column, "where", lu_json_text(loc->where));
}

static json_t *member_json(const struct lu_diff_report *r,
			   const struct lu_diff_struct *ds,
			   const struct lu_diff_member *x)
{
	char msg[2048];
	struct lu_location loc;
	unsigned ol = r->d->old_set->line_size, nl = r->d->new_set->line_size;
	json_t *kind = x->kind ? lu_json_text(lu_kind_name(x->kind))
			       : json_null();
	json_t *j;

	lu_diff_member_message(r, ds, x, msg, sizeof(msg));
	lu_diff_member_location(r, ds, x, &loc);

	j = json_pack("{s:s, s:b, s:o, s:o, s:o, s:o, s:I, s:b, s:o, s:o}",
		      "change", change_name(x->change), "hot", x->hot, "kind",
		      kind,
		      "group", x->group ? lu_json_text(x->group) : json_null(),
		      "old", place_json(ds->old, x->old, ol), "new",
		      place_json(ds->new, x->new, nl), "delta",
		      (json_int_t)x->delta, "line_changed", x->line_changed,
		      "message", lu_json_text(msg), "location",
		      location_json(&loc));
	json_object_set_new(j, "id",
			    lu_json_text(lu_rule_id(lu_diff_member_rule(x))));
	if (x->change == LU_DIFF_SHIFTED) {
		json_object_set_new(j, "count",
				    json_integer((json_int_t)x->count));
		json_object_set_new(j, "after", x->after ? lu_json_text(x->after)
							 : json_null());
		json_object_set_new(j, "last_old",
				    place_json(ds->old, x->last_old, ol));
		json_object_set_new(j, "last_new",
				    place_json(ds->new, x->last_new, nl));
		json_object_set_new(j, "lines_changed",
				    json_integer((json_int_t)x->lines_changed));
	}
	return j;
}

static json_t *struct_json(const struct lu_diff_report *r,
			   const struct lu_diff_struct *ds)
{
	json_t *members = json_array(), *appeared = json_array(),
	       *gone = json_array();

	for (size_t k = 0; k < ds->n_members; k++)
		json_array_append_new(members,
				      member_json(r, ds, &ds->members[k]));
	for (size_t k = 0; k < ds->n_findings; k++) {
		const struct lu_diff_finding *x = &ds->findings[k];
		const struct lu_finding *f = lu_diff_finding_of(r->d, x);

		json_array_append_new(x->appeared ? appeared : gone,
				      lu_finding_json(f, &r->ctx));
	}
	return json_pack("{s:o, s:s, s:o, s:o, s:b, s:b, s:o, s:o, s:o, s:I}",
			 "name", lu_json_text(ds->new->name), "kind",
			 ds->new->is_union ? "union" : "struct", "old",
			 layout_json(ds->old, r->d->old_set->line_size), "new",
			 layout_json(ds->new, r->d->new_set->line_size),
			 "size_changed", ds->size_changed, "line_moves",
			 ds->line_moves, "members", members, "new_findings",
			 appeared, "fixed_findings", gone, "kept_findings",
			 (json_int_t)ds->n_kept);
}

static json_t *names_json(const char *const *v, size_t n)
{
	json_t *a = json_array();

	for (size_t k = 0; k < n; k++)
		json_array_append_new(a, lu_json_text(v[k]));
	return a;
}

int lu_diff_report_json(FILE *out, const struct lu_diff_report *r)
{
	const struct lu_diff *d = r->d;
	json_t *structs = json_array();

	for (size_t k = 0; k < d->n_structs; k++)
		json_array_append_new(structs, struct_json(r, &d->structs[k]));
	json_t *root = json_pack(
		"{s:i, s:o, s:o, s:b, s:o, s:o, s:o, s:{s:I, s:I, s:I, s:I, "
		"s:I, s:I, s:I, s:I}}",
		"lineup", 1, "old", side_json(d->old_set), "new",
		side_json(d->new_set), "pair", r->ctx.pair, "structs", structs,
		"only_old", names_json(d->only_old, d->n_only_old), "only_new",
		names_json(d->only_new, d->n_only_new), "summary", "compared",
		(json_int_t)d->n_compared, "changed", (json_int_t)d->n_structs,
		"new_findings", (json_int_t)d->n_appeared, "fixed_findings",
		(json_int_t)d->n_gone, "newly_broken",
		(json_int_t)d->n_new_errors,
		"structs_broken", (json_int_t)d->n_broken, "broken_in_both",
		(json_int_t)d->n_kept_errors,
		"exit", (json_int_t)lu_diff_exit(d, r->fail_on));

	return lu_output_json(out, root);
}

/* ---- SARIF ---------------------------------------------------------- */

static json_t *diff_result(size_t rule, enum lu_severity sev, const char *msg,
			   const struct lu_location *loc)
{
	return json_pack("{s:s, s:i, s:s, s:{s:o}, s:[o]}", "ruleId",
			 lu_rule_id(rule), "ruleIndex", (int)rule, "level",
			 lu_severity_name(sev), "message", "text",
			 lu_json_text(msg),
			 "locations", lu_sarif_location(loc, NULL));
}

static void struct_results(const struct lu_diff_report *r,
			   const struct lu_diff_struct *ds, json_t *results)
{
	char name[512], text[2048], msg[2600];
	struct lu_location loc;

	lu_diff_struct_name(ds->new, name, sizeof(name));
	if (ds->size_changed) {
		lu_diff_size_message(r, ds, text, sizeof(text));
		snprintf(msg, sizeof(msg), "%s: %s", name, text);
		lu_diff_struct_location(r, ds->new, 1, &loc);
		json_array_append_new(results,
				      diff_result(LU_RULE_DIFF_SIZE,
						  lu_diff_size_severity(r), msg,
						  &loc));
	}
	for (size_t k = 0; k < ds->n_findings; k++) {
		const struct lu_diff_finding *x = &ds->findings[k];
		json_t *res = lu_sarif_result(lu_diff_finding_of(r->d, x),
					      &r->ctx);

		/* SARIF's own words for "appeared" and "went away" */
		const char *state = x->appeared ? "new" : "absent";

		json_object_set_new(res, "baselineState", lu_json_text(state));
		if (!x->appeared)
			json_object_set_new(res, "level", lu_json_text("note"));
		json_array_append_new(results, res);
	}
	for (size_t k = 0; k < ds->n_members; k++) {
		const struct lu_diff_member *x = &ds->members[k];

		lu_diff_member_message(r, ds, x, text, sizeof(text));
		snprintf(msg, sizeof(msg), "%s: %s", name, text);
		lu_diff_member_location(r, ds, x, &loc);
		json_array_append_new(
			results,
			diff_result(lu_diff_member_rule(x),
				    lu_diff_member_severity(r, x), msg, &loc));
	}
}

/* What the text's "struct conn: added (only in new.o)" lines say. */
static void one_sided_results(const struct lu_diff_report *r, json_t *results)
{
	char msg[1024];
	struct lu_location loc;

	for (size_t side = 0; side < 2; side++) {
		size_t n = side ? r->d->n_only_new : r->d->n_only_old;

		for (size_t k = 0; k < n; k++) {
			lu_diff_one_sided(r, side, k, msg, sizeof(msg), &loc);
			json_array_append_new(
				results, diff_result(LU_RULE_DIFF_STRUCTS, LU_NOTE,
						     msg, &loc));
		}
	}
}

int lu_diff_report_sarif(FILE *out, const struct lu_diff_report *r)
{
	json_t *rules = lu_sarif_rules(), *results = json_array();

	for (size_t k = 0; k < r->d->n_structs; k++)
		struct_results(r, &r->d->structs[k], results);
	if (r->named)
		one_sided_results(r, results);
	return lu_output_json(out, lu_sarif_log(rules, results));
}
