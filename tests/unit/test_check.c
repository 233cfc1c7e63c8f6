/* SPDX-License-Identifier: MIT */
/*
 * The checker's semantics on layouts built by hand: what conflicts, at
 * which starts, with --pair, bit-fields, allow and limits.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "reader.h"
#include "rules.h"

struct fixture {
	struct lu_set set;
	struct lu_rules rules;
	struct lu_findings found;
};

/* A struct from "name:offset:size[:bits]" words, e.g. "a:0:8 b:64:8". */
static struct lu_struct *layout(struct fixture *f, const char *name,
				uint64_t size, uint64_t align,
				const char *members)
{
	struct lu_struct *s = lu_set_add(&f->set);
	struct lu_member *m = lu_arena_alloc(&f->set.arena,
					     64 * sizeof(*m));
	char buf[512];

	s->name = name;
	s->size = size;
	s->align = align;
	s->members = m;
	strncpy(buf, members, sizeof(buf) - 1);
	buf[sizeof(buf) - 1] = '\0';
	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		struct lu_member *x = &m[s->n_members++];
		char mname[64];
		unsigned long long off, sz;
		unsigned bits = 0;

		cr_assert(sscanf(w, "%63[^:]:%llu:%llu:%u", mname, &off, &sz,
				 &bits) >= 3);
		x->name = lu_arena_strdup(&f->set.arena, mname);
		x->type = "long";
		x->dims = "";
		x->offset = off;
		x->size = sz;
		x->bit_size = bits;
		x->group = -1;
	}
	lu_struct_find_groups(s, &f->set.arena);
	return s;
}

static void rules(struct fixture *f, const char *text)
{
	struct lu_error err;

	cr_assert_eq(lu_rules_parse_string(text, strlen(text), "r.ini",
					   &f->rules, &err), 0, "%s", err.msg);
}

static void check(struct fixture *f, unsigned line, bool pair)
{
	struct lu_check_opts o = { .line_size = line, .pair = pair };

	lu_check_set(&f->set, 0, &f->rules, &o, &f->found);
}

static void done(struct fixture *f)
{
	lu_findings_free(&f->found);
	lu_rules_free(&f->rules);
	lu_set_free(&f->set);
}

static size_t count(const struct fixture *f, enum lu_finding_type t)
{
	size_t n = 0;

	for (size_t i = 0; i < f->found.n; i++)
		n += f->found.items[i].type == t &&
		     f->found.items[i].severity == LU_ERROR;
	return n;
}

