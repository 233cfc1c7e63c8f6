/* SPDX-License-Identifier: MIT */
/* Findings as JSON (doc/json.md) and as SARIF 2.1.0, both via jansson. */
#include <errno.h>
#include <jansson.h>
#include <string.h>

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

json_t *lu_finding_json(const struct lu_finding *f,
			const struct lu_report_ctx *ctx)
{
	char msg[2048];
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
	if (f->type == LU_FIND_SIZE || f->type == LU_FIND_GROUP_BYTES ||
	    f->type == LU_FIND_GROUP_LINES) {
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

/*
 * Each check: its stable id (findings carry it in text, JSON and SARIF),
 * its name, and what code scanning shows for it: the one-line summary,
 * the full description, and the help that says how to fix it.
 */
static const struct {
	const char *id, *name, *text, *full, *help;
} sarif_rules[] = {
	[LU_FIND_CONFLICT] = { "LU001", "false-sharing",
		"A written field shares a cache line with another hot field",
		"A member of a write group (stored on a hot path) shares a "
		"cache line (or, with --pair, a line pair; or a bit-field's "
		"storage unit) with a member of another write or read group. "
		"Every store by one CPU invalidates the line in every other "
		"CPU's cache, so the other group's loads and stores miss: "
		"false sharing.",
		"Move the members so that the groups start on different "
		"lines: put cold members between them, start the write group "
		"with LINEUP_BEGIN_ALIGNED (or the kernel's "
		"__cacheline_group_begin_aligned), or wrap it in "
		"LINEUP_ISOLATE_BEGIN/END. `lineup suggest` proposes layouts "
		"that hold, and `lineup show` shows where every member lands. "
		"When objects are line-aligned but the struct's type is not, "
		"say so with `align = 64` in the rules or --align 64." },
	[LU_FIND_SIZE] = { "LU002", "max-size",
		"The struct is larger than its max_size",
		"The struct's size exceeds the max_size its rules set: a "
		"member was added or grew, or padding appeared.",
		"Reorder members to close holes (`lineup show` lists them), "
		"move cold members out, or raise max_size in the rules if "
		"the growth is intended." },
	[LU_FIND_GROUP_BYTES] = { "LU003", "group-bytes",
		"A group is larger than its max_bytes",
		"A group's bytes, from its begin marker to its end marker (or "
		"first to last member for a rules group), exceed the "
		"max_bytes.GROUP its rules set.",
		"Move members out of the group or close its holes; padding "
		"after a begin marker counts as the group's (doc/header.md, "
		"\"Group bytes\"). Raise max_bytes.GROUP if intended." },
	[LU_FIND_GROUP_LINES] = { "LU004", "group-lines",
		"A group spans more lines than max_lines",
		"Wherever the struct may start (its alignment, or align = N, "
		"or --align), the group touches more cache lines than the "
		"max_lines.GROUP its rules set.",
		"Shrink the group, start it on a line (LINEUP_BEGIN_ALIGNED), "
		"or state how objects are allocated (align = 64) if they are "
		"line-aligned." },
	[LU_FIND_MISSING] = { "LU005", "missing-member",
		"The rules name a member the layout lacks",
		"A rules file names a member the struct does not have in this "
		"input: renamed, removed, or only in other configurations.",
		"Fix the name in the rules (the message offers the nearest "
		"member), or check every configuration with `lineup matrix`. "
		"--strict makes this an error." },
	[LU_FIND_UNKNOWN_GROUP] = { "LU006", "missing-group",
		"The rules name a group the layout lacks",
		"A rules file sets a limit or an allow on a group the struct "
		"does not have.",
		"Fix the group's name in the rules (the message offers the "
		"nearest one). --strict makes this an error." },
	[LU_FIND_FOOTPRINT] = { "LU007", "group-footprint",
		"The cache lines a kernel group's bytes touch",
		"A note for each kernel __cacheline_group_begin__ group: its "
		"bytes, the lines they touch where the object starts a line, "
		"the fewest lines they could fit in, and the most over every "
		"start its alignment allows (doc/kernel-groups.md).",
		"Nothing to fix: it says what CACHELINE_ASSERT_GROUP_SIZE "
		"would bound. A group on more lines than it needs may gain "
		"from __cacheline_group_begin_aligned." },
};

const char *lu_finding_id(enum lu_finding_type t)
{
	return sarif_rules[t].id;
}

_Static_assert(sizeof(sarif_rules) / sizeof(sarif_rules[0]) ==
		       LU_SARIF_CHECK_RULES,
	       "report.h counts check's SARIF rules");

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

	for (size_t i = 0; i < LU_SARIF_CHECK_RULES; i++)
		json_array_append_new(
			rules, json_pack("{s:s, s:s, s:{s:s}, s:{s:s}, "
					 "s:{s:s, s:s}}",
					 "id", sarif_rules[i].id, "name",
					 sarif_rules[i].name, "shortDescription",
					 "text", sarif_rules[i].text,
					 "fullDescription", "text",
					 sarif_rules[i].full, "help", "text",
					 sarif_rules[i].help, "markdown",
					 sarif_rules[i].help));
	return rules;
}

json_t *lu_sarif_result(const struct lu_finding *x,
			const struct lu_report_ctx *ctx)
{
	char msg[2048];
	struct lu_location loc;
	json_t *related = json_array();

	lu_finding_message(x, ctx, msg, sizeof(msg));
	lu_finding_location(x, ctx, &loc);
	lu_finding_notes(x, ctx, sarif_note, related);
	json_t *r = json_pack(
		"{s:s, s:i, s:s, s:{s:o}, s:[o]}", "ruleId",
		sarif_rules[x->type].id, "ruleIndex", (int)x->type,
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
