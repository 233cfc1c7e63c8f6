/* SPDX-License-Identifier: MIT */
/*
 * lineup matrix with the layout model (matrix_model.h): the phases that
 * compile (the learning builds, then one per verdict), around the pure
 * model of matrix/layout_model.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig_engine.h"
#include "layout_model.h"
#include "matrix_arch.h"
#include "matrix_model_names.h"
#include "matrix_model_verdict.h"
#include "matrix_model.h"
#include "report.h"
#include "threshold.h"

/* More configurations than this are not modelled one by one: a -D
 * sweep's (each laid out and checked, its name built only when printed),
 * and the combinations a Kconfig sweep asks its engine about (on each
 * architecture). */
#define MAX_MODELLED (1u << 20)
#define MAX_MODELLED_KCONFIG (1u << 18)

struct phase {
	struct lu_configs configs;
	struct lu_config *cfg;
	struct lu_build *builds;
	size_t n_builds;
	size_t n_compiles, n_preprocessed;
};

/*
 * A Kconfig sweep of configurations Kconfig's engine allows: each must
 * resolve as asked, or the engine and olddefconfig disagree, and the
 * answer cannot stand on either (-2 with ERR).
 */
static int kconfig_build(struct lu_matrix *mx, const struct lu_jobs_opts *o,
			 struct lu_error *err)
{
	const struct lu_kconfig_result *kr = &mx->kconfig;
	int r = lu_kconfig_sweep(mx, o, err);

	if (r != 0)
		return r;
	for (size_t c = 0; c < kr->all.n_configs; c++)
		if (kr->excluded[c]) {
			lu_error_set(err, "%s: error: Kconfig's engine allows "
					  "configuration %s, and make "
					  "olddefconfig changed it; please "
					  "report it, and use --exhaustive "
					  "meanwhile",
				     mx->rules.path,
				     lu_config_name(&mx->arena, mx->m,
						    lu_config_row(&kr->all,
								  c)));
			return -2;
		}
	return 0;
}

/* Builds ROWS (N of them) as MX's sweep would, into PH; MX keeps its own.
 * 0, -1 when interrupted, -2 with ERR. */
static int build_rows(struct lu_matrix *mx, const struct lu_jobs_opts *o,
		      const unsigned char *rows, size_t n, struct phase *ph,
		      struct lu_error *err)
{
	struct lu_configs keep_configs = mx->configs;
	struct lu_config *keep_cfg = mx->cfg;
	bool keep_keyed = mx->keyed;
	size_t w = mx->m->n_options, before_c = mx->n_compiles;
	size_t before_p = mx->n_preprocessed;

	*ph = (struct phase){ 0 };
	ph->configs = (struct lu_configs){
		.n_options = w, .n_configs = n,
		.values = malloc(n * w + 1),
		.n_values = calloc(w + 1, sizeof(size_t)),
	};
	if (!ph->configs.values || !ph->configs.n_values)
		abort();
	memcpy(ph->configs.values, rows, n * w);
	for (size_t k = 0; k < w; k++)
		ph->configs.n_values[k] = mx->m->options[k].values
						  ? mx->m->options[k].n_values
						  : 2;
	ph->cfg = lu_arena_alloc(&mx->arena, (n + 1) * sizeof(*ph->cfg));
	for (size_t i = 0; i < n; i++) {
		struct lu_config *c = &ph->cfg[i];

		c->row = lu_config_row(&ph->configs, i);
		c->name = lu_config_name(&mx->arena, mx->m, c->row);
		c->flags = lu_config_flags(&mx->arena, mx->m, c->row);
	}
	mx->configs = ph->configs;
	mx->cfg = ph->cfg;
	mx->keyed = false;
	mx->n_builds = 0;
	int r = mx->m->kconfig ? kconfig_build(mx, o, err)
			       : lu_matrix_sweep(mx, o);