Test(check, seed_before_fix_conflicts_on_line_4)
{
	struct fixture f = { 0 };

	layout(&f, "task_group", 704, 64,
	       "css:0:200 se:200:8 load_avg:256:8 rt_se:264:8 rt_rq:272:8 "
	       "rcu:376:16 parent:408:8");
	rules(&f, "[struct task_group]\nwrite = load_avg\n"
		  "read = parent rt_se rt_rq\ncold = rcu\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	const struct lu_finding *x = &f.found.items[0];

	cr_assert_eq(x->line, 4);
	cr_assert_eq(x->line_lo, 256);
	cr_assert_eq(x->line_hi, 319);
	cr_assert_eq(x->n_members, 1);
	cr_assert_eq(x->n_others, 2);
	cr_assert_str_eq(x->s->members[x->others[0]].name, "rt_se");
	cr_assert_str_eq(x->s->members[x->others[1]].name, "rt_rq");
	cr_assert(x->every_start);
	done(&f);
}

Test(check, seed_reordered_passes)
{
	struct fixture f = { 0 };

	layout(&f, "task_group", 704, 64,
	       "load_avg:256:8 rcu:264:16 list:280:16 siblings:296:16 "
	       "children:312:16 parent:328:8 rt_se:336:8 rt_rq:344:8");
	rules(&f, "[struct task_group]\nwrite = load_avg\n"
		  "read = parent rt_se rt_rq\ncold = rcu list siblings children\n"
		  "max_size = 768\n");
	check(&f, 64, false);
	cr_assert_eq(f.found.n_errors, 0);
	done(&f);
}

Test(check, read_read_and_cold_never_conflict)
{
	struct fixture f = { 0 };

	layout(&f, "s", 64, 64, "a:0:8 b:8:8 c:16:8 d:24:8");
	rules(&f, "[struct s]\nread.x = a\nread.y = b\ncold = c\nwrite = d\n"
		  "allow = write y\n");
	check(&f, 64, false);
	/* only d (write) vs a (read x): y is allowed, cold never counts */
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	cr_assert_str_eq(f.found.items[0].other_group->name, "x");
	done(&f);
}

Test(check, two_write_groups_conflict)
{
	struct fixture f = { 0 };

	layout(&f, "s", 128, 64, "a:0:8 b:56:16");
	rules(&f, "[struct s]\nwrite.rx = a\nwrite.tx = b\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	done(&f);
}

/* b spans lines 0 and 1; a sits on line 1. */
Test(check, every_line_a_member_spans_counts)
{
	struct fixture f = { 0 };

	layout(&f, "s", 128, 64, "b:60:8 a:96:8");
	rules(&f, "[struct s]\nwrite = a\nread = b\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	cr_assert_eq(f.found.items[0].line, 1);
	done(&f);
}

/* Aligned to 8: a conflict at some starts only, and they are named. */
Test(check, placement_lists_the_bad_starts)
{
	struct fixture f = { 0 };

	layout(&f, "s", 48, 8, "w:0:8 r:40:8");
	rules(&f, "[struct s]\nwrite = w\nread = r\n");
	check(&f, 64, false);
	/* r leaves w's line once the object starts at 24 or later */
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	const struct lu_finding *x = &f.found.items[0];

	cr_assert_not(x->every_start);
	cr_assert_eq(x->n_starts, 3);
	cr_assert_eq(x->starts[0], 0);
	cr_assert_eq(x->starts[2], 16);
	done(&f);
}

Test(check, line_aligned_struct_has_one_start)
{
	struct fixture f = { 0 };

	layout(&f, "s", 128, 64, "w:0:8 r:64:8");
	rules(&f, "[struct s]\nwrite = w\nread = r\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 0);
	done(&f);
}

/* Packed: 64 possible starts; neighbours split only at the last one. */
Test(check, packed_tries_every_byte)
{
	struct fixture f = { 0 };

	layout(&f, "s", 9, 1, "w:0:1 r:1:8");
	rules(&f, "[struct s]\nwrite = w\nread = r\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	cr_assert_not(f.found.items[0].every_start);
	cr_assert_eq(f.found.items[0].n_starts, 63);
	done(&f);
}

/* Overlapping members (a union) share a line wherever it starts. */
Test(check, union_members_conflict_at_every_start)
{
	struct fixture f = { 0 };

	layout(&f, "u", 8, 1, "w:0:8 r:4:4");
	rules(&f, "[struct u]\nwrite = w\nread = r\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	cr_assert(f.found.items[0].every_start);
	cr_assert_eq(f.found.items[0].n_starts, 64);
	done(&f);
}

/* 64 bytes apart: fine per line, a conflict per pair of lines. */
Test(check, pair_makes_adjacent_lines_one_unit)
{
	struct fixture f = { 0 };

	layout(&f, "s", 128, 128, "w:0:8 r:64:8");
	rules(&f, "[struct s]\nwrite = w\nread = r\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 0);
	check(&f, 64, true);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	done(&f);
}

Test(check, write_bitfield_shares_its_storage_unit)
{
	struct fixture f = { 0 };

	layout(&f, "s", 128, 64, "hot:0:4:3 quiet:0:4:5");
	rules(&f, "[struct s]\nwrite = hot\ncold = quiet\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	cr_assert(f.found.items[0].storage_unit);
	done(&f);
}

/* Two write groups in one storage unit: one finding, not one per side. */
Test(check, two_writers_in_a_unit_are_one_finding)
{
	struct fixture f = { 0 };

	layout(&f, "s", 128, 64, "tx:0:4:3 rx:0:4:5 other:64:8");
	rules(&f, "[struct s]\nwrite.tx = tx\nwrite.rx = rx\n");
	check(&f, 64, false);
	/* the line conflict names the same two members: left out */
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	const struct lu_finding *x = &f.found.items[0];

	cr_assert(x->storage_unit);
	cr_assert(x->every_start);
	cr_assert_str_eq(x->group->name, "tx");	/* declared first */
	cr_assert_eq(x->n_members, 1);
	cr_assert_eq(x->members[0], 0);
	cr_assert_eq(x->n_others, 1);
	cr_assert_eq(x->others[0], 1);
	cr_assert_eq(x->line_lo, 0);
	cr_assert_eq(x->line_hi, 3);
	done(&f);
}

Test(check, write_and_read_in_a_unit_are_one_finding)
{
	struct fixture f = { 0 };

	layout(&f, "s", 128, 64, "mode:0:4:3 hot:0:4:5");
	rules(&f, "[struct s]\nread = mode\nwrite = hot\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	cr_assert(f.found.items[0].storage_unit);
	/* the writer first, though declared second */
	cr_assert_str_eq(f.found.items[0].group->name, "write");
	cr_assert_eq(f.found.items[0].members[0], 1);
	done(&f);
}

/* Every member of each group in the unit, in one finding. */
Test(check, a_unit_lists_each_side_once)
{
	struct fixture f = { 0 };

	layout(&f, "s", 64, 64, "a:0:4:1 b:0:4:1 c:0:4:1 d:0:4:1");
	rules(&f, "[struct s]\nwrite = a c\nread = b d\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	const struct lu_finding *x = &f.found.items[0];

	cr_assert_eq(x->n_members, 2);
	cr_assert_eq(x->members[1], 2);
	cr_assert_eq(x->n_others, 2);
	cr_assert_eq(x->others[1], 3);
	done(&f);
}

/* A line conflict that names more than the unit's sharers stays. */
Test(check, a_line_conflict_beyond_the_unit_stays)
{
	struct fixture f = { 0 };

	layout(&f, "s", 64, 64, "hot:0:4:3 mode:0:4:5 flags:8:8");
	rules(&f, "[struct s]\nwrite = hot\nread = mode flags\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 2);
	cr_assert_not(f.found.items[0].storage_unit);
	cr_assert_eq(f.found.items[0].n_others, 2);
	cr_assert(f.found.items[1].storage_unit);
	cr_assert_eq(f.found.items[1].n_others, 1);
	done(&f);
}

/* Two units on one line: a line finding, as no one unit says it all. */
Test(check, two_units_on_a_line_keep_the_line_finding)
{
	struct fixture f = { 0 };

	layout(&f, "s", 64, 64, "a:0:4:1 b:0:4:1 c:4:4:1 d:4:4:1");
	rules(&f, "[struct s]\nwrite = a c\nread = b d\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 3);
	cr_assert_not(f.found.items[0].storage_unit);
	cr_assert_eq(f.found.items[0].n_members, 2);
	cr_assert_eq(f.found.items[0].n_others, 2);
	cr_assert(f.found.items[1].storage_unit);
	cr_assert_eq(f.found.items[1].line_lo, 0);
	cr_assert(f.found.items[2].storage_unit);
	cr_assert_eq(f.found.items[2].line_lo, 4);
	done(&f);
}

/* A unit of sharers at one start, a wider line conflict at another. */
Test(check, a_line_conflict_counts_only_its_own_starts)
{
	struct fixture f = { 0 };

	/* from start 4 on, line 1 holds the unit and flags too */
	layout(&f, "s", 72, 4, "hot:60:4:3 mode:60:4:5 flags:64:8");
	rules(&f, "[struct s]\nwrite = hot\nread = mode flags\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 2);
	const struct lu_finding *x = &f.found.items[0];

	cr_assert_not(x->storage_unit);
	cr_assert_not(x->every_start);
	cr_assert_eq(x->starts[0], 4);
	cr_assert_eq(x->n_starts, 15);
	cr_assert(f.found.items[1].storage_unit);
	done(&f);
}

/* A pair's findings on several lines, between other pairs' findings. */
Test(check, each_finding_gets_its_own_pairs_starts)
{
	struct fixture f = { 0 };

	layout(&f, "s", 256, 8, "w1:0:8 r:8:8 w2:16:8 w1b:128:8 rb:136:8");
	rules(&f, "[struct s]\nwrite.one = w1 w1b\nwrite.two = w2\n"
		  "read = r rb\n");
	check(&f, 64, false);
	cr_assert_geq(count(&f, LU_FIND_CONFLICT), 4);
	for (size_t i = 0; i < f.found.n; i++) {
		const struct lu_finding *x = &f.found.items[i];

		cr_assert_gt(x->n_starts, 0, "finding %zu has no starts", i);
		cr_assert_eq(x->starts[0], 0);
	}
	done(&f);
}

Test(check, limits)
{
	struct fixture f = { 0 };

	layout(&f, "s", 256, 8, "a:0:8 b:8:120 c:128:8");
	rules(&f, "[struct s]\ncold.big = a b\nmax_size = 192\n"
		  "max_bytes.big = 64\nmax_lines.big = 2\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_SIZE), 1);
	cr_assert_eq(count(&f, LU_FIND_GROUP_BYTES), 1);
	/* 128 bytes aligned to 8 can touch 3 lines */
	cr_assert_eq(count(&f, LU_FIND_GROUP_LINES), 1);
	done(&f);
}

Test(check, missing_members_are_notes_or_warnings)
{
	struct fixture f = { 0 };

	layout(&f, "s", 64, 64, "counter:0:8 parent:8:8");
	rules(&f, "[struct s]\nwrite = countr rt_se\nread = parent\n");
	check(&f, 64, false);
	cr_assert_eq(f.found.n_errors, 0);
	cr_assert_eq(f.found.n_warnings, 1);
	cr_assert_eq(f.found.n_notes, 1);
	const struct lu_finding *w = &f.found.items[0];

	cr_assert_str_eq(w->name, "countr");
	cr_assert_str_eq(w->suggestion, "counter");
	struct lu_check_opts strict = { .line_size = 64, .strict = true };
	struct lu_findings more = { 0 };

	lu_check_set(&f.set, 0, &f.rules, &strict, &more);
	cr_assert_eq(more.n_errors, 2);
	lu_findings_free(&more);
	done(&f);
}

/* Kernel markers name the groups and their kinds. */
Test(check, kernel_markers_make_groups)
{
	struct fixture f = { 0 };
	struct lu_struct *s = layout(
		&f, "netdev", 128, 64,
		"__cacheline_group_begin__net_device_read_tx:0:0 "
		"a:0:8 b:8:8 __cacheline_group_end__net_device_read_tx:16:0 "
		"__cacheline_group_begin__net_device_write_rx:16:0 c:16:8 "
		"__cacheline_group_end__net_device_write_rx:24:0 d:64:8");

	cr_assert_eq(s->n_groups, 2);
	cr_assert_eq(s->groups[0].kind, LU_KIND_READ);
	cr_assert_eq(s->groups[1].kind, LU_KIND_WRITE);
	cr_assert_eq(s->members[2].group, 0);
	cr_assert_eq(s->members[7].group, -1);
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	done(&f);
}
