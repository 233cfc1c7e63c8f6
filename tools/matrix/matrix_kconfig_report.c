/* SPDX-License-Identifier: MIT */
/*
 * What a Kconfig matrix reports of the configurations Kconfig refused
 * (matrix_kconfig.c made them): the head line, and one line per option
 * value Kconfig refused with the condition under which it does, in text;
 * each excluded configuration with what Kconfig made of it, in JSON.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig_auto.h"
#include "matrix.h"


/*
 * Option O asked at value V: the configurations where Kconfig refused
 * it, with the condition under which it does among those that ask for
 * it, and what it resolved to.
 */
static void report_refused(struct lu_matrix *mx, size_t o, size_t v,
			   FILE *out)
{
	struct lu_kconfig_result *kr = &mx->kconfig;
	const struct lu_configs *all = &kr->all;
	size_t n_opt = all->n_options, n_sub = 0, n_refused = 0;
	struct lu_configs sub = *all;
	bool *refused = calloc(all->n_configs + 1, sizeof(*refused));
	char to = 0;

	sub.values = malloc(all->n_configs * n_opt + 1);
	if (!refused || !sub.values)
		abort();
	for (size_t c = 0; c < all->n_configs; c++) {
		const unsigned char *row = lu_config_row(all, c);
		char got = kr->resolved[c * n_opt + o];

		if (row[o] != v)
			continue;
		memcpy(sub.values + n_sub * n_opt, row, n_opt);
		refused[n_sub] = got != 0;
		if (got) {
			n_refused++;
			to = to ? to : got;
		}
		n_sub++;
	}
	sub.n_configs = n_sub;
	if (n_refused) {
		const char *lit = lu_config_literal(&mx->arena, mx->m, o, v);
		const char *cond = lu_condition(&mx->arena, mx->m, &sub,
						refused);

		/* Kconfig writes no line for a symbol it does not know,
		 * nor for one whose dependencies are unmet */
		if (!kr->seen[o])
			fprintf(out, "lineup matrix: Kconfig always excludes "
				     "%s: %s is in no .config it wrote (no "
				     "symbol of the tree, or its dependencies "
				     "are never met): %zu configuration%s\n",
				lit, mx->m->options[o].name, n_refused,
				n_refused == 1 ? "" : "s");
		else if (!strcmp(cond, "always"))
			fprintf(out, "lineup matrix: Kconfig always excludes "
				     "%s (it resolves to %c): %zu "
				     "configuration%s\n", lit, to, n_refused,
				n_refused == 1 ? "" : "s");
		else
			fprintf(out, "lineup matrix: Kconfig excludes %s when "
				     "%s (it resolves to %c): %zu "
				     "configuration%s\n", lit, cond, to,
				n_refused, n_refused == 1 ? "" : "s");
	}
	free(sub.values);
	free(refused);
}

/* Whether some row of CS has value V1 for option O1 and V2 for O2. */
static bool has_pair(const struct lu_configs *cs, size_t o1, size_t v1,
		     size_t o2, size_t v2)
{
	for (size_t c = 0; c < cs->n_configs; c++) {
		const unsigned char *row = lu_config_row(cs, c);

		if (row[o1] == v1 && row[o2] == v2)
			return true;
	}
	return false;
}

/*
 * A covering array's promise is its pairs of values; Kconfig refuses
 * some of the rows that hold them. The line says how many of the pairs
 * asked a configuration swept still holds, so that a reader knows what
 * a condition of two options may have missed.
 */
static void report_pairs(const struct lu_matrix *mx, FILE *out)
{
	const struct lu_configs *all = &mx->kconfig.all;
	size_t n_opt = all->n_options, asked = 0, kept = 0;

	for (size_t o1 = 0; o1 < n_opt; o1++)
		for (size_t o2 = o1 + 1; o2 < n_opt; o2++)
			for (size_t v1 = 0; v1 < all->n_values[o1]; v1++)
				for (size_t v2 = 0; v2 < all->n_values[o2];
				     v2++) {
					if (!has_pair(all, o1, v1, o2, v2))
						continue;
					asked++;
					kept += has_pair(&mx->configs, o1, v1,
							 o2, v2);
				}
	fprintf(out, "lineup matrix: %zu of the %zu pairs of values the "
		     "covering array asked are in a configuration swept; "
		     "Kconfig refused the others in every row that asked "
		     "them\n", kept, asked);
}