	if (r == 0)
		lu_matrix_check_builds(mx);
	if (mx->m->kconfig) {
		/* the sweep grew and compacted them: Kconfig kept each */
		ph->configs = mx->configs;
		ph->cfg = mx->cfg;
		mx->n_compiles = mx->n_builds;
	}
	ph->builds = mx->builds;
	ph->n_builds = mx->n_builds;
	ph->n_compiles = mx->n_compiles;
	mx->n_compiles += before_c;
	ph->n_preprocessed = mx->n_preprocessed - before_p;
	mx->configs = keep_configs;
	mx->cfg = keep_cfg;
	mx->keyed = keep_keyed;
	mx->builds = NULL;
	mx->n_builds = 0;
	return r;
}

static void phase_free(struct phase *ph, const bool *kept)
{
	for (size_t b = 0; b < ph->n_builds; b++)
		if (!kept || !kept[b]) {
			lu_set_free(&ph->builds[b].set);
			lu_findings_free(&ph->builds[b].findings);
		}
	lu_configs_free(&ph->configs);
}

/* The names the model learns (matrix_model_names.h), and their models. */
struct names {
	struct lu_model_names l;
	struct lu_model **model;
};

static int refuse(struct lu_matrix *mx, const char *name, const char *why)
{
	mx->model.refused = why;
	mx->model.refused_struct = name;
	return 0;
}

/* The names, their bodies' conditions, what keys their members. */
static int scan_bodies(struct lu_matrix *mx, struct names *nm)
{
	const char *who, *why;

	if (!lu_matrix_model_names(mx, &nm->l, &who, &why))
		return refuse(mx, who, why);
	nm->model = lu_arena_alloc(&mx->arena,
				   (nm->l.n + 1) * sizeof(*nm->model));
	return 1;
}

/* Lays out and checks configuration ROW with every name's model: its
 * verdict, the sizes into SIZES and the layouts' hash into *LAYOUT; NULL
 * when a model cannot. */
static char *model_config(struct lu_matrix *mx, struct names *nm,
			  const struct lu_model_config *cfg, unsigned line_size,
			  struct lu_arena *keep, uint64_t *sizes,
			  uint64_t *layout, bool *fails)
{
	struct lu_set set;
	struct lu_findings fs = { 0 };
	char *sig = NULL;

	lu_set_init(&set, "model");
	set.line_size = line_size;
	*layout = 0xcbf29ce484222325ull;
	for (size_t k = 0; k < nm->l.n_checked; k++) {
		struct lu_struct s;
		bool present;

		if (!lu_model_layout(nm->model[k], cfg, &set.arena, &s,
				     &present)) {
			sizes[k] = 0;
			if (present)
				goto out;	/* never seen so: build it */
			continue;
		}
		sizes[k] = s.size;
		*layout = lu_matrix_layout_hash(lu_matrix_fnv(*layout, &k, sizeof(k)), &s);
		*lu_set_add(&set) = s;
	}
	struct lu_check_opts copts = {
		.line_size = line_size, .pair = mx->cli->pair,
		.strict = mx->cli->strict, .align = mx->cli->align,
		.typos_fail = true,
	};

	lu_check_set(&set, 0, &mx->rules, &copts, &fs);
	sig = lu_matrix_verdict(keep, &set, &fs, &mx->rules);
	*fails = fs.n_errors > 0;
out:
	lu_findings_free(&fs);
	lu_set_free(&set);
	return sig;
}

/* The values of the symbols watched in ROW, a configuration of ALL
 * (WATCHED: N a configuration), or NULL (a -D sweep's: none). */
static const uint64_t *watched_of(const struct lu_configs *all,
				  const uint64_t *watched, size_t n,
				  const unsigned char *row)
{
	long c = watched ? lu_configs_find(all, row) : -1;

	return c < 0 ? NULL : watched + (size_t)c * n;
}

/* Which options change a layout (LAYOUTS: per configuration, every
 * member's offset) or a verdict: a flip that does. */
