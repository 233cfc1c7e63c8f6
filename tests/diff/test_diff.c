/* SPDX-License-Identifier: MIT */
/*
 * The layout diff on layouts built by hand: members matched by name and
 * unnamed ones by rank, runs of shifted members, hot members first and
 * breaking runs, structs matched by typedef, one-sided structs, what
 * --fail-on fails on, BTF's guessed alignments.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "diff.h"
#include "error.h"
#include "rules.h"
#include "set_finish.h"

static struct lu_set old_set, new_set;
static struct lu_rules rules;
static struct lu_diff d;

static void setup(void)
{
	lu_set_init(&old_set, "old.o");
	lu_set_init(&new_set, "new.o");
	old_set.line_size = new_set.line_size = 64;
	memset(&rules, 0, sizeof(rules));
	memset(&d, 0, sizeof(d));
}

static void teardown(void)
{
	lu_diff_free(&d);
	lu_rules_free(&rules);
	lu_set_free(&old_set);
	lu_set_free(&new_set);
}

TestSuite(diff, .init = setup, .fini = teardown);

/* A struct of SET from "name@offset/size" words; "@8/4" is unnamed. */
static struct lu_struct *add(struct lu_set *set, const char *name,
			     uint64_t size, const char *spec)
{
	struct lu_struct *s = lu_set_add(set);
	char buf[512], *save = NULL;

	s->name = lu_arena_strdup(&set->arena, name);
	s->size = size;
	s->align = 8;
	s->members = lu_arena_alloc(&set->arena, 32 * sizeof(*s->members));
	snprintf(buf, sizeof(buf), "%s", spec);
	for (char *w = strtok_r(buf, " ", &save); w;
	     w = strtok_r(NULL, " ", &save)) {
		struct lu_member *m = &s->members[s->n_members++];
		char *at = strchr(w, '@');
		unsigned long long off, sz;

		cr_assert(at && sscanf(at, "@%llu/%llu", &off, &sz) == 2);
		memset(m, 0, sizeof(*m));
		m->name = lu_arena_strndup(&set->arena, w, (size_t)(at - w));
		m->type = "long";
		m->dims = "";
		m->offset = off;
		m->size = sz;
		m->group = -1;
	}
	return s;
}

static void run(const char *rules_text)
{
	struct lu_error err;
	struct lu_diff_opts o = { 0 };

	if (rules_text) {
		cr_assert(lu_rules_parse_string(rules_text, strlen(rules_text),
						"t.ini", &rules, &err) == 0,
			  "%s", err.msg);
		o.rules = &rules;
	}
	/* as lu_read leaves them: groups found, names indexed */
	lu_set_finish(&old_set);
	lu_set_finish(&new_set);
	lu_diff_sets(&old_set, &new_set, &o, &d);
}

static const char *name_of(const struct lu_diff_struct *ds, ptrdiff_t i,
			   bool new)
{
	return (new ? ds->new : ds->old)->members[i].name;
}

Test(diff, identical_layouts_say_nothing)
{
	add(&old_set, "s", 16, "a@0/8 b@8/8");
	add(&new_set, "s", 16, "a@0/8 b@8/8");
	run(NULL);
	cr_expect_eq(d.n_compared, 1);
	cr_expect_eq(d.n_structs, 0);
	cr_expect_eq(lu_diff_exit(&d, LU_FAIL_ON_SIZE | LU_FAIL_ON_MOVES), 0);
}

