/* SPDX-License-Identifier: MIT */
/*
 * lineup matrix's report: each finding once, with the condition over the
 * options under which it appears; compile failures grouped the same way;
 * the size range of every struct; text or JSON.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "kconfig_auto.h"
#include "matrix.h"
#include "matrix_kbounds.h"
#include "report.h"
#include "sgr.h"
#include "text_buf.h"
#include "matrix_threshold.h"

/* As report_text.c colours check's diagnostics (--color). */

/* "FILE: error: " in check's colours when COLOR. */
static void error_prefix(FILE *out, const char *file, bool color)
{
	fputs(color ? LU_SGR_BOLD : "", out);
	lu_text_put_escaped(out, file);
	fprintf(out, ": %serror:%s ", color ? LU_SGR_BOLD_RED : "",
		color ? LU_SGR_RESET : "");
}

/* A finding as it appears across configurations. */
struct seen_finding {
	const struct lu_finding *f;
	char *key;		/* message and location: its identity */
	bool *in;		/* per configuration */
};

static char *finding_key(struct lu_arena *a, const struct lu_finding *f,
			 const struct lu_report_ctx *ctx)
{
	char msg[2048];
	struct lu_location loc;

	lu_finding_message(f, ctx, msg, sizeof(msg));
	lu_finding_location(f, ctx, &loc);
	return lu_arena_printf(a, "%s:%u:%u %s %s", loc.file ? loc.file : "",
			       loc.decl_line, loc.decl_column, loc.where, msg);
}

static struct seen_finding *collect(struct lu_matrix *mx, struct lu_set *sets,
				    const struct lu_report_ctx *ctx,
				    size_t *n_out)
{
	size_t n = 0, cap = 0, n_cfg = mx->configs.n_configs;
	struct seen_finding *seen = NULL;

	for (size_t b = 0; b < mx->n_builds; b++)
		sets[b] = mx->builds[b].set;
	for (size_t b = 0; b < mx->n_builds; b++) {
		const struct lu_findings *fs = &mx->builds[b].findings;

		for (size_t i = 0; i < fs->n; i++) {
			if (fs->items[i].severity == LU_NOTE)
				continue;
			char *key = finding_key(&mx->arena, &fs->items[i], ctx);
			struct seen_finding *s = NULL;

			for (size_t k = 0; k < n && !s; k++)
				if (!strcmp(seen[k].key, key))
					s = &seen[k];
			if (!s) {
				seen = lu_grow(seen, &cap, n, sizeof(*seen));
				s = &seen[n++];
				s->f = &fs->items[i];
				s->key = key;
				s->in = lu_arena_alloc(&mx->arena,
						       n_cfg * sizeof(bool));
			}
			for (size_t c = 0; c < n_cfg; c++)
				if (mx->cfg[c].build == b)
					s->in[c] = true;
		}
	}
	*n_out = n;
	return seen;
}

/* S's size in configuration C, whose build holds it: with the model, a
 * build stands for a verdict, and each configuration has its own size. */
static uint64_t config_size(const struct lu_matrix *mx, size_t c,
			    const struct lu_struct *s)
{
	for (size_t k = 0; mx->model.used && k < mx->model.n_names; k++)
		if (lu_struct_named(s, mx->names[k]))
			return mx->model.sizes[c * mx->model.n_names + k];
	return s->size;
}

struct size_range {
	const char *name;
	uint64_t min, max;
	size_t min_cfg, max_cfg;
	bool any;
};

/* Whether configuration C is of architecture ARCH (any, without one). */
static bool on_arch(const struct lu_matrix *mx, size_t c, size_t arch)
{
	return !mx->arch || lu_arch_of(mx->m, mx->cfg[c].row) == arch;
}

static size_t size_ranges(struct lu_matrix *mx, size_t arch,
			  struct size_range **out)
{
	size_t n = 0, cap = 0;
	struct size_range *r = NULL;

