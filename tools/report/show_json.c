/* SPDX-License-Identifier: MIT */
/*
 * `lineup show --format json`: the layout model as JSON, schema in
 * doc/json.md. Streamed (json_stream.c): jansson's layout and escaping,
 * without a tree of the whole document.
 */
#include <stdlib.h>

#include "json_stream.h"
#include "kernel_groups.h"
#include "ordered_out.h"
#include "report.h"
#include "show.h"
#include "show_rules.h"

static void lines_json(struct lu_js *js, const char *key, uint64_t offset,
		       uint64_t size, unsigned line)
{
	uint64_t first = offset / line;
	uint64_t last = size ? (offset + size - 1) / line : first;

	lu_js_open_array(js, key);
	lu_js_int(js, NULL, (int64_t)first);
	lu_js_int(js, NULL, (int64_t)last);
	lu_js_close(js);
}

static void member_json(struct lu_js *js, const struct lu_struct *s,
			const struct lu_member *m, int block, unsigned line)
{
	lu_js_open_object(js, NULL);
	lu_js_str(js, "name", m->name);
	lu_js_str2(js, "type", m->type, m->dims);
	lu_js_int(js, "offset", (int64_t)m->offset);
	lu_js_int(js, "size", (int64_t)m->size);
	lu_js_int(js, "bit_offset", (int64_t)m->bit_offset);
	lu_js_int(js, "bit_size", (int64_t)m->bit_size);
	lu_js_str_or_null(js, "file", m->file);
	lu_js_int(js, "line", m->decl_line);
	lu_js_int(js, "depth", m->depth);
	lines_json(js, "cachelines", m->offset, m->size, line);
	if (m->group >= 0)
		lu_js_str(js, "group", s->groups[m->group].name);
	else
		lu_js_null(js, "group");
	lu_js_bool(js, "marker", m->marker);
	if (block >= 0)
		lu_js_int(js, "block", block);
	else
		lu_js_null(js, "block");
	lu_js_int(js, "type_padding", (int64_t)m->type_padding);
	lu_js_close(js);
}

static void block_json(struct lu_js *js, const struct lu_block *b,
		       unsigned line)
{
	lu_js_open_object(js, NULL);
	lu_js_str(js, "kind", b->is_union ? "union" : "struct");
	lu_js_int(js, "offset", (int64_t)b->offset);
	lu_js_int(js, "size", (int64_t)b->size);
	lines_json(js, "cachelines", b->offset, b->size, line);
	if (b->parent >= 0)
		lu_js_int(js, "parent", b->parent);
	else
		lu_js_null(js, "parent");
	lu_js_str_or_null(js, "base", b->base);
	lu_js_close(js);
}

static void group_json(struct lu_js *js, const struct lu_struct *s,
		       size_t gi, unsigned line, bool ruled)
{
	const struct lu_group *g = &s->groups[gi];

	lu_js_open_object(js, NULL);
	lu_js_str(js, "name", g->name);
	lu_js_str(js, "kind", lu_kind_name(g->kind));
	lu_js_str(js, "origin", lu_origin_name(g->origin));
	lu_js_str_or_null(js, "path", lu_path_name(g->path));
	lu_js_int(js, "begin", (int64_t)g->begin);
	lu_js_int(js, "end", (int64_t)g->end);
	if (g->end > g->begin) {
		lines_json(js, "cachelines", g->begin, g->end - g->begin,
			   line);
	} else {
		lu_js_open_array(js, "cachelines");
		lu_js_close(js);
	}
	lu_js_open_array(js, "members");
	/* under rules a group's members are where the checker puts them,
	 * not what its markers enclose */
	for (size_t i = ruled ? 0 : g->first;
	     i < (ruled ? s->n_members : g->last) && i < s->n_members; i++)
		if (!s->members[i].marker && !s->members[i].depth &&
		    (!ruled || s->members[i].group == (int)gi))
			lu_js_str(js, NULL, s->members[i].name);
	lu_js_close(js);
	lu_js_close(js);
}

/* Each member's innermost block into INNER: blocks come outer first. */
static void inner_blocks(const struct lu_struct *s, int *inner)
{
	for (size_t i = 0; i < s->n_members; i++)
		inner[i] = -1;
	for (size_t k = 0; k < s->n_blocks; k++)
		for (size_t i = s->blocks[k].first;
		     i < s->blocks[k].last && i < s->n_members; i++)
			inner[i] = (int)k;
}

/* --rules: check's findings on MARKED, the struct as read */
static void findings_json(struct lu_js *js, const struct lu_set *set,
			  const struct lu_struct *marked,
			  const struct lu_show_opts *opts)
{
	struct lu_report_ctx ctx;

	lu_show_report_ctx(set, opts, &ctx);
	lu_js_open_array(js, "findings");
	for (size_t k = 0; opts->ruled && k < opts->ruled->n; k++)
		if (opts->ruled->items[k].s == marked)
			lu_js_tree(js, NULL,
				   lu_finding_json(&opts->ruled->items[k], &ctx));
	lu_js_close(js);
}

