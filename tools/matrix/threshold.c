/* SPDX-License-Identifier: MIT */
/*
 * A condition as a sum of member sizes against a bound (threshold.h):
 * the options that decide, weighed by the bytes the model says each adds,
 * and a bound checked to separate the configurations in the condition
 * from the others, every one of them.
 */
#include <string.h>

#include "threshold.h"

/* Does flipping option O alone ever change IN? Every combination is in
 * C, the last option fastest, so O's other value is STRIDE rows on. */
static bool decides(const struct lu_configs *c, const bool *in, size_t o,
		    size_t stride)
{
	size_t w = c->n_options;

	for (size_t i = 0; i + stride < c->n_configs; i++)
		if (c->values[i * w + o] == 0 && in[i] != in[i + stride])
			return true;
	return false;
}

bool lu_threshold_find(const struct lu_matrix_rules *m,
		       const struct lu_configs *c, const bool *in,
		       const int64_t *bytes, struct lu_arena *a,
		       struct lu_threshold *out)
{
	size_t w = c->n_options, n = 0;
	size_t *opt = lu_arena_alloc(a, (w + 1) * sizeof(*opt));
	size_t stride = 1;

	if (!c->exhaustive || w != m->n_options)
		return false;
	/* the deciding options, found from the last (stride 1) back */
	for (size_t o = w; o-- > 0;) {
		if (decides(c, in, o, stride)) {
			if (m->options[o].values || c->n_values[o] != 2 ||
			    bytes[o] == LU_THRESHOLD_NO_WEIGHT || bytes[o] <= 0)
				return false;
			opt[n++] = o;
		}
		stride *= c->n_values[o];
	}
	if (!n)
		return false;
	/* in option order, as conditions name them */
	for (size_t i = 0; i < n / 2; i++) {
		size_t t = opt[i];

		opt[i] = opt[n - 1 - i];
		opt[n - 1 - i] = t;
	}
	int64_t min_in = INT64_MAX, max_in = INT64_MIN;
	int64_t min_out = INT64_MAX, max_out = INT64_MIN;

	for (size_t i = 0; i < c->n_configs; i++) {
		int64_t sum = 0;

		for (size_t k = 0; k < n; k++)
			if (c->values[i * w + opt[k]])
				sum += bytes[opt[k]];
		if (in[i]) {
			min_in = sum < min_in ? sum : min_in;
			max_in = sum > max_in ? sum : max_in;
		} else {
			min_out = sum < min_out ? sum : min_out;
			max_out = sum > max_out ? sum : max_out;
		}
	}
	bool less;

	if (max_in < min_out)
		less = true;		/* in below, out from min_out up */
	else if (max_out < min_in)
		less = false;		/* in from min_in up */
	else
		return false;		/* no bound separates them */
	out->n = n;
	out->option = opt;
	out->bytes = lu_arena_alloc(a, (n + 1) * sizeof(*out->bytes));
	for (size_t k = 0; k < n; k++)
		out->bytes[k] = bytes[opt[k]];
	out->less = less;
	out->bound = less ? min_out : min_in;
	return true;
}

char *lu_threshold_text(struct lu_arena *a, const struct lu_matrix_rules *m,
			const struct lu_threshold *t)
{
	char *out = "";

	for (size_t k = 0; k < t->n; k++)
		out = lu_arena_printf(a, "%s%s%lld\u00b7%s", out,
				      k ? " + " : "", (long long)t->bytes[k],
				      m->options[t->option[k]].name);
	return lu_arena_printf(a, "%s %s %lld", out, t->less ? "<" : ">=",
			       (long long)t->bound);
}

bool lu_condition_long(const char *cond)
{
	size_t terms = 1;

	if (!cond)
		return false;
	for (const char *p = cond; (p = strstr(p, " || ")); p += 4)
		terms++;
	return terms > LU_THRESHOLD_TERMS;
}