	for (size_t c = 0; c < mx->configs.n_configs; c++) {
		const struct lu_build *b = &mx->builds[mx->cfg[c].build];

		if (b->state != LU_BUILD_OK || !on_arch(mx, c, arch))
			continue;
		for (size_t i = 0; i < b->set.n_structs; i++) {
			const struct lu_struct *s = &b->set.structs[i];
			struct size_range *x = NULL;

			if (s->variant)
				continue;
			uint64_t size = config_size(mx, c, s);

			if (!size && mx->model.used)
				continue;	/* absent here */
			for (size_t k = 0; k < n && !x; k++)
				if (!strcmp(r[k].name, s->name))
					x = &r[k];
			if (!x) {
				r = lu_grow(r, &cap, n, sizeof(*r));
				x = &r[n++];
				*x = (struct size_range){ s->name, size, size,
							  c, c, true };
			}
			if (size < x->min) {
				x->min = size;
				x->min_cfg = c;
			}
			if (size > x->max) {
				x->max = size;
				x->max_cfg = c;
			}
		}
	}
	*out = r;
	return n;
}

/* The size of struct NAME in configuration C, 0 when absent. */
static uint64_t struct_size(const struct lu_matrix *mx, size_t c,
			    const char *name)
{
	const struct lu_build *b = &mx->builds[mx->cfg[c].build];
	const struct lu_struct *s = b->state == LU_BUILD_OK
					    ? lu_set_find(&b->set, name)
					    : NULL;

	return s ? config_size(mx, c, s) : 0;
}

/*
 * Configurations that could not be checked, one line per distinct message
 * with the condition under which it happens: a header missing everywhere
 * is one line, not sixty-four.
 */
static void report_broken(struct lu_matrix *mx, FILE *out)
{
	size_t n_cfg = mx->configs.n_configs;
	bool *done = calloc(mx->n_builds + 1, sizeof(*done));
	bool *in = calloc(n_cfg + 1, sizeof(*in));

	if (!done || !in)
		abort();
	for (size_t b = 0; b < mx->n_builds; b++) {
		const struct lu_build *bd = &mx->builds[b];
		size_t n = 0;

		if (bd->state == LU_BUILD_OK || done[b])
			continue;
		for (size_t c = 0; c < n_cfg; c++) {
			const struct lu_build *x =
				&mx->builds[mx->cfg[c].build];

			in[c] = x->state == bd->state &&
				!strcmp(x->message, bd->message);
			if (in[c]) {
				done[mx->cfg[c].build] = true;
				n++;
			}
		}
		const char *verb = bd->state == LU_BUILD_UNREADABLE
					   ? "be read"
					   : "compile";
		const char *cond = lu_condition(&mx->arena, mx->m,
						&mx->configs, in);

		error_prefix(out, mx->rules.path, mx->cli->color);
		/* the compiler's words quote the source: text, one line */
		if (n == 1) {
			fputs("configuration ", out);
			lu_text_put_escaped(out, lu_matrix_config_name(
							 mx, bd->first_config));
			fprintf(out, " failed to %s: ", verb);
		} else if (!strcmp(cond, "always")) {
			fprintf(out, "every configuration failed to %s: ", verb);
		} else {
			fprintf(out, "%zu configurations [", n);
			lu_text_put_escaped(out, cond);
			fprintf(out, "] failed to %s: ", verb);
		}
		lu_text_put_escaped(out, bd->message);
		fputc('\n', out);
	}
	free(done);
	free(in);
}

/* Names shown of a struct's relevant options; the rest are counted. */
#define NAMES_SHOWN 8

/* The swept options FLAGS marks (or does not, with !WANT), as a list. */
static void option_list(FILE *out, const struct lu_matrix_rules *m,
			const bool *flags, bool want)
{
	size_t n = 0;

	for (size_t o = 0; o < m->n_options; o++)
		if (flags[o] == want) {
			fputc(' ', out);
			lu_text_put_escaped(out, m->options[o].name);
			n++;
		}
	if (!n)
		fputs(" none", out);
}

/* What the layout model did: how much it covers from how few builds,
 * and which options matter how; or why it could not. */