void lu_kconfig_report_text(struct lu_matrix *mx, FILE *out)
{
	const struct lu_kconfig_result *kr = &mx->kconfig;
	size_t n = kr->all.n_configs, n_opt = mx->m->n_options;
	size_t n_arch = mx->arch ? mx->arch->n : 0;
	size_t n_sym = n_opt - (n_arch > 0);

	fprintf(out, "lineup matrix: %zu Kconfig option%s, ", n_sym,
		n_sym == 1 ? "" : "s");
	if (n_arch)
		fprintf(out, "%zu architecture%s, ", n_arch,
			n_arch == 1 ? "" : "s");
	fprintf(out, "%zu configuration%s (%s), %zu excluded by Kconfig, %zu "
		     "built\n", n,
		n == 1 ? "" : "s",
		kr->all.exhaustive ? "all" : "covering every pair of values",
		kr->n_excluded, mx->n_builds);
	if (kr->n_reached)
		fprintf(out, "lineup matrix: %zu more configuration%s swept: "
			     "what Kconfig resolved excluded ones to, not "
			     "asked\n", kr->n_reached,
			kr->n_reached == 1 ? "" : "s");
	if (!kr->all.exhaustive && kr->n_excluded)
		report_pairs(mx, out);
	if (!kr->all.exhaustive)
		fprintf(out, "lineup matrix: more than %d configurations of "
			     "%zu options: a covering array, so a condition of "
			     "three or more options may be missed or named in "
			     "part (--exhaustive tries all)\n",
			LU_EXHAUSTIVE_LIMIT, n_opt);
	lu_kconfig_auto_report_text(mx, mx->cli->verbose, out);
	if (kr->n_same_config || kr->n_same_text || kr->n_covered)
		fprintf(out, "lineup matrix: %zu allowed configurations, %zu "
			     "builds: %zu with a .config Kconfig resolved as "
			     "another's, %zu with the checked structs' text "
			     "of another's; %zu excluded resolve to one "
			     "built\n",
			mx->configs.n_configs, mx->n_builds,
			kr->n_same_config, kr->n_same_text, kr->n_covered);
	for (size_t o = 0; o < n_opt; o++)
		for (size_t v = 0; v < kr->all.n_values[o]; v++)
			report_refused(mx, o, v, out);
}

void lu_kconfig_report_json(struct lu_matrix *mx, struct json_t *root)
{
	const struct lu_kconfig_result *kr = &mx->kconfig;
	size_t n_opt = mx->m->n_options;
	json_t *excluded = json_array();

	for (size_t c = 0; c < kr->all.n_configs; c++) {
		if (!kr->excluded[c])
			continue;
		const unsigned char *row = lu_config_row(&kr->all, c);
		json_t *refused = json_object();

		for (size_t o = 0; o < n_opt; o++) {
			char got = kr->resolved[c * n_opt + o];
			char v[2] = { got, '\0' };

			if (got)
				json_object_set_new(refused,
						    mx->m->options[o].name,
						    json_string(v));
		}
		json_array_append_new(
			excluded,
			json_pack("{s:s, s:o}", "name",
				  lu_config_name(&mx->arena, mx->m, row),
				  "resolved", refused));
	}
	json_object_set_new(root, "excluded", excluded);
	json_object_set_new(root, "shared", json_pack(
		"{s:I, s:I, s:I}",
		"same_config", (json_int_t)kr->n_same_config,
		"same_text", (json_int_t)kr->n_same_text,
		"excluded_built", (json_int_t)kr->n_covered));
	json_object_set_new(root, "reached",
			    json_integer((json_int_t)kr->n_reached));
	lu_kconfig_auto_report_json(mx, root);
}
