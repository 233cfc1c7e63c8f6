/* SPDX-License-Identifier: MIT */
/* Findings as JSON (doc/json.md) and as SARIF 2.1.0, both via jansson. */
#include <errno.h>
#include <jansson.h>
#include <string.h>

#include "kernel_asserts.h"
#include "kernel_groups.h"
#include "escape.h"
#include "report.h"

#ifndef LINEUP_VERSION
#define LINEUP_VERSION "unknown"
#endif

static const char *type_name(enum lu_finding_type t)
{
	switch (t) {
	case LU_FIND_CONFLICT:
		return "conflict";
	case LU_FIND_SIZE:
		return "max_size";
	case LU_FIND_GROUP_BYTES:
		return "max_bytes";
	case LU_FIND_GROUP_LINES:
		return "max_lines";
	case LU_FIND_MISSING:
		return "missing_member";
	case LU_FIND_UNKNOWN_GROUP:
		return "missing_group";
	case LU_FIND_FOOTPRINT:
		return "footprint";
	case LU_FIND_KERNEL_SIZE:
		return "kernel_size";
	case LU_FIND_KERNEL_MEMBER:
		return "kernel_member";

	case LU_FIND_EMPTY_GROUP:
		return "empty_group";
	}
	return "?";
}

static json_t *location_json(const struct lu_location *loc)
{
	return json_pack("{s:o, s:i, s:i, s:o}", "file",
			 loc->file ? lu_json_text(loc->file) : json_null(),
			 "line", (int)loc->decl_line, "column", (int)loc->decl_column,
			 "where", lu_json_text(loc->where));
}

/* Lines are counted with the object at START, as the finding's `line`. */
static json_t *members_json(const struct lu_struct *s, const size_t *idx,
			    size_t n, unsigned line, uint64_t start)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++) {
		const struct lu_member *m = &s->members[idx[i]];
		uint64_t first = (start + m->offset) / line;
		uint64_t last = (start + m->offset + (m->size ? m->size : 1) - 1) /
				line;

		json_array_append_new(
			a, json_pack("{s:o, s:I, s:I, s:[I,I]}", "name",
				     lu_json_text(m->name),
				     "offset", (json_int_t)m->offset, "size",
				     (json_int_t)m->size, "cachelines",
				     (json_int_t)first, (json_int_t)last));
	}
	return a;
}

static const char *align_from_name(enum lu_align_from from)
{
	switch (from) {
	case LU_ALIGN_DECLARED:
		return "declared";
	case LU_ALIGN_INFERRED:
		return "inferred";
	case LU_ALIGN_RULES:
		return "rules";
	case LU_ALIGN_OPTION:
		return "option";
	}
	return "?";
}

/* Where the object may start and where the finding appears. */
static json_t *placement_json(const struct lu_finding *f)
{
	json_t *starts = json_array();

	for (size_t i = 0; i < f->n_starts; i++)
		json_array_append_new(starts,
				      json_integer((json_int_t)f->starts[i]));
	return json_pack("{s:I, s:s, s:b, s:b, s:o}", "align",
			 (json_int_t)(f->align ? f->align : f->s->align),
			 "align_from", align_from_name(f->align_from),
			 "every_start", f->every_start, "misaligned_only",
			 f->misaligned_only, "starts", starts);
}

static json_t *group_json(const struct lu_group *g)
{
	const char *path = g ? lu_path_name(g->path) : NULL;

	if (!g)
		return json_null();
	return json_pack("{s:o, s:s, s:s, s:o}", "name",
			 lu_json_text(g->name), "kind",
			 lu_kind_name(g->kind), "origin",
			 lu_origin_name(g->origin), "path",
			 path ? lu_json_text(path) : json_null());
}

/*
 * The definition a finding is on, when its name has several (units built
 * with other -D): {"number", "units" (the first few), "units_total"};
 * NULL when it has one.
 */
static json_t *definition_json(const struct lu_struct *s)
{
	size_t kept = s->n_units < LU_UNITS_KEPT ? s->n_units : LU_UNITS_KEPT;
	json_t *units = json_array();

	if (!s->has_variants || !s->n_units) {
		json_decref(units);
		return NULL;
	}
	for (size_t i = 0; i < kept; i++)
		json_array_append_new(units, lu_json_text(s->units[i]));
	return json_pack("{s:i, s:o, s:I}", "number", (int)s->variant + 1,
			 "units", units, "units_total", (json_int_t)s->n_units);
}

/* The call a kernel-assert finding holds the layout against. */
static json_t *kassert_json(const struct lu_finding *f)
{
	const struct lu_kassert *k = f->kassert;

	return json_pack("{s:o, s:i, s:i, s:s, s:o, s:o, s:o, s:o}", "file",
			 lu_json_text(f->kassert_path), "line", (int)k->line,
			 "column", (int)k->column, "macro",
			 lu_kassert_macro(k->kind),
			 "group", lu_json_text(k->group), "bound",
			 k->expr ? lu_json_text(k->expr) : json_null(),
			 "member",
			 k->member ? lu_json_text(k->member) : json_null(),
			 "under", k->under
				 ? json_pack("{s:o, s:i}", "text",
					     lu_json_text(k->under), "line",
					     (int)k->under_line)
				 : json_null());
}