static void report_model(struct lu_matrix *mx, FILE *out)
{
	const struct lu_matrix_model *md = &mx->model;

	if (md->refused) {
		fputs("lineup matrix: note: the layout model cannot answer", out);
		if (md->refused_struct) {
			fputs(" for ", out);
			lu_text_put_escaped(out, md->refused_struct);
		}
		fputs(" (", out);
		lu_text_put_escaped(out, md->refused);
		fprintf(out, "), so %s was built instead\n",
			mx->configs.exhaustive ? "every configuration"
					       : "a covering array");
		return;
	}
	if (!md->used)
		return;
	fprintf(out, "lineup matrix: exact over all %zu configurations %sof "
		     "the %zu options swept: the layout model learned from %zu "
		     "build%s and laid out the rest (%zu distinct layout%s",
		mx->configs.n_configs,
		md->n_combinations > 0 ? "that Kconfig allows " : "",
		mx->m->n_options, md->n_learned,
		md->n_learned == 1 ? "" : "s", md->n_layouts,
		md->n_layouts == 1 ? "" : "s");
	if (md->n_held)
		fprintf(out, "; %zu struct%s held by value learned on %s own",
			md->n_held, md->n_held == 1 ? "" : "s",
			md->n_held == 1 ? "its" : "their");
	fprintf(out, "); %zu build%s, one per verdict, agreed with it member "
		     "by member\n",
		md->n_confirmed, md->n_confirmed == 1 ? "" : "s");
	bool *only_layout = calloc(mx->m->n_options + 1, sizeof(bool));

	if (!only_layout)
		abort();
	for (size_t o = 0; o < mx->m->n_options; o++)
		only_layout[o] = md->changes_layout[o] &&
				 !md->changes_verdict[o];
	fputs("lineup matrix: options that change the verdict:", out);
	option_list(out, mx->m, md->changes_verdict, true);
	fputs("; the layout only:", out);
	option_list(out, mx->m, only_layout, true);
	fputc('\n', out);
	free(only_layout);
}

/*
 * What the sweep covered: per checked struct the options that can change
 * it, the compiles, and what a covering array or a bounded exploration
 * leaves unproven.
 */
static void report_relevance(struct lu_matrix *mx, FILE *out)
{
	const struct lu_relevance *r = &mx->rel;
	const struct lu_matrix_rules *g = mx->given;

	for (size_t k = 0; k < mx->rules.n_structs; k++) {
		size_t n = 0;

		if (r->unsure[k]) {
			fputs("lineup matrix: ", out);
			lu_text_put_escaped(out, mx->names[k]);
			fprintf(out, ": all %zu options swept (", g->n_options);
			lu_text_put_escaped(out, r->unsure[k]);
			fputs(")\n", out);
			continue;
		}
		for (size_t o = 0; o < g->n_options; o++)
			n += r->relevant[k * g->n_options + o] ||
			     g->options[o].kind != LU_OPTION_DEFINE;
		fprintf(out, "lineup matrix: %zu of %zu options can change ",
			n, g->n_options);
		lu_text_put_escaped(out, mx->names[k]);
		for (size_t o = 0, shown = 0; o < g->n_options; o++) {
			if (!r->relevant[k * g->n_options + o] &&
			    g->options[o].kind == LU_OPTION_DEFINE)
				continue;
			if (shown == NAMES_SHOWN) {
				fprintf(out, " and %zu more", n - shown);
				break;
			}
			fputs(shown++ ? " " : ": ", out);
			lu_text_put_escaped(out, g->options[o].name);
		}
		fputc('\n', out);
	}
	fprintf(out, "lineup matrix: %zu compile%s, %zu preprocessed\n",
		mx->n_compiles, mx->n_compiles == 1 ? "" : "s",
		mx->n_preprocessed);
	if (r->bounded)
		fprintf(out, "lineup matrix: the options found have more than "
			     "%d configurations, and the search for more tried "
			     "a covering array of them: an option that matters "
			     "only in a configuration it left out may be "
			     "missing\n", mx->cli->model ? LU_MODEL_EXPLORED
							 : LU_RELEVANT_LIMIT);
	report_model(mx, out);
	if (!mx->configs.exhaustive)
		fprintf(out, "lineup matrix: more than %d configurations of "
			     "%zu options: every pair of values is tried, a "
			     "condition of three or more options may be "
			     "missed or named in part (--exhaustive tries "
			     "all)\n", LU_RELEVANT_LIMIT, mx->m->n_options);
}