static void influence(struct lu_matrix *mx, const struct classes *cl,
		      const uint64_t *layouts, bool every)
{
	const struct lu_configs *c = &mx->configs;
	size_t w = c->n_options;
	unsigned char *next = malloc(w + 1);

	if (!next)
		abort();
	mx->model.changes_layout = lu_arena_alloc(&mx->arena, (w + 1));
	mx->model.changes_verdict = lu_arena_alloc(&mx->arena, (w + 1));
	/* configurations are in odometer order, the last option fastest
	 * (lu_configs_make): with EVERY combination, option o's next value
	 * is STRIDE rows on; among Kconfig's, it is looked up, if there */
	size_t stride = 1;

	for (size_t o = w; o-- > 0;) {
		size_t nv = c->n_values[o];

		for (size_t i = 0; i < c->n_configs; i++) {
			if ((size_t)c->values[i * w + o] + 1 >= nv)
				continue;
			long j = (long)(i + stride);

			if (!every) {
				memcpy(next, lu_config_row(c, i), w);
				next[o]++;
				j = lu_configs_find(c, next);
			}

			if (j < 0 || (size_t)j >= c->n_configs)
				continue;
			if (cl->fails[cl->of[i]] != cl->fails[cl->of[j]])
				mx->model.changes_verdict[o] = true;
			if (layouts[i] != layouts[j])
				mx->model.changes_layout[o] = true;
		}
		stride *= nv;
	}
	free(next);
}

/* The bytes of S's own members (not those inside them, nor markers). */
static int64_t member_bytes(const struct lu_struct *s)
{
	int64_t sum = 0;

	for (size_t i = 0; i < s->n_members; i++)
		if (!s->members[i].depth && !s->members[i].marker)
			sum += (int64_t)s->members[i].size;
	return sum;
}

/* The names of S's own members that are not in BASE alike (name and
 * size), space-separated in A. */
static const char *members_changed(struct lu_arena *a,
				   const struct lu_struct *s,
				   const struct lu_struct *base)
{
	const char *out = "";

	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];
		bool same = false;

		if (m->depth || m->marker)
			continue;
		for (size_t j = 0; j < base->n_members && !same; j++)
			same = !base->members[j].depth &&
			       !strcmp(base->members[j].name, m->name) &&
			       base->members[j].size == m->size;
		if (!same)
			out = lu_arena_printf(a, "%s%s%s", out, *out ? " " : "",
					      m->name);
	}
	return out;
}

/*
 * Each option's weight per name: what its flip from the all-off
 * configuration (ALL's first) adds to the bytes of the struct's members,
 * as the model lays both out; unknown where the struct is absent or the
 * option is not a toggle.
 */
static void weigh_options(struct lu_matrix *mx, const struct names *nm,
			  const struct lu_configs *all)
{
	size_t w = mx->m->n_options;
	unsigned char *row = calloc(w + 1, 1);
	struct lu_matrix_model *md = &mx->model;

	if (!row)
		abort();
	md->member_bytes = lu_arena_alloc(&mx->arena, (nm->l.n_checked * w + 1) *
							      sizeof(int64_t));
	md->members = lu_arena_alloc(&mx->arena, (nm->l.n_checked * w + 1) *
							 sizeof(char *));
	memcpy(row, lu_config_row(all, 0), w);
	for (size_t k = 0; k < nm->l.n_checked; k++) {
		struct lu_arena tmp = { 0 };
		struct lu_struct base, s;
		bool present;
		struct lu_model_config cfg = { row, NULL };
		bool have = lu_model_layout(nm->model[k], &cfg, &tmp, &base,
					    &present);

		for (size_t o = 0; o < w; o++) {
			size_t at = k * w + o;

			md->member_bytes[at] = LU_THRESHOLD_NO_WEIGHT;
			md->members[at] = "";
			if (!have || mx->m->options[o].values || row[o])
				continue;
			row[o] = 1;
			if (lu_model_layout(nm->model[k], &cfg, &tmp, &s,
					    &present)) {
				md->member_bytes[at] = member_bytes(&s) -
						       member_bytes(&base);
				md->members[at] = members_changed(&mx->arena,
								  &s, &base);
			}
			row[o] = 0;
		}
		lu_arena_free(&tmp);
	}
	free(row);
}