json_t *lu_finding_json(const struct lu_finding *f,
			const struct lu_report_ctx *ctx)
{
	char msg[LU_MESSAGE_MAX];
	struct lu_location loc;
	json_t *j = json_object();

	lu_finding_message(f, ctx, msg, sizeof(msg));
	lu_finding_location(f, ctx, &loc);
	json_object_set_new(j, "type", lu_json_text(type_name(f->type)));
	json_object_set_new(j, "id", lu_json_text(lu_finding_id(f->type)));
	json_object_set_new(j, "severity",
			    lu_json_text(lu_severity_name(f->severity)));
	json_object_set_new(j, "struct", lu_json_text(f->s->name));
	json_object_set_new(j, "input",
			    lu_json_text(ctx->sets[f->set_index].path));
	json_object_set_new(j, "config", f->config ? lu_json_text(f->config)
						   : json_null());
	json_object_set_new(j, "message", lu_json_text(msg));
	json_object_set_new(j, "location", location_json(&loc));
	json_object_set_new(j, "group", group_json(f->group));
	json_object_set_new(j, "other_group", group_json(f->other_group));
	if (f->type == LU_FIND_CONFLICT) {
		uint64_t start = f->n_starts ? f->starts[0] : 0;

		unsigned line_size = lu_finding_line_size(f, ctx);

		json_object_set_new(j, "members",
				    members_json(f->s, f->members, f->n_members,
						 line_size, start));
		json_object_set_new(j, "others",
				    members_json(f->s, f->others, f->n_others,
						 line_size, start));
		json_object_set_new(j, "line_size", json_integer(line_size));
		json_object_set_new(j, "unit", lu_json_text(
			f->storage_unit ? "storage_unit"
			: ctx->pair	? "line_pair" : "line"));
		json_object_set_new(j, "line", json_integer((json_int_t)f->line));
		json_object_set_new(j, "bytes",
				    json_pack("[I,I]", (json_int_t)f->line_lo,
					      (json_int_t)f->line_hi));
		json_object_set_new(j, "padding", lu_padding_json(f));
	}
	if (f->type == LU_FIND_FOOTPRINT)
		json_object_set_new(j, "footprint",
				    lu_footprint_json(&f->footprint));
	if (f->type == LU_FIND_CONFLICT || f->type == LU_FIND_GROUP_LINES)
		json_object_set_new(j, "placement", placement_json(f));
	if (f->kassert)
		json_object_set_new(j, "kernel_assert", kassert_json(f));
	if (f->type == LU_FIND_KERNEL_MEMBER && f->n_members)
		json_object_set_new(j, "members",
				    members_json(f->s, f->members, 1,
						 lu_finding_line_size(f, ctx),
						 0));
	if (f->type == LU_FIND_SIZE || f->type == LU_FIND_GROUP_BYTES ||
	    f->type == LU_FIND_GROUP_LINES ||
	    (f->type == LU_FIND_KERNEL_SIZE && f->group)) {
		json_object_set_new(j, "value", json_integer((json_int_t)f->value));
		json_object_set_new(j, "limit", json_integer((json_int_t)f->limit));
	}
	if (f->name)
		json_object_set_new(j, "name", lu_json_text(f->name));
	json_object_set_new(j, "suggestion", f->suggestion
						     ? lu_json_text(f->suggestion)
						     : json_null());
	json_t *def = definition_json(f->s);

	if (def)
		json_object_set_new(j, "definition", def);
	return j;
}

/* jansson's own FILE writer forgets why it failed: this one keeps errno. */
struct json_sink {
	FILE *out;
	int err;
};

static int write_chunk(const char *buf, size_t size, void *data)
{
	struct json_sink *sink = data;

	if (fwrite(buf, 1, size, sink->out) == size)
		return 0;
	sink->err = errno ? errno : EIO;
	return -1;
}

int lu_output_json(FILE *out, json_t *root)
{
	struct json_sink sink = { out, 0 };
	int rc = root ? json_dump_callback(root, write_chunk, &sink,
					   JSON_INDENT(1) | JSON_PRESERVE_ORDER)
		      : -1;

	json_decref(root);
	if (rc < 0) {
		/* no write failed: jansson could not build the document */
		errno = sink.err ? sink.err : EINVAL;
		return -1;
	}
	if (fputc('\n', out) == EOF)
		return -1;
	return lu_output_flush(out);
}

