/* SPDX-License-Identifier: MIT */
/*
 * `lineup suggest`: read one struct (and, with a [matrix], the same
 * struct in every configuration), search a reorder and an isolation that
 * satisfy its rules, verify each with the checker, print them as C.
 * Exit status: 0 a proposal holds, 1 none does, 2 usage or input error.
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "escape.h"
#include "escape_c.h"
#include "check.h"
#include "cli.h"
#include "reader.h"
#include "rules.h"
#include "suggest.h"
#include "suggest_diff.h"
#include "suggest_match.h"
#include "suggest_matrix.h"
#include "suggest_report.h"
#include "suggest_source.h"
#include "suggest_verify.h"

struct ctx {
	struct lu_cli *cli;
	struct lu_rules rules;
	struct lu_set set;
	struct lu_sg_matrix mx;
	struct lu_sg_plan plan;
	struct lu_sg_result res;
	struct lu_arena arena;
	const char **key_cond;
};

/* Is NAME an option the preprocessor sees (-DNAME), not flags or a
 * line size? */
static bool is_define(const struct lu_matrix_rules *m, const char *name,
		      size_t len)
{
	for (size_t i = 0; i < m->n_options; i++)
		if (strlen(m->options[i].name) == len &&
		    !strncmp(m->options[i].name, name, len))
			return m->options[i].kind == LU_OPTION_DEFINE;
	return false;
}

/*
 * A condition ("A=y && B=n || C=v") as #if text: A=y is defined(A), A=n
 * !defined(A), A=v (A == v). NULL when it names what the preprocessor
 * cannot test (flags, line sizes, "N other configurations"). The output
 * is at most 3 times the input and 16 bytes ("A=n" is "!defined(A)").
 */
static const char *cond_to_if(struct lu_arena *a,
			      const struct lu_matrix_rules *m,
			      const char *cond)
{
	char *out = lu_arena_alloc(a, strlen(cond) * 3 + 16);
	char *o = out;

	for (const char *p = cond; *p;) {
		size_t n = strcspn(p, " ()");

		if (!n) {
			*o++ = *p++;
			continue;
		}
		const char *eq = memchr(p, '=', n);

		if (n == 2 && (!strncmp(p, "&&", 2) || !strncmp(p, "||", 2))) {
			memcpy(o, p, 2);
			o += 2;
		} else if (!eq || !is_define(m, p, (size_t)(eq - p))) {
			return NULL;
		} else if (p + n - eq == 2 && (eq[1] == 'y' || eq[1] == 'n')) {
			o += sprintf(o, "%sdefined(%.*s)", eq[1] == 'n' ? "!" : "",
				     (int)(eq - p), p);
		} else {
			o += sprintf(o, "(%.*s == %.*s)", (int)(eq - p), p,
				     (int)(p + n - eq - 1), eq + 1);
		}
		p += n;
	}
	*o = '\0';
	return out;
}

/* Per key, the #if that says in which configurations it is present. */
static void key_conditions(struct ctx *c)
{
	const struct lu_sg_plan *plan = &c->plan;
	size_t n = c->mx.configs.n_configs;
	bool *present = calloc(n + 1, sizeof(*present));

	c->key_cond = lu_arena_alloc(&c->arena,
				     (plan->n_keys + 1) * sizeof(*c->key_cond));
	if (!present)
		abort();
	for (size_t k = 0; k < plan->n_keys && n; k++) {
		for (size_t i = 0; i < n; i++)
			present[i] = plan->layouts[i + 1].item_of_key[k] != 0;
		const char *cond = lu_condition(&c->arena, &c->rules.matrix,
						&c->mx.configs, present);

		if (!cond || !strcmp(cond, "always"))
			continue;
		c->key_cond[k] = cond_to_if(&c->arena, &c->rules.matrix, cond);
		if (!c->key_cond[k])
			c->key_cond[k] = lu_arena_printf(
				&c->arena, "1 /* only when %s: the source's "
				"condition goes here */", cond);
	}
	free(present);
}

/* The findings of the struct as it is, in each configuration. */
static void current(struct ctx *c)
{
	const struct lu_sg_plan *plan = &c->plan;
	size_t first = plan->n_layouts > 1 ? 1 : 0;

	for (size_t l = first; l < plan->n_layouts; l++) {
		struct lu_findings f = { 0 };
		size_t bad = 0;

		lu_check_struct(plan->layouts[l].s, plan->rule, &plan->opts,
				&f);
		for (size_t i = 0; i < f.n; i++)
			bad += lu_sg_counts(&f.items[i]);
		c->res.current_bad += bad;
		c->res.current_failing += bad != 0;
		lu_findings_free(&f);
	}
}