/*
 * The size range of every struct, over the configurations of
 * architecture ARCH: with `arch =` one line per struct and architecture,
 * ending in " with ARCH=arm".
 */
static void report_sizes(struct lu_matrix *mx, FILE *out,
			 const struct lu_report_ctx *ctx, size_t arch)
{
	size_t n_cfg = mx->configs.n_configs;
	const char *with = mx->arch ? lu_arena_printf(&mx->arena,
						      " with ARCH=%s",
						      mx->arch->name[arch])
				    : "";
	struct size_range *r = NULL;
	size_t n_r = size_ranges(mx, arch, &r);

	for (size_t i = 0; i < n_r; i++) {
		if (r[i].min == r[i].max) {
			fputs("lineup matrix: ", out);
			lu_text_put_escaped(out, r[i].name);
			fprintf(out, " is %s bytes in every configuration%s\n",
				lu_num(r[i].max, ctx->hex).s, with);
			continue;
		}
		bool *largest = calloc(n_cfg, sizeof(*largest));

		if (!largest)
			abort();
		size_t n_largest = 0;

		for (size_t c = 0; c < n_cfg; c++) {
			largest[c] = on_arch(mx, c, arch) &&
				     struct_size(mx, c, r[i].name) == r[i].max;
			n_largest += largest[c];
		}
		const char *when = lu_condition(&mx->arena, mx->m,
						&mx->configs, largest);

		/* a condition nobody can read helps less than an example */
		if (strlen(when) > 160)
			when = lu_arena_printf(&mx->arena,
					       "in %zu configurations, e.g. %s",
					       n_largest,
					       lu_matrix_config_name(
						       mx, r[i].max_cfg));
		else
			when = lu_arena_printf(&mx->arena, "when %s", when);
		fputs("lineup matrix: ", out);
		lu_text_put_escaped(out, r[i].name);
		fprintf(out, " is %s to %s bytes%s (%s ",
			lu_num(r[i].min, ctx->hex).s,
			lu_num(r[i].max, ctx->hex).s, with,
			lu_num(r[i].max, ctx->hex).s);
		lu_text_put_escaped(out, when);
		fputs(")\n", out);
		free(largest);
	}
	free(r);
}

