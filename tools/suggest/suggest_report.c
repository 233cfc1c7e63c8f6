/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest's report: the struct as it is, then each proposal with
 * its size, its lines, what it changes, its C body and its diff; the same
 * as one JSON document (doc/suggest.md has the schema).
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report.h"
#include "suggest_report.h"
#include "text_buf.h"

const char *const lu_sg_kind_names[LU_SG_N] = { "reorder", "reorder-minimal",
						  "isolate" };

static uint64_t lines_of(uint64_t size, unsigned line)
{
	return (size + line - 1) / line;
}

static const char *lines_text(uint64_t size, unsigned line, char *buf,
			      size_t n)
{
	uint64_t lines = lines_of(size, line);

	snprintf(buf, n, "%llu line%s", (unsigned long long)lines,
		 lines == 1 ? "" : "s");
	return buf;
}

/* The fewest-moves reorder is the smallest one, or neither exists. */
static bool same_order(const struct lu_sg_result *r)
{
	const struct lu_sg_proposal *a = &r->prop[LU_SG_REORDER];
	const struct lu_sg_proposal *b = &r->prop[LU_SG_MINIMAL];

	if (!a->found || !b->found)
		return !a->found && !b->found;
	return !memcmp(a->order, b->order,
		       r->plan->n_keys * sizeof(*a->order));
}

/* Keys the proposal moves, by name, in its order. */
static size_t moved_keys(const struct lu_sg_result *r,
			 const struct lu_sg_proposal *p, const char **out)
{
	size_t n = r->plan->n_keys, k = 0;
	bool *flags = calloc(n + 1, sizeof(*flags));

	if (!flags)
		abort();
	lu_sg_moved(p->order, n, flags);
	for (size_t i = 0; i < n; i++)
		if (flags[i])
			out[k++] = r->plan->keys[p->order[i]];
	free(flags);
	return k;
}

static void what_changed(FILE *out, const struct lu_sg_result *r, int kind)
{
	const struct lu_sg_plan *plan = r->plan;
	const struct lu_sg_proposal *p = &r->prop[kind];
	const char **names = calloc(plan->n_keys + 1, sizeof(*names));
	size_t n = moved_keys(r, p, names);
	const char *sep = "";

	if (!names)
		abort();
	if (kind == LU_SG_ISOLATE) {
		fputs("; isolates", out);
		for (size_t g = 0; g < plan->n_groups; g++) {
			if (!p->isolate[g])
				continue;
			fprintf(out, "%s write group '%s'", sep,
				plan->groups[g].name);
			sep = ",";
		}
	}
	if (n) {
		fputs("; moves", out);
		for (size_t i = 0; i < n; i++)
			fprintf(out, "%s %s", i ? "," : "", names[i]);
	} else if (kind != LU_SG_ISOLATE) {
		fputs("; moves nothing", out);
	}
	free(names);
}

/* A [matrix]'s other configurations are laid out by the model only: one
 * compile checks the input's (suggest_verify.c), and the line says so. */
static void holds(FILE *out, const struct lu_sg_result *r, int k)
{
	if (!r->n_configs)
		return;
	fprintf(out, "; holds in all %zu configurations", r->n_configs);
	if (r->verified[k].compiled && r->n_configs > 1)
		fprintf(out, " (compiled in the input's, the model's in the "
			     "other %zu)", r->n_configs - 1);
}

/*
 * Members the rules leave without a kind, on a line the proposal gives a
 * write group: nothing checks them, so the reader is told (a perf sample
 * that never saw a member drafts rules without it).
 */
static void unclassified(FILE *out, const struct lu_sg_result *r, int k)
{
	struct lu_arena a = { 0 };
	const char **names;
	size_t n = lu_sg_unclassified_on_writes(r->plan, &r->prop[k], &a,
						&names);

	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s'%s'", i ? ", " : "\nno kind, on a written "
						  "line: ", names[i]);
	if (n)
		fprintf(out, " (the rules name %s nowhere: say whether %s "
			     "read on a hot path)",
			n == 1 ? "it" : "them", n == 1 ? "it is" : "they are");
	lu_arena_free(&a);
}

/* Why proposal K has no diff, when there is a reason to say. */
static void no_diff(FILE *out, const struct lu_sg_result *r, int k)
{
	if (r->stale[0]) {
		fprintf(out, "\nno diff: %s\n", r->stale);
	} else if (r->no_diff[k]) {
		fprintf(out, "\nno diff: %s\n", r->no_diff[k]);
	} else if (r->unplaced[0]) {
		/* a line of the source: text, which may hold anything */
		fputs("\nno diff: the class's body holds lines this proposal "
		      "does not place (first: '", out);
		lu_text_put_escaped(out, r->unplaced);
		fputs("'), which a diff would delete; move the members by "
		      "hand\n", out);
	} else if (r->conditional && !r->n_configs) {
		fputs("\nno diff: the struct's source has #if lines, and "
		      "without a [matrix] in the rules only this build's "
		      "members are known; add one, or move the members by "
		      "hand\n", out);
	}
}