static const char *why_none(struct ctx *c, int kind)
{
	const struct lu_sg_plan *plan = &c->plan;
	const struct lu_sg_proposal *p = &c->res.prop[kind];
	const struct lu_struct *s = c->res.s;
	uint64_t align = plan->rule && plan->rule->align ? plan->rule->align
			 : plan->opts.align ? plan->opts.align
					    : s->align;

	if (plan->mixed_key != (size_t)-1)
		return lu_arena_printf(&c->arena,
				       "'%s' holds bytes of a write group and "
				       "of another hot group in one storage "
				       "unit; no layout can part them",
				       plan->keys[plan->mixed_key]);
	if (kind == LU_SG_ISOLATE && plan->rule && plan->rule->max_size &&
	    p->max_size > plan->rule->max_size)
		return lu_arena_printf(&c->arena,
				       "isolating the write groups on %s of "
				       "their own makes it %llu bytes, above "
				       "max_size = %llu",
				       plan->opts.pair ? "pairs of lines"
						       : "lines",
				       (unsigned long long)p->max_size,
				       (unsigned long long)
					       plan->rule->max_size);
	if (kind == LU_SG_ISOLATE)
		return lu_arena_printf(&c->arena,
				       "isolating the write groups leaves %zu "
				       "finding%s", p->bad,
				       p->bad == 1 ? "" : "s");
	/* a proof must not contradict check: the source's order is one */
	if (!c->res.current_bad)
		return "the rules hold in the current order (lineup check "
		       "agrees), though no order suggest laid out does: keep "
		       "the current one";
	return lu_arena_printf(
		&c->arena, "reordering alone cannot work: %s every write "
		"group off the other hot groups' lines%s%s%s",
		p->exhaustive ? "no order keeps"
			      : "the search found no order that keeps",
		c->res.n_configs ? " in every configuration" : "",
		align < plan->unit ? " wherever the struct starts (its "
				     "alignment is below a line: isolate, "
				     "or say align = N if objects are "
				     "allocated line-aligned)"
				   : "",
		p->exhaustive ? " (every order tried)"
		: p->cut      ? lu_arena_printf(&c->arena,
						" (the search stopped at its "
						"bound, %zu orders tried)",
						p->tries)
			      : "");
}

/* The source file named by DWARF, relative to the input when need be. */
static const char *source_path(struct ctx *c, const char *file)
{
	if (!file || file[0] == '/' || access(file, R_OK) == 0)
		return file;
	char *dir = dirname(lu_arena_strdup(&c->arena, c->set.path));

	return lu_arena_printf(&c->arena, "%s/%s", dir, file);
}

/* The path a diff names: relative to the current directory when the
 * file is under it, so `patch -p1` run there applies it. */
static const char *shown_path(struct ctx *c, const char *file)
{
	char *cwd = getcwd(NULL, 0);
	size_t n = cwd ? strlen(cwd) : 0;
	const char *shown = file;

	if (cwd && file[0] == '/' && !strncmp(file, cwd, n) && file[n] == '/')
		shown = lu_arena_strdup(&c->arena, file + n + 1);
	else if (file[0] == '/')
		shown = file + 1;
	free(cwd);
	return shown;
}