static void report_text(struct lu_matrix *mx, struct seen_finding *seen,
			size_t n_seen, const struct lu_report_ctx *ctx,
			const bool *failing, size_t n_failing,
			size_t n_broken)
{
	FILE *out = stdout;
	size_t n_cfg = mx->configs.n_configs;

	if (mx->kconfig.present && mx->model.used) {
		printf("lineup matrix: %zu Kconfig option%s, %zu configuration%s "
		       "that Kconfig allows of %.0f combinations (asked of "
		       "the tree's own Kconfig engine), laid out by the "
		       "layout model, %zu verdict%s\n", mx->m->n_options,
		       mx->m->n_options == 1 ? "" : "s", n_cfg,
		       n_cfg == 1 ? "" : "s", mx->model.n_combinations,
		       mx->n_builds, mx->n_builds == 1 ? "" : "s");
		lu_kconfig_auto_report_text(mx, mx->cli->verbose, out);
		report_model(mx, out);
	} else if (mx->kconfig.present) {
		lu_kconfig_report_text(mx, out);
		report_model(mx, out);
	} else if (mx->model.used) {
		printf("lineup matrix: %zu option%s, %zu configuration%s "
		       "(all, laid out by the layout model), %zu verdict%s\n",
		       mx->given->n_options,
		       mx->given->n_options == 1 ? "" : "s", n_cfg,
		       n_cfg == 1 ? "" : "s", mx->n_builds,
		       mx->n_builds == 1 ? "" : "s");
		report_relevance(mx, out);
	} else {
		printf("lineup matrix: %zu option%s, %zu configuration%s (%s), "
		       "%zu distinct after preprocessing\n",
		       mx->given->n_options,
		       mx->given->n_options == 1 ? "" : "s", n_cfg,
		       n_cfg == 1 ? "" : "s",
		       mx->configs.exhaustive ? "all"
					      : "covering every pair of values",
		       mx->n_builds);
		report_relevance(mx, out);
	}
	report_broken(mx, out);
	for (size_t i = 0; i < n_seen; i++) {
		const char *cond = lu_condition(&mx->arena, mx->m, &mx->configs,
						seen[i].in);

		const char *plain = cond;

		cond = lu_arch_note(mx, cond, seen[i].in);
		lu_report_finding_text(out, seen[i].f, ctx, cond ? cond : "never");
		lu_matrix_threshold_text(mx, out, plain, seen[i].in);
	}
	for (size_t a = 0; a < (mx->arch ? mx->arch->n : 1); a++)
		report_sizes(mx, out, ctx, a);
	lu_matrix_kbounds_text(mx, out, ctx->hex);
	const char *cond = lu_condition(&mx->arena, mx->m, &mx->configs,
					failing);

	if (n_failing) {
		fprintf(out, "lineup matrix: %zu of %zu configurations fail: ",
			n_failing, n_cfg);
		lu_text_put_escaped(out, lu_arch_note(mx, cond, failing));
		fputc('\n', out);
		lu_matrix_threshold_text(mx, out, cond, failing);
	}
	else if (n_broken < n_cfg)
		fprintf(out, "lineup matrix: all %zu configurations %spass\n",
			n_cfg - n_broken, n_broken ? "that were checked " : "");
	if (n_broken)
		fprintf(out, "lineup matrix: %zu configuration%s could not be "
			     "checked\n", n_broken, n_broken == 1 ? "" : "s");
}

/* What the layout model did, as report_model says it. */
static json_t *model_json(const struct lu_matrix *mx)
{
	const struct lu_matrix_model *md = &mx->model;
	json_t *j = json_object();

	json_object_set_new(j, "used", json_boolean(md->used));
	if (md->refused) {
		json_object_set_new(j, "refused", lu_json_text(md->refused));
		json_object_set_new(j, "struct",
				    md->refused_struct
					    ? lu_json_text(md->refused_struct)
					    : json_null());
		return j;
	}
	json_t *verdict = json_array(), *layout = json_array();

	for (size_t o = 0; o < mx->m->n_options; o++) {
		if (md->changes_verdict[o])
			json_array_append_new(
				verdict, lu_json_text(mx->m->options[o].name));
		else if (md->changes_layout[o])
			json_array_append_new(
				layout, lu_json_text(mx->m->options[o].name));
	}
	json_object_set_new(j, "learned", json_integer((json_int_t)md->n_learned));
	json_object_set_new(j, "confirmed",
			    json_integer((json_int_t)md->n_confirmed));
	json_object_set_new(j, "layouts",
			    json_integer((json_int_t)md->n_layouts));
	json_object_set_new(j, "held", json_integer((json_int_t)md->n_held));
	json_object_set_new(j, "change_verdict", verdict);
	json_object_set_new(j, "change_layout_only", layout);
	if (md->n_combinations > 0)
		json_object_set_new(j, "combinations",
				    json_real(md->n_combinations));
	return j;
}