int lu_sg_report_text(FILE *out, const struct lu_sg_result *r)
{
	const struct lu_struct *s = r->s;
	unsigned line = r->plan->opts.line_size;
	char n_lines[32];

	/* "class" for a class, as its body below is spelled */
	fprintf(out, "%s%s", s->tagless ? "struct " : lu_struct_tag_word(s),
		s->name);
	if (s->file) {
		fputs(" (", out);
		lu_text_put_escaped(out, s->file);
		fprintf(out, ":%u)", s->decl_line);
	}
	fprintf(out, ": %s bytes, %s of %u", lu_num(s->size, r->hex).s,
		lines_text(s->size, line, n_lines, sizeof(n_lines)), line);
	if (r->plan->opts.pair)
		fputs(" (pairs)", out);
	if (!r->current_bad)
		fputs("; its rules hold", out);
	else if (r->n_configs)
		fprintf(out, "; %zu finding%s in %zu of %zu configurations",
			r->current_bad, r->current_bad == 1 ? "" : "s",
			r->current_failing, r->n_configs);
	else
		fprintf(out, "; %zu finding%s", r->current_bad,
			r->current_bad == 1 ? "" : "s");
	fputc('\n', out);
	for (int k = 0; k < LU_SG_N; k++) {
		const struct lu_sg_proposal *p = &r->prop[k];

		fprintf(out, "\n%s: ", lu_sg_kind_names[k]);
		if (k == LU_SG_MINIMAL && same_order(r)) {
			fputs("the same as reorder\n", out);
			continue;
		}
		if (!p->found) {
			fprintf(out, "none: %s\n", r->reason[k]);
			continue;
		}
		fprintf(out, "%s bytes (%s), %s", lu_num(p->size, r->hex).s,
			lu_num_signed((long long)p->size - (long long)s->size,
				      r->hex).s,
			lines_text(p->size, line, n_lines, sizeof(n_lines)));
		what_changed(out, r, k);
		holds(out, r, k);
		unclassified(out, r, k);
		if (!r->verified[k].compiled) {
			fputs("\nnot compiled (", out);
			lu_text_put_escaped(out, r->verified[k].why_not);
			fputs("): the size and what holds are the model's",
			      out);
		}
		fprintf(out, "\n%s%s {\n%s};\n",
			s->tagless ? "struct " : lu_struct_tag_word(s), s->name,
			r->c[k]);
		if (r->diff[k])
			fprintf(out, "\n%s", r->diff[k]);
		else
			no_diff(out, r, k);
	}
	return lu_output_flush(out);
}

static json_t *str_or_null(const char *s)
{
	return s ? lu_json_text(s) : json_null();
}

static json_t *proposal_json(const struct lu_sg_result *r, int kind)
{
	const struct lu_sg_plan *plan = r->plan;
	const struct lu_sg_proposal *p = &r->prop[kind];
	const char **names = calloc(plan->n_keys + 1, sizeof(*names));
	json_t *j = json_object(), *a = json_array(), *iso = json_array();
	json_t *order = json_array();
	size_t n;

	if (!names)
		abort();
	n = moved_keys(r, p, names);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, lu_json_text(names[i]));
	for (size_t i = 0; i < plan->n_keys; i++)
		json_array_append_new(order,
				      lu_json_text(plan->keys[p->order[i]]));
	for (size_t g = 0; g < plan->n_groups; g++)
		if (p->isolate[g])
			json_array_append_new(iso,
					      lu_json_text(plan->groups[g].name));
	free(names);
	json_object_set_new(j, "kind", lu_json_text(lu_sg_kind_names[kind]));
	json_object_set_new(j, "found", json_boolean(p->found));
	json_object_set_new(j, "reason",
			    str_or_null(p->found ? NULL : r->reason[kind]));
	json_object_set_new(j, "exhaustive", json_boolean(p->exhaustive));
	json_object_set_new(j, "size", json_integer((json_int_t)p->size));
	json_object_set_new(j, "size_change",
			    json_integer((json_int_t)p->size -
					 (json_int_t)r->s->size));
	json_object_set_new(j, "lines",
			    json_integer((json_int_t)lines_of(
				    p->size, plan->opts.line_size)));
	json_object_set_new(j, "max_size",
			    json_integer((json_int_t)p->max_size));
	json_object_set_new(j, "findings", json_integer((json_int_t)p->bad));
	json_object_set_new(j, "moved", a);
	json_object_set_new(j, "isolated", iso);
	json_object_set_new(j, "order", order);
	json_object_set_new(j, "compiled",
			    p->found && r->verified[kind].compiled
			    ? json_pack("{s:I,s:I}", "size",
					(json_int_t)r->verified[kind].size,
					"findings",
					(json_int_t)r->verified[kind].bad)
			    : json_null());
	json_object_set_new(j, "not_compiled",
			    str_or_null(p->found && !r->verified[kind].compiled
					? r->verified[kind].why_not : NULL));
	json_object_set_new(j, "c", str_or_null(p->found ? r->c[kind] : NULL));
	json_object_set_new(j, "diff",
			    str_or_null(p->found ? r->diff[kind] : NULL));
	return j;
}

int lu_sg_report_json(FILE *out, const struct lu_sg_result *r)
{
	const struct lu_struct *s = r->s;
	json_t *root = json_object(), *props = json_array();

	json_object_set_new(root, "lineup", json_integer(1));
	json_object_set_new(root, "struct", lu_json_text(s->name));
	json_object_set_new(root, "input", lu_json_text(r->set->path));
	json_object_set_new(root, "file", str_or_null(s->file));
	json_object_set_new(root, "line", json_integer(s->decl_line));
	json_object_set_new(root, "line_size",
			    json_integer(r->plan->opts.line_size));
	json_object_set_new(root, "pair", json_boolean(r->plan->opts.pair));
	json_object_set_new(root, "configurations",
			    json_integer((json_int_t)r->n_configs));
	json_object_set_new(root, "current",
			    json_pack("{s:I,s:I,s:I,s:I}", "size",
				      (json_int_t)s->size, "lines",
				      (json_int_t)lines_of(
					      s->size, r->plan->opts.line_size),
				      "findings", (json_int_t)r->current_bad,
				      "failing_configurations",
				      (json_int_t)r->current_failing));
	for (int k = 0; k < LU_SG_N; k++)
		json_array_append_new(props, proposal_json(r, k));
	json_object_set_new(root, "proposals", props);
	return lu_output_json(out, root);
}