static void struct_json(struct lu_js *js, const struct lu_set *set,
			const struct lu_struct *marked,
			const struct lu_show_opts *opts, int *inner)
{
	struct lu_show_ruled r;
	const struct lu_struct *ruled = lu_show_ruled_init(&r, marked, opts);
	const struct lu_struct *s = ruled ? ruled : marked;
	unsigned line = opts->line_size;

	lu_js_open_object(js, NULL);
	lu_js_str(js, "name", s->name);
	lu_js_str(js, "kind", s->is_union   ? "union"
			      : s->is_class ? "class"
					    : "struct");
	lu_js_bool(js, "tagless", s->tagless);
	/* C++ only: C's output stays as it was */
	if (s->n_virtual_bases) {
		lu_js_open_array(js, "virtual_bases");
		for (size_t i = 0; i < s->n_virtual_bases; i++)
			lu_js_str(js, NULL, s->virtual_bases[i]);
		lu_js_close(js);
	}
	lu_js_open_array(js, "typedefs");
	for (size_t i = 0; i < s->n_typedefs; i++)
		lu_js_str(js, NULL, s->typedefs[i]);
	lu_js_close(js);
	lu_js_int(js, "size", (int64_t)s->size);
	lu_js_int(js, "align", (int64_t)s->align);
	lu_js_bool(js, "align_inferred", s->align_inferred);
	lu_js_int(js, "cachelines", (int64_t)((s->size + line - 1) / line));
	lu_js_str_or_null(js, "file", s->file);
	lu_js_int(js, "line", s->decl_line);
	lu_js_str_or_null(js, "unit", s->unit);
	lu_js_int(js, "variant", s->variant);
	inner_blocks(s, inner);
	lu_js_open_array(js, "members");
	for (size_t i = 0; i < s->n_members; i++)
		if (!s->members[i].marker)
			member_json(js, s, &s->members[i], inner[i], line);
	lu_js_close(js);
	lu_js_open_array(js, "blocks");
	for (size_t k = 0; k < s->n_blocks; k++)
		block_json(js, &s->blocks[k], line);
	lu_js_close(js);
	lu_js_open_array(js, "groups");
	for (size_t i = 0; i < s->n_groups; i++)
		group_json(js, s, i, line, ruled != NULL);
	lu_js_close(js);
	/* only with rules: show's JSON without them stays as it was */
	if (opts->rules)
		findings_json(js, set, marked, opts);
	lu_js_close(js);
	if (ruled)
		lu_show_ruled_free(&r);
}

/* What every struct is written with, for lu_ordered_out. */
struct json_all {
	const struct lu_js *parent;	/* inside "structs" */
	const struct lu_set *set;
	const struct lu_show_opts *opts;
};

/* Struct I as a part of the document (json_stream.h). */
static int struct_part(void *ctx, FILE *f, size_t i)
{
	const struct json_all *all = ctx;
	const struct lu_struct *s = &all->set->structs[i];
	struct lu_js *js = malloc(sizeof(*js));
	int *inner = malloc((s->n_members ? s->n_members : 1) *
			    sizeof(*inner));
	int rc;

	if (!js || !inner)
		abort();
	lu_js_part(js, all->parent, f, i > 0);
	struct_json(js, all->set, s, all->opts, inner);
	rc = lu_js_part_end(js);
	free(inner);
	free(js);
	return rc;
}

int lu_show_json(FILE *out, const struct lu_set *set,
		 const struct lu_show_opts *opts)
{
	struct lu_js *js = malloc(sizeof(*js));

	if (!js)
		abort();
	lu_js_init(js, out);
	lu_js_open_object(js, NULL);
	lu_js_int(js, "lineup", 1);
	/* every string is written, a byte not UTF-8 as \xNN (escape.h) */
	lu_js_open_object(js, "input");
	lu_js_str(js, "path", set->path);
	lu_js_str(js, "format", set->format ? set->format : "");
	lu_js_str_or_null(js, "machine", set->machine);
	lu_js_int(js, "line_size", (int)opts->line_size);
	/* only when separate: ordinary inputs' JSON stays as it was */
	if (set->debug_path)
		lu_js_str(js, "debug_file", set->debug_path);
	lu_js_close(js);
	lu_js_open_array(js, "structs");

	/* the structs on several threads; a failed write stops the
	 * document where it failed */
	struct json_all all = { js, set, opts };

	if (!lu_js_drain(js))
		lu_js_parts_done(js, lu_ordered_out(out, set->n_structs,
						    opts->jobs, struct_part,
						    &all),
				 set->n_structs > 0);
	lu_js_close(js);
	lu_js_close(js);
	int rc = lu_js_finish(js);

	free(js);
	return rc;
}