static int by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* How many distinct values N hashes hold. */
static size_t distinct(const uint64_t *hash, size_t n)
{
	uint64_t *v = malloc((n + 1) * sizeof(*v));
	size_t k = 0;

	if (!v)
		abort();
	memcpy(v, hash, n * sizeof(*v));
	qsort(v, n, sizeof(*v), by_value);
	for (size_t i = 0; i < n; i++)
		k += !i || v[i] != v[i - 1];
	free(v);
	return k;
}

/* Did every build of PH build? */
static bool all_built(const struct phase *ph)
{
	for (size_t b = 0; b < ph->n_builds; b++)
		if (ph->builds[b].state != LU_BUILD_OK)
			return false;
	return true;
}

/*
 * Per configuration of ALL and name, whether the name is known absent:
 * a build of LEARNED with the same outer key had no such struct.
 */
static bool *known_absent(const struct names *nm,
			  const struct lu_configs *all, const uint64_t *watched,
			  const struct phase *learned)
{
	bool *absent = calloc(all->n_configs * nm->l.n + 1, sizeof(bool));

	if (!absent)
		abort();
	for (size_t c = 0; c < all->n_configs; c++) {
		struct lu_model_config cc = {
			lu_config_row(all, c), watched + c * nm->l.n_watch,
		};

		for (size_t k = 0; k < nm->l.n_checked; k++)
			for (size_t j = 0; j < learned->configs.n_configs; j++) {
				const struct lu_config *b = &learned->cfg[j];
				struct lu_model_config bc = {
					b->row, watched_of(all, watched,
							   nm->l.n_watch, b->row),
				};

				if (!bc.watched ||
				    !lu_model_same_key(&nm->l.keys[k], 0, &bc,
						       &cc))
					continue;
				absent[c * nm->l.n + k] = !lu_set_find(
					&learned->builds[b->build].set,
					nm->l.name[k]);
				break;
			}
	}
	return absent;
}

/*
 * The learning builds, into LEARN[0] and LEARN[1]: a -D sweep's in one
 * phase (lu_model_rows). A Kconfig sweep's in two: first one build per
 * value of the outer keys, which decide whether each struct is defined;
 * then, among the configurations where it is, what the lines' keys still
 * need (lu_model_rows_within). 1, 0 with *WHY when the model cannot
 * learn (or a build failed), -1 when interrupted, -2 with ERR.
 */
static int learn_phases(struct lu_matrix *mx, const struct lu_jobs_opts *o,
			const struct names *nm,
			const struct lu_presence *const *pp,
			const struct lu_model_keys *const *kp,
			const struct lu_configs *all, const uint64_t *watched,
			struct phase *learn, const char **why,
			struct lu_error *err)
{
	bool kconfig = mx->m->kconfig != NULL;
	struct lu_model_cover cover = { .outer_only = true };
	unsigned char *rows = NULL;
	size_t n_rows = kconfig ? lu_model_rows_within(mx->m, pp, kp, nm->l.n,
						       all, watched, &cover,
						       &rows, why)
				: lu_model_rows(mx->m, pp, kp, nm->l.n, &rows,
						why);

	if (!n_rows)
		return 0;
	int r = build_rows(mx, o, rows, n_rows, &learn[0], err);

	if (r == 0 && kconfig && all_built(&learn[0])) {
		size_t w = mx->m->n_options, nb = learn[0].configs.n_configs;
		unsigned char *built = malloc(nb * w + 1);

		if (!built)
			abort();
		for (size_t j = 0; j < nb; j++)
			memcpy(built + j * w, learn[0].cfg[j].row, w);
		cover = (struct lu_model_cover){
			.absent = known_absent(nm, all, watched, &learn[0]),
			.built = built, .n_built = nb,
		};
		free(rows);
		rows = NULL;
		n_rows = lu_model_rows_within(mx->m, pp, kp, nm->l.n, all,
					      watched, &cover, &rows, why);
		free((void *)cover.absent);
		free(built);
		if (*why) {
			free(rows);
			return 0;
		}
		if (n_rows)
			r = build_rows(mx, o, rows, n_rows, &learn[1], err);
	}
	free(rows);
	if (r < 0)
		return r;
	if (!all_built(&learn[0]) || !all_built(&learn[1])) {
		*why = "a configuration it learns from did not build";
		return 0;
	}
	return 1;
}

