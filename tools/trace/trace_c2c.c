/* SPDX-License-Identifier: MIT */
/* A trace as c2c's type-offset rows; see trace_c2c.h. */
#include "trace_c2c.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_file.h"
#include "trace_map.h"
#include "trace_syms.h"

static bool meets(const uint64_t *a, const uint64_t *b, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (lu_trace_bit(a, i) && lu_trace_bit(b, i))
			return true;
	return false;
}

/* MEMBER's uses by THREADS of kinds KIND, as rows of line 0. */
static void rows(struct lu_c2c_report *r, const struct lu_trace_result *res,
		 const struct lu_trace_type *ty, size_t member,
		 const uint64_t *threads, uint32_t kind)
{
	const struct lu_trace_member *m = &ty->members[member];

	for (size_t u = 0; u < m->n_uses; u++) {
		const struct lu_trace_use *use = &m->uses[u];
		struct lu_c2c_row *row;

		if (!(use->kind & kind) || !meets(use->threads, threads,
						  res->n_threads))
			continue;
		r->rows = lu_grow(r->rows, &r->cap_rows, r->n_rows,
				  sizeof(*r->rows));
		row = &r->rows[r->n_rows++];
		memset(row, 0, sizeof(*row));
		row->offset = ty->s->members[member].offset;
		row->field = ty->s->members[member].name;
		row->code_address = use->pc;
		if (use->where.function) {
			row->symbol = lu_arena_strdup(&r->arena,
						      use->where.function);
			row->site = lu_arena_printf(
				&r->arena, "%s+0x%llx", use->where.function,
				(unsigned long long)use->where.offset);
		}
		if (use->where.file)
			row->source = lu_arena_printf(&r->arena, "%s:%u",
						      use->where.file,
						      use->where.line);
		if (use->kind & LU_TRACE_STORE & kind)
			row->stores = (double)use->count;
		else
			row->loads = (double)use->count;
	}
}

int lu_trace_c2c_report(const char *path, const char *text, size_t len,
			const struct lu_set *set, const struct lu_struct *s,
			struct lu_c2c_report *r, struct lu_error *err)
{
	const char *name = s->name;
	struct lu_trace_map_opts mo = { .structs = &name, .n_structs = 1,
					.line_size = set->line_size };
	struct lu_trace_result res = { 0 };
	struct lu_trace_syms *sy = NULL;
	struct lu_trace t;
	const char **names = NULL;
	int rc = -1;

	memset(r, 0, sizeof(*r));
	r->format = LU_C2C_TRACE;
	r->header = true;
	if (lu_trace_parse(path, text, len, &t, err) < 0 ||
	    lu_trace_syms_open(set->path, &t, &sy, err) < 0)
		goto out;
	lu_trace_find_objects(&t, sy, &mo, &res, &names);
	lu_trace_map(&t, sy, set, &mo, &res);
	r->lines = lu_grow(r->lines, &r->cap_lines, 0, sizeof(*r->lines));
	r->lines[0] = (struct lu_c2c_line){
		.index = -1,
		.type = lu_arena_printf(&r->arena, "%s%s",
					lu_struct_tag_word(s), s->name),
	};
	r->n_lines = 1;
	for (size_t i = 0; i < res.n_types; i++) {
		const struct lu_trace_type *ty = &res.types[i];

		if (ty->s != s)
			continue;
		for (size_t p = 0; p < ty->n_pairs; p++) {
			const struct lu_trace_pair *pr = &ty->pairs[p];

			rows(r, &res, ty, pr->a, pr->t1, LU_TRACE_STORE);
			rows(r, &res, ty, pr->b, pr->t2,
			     pr->b_stored ? LU_TRACE_STORE | LU_TRACE_LOAD
					  : LU_TRACE_LOAD);
		}
	}
	rc = 0;
out:
	free(names);
	lu_trace_result_free(&res);
	lu_trace_syms_close(sy);
	lu_trace_free(&t);
	return rc;
}
