/* SPDX-License-Identifier: MIT */
/*
 * The report's threshold form of a long condition (matrix_threshold.h),
 * with the layout model's weights: text after the condition, JSON beside
 * it.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "matrix_threshold.h"
#include "threshold.h"

/*
 * COND (the configurations IN marks) past LU_THRESHOLD_TERMS terms, as a
 * sum of member sizes of one checked struct that the model weighs: *T and
 * the struct's index in *NAME. False when none is exactly IN.
 */
static bool threshold_of(struct lu_matrix *mx, const char *cond,
			 const bool *in, struct lu_threshold *t, size_t *name)
{
	const struct lu_matrix_model *md = &mx->model;
	size_t w = mx->m->n_options;

	if (!md->used || !md->member_bytes || !lu_condition_long(cond))
		return false;
	for (size_t k = 0; k < md->n_names; k++)
		if (lu_threshold_find(mx->m, &mx->configs, in,
				      md->member_bytes + k * w, &mx->arena,
				      t)) {
			*name = k;
			return true;
		}
	return false;
}

void lu_matrix_threshold_text(struct lu_matrix *mx, FILE *out,
			      const char *cond, const bool *in)
{
	struct lu_threshold t;
	size_t k;

	if (!threshold_of(mx, cond, in, &t, &k))
		return;
	fputs("lineup matrix: the condition above, as the bytes that decide: ",
	      out);
	lu_text_put_escaped(out, lu_threshold_text(&mx->arena, mx->m, &t));
	fputs(" (", out);
	for (size_t i = 0; i < t.n; i++) {
		fputs(i ? ", " : "", out);
		lu_text_put_escaped(out, mx->m->options[t.option[i]].name);
		fputs(": ", out);
		lu_text_put_escaped(out, mx->model.members[k * mx->m->n_options +
							   t.option[i]]);
	}
	fputs(" of struct ", out);
	lu_text_put_escaped(out, mx->names[k]);
	fputs(")\n", out);
}

json_t *lu_matrix_threshold_json(struct lu_matrix *mx, const char *cond,
				 const bool *in)
{
	struct lu_threshold t;
	size_t k, w = mx->m->n_options;

	if (!threshold_of(mx, cond, in, &t, &k))
		return json_null();
	json_t *terms = json_array();

	for (size_t i = 0; i < t.n; i++) {
		json_t *members = json_array();
		char *names = lu_arena_strdup(&mx->arena,
					      mx->model.members[k * w +
								t.option[i]]);

		for (char *p = strtok(names, " "); p; p = strtok(NULL, " "))
			json_array_append_new(members, lu_json_text(p));
		json_array_append_new(terms, json_pack(
			"{s:o, s:I, s:o}", "option",
			lu_json_text(mx->m->options[t.option[i]].name), "bytes",
			(json_int_t)t.bytes[i], "members", members));
	}
	return json_pack("{s:o, s:o, s:s, s:I, s:o}", "text",
			 lu_json_text(lu_threshold_text(&mx->arena, mx->m, &t)),
			 "terms", terms, "relation", t.less ? "<" : ">=",
			 "bound", (json_int_t)t.bound, "struct",
			 lu_json_text(mx->names[k]));
}