Test(diff, an_insertion_is_one_added_member_and_one_run)
{
	add(&old_set, "s", 48, "a@0/8 b@8/8 c@16/8 d@24/8 e@32/8 f@40/8");
	add(&new_set, "s", 56,
	    "a@0/8 x@8/8 b@16/8 c@24/8 d@32/8 e@40/8 f@48/8");
	run(NULL);
	cr_assert_eq(d.n_structs, 1);
	const struct lu_diff_struct *ds = &d.structs[0];

	cr_assert_eq(ds->n_members, 2);
	cr_expect_eq(ds->members[0].change, LU_DIFF_ADDED);
	cr_expect_str_eq(name_of(ds, ds->members[0].new, true), "x");
	cr_expect_eq(ds->members[1].change, LU_DIFF_SHIFTED);
	cr_expect_eq(ds->members[1].count, 5);
	cr_expect_eq(ds->members[1].delta, 8);
	cr_expect_str_eq(ds->members[1].after, "x");
	cr_expect_str_eq(name_of(ds, ds->members[1].last_new, true), "f");
	/* f: 40 -> 48, still line 0; nothing crossed a line */
	cr_expect_eq(ds->members[1].lines_changed, 0);
	cr_expect(ds->size_changed);
	cr_expect_eq(lu_diff_exit(&d, LU_FAIL_ON_MOVES), 0);
	cr_expect_eq(lu_diff_exit(&d, LU_FAIL_ON_SIZE), 1);
}

Test(diff, short_runs_are_listed)
{
	add(&old_set, "s", 24, "a@0/8 b@8/8 c@16/8");
	add(&new_set, "s", 32, "a@0/8 x@8/8 b@16/8 c@24/8");
	run(NULL);
	const struct lu_diff_struct *ds = &d.structs[0];

	cr_assert_eq(ds->n_members, 3);
	cr_expect_eq(ds->members[1].change, LU_DIFF_MOVED);
	cr_expect_eq(ds->members[2].change, LU_DIFF_MOVED);
}

Test(diff, hot_members_come_first_and_break_runs)
{
	add(&old_set, "s", 128,
	    "a@0/8 b@8/8 c@16/8 d@24/8 e@32/8 f@40/8 g@48/8 h@56/8");
	add(&new_set, "s", 128,
	    "a@0/8 b@72/8 c@80/8 d@88/8 e@96/8 f@104/8 g@112/8 h@120/8");
	run("[struct s]\nwrite = a\nread = e\n");
	const struct lu_diff_struct *ds = &d.structs[0];

	/* e is hot: listed first, alone; b-d and f-h are two runs */
	cr_assert_eq(ds->n_members, 4);
	cr_expect_eq(ds->n_hot, 2);
	cr_expect_str_eq(name_of(ds, ds->members[0].new, true), "a");
	cr_expect_eq(ds->members[0].change, LU_DIFF_STAYED);
	cr_expect_str_eq(name_of(ds, ds->members[1].new, true), "e");
	cr_expect_eq(ds->members[1].change, LU_DIFF_MOVED);
	cr_expect_eq(ds->members[1].kind, LU_KIND_READ);
	cr_expect(ds->members[1].line_changed);
	cr_expect_eq(ds->members[2].change, LU_DIFF_SHIFTED);
	cr_expect_eq(ds->members[2].count, 3);
	cr_expect_eq(ds->members[3].count, 3);
	cr_expect_str_eq(ds->members[3].after, "e");
	/* e left a's line: the conflict went away, and nothing is broken */
	cr_expect_eq(d.n_gone, 1);
	cr_expect_eq(d.n_appeared, 0);
	cr_expect_eq(lu_diff_exit(&d, 0), 0);
	cr_expect_eq(lu_diff_exit(&d, LU_FAIL_ON_MOVES), 1);
}

Test(diff, a_hot_group_shifted_whole_is_one_run_listed_first)
{
	add(&old_set, "s", 40, "a@0/8 b@8/8 c@16/8 d@24/8 e@32/8");
	add(&new_set, "s", 48, "a@0/8 x@8/8 b@16/8 c@24/8 d@32/8 e@40/8");
	run("[struct s]\nwrite = b c d\n");
	const struct lu_diff_struct *ds = &d.structs[0];

	/* b-d: a run of their group, first; e alone; x added */
	cr_assert_eq(ds->n_members, 3);
	cr_expect(ds->members[0].hot);
	cr_expect_eq(ds->members[0].change, LU_DIFF_SHIFTED);
	cr_expect_eq(ds->members[0].count, 3);
	cr_expect_eq(ds->members[0].kind, LU_KIND_WRITE);
	cr_expect_eq(ds->members[1].change, LU_DIFF_ADDED);
	cr_expect_eq(ds->members[2].change, LU_DIFF_MOVED);
}