static int report_json(struct lu_matrix *mx, struct seen_finding *seen,
		       size_t n_seen, const struct lu_report_ctx *ctx,
		       const bool *failing, size_t n_failing)
{
	json_t *root = json_object(), *configs = json_array(),
	       *findings = json_array();
	size_t n_cfg = mx->configs.n_configs;

	for (size_t c = 0; c < n_cfg; c++) {
		const struct lu_build *b = &mx->builds[mx->cfg[c].build];
		json_t *sizes = json_object();

		for (size_t i = 0; b->state == LU_BUILD_OK && i < b->set.n_structs;
		     i++) {
			const struct lu_struct *st = &b->set.structs[i];
			/* a key is UTF-8 too: marked, not dropped */
			char *key = lu_utf8_marked(st->name);

			uint64_t size = config_size(mx, c, st);

			/* the model's 0: absent from this configuration */
			if (!st->variant && (size || !mx->model.used))
				json_object_set_new(sizes, key ? key : st->name,
						    json_integer((json_int_t)
								 size));
			free(key);
		}
		json_t *cj = json_pack(
			"{s:o, s:o, s:s, s:o, s:o, s:I, s:o}", "name",
			lu_json_text(lu_matrix_config_name(mx, c)), "flags",
			lu_json_text(lu_matrix_config_flags(mx, c)),
			"status",
			b->state != LU_BUILD_OK ? "error"
			: failing[c]		? "fail"
						: "pass",
			"message",
			b->message ? lu_json_text(b->message) : json_null(),
			"output",
			b->output ? lu_json_text(b->output) : json_null(),
			"build", (json_int_t)mx->cfg[c].build,
			"sizes", sizes);

		lu_arch_config_json(mx, cj, c);
		json_array_append_new(configs, cj);
	}
	for (size_t i = 0; i < n_seen; i++) {
		json_t *j = lu_finding_json(seen[i].f, ctx), *in = json_array();
		const char *cond = lu_condition(&mx->arena, mx->m, &mx->configs,
						seen[i].in);

		for (size_t c = 0; c < n_cfg; c++)
			if (seen[i].in[c])
				json_array_append_new(in,
						      lu_json_text(
							   lu_matrix_config_name(mx, c)));
		json_object_set_new(j, "condition", lu_json_text(cond ? cond : ""));
		json_object_set_new(j, "configurations", in);
		if (mx->model.used)
			json_object_set_new(j, "threshold",
					    lu_matrix_threshold_json(mx, cond, seen[i].in));
		lu_arch_json(mx, j, seen[i].in, false);
		json_array_append_new(findings, j);
	}
	const char *cond = lu_condition(&mx->arena, mx->m, &mx->configs,
					failing);

	json_object_set_new(root, "lineup", json_integer(1));
	json_object_set_new(root, "exhaustive",
			    json_boolean(mx->configs.exhaustive));
	json_object_set_new(root, "builds", json_integer((json_int_t)mx->n_builds));
	json_object_set_new(root, "options",
			    json_integer((json_int_t)mx->given->n_options));
	json_object_set_new(root, "compiles",
			    json_integer((json_int_t)mx->n_compiles));
	json_object_set_new(root, "preprocessed",
			    json_integer((json_int_t)mx->n_preprocessed));
	json_t *relevant = json_object();

	/* a Kconfig matrix sweeps every option it names */
	for (size_t k = 0; !mx->kconfig.present && k < mx->rules.n_structs;
	     k++) {
		json_t *names = json_array();
		const struct lu_matrix_rules *g = mx->given;

		for (size_t o = 0; o < g->n_options; o++)
			if (mx->rel.unsure[k] ||
			    mx->rel.relevant[k * g->n_options + o] ||
			    g->options[o].kind != LU_OPTION_DEFINE)
				json_array_append_new(
					names, json_string(g->options[o].name));
		json_object_set_new(relevant, mx->names[k], names);
	}
	json_object_set_new(root, "relevant", relevant);
	if (mx->model.used || mx->model.refused)
		json_object_set_new(root, "model", model_json(mx));
	json_object_set_new(root, "configurations", configs);
	json_object_set_new(root, "findings", findings);
	json_t *kbounds = lu_matrix_kbounds_json(mx);

	if (kbounds)
		json_object_set_new(root, "kernel_bounds", kbounds);
	if (mx->kconfig.present)
		lu_kconfig_report_json(mx, root);
	json_object_set_new(root, "failing", json_integer((json_int_t)n_failing));
	json_object_set_new(root, "condition",
			    cond ? lu_json_text(cond) : json_null());
	if (mx->model.used)
		json_object_set_new(root, "threshold",
				    lu_matrix_threshold_json(mx, cond, failing));
	lu_arch_json(mx, root, failing, true);
	return lu_output_json(stdout, root);
}

