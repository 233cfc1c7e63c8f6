/* SPDX-License-Identifier: MIT */
/* The kernel's bounds across configurations (matrix_kbounds.h). */
#include "matrix_kbounds.h"

#include <stdlib.h>
#include <string.h>

#include "check_kernel_asserts.h"
#include "escape.h"
#include "text_buf.h"

/* One bound over every configuration. */
struct kbound {
	const struct lu_kassert *k;
	const char *path;	/* the --kernel-asserts file */
	uint64_t min, max;
	bool any;		/* some configuration has the group */
	/* per configuration: over the bound, at it, without the group */
	bool *over, *at, *absent;
	size_t n_over, n_at, n_absent;
};

/* Configuration C's group bytes in *BYTES; false when its build failed
 * (not counted) or lacks the struct or the group (absent). */
static bool group_bytes(const struct lu_matrix *mx, size_t c,
			const struct lu_kassert *k, bool *absent,
			uint64_t *bytes)
{
	const struct lu_build *b = &mx->builds[mx->cfg[c].build];

	*absent = false;
	if (b->state != LU_BUILD_OK)
		return false;
	const struct lu_struct *s = lu_set_find(&b->set, k->struct_name);
	const struct lu_group *g = s ? lu_kernel_group(s, k->group) : NULL;

	if (!g) {
		*absent = true;
		return false;
	}
	*bytes = g->end - g->begin;
	return true;
}

static void measure(struct lu_matrix *mx, struct kbound *kb)
{
	size_t n_cfg = mx->configs.n_configs;

	kb->over = lu_arena_alloc(&mx->arena, 3 * n_cfg * sizeof(bool) + 1);
	kb->at = kb->over + n_cfg;
	kb->absent = kb->at + n_cfg;
	memset(kb->over, 0, 3 * n_cfg * sizeof(bool));
	for (size_t c = 0; c < n_cfg; c++) {
		uint64_t bytes;

		if (!group_bytes(mx, c, kb->k, &kb->absent[c], &bytes)) {
			kb->n_absent += kb->absent[c];
			continue;
		}
		if (!kb->any || bytes < kb->min)
			kb->min = bytes;
		if (!kb->any || bytes > kb->max)
			kb->max = bytes;
		kb->any = true;
		kb->over[c] = bytes > kb->k->bound;
		kb->at[c] = bytes == kb->k->bound;
		kb->n_over += kb->over[c];
		kb->n_at += kb->at[c];
	}
}

/* The bounds that can be held: evaluated SIZE calls. */
static size_t bounds(struct lu_matrix *mx, struct kbound **out)
{
	size_t n = 0, cap = 0;
	struct kbound *kb = NULL;

	for (size_t f = 0; f < mx->n_kasserts; f++)
		for (size_t i = 0; i < mx->kasserts[f].n; i++) {
			const struct lu_kassert *k = &mx->kasserts[f].items[i];

			if (k->kind != LU_KASSERT_SIZE || k->why ||
			    !k->evaluated)
				continue;
			kb = lu_grow(kb, &cap, n, sizeof(*kb));
			kb[n] = (struct kbound){ .k = k,
						 .path = mx->kasserts[f].path };
			measure(mx, &kb[n++]);
		}
	*out = kb;
	return n;
}

static const char *when(struct lu_matrix *mx, const bool *in)
{
	const char *cond = lu_condition(&mx->arena, mx->m, &mx->configs, in);

	return lu_arch_note(mx, cond ? cond : "never", in);
}

/* " when COND", or " in every configuration" */
static void put_when(FILE *out, struct lu_matrix *mx, const bool *in)
{
	const char *cond = when(mx, in);

	if (!strcmp(cond, "always")) {
		fputs(" in every configuration", out);
		return;
	}
	fputs(" when ", out);
	lu_text_put_escaped(out, cond);
}

/* "16 (12 + 4)", or "32" when the source says just that */
static void put_bound(FILE *out, const struct lu_kassert *k, bool hex)
{
	fputs(lu_num(k->bound, hex).s, out);
	if (strcmp(k->expr, lu_num(k->bound, false).s)) {
		fputs(" (", out);
		lu_text_put_escaped(out, k->expr);
		fputc(')', out);
	}
}

void lu_matrix_kbounds_text(struct lu_matrix *mx, FILE *out, bool hex)
{
	struct kbound *kb = NULL;
	size_t n = bounds(mx, &kb);

	for (size_t i = 0; i < n; i++) {
		const struct lu_kassert *k = kb[i].k;

		if (!kb[i].any)
			continue;	/* check's findings say it is absent */
		fputs("lineup matrix: ", out);
		lu_text_put_escaped(out, kb[i].path);
		fprintf(out, ":%u:%u: group '", k->line, k->column);
		lu_text_put_escaped(out, k->group);
		fputs("' of struct ", out);
		lu_text_put_escaped(out, k->struct_name);
		if (kb[i].min == kb[i].max)
			fprintf(out, " is %s byte%s", lu_num(kb[i].max, hex).s,
				kb[i].max == 1 ? "" : "s");
		else
			fprintf(out, " is %s to %s bytes",
				lu_num(kb[i].min, hex).s,
				lu_num(kb[i].max, hex).s);
		fputs(" against its kernel bound ", out);
		put_bound(out, k, hex);
		if (!kb[i].n_over && !kb[i].n_at)
			fprintf(out, ": within it by %s everywhere",
				lu_num(k->bound - kb[i].max, hex).s);
		if (kb[i].n_over) {
			fputs(": over it", out);
			put_when(out, mx, kb[i].over);
		}
		if (kb[i].n_at) {
			fputs(kb[i].n_over ? "; " : ": ", out);
			fputs("at it (one more byte breaks the build)", out);
			put_when(out, mx, kb[i].at);
		}
		if (kb[i].n_absent) {
			fputs("; no such group", out);
			put_when(out, mx, kb[i].absent);
		}
		fputc('\n', out);
	}
	free(kb);
}

static json_t *cond_json(struct lu_matrix *mx, const bool *in, size_t n)
{
	return n ? lu_json_text(when(mx, in)) : json_null();
}

json_t *lu_matrix_kbounds_json(struct lu_matrix *mx)
{
	struct kbound *kb = NULL;
	size_t n;

	if (!mx->n_kasserts)
		return NULL;
	n = bounds(mx, &kb);
	json_t *arr = json_array();

	for (size_t i = 0; i < n; i++) {
		const struct lu_kassert *k = kb[i].k;
		json_t *j = json_object();

		json_object_set_new(j, "file", lu_json_text(kb[i].path));
		json_object_set_new(j, "line", json_integer(k->line));
		json_object_set_new(j, "struct", lu_json_text(k->struct_name));
		json_object_set_new(j, "group", lu_json_text(k->group));
		json_object_set_new(j, "bound",
				    json_integer((json_int_t)k->bound));
		json_object_set_new(j, "expr", lu_json_text(k->expr));
		json_object_set_new(j, "min", kb[i].any ? json_integer(
					    (json_int_t)kb[i].min) : json_null());
		json_object_set_new(j, "max", kb[i].any ? json_integer(
					    (json_int_t)kb[i].max) : json_null());
		json_object_set_new(j, "over",
				    cond_json(mx, kb[i].over, kb[i].n_over));
		json_object_set_new(j, "at",
				    cond_json(mx, kb[i].at, kb[i].n_at));
		json_object_set_new(j, "absent", cond_json(mx, kb[i].absent,
							   kb[i].n_absent));
		json_array_append_new(arr, j);
	}
	free(kb);
	return arr;
}
