/* SPDX-License-Identifier: MIT */
/*
 * `lineup show --format json`: the layout model as JSON, schema in
 * doc/json.md. Built with jansson so escaping is never our problem.
 */
#include <jansson.h>
#include <stdlib.h>

#include "kernel_groups.h"
#include "report.h"
#include "show.h"

static json_t *lines_json(uint64_t offset, uint64_t size, unsigned line)
{
	uint64_t first = offset / line;
	uint64_t last = size ? (offset + size - 1) / line : first;

	return json_pack("[I,I]", (json_int_t)first, (json_int_t)last);
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *member_json(const struct lu_struct *s,
			   const struct lu_member *m, int block, unsigned line)
{
	json_t *j = json_object();

	json_object_set_new(j, "name", json_string(m->name));
	json_object_set_new(j, "type", json_sprintf("%s%s", m->type, m->dims));
	json_object_set_new(j, "offset", json_integer((json_int_t)m->offset));
	json_object_set_new(j, "size", json_integer((json_int_t)m->size));
	json_object_set_new(j, "bit_offset",
			    json_integer((json_int_t)m->bit_offset));
	json_object_set_new(j, "bit_size", json_integer((json_int_t)m->bit_size));
	json_object_set_new(j, "file", str_or_null(m->file));
	json_object_set_new(j, "line", json_integer(m->decl_line));
	json_object_set_new(j, "depth", json_integer(m->depth));
	json_object_set_new(j, "cachelines", lines_json(m->offset, m->size, line));
	json_object_set_new(j, "group", m->group >= 0
				? json_string(s->groups[m->group].name)
				: json_null());
	json_object_set_new(j, "marker", json_boolean(m->marker));
	json_object_set_new(j, "block", block >= 0 ? json_integer(block)
						   : json_null());
	json_object_set_new(j, "type_padding",
			    json_integer((json_int_t)m->type_padding));
	return j;
}

static json_t *block_json(const struct lu_block *b, unsigned line)
{
	json_t *j = json_object();

	json_object_set_new(j, "kind", json_string(b->is_union ? "union"
							       : "struct"));
	json_object_set_new(j, "offset", json_integer((json_int_t)b->offset));
	json_object_set_new(j, "size", json_integer((json_int_t)b->size));
	json_object_set_new(j, "cachelines", lines_json(b->offset, b->size, line));
	json_object_set_new(j, "parent", b->parent >= 0
				? json_integer(b->parent) : json_null());
	json_object_set_new(j, "base", str_or_null(b->base));
	return j;
}

static json_t *group_json(const struct lu_struct *s, const struct lu_group *g,
			  unsigned line)
{
	json_t *j = json_object(), *members = json_array();

	json_object_set_new(j, "name", json_string(g->name));
	json_object_set_new(j, "kind", json_string(lu_kind_name(g->kind)));
	json_object_set_new(j, "origin", json_string(lu_origin_name(g->origin)));
	json_object_set_new(j, "path", str_or_null(lu_path_name(g->path)));
	json_object_set_new(j, "begin", json_integer((json_int_t)g->begin));
	json_object_set_new(j, "end", json_integer((json_int_t)g->end));
	json_object_set_new(j, "cachelines",
			    g->end > g->begin
				    ? lines_json(g->begin, g->end - g->begin, line)
				    : json_array());
	for (size_t i = g->first; i < g->last && i < s->n_members; i++)
		if (!s->members[i].marker && !s->members[i].depth)
			json_array_append_new(members,
					      json_string(s->members[i].name));
	json_object_set_new(j, "members", members);
	return j;
}

static json_t *struct_json(const struct lu_struct *s, unsigned line)
{
	json_t *j = json_object(), *members = json_array(),
	       *groups = json_array(), *blocks = json_array();
	/* each member's innermost block: blocks come outer first */
	int *inner = malloc((s->n_members ? s->n_members : 1) *
			    sizeof(*inner));

	if (!inner)
		abort();
	for (size_t i = 0; i < s->n_members; i++)
		inner[i] = -1;
	for (size_t k = 0; k < s->n_blocks; k++) {
		for (size_t i = s->blocks[k].first;
		     i < s->blocks[k].last && i < s->n_members; i++)
			inner[i] = (int)k;
		json_array_append_new(blocks, block_json(&s->blocks[k], line));
	}

	json_t *typedefs = json_array();

	for (size_t i = 0; i < s->n_typedefs; i++)
		json_array_append_new(typedefs, json_string(s->typedefs[i]));
	json_object_set_new(j, "name", json_string(s->name));
	json_object_set_new(j, "kind", json_string(s->is_union ? "union"
							       : "struct"));
	json_object_set_new(j, "tagless", json_boolean(s->tagless));
	json_object_set_new(j, "typedefs", typedefs);
	json_object_set_new(j, "size", json_integer((json_int_t)s->size));
	json_object_set_new(j, "align", json_integer((json_int_t)s->align));
	json_object_set_new(j, "align_inferred",
			    json_boolean(s->align_inferred));
	json_object_set_new(j, "cachelines",
			    json_integer((json_int_t)((s->size + line - 1) /
						      line)));
	json_object_set_new(j, "file", str_or_null(s->file));
	json_object_set_new(j, "line", json_integer(s->decl_line));
	json_object_set_new(j, "unit", str_or_null(s->unit));
	json_object_set_new(j, "variant", json_integer(s->variant));
	for (size_t i = 0; i < s->n_members; i++)
		if (!s->members[i].marker)
			json_array_append_new(members,
					      member_json(s, &s->members[i],
							  inner[i], line));
	for (size_t i = 0; i < s->n_groups; i++)
		json_array_append_new(groups, group_json(s, &s->groups[i], line));
	json_object_set_new(j, "members", members);
	json_object_set_new(j, "blocks", blocks);
	json_object_set_new(j, "groups", groups);
	free(inner);
	return j;
}

int lu_show_json(FILE *out, const struct lu_set *set,
		 const struct lu_show_opts *opts)
{
	json_t *root = json_object(), *structs = json_array();

	json_object_set_new(root, "lineup", json_integer(1));
	json_object_set_new(root, "input",
			    json_pack("{s:s, s:s, s:o, s:i}", "path", set->path,
				      "format", set->format ? set->format : "",
				      "machine", str_or_null(set->machine),
				      "line_size", (int)opts->line_size));
	for (size_t i = 0; i < set->n_structs; i++)
		json_array_append_new(structs,
				      struct_json(&set->structs[i],
						  opts->line_size));
	json_object_set_new(root, "structs", structs);
	return lu_output_json(out, root);
}