static void propose(struct ctx *c)
{
	const struct lu_struct *s = c->res.s;

	/* a diff quotes the lines the debug info names: only if they
	 * still hold the struct (the file may have changed since) */
	const char *path = s->file ? source_path(c, s->file) : NULL;
	bool source_ok = path && lu_sg_source_matches(path, s,
						       c->res.stale,
						       sizeof(c->res.stale));

	for (int k = 0; k < LU_SG_N; k++)
		lu_sg_proposal_init(&c->plan, &c->res.prop[k]);
	lu_sg_reorder(&c->plan, LU_SG_SMALLEST, &c->res.prop[LU_SG_REORDER]);
	lu_sg_reorder(&c->plan, LU_SG_FEWEST_MOVES,
		      &c->res.prop[LU_SG_MINIMAL]);
	lu_sg_isolate(&c->plan, &c->res.prop[LU_SG_ISOLATE]);
	for (int k = 0; k < LU_SG_N; k++) {
		struct lu_sg_render r = { &c->plan, &c->res.prop[k],
					  c->key_cond, "\t" };

		if (!c->res.prop[k].found) {
			c->res.reason[k] = why_none(c, k);
			continue;
		}
		c->res.c[k] = lu_sg_render_c(&r);
		if (!s->file || !source_ok)
			continue;
		/* the source's own lines moved when that can be done
		 * safely, else the render in their place */
		char *body = lu_sg_source_body(path, s->decl_line, &c->plan,
					       &c->res.prop[k]);

		/* C++ bodies hold code the proposal does not model: a diff
		 * that would delete any of it is no diff */
		if (s->cplus &&
		    lu_sg_diff_drops(path, s->decl_line,
				     body ? body : c->res.c[k],
				     c->res.unplaced,
				     sizeof(c->res.unplaced))) {
			free(body);
			continue;
		}
		c->res.diff[k] = lu_sg_diff(path, shown_path(c, s->file),
					    s->decl_line,
					    body ? body : c->res.c[k],
					    c->res.n_configs,
					    &c->res.conditional,
					    &c->res.no_diff[k]);
		free(body);
	}
}

/*
 * The -D words of the matrix configuration the input was built in (the
 * first whose struct cuts into the same items, of the same sizes), for
 * the body's #if lines; none without a [matrix]. -1 when none matches.
 */
static int input_defines(struct ctx *c, const char ***words, size_t *n)
{
	const struct lu_sg_plan *plan = &c->plan;
	const struct lu_sg_layout *in = &plan->layouts[0];

	*words = NULL;
	*n = 0;
	if (plan->n_layouts == 1)
		return 0;
	for (size_t l = 1; l < plan->n_layouts; l++) {
		const struct lu_sg_layout *o = &plan->layouts[l];
		bool same = o->n_items == in->n_items &&
			    o->s->size == in->s->size;

		for (size_t k = 0; same && k < plan->n_keys; k++) {
			size_t a = in->item_of_key[k], b = o->item_of_key[k];

			same = !a == !b &&
			       (!a || in->items[a - 1].size == o->items[b - 1].size);
		}
		if (same) {
			*words = lu_config_args(&c->arena, &c->rules.matrix,
						o->row, 0, n);
			return 0;
		}
	}
	return -1;
}

/*
 * Each printed body compiled and checked: a proposal whose C does not
 * give the size the model laid out, or that check rejects, is not
 * proposed (suggest_verify.c).
 */
static void verify(struct ctx *c)
{
	struct lu_sg_verify_in in = {
		.plan = &c->plan, .s = c->res.s, .machine = c->set.machine,
		.bodies = (const char *const *)c->res.c, .n = LU_SG_N,
		.expand_depth = lu_rules_max_depth(&c->rules),
		.jobs = c->cli->jobs, .timeout = c->cli->timeout,
		.arena = &c->arena,
	};
	const char **defines;

	if (input_defines(c, &defines, &in.n_defines) < 0) {
		for (int k = 0; k < LU_SG_N; k++)
			c->res.verified[k].why_not =
				"the input's build is none of the matrix's "
				"configurations";
		return;
	}
	in.defines = defines;
	lu_sg_verify(&in, c->res.verified);
	for (int k = 0; k < LU_SG_N; k++) {
		struct lu_sg_proposal *p = &c->res.prop[k];
		const struct lu_sg_verified *v = &c->res.verified[k];

		if (!p->found || !v->compiled || (v->size == p->size && !v->bad))
			continue;
		p->found = false;
		c->res.reason[k] = lu_arena_printf(
			&c->arena, "its body compiles to %llu bytes (the model "
			"laid out %llu) and lineup check finds %zu problem%s "
			"in it: not proposed (a bug in suggest's model)",
			(unsigned long long)v->size,
			(unsigned long long)p->size, v->bad,
			v->bad == 1 ? "" : "s");
	}
}

static int read_input(struct ctx *c, const char *name, struct lu_error *err)
{
	const char *names[] = { name };
	struct lu_read_opts ro = {
		.names = names, .n_names = 1,
		.expand_depth = lu_rules_max_depth(&c->rules),
		.pahole_text = c->cli->from_pahole,
		.line_size = c->cli->line_size,
		.jobs = c->cli->read_jobs,
	};

	if (lu_read(c->cli->args[0], &ro, &c->set, err) < 0)
		return -1;
	c->res.s = lu_set_find_or_error(&c->set, name, err);
	return c->res.s ? 0 : -1;
}

