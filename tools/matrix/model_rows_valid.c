/* SPDX-License-Identifier: MIT */
/*
 * The layout model's learning builds when not every combination of the
 * options is a configuration (layout_model.h): a Kconfig sweep's are the
 * ones Kconfig allows. lu_model_rows would ask for rows Kconfig refuses
 * (a key's combination with the presence options off, when one selects
 * another); these are chosen among the valid ones instead. What the model
 * needs is unchanged: for each struct, every value its outer keys take in
 * some valid configuration, and for each class of lines every value its
 * key takes in a valid configuration that keeps those lines, each seen in
 * a build. Which configurations show them all in the fewest builds is a
 * set cover; the greedy choice (the configuration that shows the most not
 * yet seen) is within a logarithmic factor of the fewest.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "layout_model.h"
#include "matrix_arch.h"

#define NONE ((size_t)-1)

/* The needs seen, by hash: open addressing, index + 1 in each slot. */
struct needs {
	uint64_t *hash;
	size_t n, cap;
	size_t *slot, mask;
};

static size_t need_id(struct needs *x, uint64_t h)
{
	if (2 * (x->n + 1) > x->mask) {
		size_t cap = x->mask ? 2 * (x->mask + 1) : 1024;
		size_t *slot = calloc(cap, sizeof(*slot));

		if (!slot)
			abort();
		for (size_t i = 0; i < x->n; i++) {
			size_t k = (size_t)x->hash[i] & (cap - 1);

			while (slot[k])
				k = (k + 1) & (cap - 1);
			slot[k] = i + 1;
		}
		free(x->slot);
		x->slot = slot;
		x->mask = cap - 1;
	}
	size_t k = (size_t)h & x->mask;

	for (; x->slot[k]; k = (k + 1) & x->mask)
		if (x->hash[x->slot[k] - 1] == h)
			return x->slot[k] - 1;
	x->hash = lu_grow(x->hash, &x->cap, x->n, sizeof(*x->hash));
	x->hash[x->n] = h;
	x->slot[k] = ++x->n;
	return x->n - 1;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	for (int i = 0; i < 8; i++, v >>= 8)
		h = (h ^ (v & 0xff)) * 0x100000001b3ull;
	return h;
}