Test(diff, a_conflict_that_appears_is_newly_broken)
{
	add(&old_set, "s", 128, "w@0/8 r@64/8");
	add(&new_set, "s", 128, "w@0/8 r@8/8");
	run("[struct s]\nwrite = w\nread = r\nalign = 64\n");
	cr_expect_eq(d.n_appeared, 1);
	cr_expect_eq(d.n_new_errors, 1);
	cr_expect_eq(lu_diff_exit(&d, 0), 1);
	/* the same conflict on another line is not news */
	lu_diff_free(&d);
	lu_set_free(&old_set);
	lu_set_init(&old_set, "old.o");
	old_set.line_size = 64;
	add(&old_set, "s", 128, "w@64/8 r@72/8");
	lu_set_finish(&old_set);
	lu_diff_sets(&old_set, &new_set,
		     &(struct lu_diff_opts){ .rules = &rules }, &d);
	cr_expect_eq(d.n_appeared, 0);
	cr_expect_eq(d.n_gone, 0);
	cr_expect_eq(d.structs[0].n_kept, 1);
}

Test(diff, unnamed_members_match_by_rank_and_size)
{
	add(&old_set, "s", 16, "@0/4 a@4/4 @8/8");
	add(&new_set, "s", 16, "@0/4 a@4/4 @8/4 @12/4");
	run(NULL);
	const struct lu_diff_struct *ds = &d.structs[0];

	/* the first matches; the second is 8 bytes, then 4: gone, and the
	 * two new ones added (by offset, OLD's for the one removed) */
	cr_assert_eq(ds->n_members, 3);
	cr_expect_eq(ds->members[0].change, LU_DIFF_ADDED);
	cr_expect_eq(ds->members[1].change, LU_DIFF_REMOVED);
	cr_expect_eq(ds->members[2].change, LU_DIFF_ADDED);
	cr_expect_eq(ds->members[2].new, 3);
}

Test(diff, structs_match_by_typedef_and_one_sided_ones_are_named)
{
	struct lu_struct *o = add(&old_set, "ring_t", 8, "a@0/8");
	struct lu_struct *n = add(&new_set, "ring", 16, "a@0/8 b@8/8");
	static const char *typedefs[] = { "ring_t" };

	o->tagless = true;
	n->typedefs = typedefs;
	n->n_typedefs = 1;
	add(&old_set, "gone", 8, "a@0/8");
	add(&new_set, "fresh", 8, "a@0/8");
	run(NULL);
	cr_expect_eq(d.n_compared, 1);
	cr_expect_eq(d.n_structs, 1);
	cr_assert_eq(d.n_only_old, 1);
	cr_expect_str_eq(d.only_old[0], "gone");
	cr_assert_eq(d.n_only_new, 1);
	cr_expect_str_eq(d.only_new[0], "fresh");
}

Test(diff, a_guessed_alignment_is_no_change)
{
	struct lu_struct *o = add(&old_set, "s", 8, "a@0/8");
	struct lu_struct *n = add(&new_set, "s", 8, "a@0/8");

	o->align = 8;
	n->align = 4;
	n->align_inferred = true;
	run(NULL);
	cr_expect_eq(d.n_structs, 0);
}

Test(diff, each_side_counts_its_own_lines)
{
	add(&old_set, "s", 256, "a@0/8 b@96/8");
	add(&new_set, "s", 256, "a@0/8 b@100/8");
	new_set.line_size = 128;
	run(NULL);
	const struct lu_diff_struct *ds = &d.structs[0];

	/* line 1 of 64 bytes, then line 0 of 128 */
	cr_assert_eq(ds->n_members, 1);
	cr_expect(ds->members[0].line_changed);
}