static int setup(struct ctx *c, struct lu_error *err)
{
	const char *name = c->cli->structs[0];
	const struct lu_rule_struct *rule = NULL;
	const struct lu_struct **structs;
	const char **configs;
	const unsigned char **rows;
	size_t n = 1;

	if (c->cli->rules &&
	    lu_rules_parse_files(c->cli->rules_files, c->cli->n_rules,
				 &c->rules, err) < 0)
		return -1;
	if (read_input(c, name, err) < 0)
		return -1;
	/* its proposals are C: a name C cannot carry is refused first */
	if (lu_c_struct_writable(c->res.s, "suggestions", err) < 0)
		return -1;
	if (c->res.s->is_union) {
		lu_error_set(err, "struct %s in %s is a union: its members all "
				  "start at 0, there is no order to propose",
			     name, c->set.path);
		return -1;
	}
	rule = lu_rules_find(&c->rules, name);
	if (!rule)
		rule = lu_rules_for(&c->rules, c->res.s);
	if (c->rules.matrix.present) {
		if (lu_sg_matrix_build(&c->mx, &c->rules, c->res.s->name,
				       c->cli, err) < 0)
			return -1;
		n += c->mx.configs.n_configs;
		c->res.n_configs = c->mx.configs.n_configs;
	}
	structs = lu_arena_alloc(&c->arena, n * sizeof(*structs));
	configs = lu_arena_alloc(&c->arena, n * sizeof(*configs));
	rows = lu_arena_alloc(&c->arena, n * sizeof(*rows));
	structs[0] = c->res.s;
	for (size_t i = 1; i < n; i++) {
		structs[i] = c->mx.structs[i - 1];
		if (structs[i] &&
		    lu_c_struct_writable(structs[i], "suggestions", err) < 0)
			return -1;
		configs[i] = c->mx.names[i - 1];
		rows[i] = c->mx.rows[i - 1];
	}
	struct lu_check_opts opts = {
		.line_size = c->set.line_size, .pair = c->cli->pair,
		.align = c->cli->align,
	};

	if (lu_sg_plan_init(&c->plan, structs, configs, rows, n, rule, &opts,
			    err) < 0) {
		char msg[sizeof(err->msg)];

		snprintf(msg, sizeof(msg), "%s", err->msg);
		lu_error_set(err, "%s: %s", c->set.path, msg);
		return -1;
	}
	c->res.plan = &c->plan;
	c->res.set = &c->set;
	c->res.hex = c->cli->hex;
	return 0;
}

int lu_cmd_suggest(struct lu_cli *cli)
{
	struct ctx c = { .cli = cli };
	struct lu_error err;
	int rc = LU_EXIT_USAGE, wrote;

	if (cli->n_args != 1 || cli->n_structs != 1) {
		static const char usage[] =
			"lineup suggest --struct NAME [--rules FILE.ini] FILE";

		if (cli->n_structs != 1)
			return lu_usage_error("suggest", usage, cli->n_structs
				? "one --struct NAME, not %zu"
				: "no --struct NAME given", cli->n_structs);
		return lu_usage_error("suggest", usage, cli->n_args
				      ? "one FILE, not %zu" : "no FILE given",
				      cli->n_args);
	}
	lu_set_init(&c.set, cli->args[0]);
	if (setup(&c, &err) < 0) {
		fprintf(stderr, "lineup: %s\n", err.msg);
		goto out;
	}
	current(&c);
	key_conditions(&c);
	propose(&c);
	verify(&c);
	if (cli->format == LU_FORMAT_JSON)
		wrote = lu_sg_report_json(stdout, &c.res);
	else
		wrote = lu_sg_report_text(stdout, &c.res);
	rc = LU_EXIT_FINDINGS;
	for (int k = 0; k < LU_SG_N; k++)
		if (c.res.prop[k].found)
			rc = LU_EXIT_OK;
	if (wrote < 0) {
		perror("lineup: failed to write the output");
		rc = LU_EXIT_USAGE;
	}
	for (int k = 0; k < LU_SG_N; k++) {
		free(c.res.c[k]);
		free(c.res.diff[k]);
		lu_sg_proposal_free(&c.res.prop[k]);
	}
out:
	if (c.plan.layouts)
		lu_sg_plan_free(&c.plan);
	lu_sg_matrix_free(&c.mx);
	lu_set_free(&c.set);
	lu_rules_free(&c.rules);
	lu_arena_free(&c.arena);
	return rc;
}
