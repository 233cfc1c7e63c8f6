/* SPDX-License-Identifier: MIT */
/*
 * suggest's model against the compiler (issue 31): every struct of every
 * object named is cut into items as suggest cuts it, and the input's own
 * order is laid out by the model, with the markers suggest would print
 * for the groups contiguous in it. Each member must come out at the
 * offset DWARF gives it, the struct at its size and alignment, and the
 * checker must judge it as `lineup check` judges the input: a model that
 * cannot reproduce the layout check reads cannot be trusted with any
 * other order (an SPSC ring's `_Alignas(64)` members came out alike, but
 * the markers suggest added made the padding before them a group's, and
 * "no order" held where the input's did).
 *
 * Usage: model_identity [--rules INI] OBJECT...; the rules apply to the
 * objects after them; a struct they do not name gets a write group of
 * its first member. Prints each mismatch; exit 1 on any, 2 bad input.
 */
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "reader.h"
#include "rules.h"
#include "suggest.h"

static size_t counted(const struct lu_struct *s,
		      const struct lu_rule_struct *rule,
		      const struct lu_check_opts *opts)
{
	struct lu_findings f = { 0 };
	size_t n = 0;

	lu_check_struct(s, rule, opts, &f);
	for (size_t i = 0; i < f.n; i++)
		n += lu_sg_counts(&f.items[i]);
	lu_findings_free(&f);
	return n;
}

static int offsets(const char *path, const struct lu_struct *s,
		   const struct lu_struct *out)
{
	size_t j = 0;
	int bad = 0;

	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];

		if (m->marker)
			continue;
		while (j < out->n_members && out->members[j].marker)
			j++;
		if (j == out->n_members ||
		    strcmp(out->members[j].name, m->name)) {
			printf("%s: struct %s: member '%s' is not laid out "
			       "in its place\n", path, s->name, m->name);
			return 1;
		}
		if (out->members[j].offset != m->offset) {
			printf("%s: struct %s: '%s' at %llu, the model lays "
			       "it at %llu\n", path, s->name, m->name,
			       (unsigned long long)m->offset,
			       (unsigned long long)out->members[j].offset);
			bad = 1;
		}
		j++;
	}
	if (out->size != s->size || out->align != s->align) {
		printf("%s: struct %s: %llu bytes aligned %llu, the model "
		       "lays out %llu aligned %llu\n", path, s->name,
		       (unsigned long long)s->size,
		       (unsigned long long)s->align,
		       (unsigned long long)out->size,
		       (unsigned long long)out->align);
		bad = 1;
	}
	return bad;
}

static int compare(const char *path, const struct lu_set *set,
		   const struct lu_struct *s, const struct lu_rules *rules)
{
	struct lu_rule_group g = { .name = "write", .kind = LU_KIND_WRITE };
	struct lu_rule_struct own = { .name = s->name, .groups = &g,
				      .n_groups = 1 };
	const struct lu_rule_struct *rule = lu_rules_find(rules, s->name);
	struct lu_check_opts opts = { .line_size = set->line_size };
	const struct lu_struct *structs[1] = { s };
	struct lu_sg_plan plan;
	struct lu_sg_proposal p;
	struct lu_arena arena = { 0 };
	struct lu_struct out;
	struct lu_error err;
	int bad;

	if (s->is_union)
		return 0;
	if (!rule && !s->n_groups) {
		for (size_t i = 0; i < s->n_members && !g.members; i++)
			if (!s->members[i].marker && !s->members[i].depth)
				g.members = &s->members[i].name;
		if (!g.members)
			return 0;
		g.n_members = 1;
		rule = &own;
	}
	if (lu_sg_plan_init(&plan, structs, NULL, NULL, 1, rule, &opts,
			    &err) < 0) {
		/* markers of no write group: nothing suggest would plan */
		return 0;
	}
	lu_sg_proposal_init(&plan, &p);
	lu_sg_mark_contiguous(&plan, &p);
	lu_sg_build(&plan, &plan.layouts[0], &p, &arena, &out, NULL);
	bad = offsets(path, s, &out);
	size_t now = counted(s, rule, &opts), model = counted(&out, rule,
							       &opts);

	if (now != model) {
		printf("%s: struct %s: lineup check finds %zu problem%s, in "
		       "the model's layout of the same order %zu\n", path,
		       s->name, now, now == 1 ? "" : "s", model);
		bad = 1;
	}
	lu_arena_free(&arena);
	lu_sg_proposal_free(&p);
	lu_sg_plan_free(&plan);
	return bad;
}

int main(int argc, char **argv)
{
	struct lu_rules rules = { 0 };
	struct lu_error err;
	int bad = 0;
	size_t n = 0;

	for (int a = 1; a < argc; a++) {
		struct lu_read_opts ro = { .expand_depth = 0 };
		struct lu_set set;

		if (!strcmp(argv[a], "--rules") && a + 1 < argc) {
			const char *path = argv[++a];

			lu_rules_free(&rules);
			memset(&rules, 0, sizeof(rules));
			if (lu_rules_parse_files(&path, 1, &rules, &err) < 0) {
				fprintf(stderr, "model_identity: %s\n",
					err.msg);
				return 2;
			}
			continue;
		}
		lu_set_init(&set, argv[a]);
		ro.expand_depth = lu_rules_max_depth(&rules);
		if (lu_read(argv[a], &ro, &set, &err) < 0) {
			fprintf(stderr, "model_identity: %s\n", err.msg);
			return 2;
		}
		for (size_t i = 0; i < set.n_structs; i++, n++)
			bad |= compare(argv[a], &set, &set.structs[i], &rules);
		lu_set_free(&set);
	}
	lu_rules_free(&rules);
	printf("model_identity: %zu structs, %s\n", n,
	       bad ? "mismatches above" : "every layout reproduced");
	return bad;
}