/*
 * SARIF for nightly sweeps: check's rules, one result per distinct
 * finding, its message ending in the condition it appears under (as the
 * text says it) and the condition and configurations as properties.
 */
static int report_sarif(struct lu_matrix *mx, struct seen_finding *seen,
			size_t n_seen, const struct lu_report_ctx *ctx)
{
	json_t *results = json_array();
	size_t n_cfg = mx->configs.n_configs;

	for (size_t i = 0; i < n_seen; i++) {
		json_t *r = lu_sarif_result(seen[i].f, ctx), *in = json_array();
		json_t *msg = json_object_get(r, "message");
		const char *cond = lu_condition(&mx->arena, mx->m, &mx->configs,
						seen[i].in);

		cond = cond ? lu_arch_note(mx, cond, seen[i].in) : "never";
		json_object_set_new(msg, "text", json_sprintf(
			"%s [%s]", json_string_value(json_object_get(msg, "text")),
			cond));
		for (size_t c = 0; c < n_cfg; c++)
			if (seen[i].in[c])
				json_array_append_new(in,
						      json_string(
							  lu_matrix_config_name(mx, c)));
		json_object_set_new(r, "properties",
				    json_pack("{s:s, s:o}", "condition", cond,
					      "configurations", in));
		json_array_append_new(results, r);
	}
	return lu_output_json(stdout, lu_sarif_log(lu_sarif_rules(), results));
}

int lu_matrix_report(struct lu_matrix *mx)
{
	size_t n_cfg = mx->configs.n_configs, n_seen = 0, n_failing = 0,
	       n_broken = 0;
	struct lu_set *sets = calloc(mx->n_builds + 1, sizeof(*sets));
	bool *failing = calloc(n_cfg + 1, sizeof(*failing));

	if (!sets || !failing)
		abort();
	struct lu_report_ctx ctx = {
		.sets = sets, .n_sets = mx->n_builds, .rules = &mx->rules,
		.line_size = mx->cli->line_size ? mx->cli->line_size : 64,
		.pair = mx->cli->pair, .align_option = true,
		.color = mx->cli->color, .hex = mx->cli->hex,
		.inputs_unnamed = true,
	};

	/* the objects' machine decides the line size, as in check */
	for (size_t b = 0; b < mx->n_builds; b++)
		if (mx->builds[b].state == LU_BUILD_OK) {
			ctx.line_size = mx->builds[b].set.line_size;
			break;
		}
	struct seen_finding *seen = collect(mx, sets, &ctx, &n_seen);

	for (size_t c = 0; c < n_cfg; c++) {
		const struct lu_build *b = &mx->builds[mx->cfg[c].build];

		failing[c] = b->state == LU_BUILD_OK && b->findings.n_errors;
		n_failing += failing[c];
		n_broken += b->state != LU_BUILD_OK;
	}
	int wrote;

	if (mx->cli->format == LU_FORMAT_JSON) {
		wrote = report_json(mx, seen, n_seen, &ctx, failing, n_failing);
	} else if (mx->cli->format == LU_FORMAT_SARIF) {
		wrote = report_sarif(mx, seen, n_seen, &ctx);
	} else {
		report_text(mx, seen, n_seen, &ctx, failing, n_failing,
			    n_broken);
		wrote = lu_output_flush(stdout);
	}
	if (wrote < 0)
		perror("lineup: failed to write the output");
	free(seen);
	free(sets);
	free(failing);
	return n_broken || wrote < 0 ? LU_EXIT_USAGE
	       : n_failing	     ? LU_EXIT_FINDINGS : LU_EXIT_OK;
}