int lu_matrix_model_sweep(struct lu_matrix *mx, const struct lu_jobs_opts *o,
			  struct lu_error *err)
{
	struct names nm = { 0 };
	struct phase learn[2], confirm = { 0 };
	struct classes cl = { 0 };
	uint64_t *layouts = NULL;	/* per configuration, its hash */
	const char *why;
	int rc = 0;

	struct lu_configs all = { 0 };
	uint64_t *watched = NULL;	/* per configuration of ALL */
	bool kconfig = mx->m->kconfig != NULL;

	memset(learn, 0, sizeof(learn));
	if (mx->cli->exhaustive || (mx->configs.exhaustive && !mx->cli->model))
		return 0;
	/* the kernel's bounds are held against layouts a build gave */
	if (mx->n_kasserts)
		return refuse(mx, NULL, "--kernel-asserts holds the kernel's "
					"bounds against built layouts only");
	/* a Kconfig sweep's symbols and bodies are options = auto's */
	if (kconfig && !mx->kauto)
		return refuse(mx, NULL, "it reads a Kconfig sweep's struct "
					"through options = auto, and these "
					"options are named");
	if (scan_bodies(mx, &nm) <= 0)
		return 0;
	/* each architecture's engine is asked on its own */
	if (kconfig && lu_configs_total(mx->m) / (mx->arch ? mx->arch->n : 1) >
			       MAX_MODELLED_KCONFIG)
		return refuse(mx, NULL, "more combinations of the symbols "
					"than it asks Kconfig's engine about "
					"(pin some: options = auto "
					"CONFIG_X=y)");
	if (kconfig) {
		int v = lu_kconfig_valid(mx, o, nm.l.watch, nm.l.n_watch, &all,
					 &watched, &why, err);

		if (v <= 0) {
			lu_configs_free(&all);
			free(watched);
			return v < 0 ? v : refuse(mx, NULL, why);
		}
		if (!all.n_configs) {
			lu_configs_free(&all);
			free(watched);
			lu_error_set(err, "%s:%u: error: Kconfig allows no "
					  "configuration of the options",
				     mx->rules.path,
				     mx->rules.matrix.ini_line);
			return -2;
		}
	}
	const struct lu_presence **pp = calloc(nm.l.n + 1, sizeof(*pp));
	const struct lu_model_keys **kp = calloc(nm.l.n + 1, sizeof(*kp));

	if (!pp || !kp)
		abort();
	for (size_t k = 0; k < nm.l.n; k++) {
		pp[k] = &nm.l.presence[k];
		kp[k] = &nm.l.keys[k];
	}
	/* the held structs are read from the learning builds too */
	mx->held = nm.l.name + nm.l.n_checked;
	mx->n_held = nm.l.n - nm.l.n_checked;
	int r = learn_phases(mx, o, &nm, pp, kp, &all, watched, learn, &why,
			     err);

	mx->held = NULL;
	mx->n_held = 0;

	free(pp);
	free(kp);
	if (r < 0) {
		rc = r;
		goto out;
	}
	if (r == 0) {
		if (why)
			refuse(mx, NULL, why);
		goto out;
	}
	size_t n_rows = learn[0].configs.n_configs + learn[1].configs.n_configs;
	const struct lu_struct **learned = calloc(n_rows + 1, sizeof(*learned));
	struct lu_model_config *lcfg = lu_arena_alloc(&mx->arena,
						      (n_rows + 1) *
							      sizeof(*lcfg));
	const struct lu_set **lset = calloc(n_rows + 1, sizeof(*lset));

