/* SPDX-License-Identifier: MIT */
/* A modelled configuration's verdict and layout, as numbers and text
 * the report groups by (matrix_model_verdict.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matrix_model_verdict.h"
#include "report.h"

/* The signature of a configuration's findings: what the report keys on. */
char *lu_matrix_verdict(struct lu_arena *a, const struct lu_set *set,
		     const struct lu_findings *fs, const struct lu_rules *rules)
{
	struct lu_report_ctx ctx = { .sets = set, .n_sets = 1, .rules = rules,
				     .line_size = set->line_size };
	size_t cap = 1;
	char msg[2048];

	for (size_t i = 0; i < fs->n; i++)
		cap += sizeof(msg) + 64;
	char *out = malloc(cap), *o = out;

	(void)a;
	if (!out)
		abort();
	for (size_t i = 0; i < fs->n; i++) {
		const struct lu_finding *f = &fs->items[i];
		struct lu_location loc;

		if (f->severity == LU_NOTE)
			continue;
		lu_finding_message(f, &ctx, msg, sizeof(msg));
		lu_finding_location(f, &ctx, &loc);
		o += snprintf(o, cap - (size_t)(o - out), "%u:%u %s %s\n",
			      loc.decl_line, loc.decl_column, loc.where, msg);
	}
	*o = '\0';
	return out;
}


/* SIG's class (SIG is taken and freed), new ones kept in A. */
size_t lu_matrix_class_of(struct classes *c, char *sig, bool fails,
		       size_t config, struct lu_arena *a)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->sig[i], sig)) {
			free(sig);
			return i;
		}
	char *kept = lu_arena_strdup(a, sig);

	free(sig);
	sig = kept;
	c->sig = lu_grow(c->sig, &c->cap, c->n, sizeof(*c->sig));
	c->rep = realloc(c->rep, (c->cap + 1) * sizeof(*c->rep));
	c->fails = realloc(c->fails, (c->cap + 1) * sizeof(*c->fails));
	if (!c->rep || !c->fails)
		abort();
	c->fails[c->n] = fails;
	c->sig[c->n] = sig;
	c->rep[c->n] = config;
	return c->n++;
}

/* FNV-1a over N bytes of P, on from H. */
uint64_t lu_matrix_fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ull;
	return h;
}

/* S's layout as one number: its size and every member's name, offset
 * and size, so that an option moving a member without changing sizeof
 * still changes it. */
uint64_t lu_matrix_layout_hash(uint64_t h, const struct lu_struct *s)
{
	h = lu_matrix_fnv(h, &s->size, sizeof(s->size));
	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];

		h = lu_matrix_fnv(h, m->name, strlen(m->name) + 1);
		h = lu_matrix_fnv(h, &m->offset, sizeof(m->offset));
		h = lu_matrix_fnv(h, &m->size, sizeof(m->size));
	}
	return h;
}