size_t lu_model_rows_within(const struct lu_matrix_rules *m,
			    const struct lu_presence *const *presence,
			    const struct lu_model_keys *const *keys,
			    size_t n, const struct lu_configs *valid,
			    const uint64_t *watched,
			    const struct lu_model_cover *cover,
			    unsigned char **out, const char **why)
{
	size_t w = m->n_options, nv = valid->n_configs, n_rows = 0;
	size_t **class_of = calloc(n + 1, sizeof(*class_of));
	size_t *n_classes = calloc(n + 1, sizeof(*n_classes));
	unsigned **line = calloc(n + 1, sizeof(*line));
	size_t per = 0;		/* needs per configuration, at most */
	size_t n_watched = n ? keys[0]->n_watched : 0;

	*out = NULL;
	*why = NULL;
	if (!class_of || !n_classes || !line)
		abort();
	for (size_t i = 0; i < n; i++) {
		const struct lu_presence *p = presence[i];

		n_classes[i] = lu_model_classes(p, keys[i], &class_of[i]);
		line[i] = lu_model_class_lines(p, class_of[i], n_classes[i]);
		per += n_classes[i] + 1;
	}
	/* each configuration's needs: [c * per, c * per + count[c]) */
	struct needs x = { 0 };
	size_t *need = malloc((nv * per + 1) * sizeof(*need));
	size_t *count = calloc(nv + 1, sizeof(*count));

	/* per need (at most one per entry of NEED): not required, only a
	 * tie-break (cover->outer_only) */
	bool *optional = calloc(nv * per + 1, sizeof(*optional));

	if (!need || !count || !optional)
		abort();
	for (size_t c = 0; c < nv; c++) {
		struct lu_model_config cfg = {
			lu_config_row(valid, c),
			watched ? watched + c * n_watched : NULL,
		};

		/* a held struct is shown where a line holding it is, in an
		 * asked struct not known absent */
		bool any_present = true;

		for (size_t i = 0; i < n && cover->absent; i++)
			if (!keys[i]->n_uses) {
				any_present = !cover->absent[c * n + i];
				if (any_present)
					break;
			}
		for (size_t i = 0; i < n; i++) {
			const struct lu_presence *p = presence[i];
			uint64_t h = mix(mix(0x84222325cbf29ce4ull, i), NONE);
			bool held = keys[i]->n_uses > 0;

			if (held && (!any_present ||
				     !lu_model_shown(m, presence, keys, i,
						     cfg.row)))
				continue;
			size_t id = need_id(
				&x, mix(h, lu_model_key_hash(keys[i], 0, &cfg)));

			need[c * per + count[c]++] = id;
			/* what a held struct needs is known only where the
			 * asked ones are known defined */
			optional[id] = held && cover->outer_only;
			if (cover->absent && cover->absent[c * n + i])
				continue;	/* no lines to show */
			for (size_t k = 0; k < n_classes[i]; k++) {
				unsigned l = line[i][k];

				if (!lu_presence_holds(p, m, cfg.row,
						       p->cond_of_line[l -
								       p->first]))
					continue;
				h = mix(mix(0x84222325cbf29ce4ull, i), k);
				size_t lid = need_id(
					&x, mix(h, lu_model_key_hash(keys[i], l, &cfg)));

				need[c * per + count[c]++] = lid;
				/* in the first phase, lines only break ties */
				optional[lid] = cover->outer_only;
			}
		}
	}
	bool *seen = calloc(x.n + 1, sizeof(bool));
	/* the bound is each architecture's: no build learns another's */
	const struct lu_matrix_option *arch = lu_arch_option(m, NULL);
	size_t most = LU_MODEL_MAX_SIZED * (arch ? arch->n_values : 1);

	unsigned char *rows = malloc((most + 1) * (w + 1));
	size_t left = 0;	/* required needs not seen */

	if (!seen || !rows)
		abort();
	for (size_t j = 0; j < x.n; j++)
		left += !optional[j];
	for (size_t b = 0; b < cover->n_built; b++) {
		long c = lu_configs_find(valid, cover->built + b * w);

		for (size_t j = 0; c >= 0 && j < count[c]; j++) {
			size_t id = need[(size_t)c * per + j];

			left -= !seen[id] && !optional[id];
			seen[id] = true;
		}
	}
	while (left) {
		size_t best = 0, gain = 0;

		for (size_t c = 0; c < nv; c++) {
			size_t g = 0;

			for (size_t j = 0; j < count[c]; j++) {
				size_t id = need[c * per + j];

				g += seen[id] ? 0 : optional[id] ? 1 : per + 1;
			}
			if (g > gain) {
				gain = g;
				best = c;
			}
		}
		if (n_rows == most) {
			*why = most > LU_MODEL_MAX_SIZED
				       ? "more than 64 builds an architecture "
					 "to learn from the configurations "
					 "Kconfig allows"
				       : "more than 64 builds to learn from the "
					 "configurations Kconfig allows";
			break;
		}
		memcpy(rows + n_rows++ * w, lu_config_row(valid, best), w);
		for (size_t j = 0; j < count[best]; j++) {
			size_t id = need[best * per + j];

			left -= !seen[id] && !optional[id];
			seen[id] = true;
		}
	}
	for (size_t i = 0; i < n; i++) {
		free(class_of[i]);
		free(line[i]);
	}
	free(class_of);
	free(n_classes);
	free(line);
	free(need);
	free(count);
	free(seen);
	free(optional);
	free(x.hash);
	free(x.slot);
	if (*why || !n_rows) {
		if (!*why && !nv)
			*why = "Kconfig allows no configuration";
		free(rows);
		return 0;
	}
	*out = rows;
	return n_rows;
}