	if (!learned || !lset)
		abort();
	for (size_t p = 0, i = 0; p < 2; p++)
		for (size_t j = 0; j < learn[p].configs.n_configs; j++, i++) {
			const struct lu_config *c = &learn[p].cfg[j];

			lset[i] = &learn[p].builds[c->build].set;
			lcfg[i].row = c->row;
			lcfg[i].watched = watched_of(&all, watched, nm.l.n_watch,
						     c->row);
		}
	/* each held struct before what holds it */
	for (size_t i = 0; i < nm.l.n && !mx->model.refused; i++) {
		size_t k = nm.l.order[i];

		for (size_t b = 0; b < n_rows; b++)
			learned[b] = lu_set_find(lset[b], nm.l.name[k]);
		struct lu_model_in in = {
			.m = mx->m, .presence = &nm.l.presence[k],
			.keys = &nm.l.keys[k], .models = nm.model,
			.held = k >= nm.l.n_checked, .learned = learned,
			.configs = lcfg, .n_learned = n_rows,
		};

		nm.model[k] = lu_model_learn(&in, &mx->arena, &why);
		if (!nm.model[k])
			refuse(mx, k < nm.l.n_checked ? nm.l.name[k] : NULL,
			       k < nm.l.n_checked
				       ? why
				       : lu_arena_printf(&mx->arena,
							 "struct %s, which "
							 "it holds: %s",
							 nm.l.name[k], why));
	}
	free(learned);
	free(lset);
	if (mx->model.refused)
		goto out;

	/* every configuration of the swept options (Kconfig's: those it
	 * allows), modelled */
	if (!kconfig && (lu_configs_make_limit_quiet(mx->m, MAX_MODELLED,
						     &all) < 0 ||
			 !all.exhaustive)) {
		lu_configs_free(&all);
		refuse(mx, NULL, "more configurations than it lays out one "
				 "by one");
		goto out;
	}
	size_t n = all.n_configs;
	uint64_t *sizes = lu_arena_alloc(&mx->arena,
					 (n * nm.l.n_checked + 1) * sizeof(uint64_t));
	unsigned default_line = learn[0].builds[0].set.line_size;

	layouts = malloc((n + 1) * sizeof(*layouts));
	cl.of = calloc(n + 1, sizeof(*cl.of));
	if (!cl.of || !layouts)
		abort();
	for (size_t c = 0; c < n && !mx->model.refused; c++) {
		const unsigned char *row = lu_config_row(&all, c);
		unsigned line = lu_config_line_size(mx->m, row);
		bool fails = false;
		struct lu_model_config cfg = {
			row, watched ? watched + c * nm.l.n_watch : NULL,
		};
		char *sig = model_config(mx, &nm, &cfg,
					 mx->cli->line_size ? mx->cli->line_size
					 : line		    ? line
							    : default_line,
					 &mx->arena, sizes + c * nm.l.n_checked,
					 &layouts[c], &fails);

		if (!sig)
			refuse(mx, NULL, "a configuration's keys were never "
					 "built with its members");
		else
			cl.of[c] = lu_matrix_class_of(&cl, sig, fails, c, &mx->arena);
	}
	if (mx->model.refused) {
		lu_configs_free(&all);
		goto out;
	}
	/* one build of every verdict: its representative */
	size_t w = mx->m->n_options;
	unsigned char *crow = malloc(cl.n * w + 1);