int lu_report_json(FILE *out, const struct lu_findings *f,
		   const struct lu_report_ctx *ctx)
{
	json_t *root = json_object(), *items = json_array();

	json_object_set_new(root, "lineup", json_integer(1));
	json_object_set_new(root, "line_size", json_integer(ctx->line_size));
	json_object_set_new(root, "pair", json_boolean(ctx->pair));
	for (size_t i = 0; i < f->n; i++)
		json_array_append_new(items, lu_finding_json(&f->items[i], ctx));
	json_object_set_new(root, "findings", items);
	json_object_set_new(
		root, "summary",
		json_pack("{s:I, s:I, s:I, s:I}", "structs",
			  (json_int_t)f->n_structs_checked, "errors",
			  (json_int_t)f->n_errors, "warnings",
			  (json_int_t)f->n_warnings, "notes",
			  (json_int_t)f->n_notes));
	return lu_output_json(out, root);
}

/* ---- SARIF 2.1.0 ---------------------------------------------------- */

json_t *lu_sarif_location(const struct lu_location *loc,
			  const char *message)
{
	json_t *l = json_object();

	if (loc->file) {
		json_t *region = json_pack("{s:i}", "startLine",
					   (int)(loc->decl_line ? loc->decl_line : 1));

		if (loc->decl_column)
			json_object_set_new(region, "startColumn",
					    json_integer(loc->decl_column));
		json_object_set_new(
			l, "physicalLocation",
			json_pack("{s:{s:o}, s:o}", "artifactLocation", "uri",
				  lu_sarif_uri(loc->file), "region", region));
	}
	json_object_set_new(l, "logicalLocations",
			    json_pack("[{s:o, s:s}]", "fullyQualifiedName",
				      lu_json_text(loc->where), "kind", "type"));
	if (message)
		json_object_set_new(l, "message",
				    json_pack("{s:o}", "text",
					      lu_json_text(message)));
	return l;
}

static void sarif_note(void *arg, const struct lu_location *loc,
		       const char *text)
{
	json_t *related = arg;
	json_t *l = lu_sarif_location(loc, text);

	json_object_set_new(l, "id", json_integer((json_int_t)
						  json_array_size(related)));
	json_array_append_new(related, l);
}

json_t *lu_sarif_rules(void)
{
	json_t *rules = json_array();
	size_t n;
	const struct lu_check_rule *r = lu_check_rules(&n);

	/* the whole catalogue, so a result's ruleIndex is its row */
	for (size_t i = 0; i < n; i++)
		json_array_append_new(
			rules, json_pack("{s:s, s:s, s:{s:s}, s:{s:s}, "
					 "s:{s:s, s:s}}",
					 "id", r[i].id, "name", r[i].name,
					 "shortDescription", "text", r[i].text,
					 "fullDescription", "text", r[i].full,
					 "help", "text", r[i].help, "markdown",
					 r[i].help));
	return rules;
}

json_t *lu_sarif_result(const struct lu_finding *x,
			const struct lu_report_ctx *ctx)
{
	char msg[LU_MESSAGE_MAX];
	struct lu_location loc;
	json_t *related = json_array();

	lu_finding_message(x, ctx, msg, sizeof(msg));
	lu_finding_location(x, ctx, &loc);
	lu_finding_notes(x, ctx, sarif_note, related);
	json_t *r = json_pack(
		"{s:s, s:i, s:s, s:{s:o}, s:[o]}", "ruleId",
		lu_finding_id(x->type), "ruleIndex", (int)x->type,
		"level", lu_severity_name(x->severity), "message",
		"text", lu_json_text(msg), "locations",
		lu_sarif_location(&loc, NULL));

	if (json_array_size(related))
		json_object_set_new(r, "relatedLocations", related);
	else
		json_decref(related);
	json_t *def = definition_json(x->s);

	/* SARIF's property bag: the definition and the units holding it */
	if (def)
		json_object_set_new(r, "properties",
				    json_pack("{s:o}", "definition", def));
	return r;
}

json_t *lu_sarif_log(json_t *rules, json_t *results)
{
	return json_pack(
		"{s:s, s:s, s:[{s:{s:{s:s, s:s, s:o}}, s:o}]}",
		"$schema", "https://json.schemastore.org/sarif-2.1.0.json",
		"version", "2.1.0", "runs", "tool", "driver", "name", "lineup",
		"version", LINEUP_VERSION, "rules", rules, "results", results);
}

int lu_report_sarif(FILE *out, const struct lu_findings *f,
		    const struct lu_report_ctx *ctx)
{
	json_t *results = json_array();

	for (size_t i = 0; i < f->n; i++) {
		json_t *r = lu_sarif_result(&f->items[i], ctx);

		lu_sarif_rebase(r, ctx->source_root);
		json_array_append_new(results, r);
	}
	json_t *log = lu_sarif_log(lu_sarif_rules(), results);

	lu_sarif_base_ids(log, ctx->source_root);
	return lu_output_json(out, log);
}