	if (!crow)
		abort();
	for (size_t i = 0; i < cl.n; i++)
		memcpy(crow + i * w, lu_config_row(&all, cl.rep[i]), w);
	r = build_rows(mx, o, crow, cl.n, &confirm, err);
	free(crow);
	if (r < 0) {
		lu_configs_free(&all);
		rc = r;
		goto out;
	}
	for (size_t i = 0; i < cl.n && !rc; i++) {
		const struct lu_build *b = &confirm.builds[confirm.cfg[i].build];
		struct lu_model_config cfg = {
			confirm.cfg[i].row,
			watched_of(&all, watched, nm.l.n_watch,
				   confirm.cfg[i].row),
		};
		char buf[512];

		if (b->state != LU_BUILD_OK) {
			lu_error_set(err, "%s: error: configuration %s, which "
					  "the layout model answered for, "
					  "did not build: %s",
				     mx->rules.path, confirm.cfg[i].name,
				     b->message ? b->message : "?");
			rc = -2;
			break;
		}
		for (size_t k = 0; k < nm.l.n_checked && !rc; k++) {
			struct lu_arena tmp = { 0 };
			struct lu_struct s;
			bool present;
			const struct lu_struct *real =
				lu_set_find(&b->set, nm.l.name[k]);
			bool ok = (!kconfig || cfg.watched) &&
				  lu_model_layout(nm.model[k], &cfg, &tmp, &s,
						  &present);

			if (ok != !!real ||
			    (ok && !lu_model_same(&s, real, buf, sizeof(buf)))) {
				lu_error_set(err, "%s: error: lineup's layout "
						  "model got struct %s wrong "
						  "in configuration %s (%s); "
						  "please report it, and use "
						  "--exhaustive meanwhile",
					     mx->rules.path, nm.l.name[k],
					     confirm.cfg[i].name,
					     ok ? buf : "presence");
				rc = -2;
			}
			lu_arena_free(&tmp);
		}
	}
	if (rc) {
		lu_configs_free(&all);
		goto out;
	}
	/* the answer: every configuration, each on its verdict's build */
	lu_configs_free(&mx->configs);
	mx->configs = all;
	mx->cfg = lu_arena_alloc(&mx->arena, (n + 1) * sizeof(*mx->cfg));
	mx->builds = lu_arena_alloc(&mx->arena, (cl.n + 1) *
							sizeof(*mx->builds));
	bool *kept = calloc(confirm.n_builds + 1, sizeof(bool));

	if (!kept)
		abort();
	for (size_t i = 0; i < cl.n; i++) {
		size_t b = confirm.cfg[i].build;

		mx->builds[i] = confirm.builds[b];
		mx->builds[i].first_config = cl.rep[i];
		kept[b] = true;
	}
	mx->n_builds = cl.n;
	for (size_t c = 0; c < n; c++) {
		struct lu_config *x = &mx->cfg[c];

		/* a -D sweep's names and flags are built when printed
		 * (lu_matrix_config_name): up to 2^20 of them */
		x->row = lu_config_row(&mx->configs, c);
		x->name = kconfig ? lu_config_name(&mx->arena, mx->m, x->row)
				  : NULL;
		x->flags = kconfig ? "" : NULL;
		x->build = cl.of[c];
	}
	mx->model.used = true;
	mx->model.n_learned = learn[0].n_compiles + learn[1].n_compiles;
	mx->model.n_confirmed = confirm.n_compiles;
	mx->model.n_layouts = distinct(layouts, n);
	mx->model.n_held = nm.l.n - nm.l.n_checked;
	mx->model.sizes = sizes;
	mx->model.n_names = nm.l.n_checked;
	mx->n_compiles = mx->model.n_learned + confirm.n_compiles;
	mx->model.n_combinations = kconfig ? lu_configs_total(mx->m) : 0;
	influence(mx, &cl, layouts, !kconfig);
	if (!kconfig)
		weigh_options(mx, &nm, &mx->configs);
	free(layouts);
	phase_free(&confirm, kept);
	free(kept);
	phase_free(&learn[0], NULL);
	phase_free(&learn[1], NULL);
	free(cl.sig);
	free(cl.fails);
	free(cl.rep);
	free(cl.of);
	free(watched);
	return 1;
out:
	lu_configs_free(&all);
	free(watched);
	phase_free(&learn[0], NULL);
	phase_free(&learn[1], NULL);
	phase_free(&confirm, NULL);
	free(cl.sig);
	free(cl.fails);
	free(cl.rep);
	free(cl.of);
	free(layouts);
	return rc;
}
