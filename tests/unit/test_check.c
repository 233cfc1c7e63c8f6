/* SPDX-License-Identifier: MIT */
/*
 * The checker's semantics on layouts built by hand: what conflicts, at
 * which starts, with --pair, bit-fields, allow and limits; stated and
 * inferred alignments; what reports and `show` say of them.
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kernel_groups.h"
#include "reader.h"
#include "report.h"
#include "rules.h"
#include "show.h"
#include "markers.h"

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
		/* "head.lock": a member of the named member head */
		for (const char *d = mname; (d = strchr(d, '.')); d++)
			x->depth++;
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

/* ---- where objects start: stated and inferred alignment ------------ */

/* place8 of tests/check/fixtures/placement.c: w and r share line 1 when
 * the object starts at 24, 32, 40, 48 or 56 of a line, never at 0. */
#define PLACE8 "head:0:40 w:40:8 gap:48:16 r:64:8"
#define WR "write = w\nread = r\n"

static const struct lu_finding *only_conflict(const struct fixture *f)
{
	const struct lu_finding *x = NULL;

	for (size_t i = 0; i < f->found.n; i++) {
		if (f->found.items[i].type != LU_FIND_CONFLICT)
			continue;
		cr_assert_null(x, "more than one conflict");
		x = &f->found.items[i];
	}
	cr_assert_not_null(x, "no conflict");
	return x;
}

static void check_with(struct fixture *f, const struct lu_check_opts *o)
{
	lu_check_set(&f->set, 0, &f->rules, o, &f->found);
}

static void message(const struct fixture *f, const struct lu_finding *x,
		    char *buf, size_t size)
{
	struct lu_report_ctx ctx = { .sets = &f->set, .n_sets = 1,
				     .line_size = 64, .align_option = true };

	lu_finding_message(x, &ctx, buf, size);
}

Test(align, a_declared_alignment_names_the_key_and_option)
{
	struct fixture f = { 0 };
	char msg[1024];

	layout(&f, "place8", 72, 8, PLACE8);
	rules(&f, "[struct place8]\n" WR);
	check(&f, 64, false);
	const struct lu_finding *x = only_conflict(&f);

	cr_assert_eq(x->severity, LU_ERROR);
	cr_assert(x->misaligned_only);
	cr_assert_eq(x->align, 8);
	cr_assert_eq(x->align_from, LU_ALIGN_DECLARED);
	message(&f, x, msg, sizeof(msg));
	cr_assert(strstr(msg, " when the struct starts at offset 24, 32, 40, "
			      "48 or 56 of a line (its alignment is 8; if "
			      "place8 objects are line-aligned, say `align = "
			      "64` in [struct place8] or --align 64)"),
		  "%s", msg);
	done(&f);
}

Test(align, the_rules_align_settles_it)
{
	struct fixture f = { 0 };

	layout(&f, "place8", 72, 8, PLACE8);
	rules(&f, "[struct place8]\n" WR "align = 64\n");
	check(&f, 64, false);
	cr_assert_eq(f.found.n, 0);
	done(&f);
}

Test(align, the_option_settles_it)
{
	struct fixture f = { 0 };
	struct lu_check_opts o = { .line_size = 64, .align = 64 };

	layout(&f, "place8", 72, 8, PLACE8);
	rules(&f, "[struct place8]\n" WR);
	check_with(&f, &o);
	cr_assert_eq(f.found.n, 0);
	done(&f);
}

/* The struct's own rule wins over --align, and the hint says only it. */
Test(align, the_rule_wins_over_the_option)
{
	struct fixture f = { 0 };
	struct lu_check_opts o = { .line_size = 64, .align = 64 };
	char msg[1024];

	layout(&f, "place8", 72, 8, PLACE8);
	rules(&f, "[struct place8]\n" WR "align = 16\n");
	check_with(&f, &o);
	const struct lu_finding *x = only_conflict(&f);

	cr_assert_eq(x->align, 16);
	cr_assert_eq(x->align_from, LU_ALIGN_RULES);
	cr_assert_eq(x->n_starts, 2);	/* 32 and 48 */
	cr_assert_eq(x->starts[0], 32);
	message(&f, x, msg, sizeof(msg));
	cr_assert(strstr(msg, "(its alignment is 16, from `align = 16` in "
			      "[struct place8]; if place8 objects are "
			      "line-aligned, say `align = 64` in [struct "
			      "place8])"),
		  "%s", msg);
	done(&f);
}

Test(align, the_option_below_a_line_is_named)
{
	struct fixture f = { 0 };
	struct lu_check_opts o = { .line_size = 64, .align = 16 };
	char msg[1024];

	layout(&f, "place8", 72, 8, PLACE8);
	rules(&f, "[struct place8]\n" WR);
	check_with(&f, &o);
	message(&f, only_conflict(&f), msg, sizeof(msg));
	cr_assert(strstr(msg, "(its alignment is 16, from --align 16; if "
			      "place8 objects are line-aligned, say `align = "
			      "64` in [struct place8] or --align 64)"),
		  "%s", msg);
	done(&f);
}

/* The compiler promises a recorded alignment: a statement cannot lower it. */
Test(align, a_statement_never_lowers_a_recorded_alignment)
{
	struct fixture f = { 0 };
	struct lu_check_opts o = { .line_size = 64, .align = 8 };

	layout(&f, "place64", 128, 64, PLACE8);
	rules(&f, "[struct place64]\n" WR "align = 8\n");
	check_with(&f, &o);
	cr_assert_eq(f.found.n, 0);
	done(&f);
}

/* BTF: a guess. Findings only at starts other than 0 are warnings. */
Test(align, an_inferred_alignment_makes_warnings)
{
	struct fixture f = { 0 };
	char msg[1024];

	layout(&f, "place8", 72, 8, PLACE8)->align_inferred = true;
	f.set.format = "btf";
	rules(&f, "[struct place8]\n" WR);
	check(&f, 64, false);
	const struct lu_finding *x = only_conflict(&f);

	cr_assert_eq(x->severity, LU_WARNING);
	cr_assert_eq(x->align_from, LU_ALIGN_INFERRED);
	cr_assert_eq(f.found.n_errors, 0);
	cr_assert_eq(f.found.n_warnings, 1);
	message(&f, x, msg, sizeof(msg));
	cr_assert(strstr(msg, "(its alignment is 8, inferred: BTF records no "
			      "alignment; if place8 objects are line-aligned, "
			      "say `align = 64` in [struct place8] or --align "
			      "64)"),
		  "%s", msg);
	done(&f);
}

Test(align, strict_makes_them_errors)
{
	struct fixture f = { 0 };
	struct lu_check_opts o = { .line_size = 64, .strict = true };

	layout(&f, "place8", 72, 8, PLACE8)->align_inferred = true;
	rules(&f, "[struct place8]\n" WR);
	check_with(&f, &o);
	cr_assert_eq(only_conflict(&f)->severity, LU_ERROR);
	cr_assert_eq(f.found.n_errors, 1);
	cr_assert_eq(f.found.n_warnings, 0);
	done(&f);
}

/* Wherever the object starts, the guess does not matter: an error. */
Test(align, an_inferred_alignment_keeps_errors_at_start_0)
{
	struct fixture f = { 0 };

	layout(&f, "every", 24, 8, "w:0:8 r:8:8 w2:16:8")->align_inferred =
		true;
	rules(&f, "[struct every]\nwrite = w w2\nread = r\n");
	check(&f, 64, false);
	cr_assert_eq(only_conflict(&f)->severity, LU_ERROR);
	cr_assert_not(only_conflict(&f)->misaligned_only);
	done(&f);
}

/* `align = N` replaces a guess, even downwards; --align only raises it
 * (a ____cacheline_aligned member makes a real 64). */
Test(align, the_rules_replace_a_guess_the_option_only_raises_it)
{
	struct fixture f = { 0 };
	struct lu_check_opts o = { .line_size = 64, .align = 8 };

	layout(&f, "a", 128, 64, "w:40:8 r:64:8")->align_inferred = true;
	layout(&f, "b", 128, 64, "w:40:8 r:64:8")->align_inferred = true;
	rules(&f, "[struct a]\n" WR "align = 8\n[struct b]\n" WR);
	check_with(&f, &o);
	const struct lu_finding *x = only_conflict(&f);

	cr_assert_str_eq(x->s->name, "a");
	cr_assert_eq(x->align, 8);
	cr_assert_eq(x->severity, LU_ERROR);	/* stated, not guessed */
	done(&f);
}

Test(align, max_lines_only_off_a_line_start)
{
	struct fixture f = { 0 };
	char msg[1024];

	layout(&f, "place8", 72, 8, PLACE8)->align_inferred = true;
	f.set.format = "btf";
	rules(&f, "[struct place8]\nwrite.hot = head w\nmax_lines.hot = 1\n");
	check(&f, 64, false);
	cr_assert_eq(f.found.n, 1);
	const struct lu_finding *x = &f.found.items[0];

	cr_assert_eq(x->type, LU_FIND_GROUP_LINES);
	cr_assert_eq(x->severity, LU_WARNING);
	cr_assert_eq(x->n_starts, 5);	/* 24 to 56 */
	message(&f, x, msg, sizeof(msg));
	cr_assert(strstr(msg, "can span 2 cache lines, more than max_lines.hot "
			      "= 1 when the struct starts at offset 24, 32, "
			      "40, 48 or 56 of a line (its alignment is 8, "
			      "inferred: BTF records no alignment; if place8 "
			      "objects are line-aligned, say `align = 64`"),
		  "%s", msg);
	done(&f);
}

/* ---- names: typedefs, allow only ----------------------------------- */

Test(names, rules_find_a_struct_by_a_typedef)
{
	struct fixture f = { 0 };
	struct lu_struct *s = layout(&f, "", 128, 64, "a:0:8 b:8:8");
	const char *names[] = { "stats_t", "stats2_t" };

	s->name = "stats_t";	/* tagless: the first typedef */
	s->tagless = true;
	s->typedefs = names;
	s->n_typedefs = 2;
	rules(&f, "[struct stats2_t]\nwrite = a\nread = b\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	char msg[1024];

	message(&f, only_conflict(&f), msg, sizeof(msg));
	/* C calls it stats_t, not struct stats_t */
	cr_assert(strstr(msg, "(read) in stats_t\0"), "%s", msg);
	done(&f);
}

/* A section with only `allow` silences one known sharing of markers
 * (rx against tx: kernel groups of one path may share anyway). */
Test(names, allow_only_silences_marker_groups)
{
	struct fixture f = { 0 };

	layout(&f, "knet", 128, 64,
	       "__cacheline_group_begin__knet_write_rx:0:0 a:0:8 "
	       "__cacheline_group_end__knet_write_rx:8:0 "
	       "__cacheline_group_begin__knet_read_tx:8:0 b:8:8 "
	       "__cacheline_group_end__knet_read_tx:16:0");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	lu_findings_free(&f.found);
	rules(&f, "[struct knet]\nallow = knet_write_rx knet_read_tx\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 0);
	cr_assert_eq(f.found.n_errors + f.found.n_warnings, 0);
	done(&f);
}

/* ---- dotted members ------------------------------------------------ */

/* head.lock is declared in its own type: the finding points at head. */
Test(names, a_dotted_member_points_at_its_outer_field)
{
	struct fixture f = { 0 };
	struct lu_struct *s = layout(&f, "queue", 128, 64,
				     "hits:0:8 head:8:16 head.lock:8:8 "
				     "head.seq:16:8");
	struct lu_report_ctx ctx = { .sets = &f.set, .n_sets = 1,
				     .line_size = 64 };
	struct lu_location loc;

	for (size_t i = 0; i < s->n_members; i++) {
		s->members[i].file = "q.c";
		s->members[i].decl_line = 10 + (unsigned)i;
	}
	rules(&f, "[struct queue]\nwrite = head.lock\nread = hits\n");
	check(&f, 64, false);
	lu_finding_location(only_conflict(&f), &ctx, &loc);
	cr_assert_str_eq(loc.file, "q.c");
	cr_assert_eq(loc.decl_line, 11, "points at line %u, not at head",
		     loc.decl_line);
	done(&f);
}

/* ---- show ---------------------------------------------------------- */

/* `lineup show` of F's set into a string the caller frees. */
static char *show(const struct fixture *f, bool with_findings)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	struct lu_show_opts o = { .line_size = 64 };

	cr_assert_not_null(out);
	cr_assert_eq(lu_show_text(out, &f->set,
				  with_findings ? &f->found : NULL, &o), 0);
	fclose(out);
	return text;
}

Test(show, a_conflict_inside_a_named_member_names_its_path)
{
	struct fixture f = { 0 };

	layout(&f, "queue", 128, 64,
	       "hits:0:8 head:8:16 head.lock:8:8 head.seq:16:8");
	rules(&f, "[struct queue]\nwrite = head.lock\nread = hits\n");
	check(&f, 64, false);
	char *text = show(&f, true);

	cr_assert(strstr(text, "head;"), "%s", text);
	cr_assert(strstr(text, "L0 <-- conflict: head.lock\n"), "%s", text);
	cr_assert(strstr(text, "hits;                 /*     0     8 */ L0 "
			       "<-- conflict\n"), "%s", text);
	cr_assert_null(strstr(text, "head.seq"), "%s", text);
	free(text);
	done(&f);
}

/* As pahole prints them: on the member after the gap, and after the
 * closing brace; guessed ones marked. */
Test(show, forced_alignments_as_pahole_prints_them)
{
	struct fixture f = { 0 };
	struct lu_struct *s = layout(&f, "tg", 320, 64,
				     "idle:208:4 load_avg:256:8 rt_se:264:8");
	char *text = show(&f, false);

	cr_assert(strstr(text, "load_avg __attribute__((__aligned__(64))); "
			       "/*   256     8 */ L4\n"), "%s", text);
	cr_assert(strstr(text, "rt_se;"), "%s", text);
	cr_assert(strstr(text, "/* forced alignments: 1, forced holes: 1, "
			       "sum forced holes: 44 */\n"), "%s", text);
	cr_assert(strstr(text, "\n} __attribute__((__aligned__(64)));\n"),
		  "%s", text);
	cr_assert_null(strstr(text, "inferred"), "%s", text);
	free(text);
	s->align_inferred = true;
	text = show(&f, false);
	cr_assert(strstr(text, "load_avg __attribute__((__aligned__(64))) "
			       "/* inferred */;"), "%s", text);
	cr_assert(strstr(text, "\n} __attribute__((__aligned__(64))) "
			       "/* inferred */;\n"), "%s", text);
	cr_assert(strstr(text, "/* lineup: align 64 (inferred), line 64"),
		  "%s", text);
	free(text);
	done(&f);
}

/* An anonymous struct is a block (the seed's isolation fix): its forced
 * alignment shows after its closing brace, and its tail padding is no gap
 * that forces the member after it. */
Test(show, no_forced_alignment_after_an_anonymous_struct)
{
	struct fixture f = { 0 };
	struct lu_struct *iso = layout(&f, "iso", 192, 64,
				       "parent:0:8 load_avg:64:8 rt_se:128:8");
	struct lu_struct *mix = layout(&f, "mix", 24, 8, "a:0:8 b:8:1 c:16:1");
	struct lu_block blocks[] = {
		{ .offset = 64, .size = 64, .first = 1, .last = 2,
		  .parent = -1 },
		{ .offset = 0, .size = 16, .first = 0, .last = 2,
		  .parent = -1 },
	};

	iso->blocks = &blocks[0];
	iso->n_blocks = 1;
	mix->blocks = &blocks[1];
	mix->n_blocks = 1;
	char *text = show(&f, false);

	cr_assert(strstr(text, "\t} __attribute__((__aligned__(64)));"),
		  "%s", text);
	cr_assert(strstr(text, "load_avg;"), "%s", text);
	cr_assert(strstr(text, "rt_se;"), "%s", text);
	cr_assert(strstr(text, "c;"), "%s", text);
	/* iso's closing brace has it, mix's not */
	cr_assert(strstr(text, "\n} __attribute__((__aligned__(64)));\n"),
		  "%s", text);
	cr_assert(strstr(text, "\n};\n"), "%s", text);
	free(text);
	done(&f);
}

Test(show, a_tagless_struct_as_pahole_prints_it)
{
	struct fixture f = { 0 };
	struct lu_struct *s = layout(&f, "counters_t", 16, 8, "a:0:8 b:8:8");
	const char *names[] = { "counters_t", "ctr_t" };

	s->tagless = true;
	s->typedefs = names;
	s->n_typedefs = 2;
	char *text = show(&f, false);

	cr_assert(strstr(text, "typedef struct {\t/* typedef ctr_t */\n"),
		  "%s", text);
	cr_assert(strstr(text, "\n} counters_t;\n"), "%s", text);
	cr_assert_null(strstr(text, "struct counters_t"), "%s", text);
	free(text);
	done(&f);
}

/* ---- kernel groups as the kernel means them (kernel_groups.c) ------- */

/* Arrays, not pointers: Criterion runs each case in a fresh process. */
struct kname {
	char name[32];
	enum lu_kind kind;
	enum lu_path path;
};

ParameterizedTestParameters(kernel_groups, kind_and_path_from_the_name)
{
	static struct kname names[] = {
		{ "tcp_sock_read_tx", LU_KIND_READ, LU_PATH_TX },
		{ "tcp_sock_write_txrx", LU_KIND_WRITE, LU_PATH_TXRX },
		{ "tcp_sock_write_rx", LU_KIND_WRITE, LU_PATH_RX },
		{ "sock_write_rxtx", LU_KIND_WRITE, LU_PATH_TXRX },
		{ "net_device_read_txrx", LU_KIND_READ, LU_PATH_TXRX },
		{ "netns_ipv4_read_rx", LU_KIND_READ, LU_PATH_RX },
		{ "read_mostly", LU_KIND_READ, LU_PATH_NONE },	/* idpf */
		{ "read_write", LU_KIND_WRITE, LU_PATH_NONE },	/* idpf */
		{ "write_mostly", LU_KIND_WRITE, LU_PATH_NONE },
		{ "cold", LU_KIND_COLD, LU_PATH_NONE },
		{ "icmp", LU_KIND_NONE, LU_PATH_NONE },
		{ "frag", LU_KIND_NONE, LU_PATH_NONE },
		/* words, not substrings */
		{ "writeback_rxq", LU_KIND_NONE, LU_PATH_NONE },
		{ "tx_read", LU_KIND_READ, LU_PATH_TX },
		{ "x_read_tx_rx", LU_KIND_READ, LU_PATH_TXRX },
		{ "__write__", LU_KIND_WRITE, LU_PATH_NONE },
		{ "", LU_KIND_NONE, LU_PATH_NONE },
	};

	return cr_make_param_array(struct kname, names,
				   sizeof(names) / sizeof(names[0]));
}

ParameterizedTest(struct kname *k, kernel_groups, kind_and_path_from_the_name)
{
	enum lu_kind kind;
	enum lu_path path;

	lu_kernel_group_parse(k->name, &kind, &path);
	cr_assert_eq(kind, k->kind, "%s: kind %d", k->name, kind);
	cr_assert_eq(path, k->path, "%s: path %d", k->name, path);
}

/* Two kernel groups of one member each, on one line. */
struct kpair {
	char a[32], b[32];
	size_t conflicts;
};

ParameterizedTestParameters(kernel_groups, conflicts_follow_the_paths)
{
	static struct kpair pairs[] = {
		/* tx and rx run on two CPUs at once */
		{ "k_write_tx", "k_read_rx", 1 },
		{ "k_write_rx", "k_write_tx", 1 },
		{ "k_read_tx", "k_write_rx", 1 },
		/* txrx is on both paths: its line is theirs anyway */
		{ "k_write_txrx", "k_write_tx", 0 },
		{ "k_write_txrx", "k_read_rx", 0 },
		{ "k_read_rxtx", "k_write_tx", 0 },
		{ "k_write_txrx", "k_write_txrx2_txrx", 0 },
		/* one path: the same CPU touches both */
		{ "k_write_tx", "k_read_tx", 0 },
		{ "k_write_rx", "k_write_rx2_rx", 0 },
		/* no path named: the kinds alone */
		{ "read_write", "read_mostly", 1 },
		{ "k_write", "k_read_tx", 1 },
		{ "k_write_tx", "k_read", 1 },
		{ "read_mostly", "k_read_tx", 0 },
		{ "cold", "k_write_tx", 0 },
	};

	return cr_make_param_array(struct kpair, pairs,
				   sizeof(pairs) / sizeof(pairs[0]));
}

ParameterizedTest(struct kpair *p, kernel_groups, conflicts_follow_the_paths)
{
	struct fixture f = { 0 };
	char members[512];

	snprintf(members, sizeof(members),
		 "__cacheline_group_begin__%s:0:0 a:0:8 "
		 "__cacheline_group_end__%s:8:0 "
		 "__cacheline_group_begin__%s:8:0 b:8:8 "
		 "__cacheline_group_end__%s:16:0",
		 p->a, p->a, p->b, p->b);
	layout(&f, "k", 64, 64, members);
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), p->conflicts, "%s, %s",
		     p->a, p->b);
	done(&f);
}

/* The path rule holds for a storage unit as for a line. */
Test(kernel_groups, one_path_shares_a_storage_unit)
{
	struct fixture f = { 0 };

	layout(&f, "k", 128, 64,
	       "__cacheline_group_begin__k_write_tx:0:0 a:0:4:3 "
	       "__cacheline_group_end__k_write_tx:0:0 "
	       "__cacheline_group_begin__k_write_txrx:0:0 b:0:4:5 "
	       "__cacheline_group_end__k_write_txrx:4:0 "
	       "__cacheline_group_begin__k_write_rx:64:0 c:64:4:2 "
	       "__cacheline_group_end__k_write_rx:68:0 "
	       "__cacheline_group_begin__k_read_tx:64:0 d:64:4:6 "
	       "__cacheline_group_end__k_read_tx:68:0");
	f.set.structs[0].members[3].bit_offset = 3;
	f.set.structs[0].members[9].bit_offset = 2;
	check(&f, 64, false);
	/* tx and txrx share their unit; rx and tx do not */
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	cr_assert(only_conflict(&f)->storage_unit);
	cr_assert_str_eq(only_conflict(&f)->group->name, "k_write_rx");
	done(&f);
}

/* A rules group is no kernel group: the kinds decide. */
Test(kernel_groups, a_rules_group_has_no_path)
{
	struct fixture f = { 0 };

	layout(&f, "k", 64, 64,
	       "__cacheline_group_begin__k_write_tx:0:0 a:0:8 "
	       "__cacheline_group_end__k_write_tx:8:0 b:8:8");
	rules(&f, "[struct k]\nread.k_read_tx = b\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	done(&f);
}

static const struct lu_finding *first_of(const struct fixture *f,
					 enum lu_finding_type t,
					 const char *group)
{
	for (size_t i = 0; i < f->found.n; i++)
		if (f->found.items[i].type == t &&
		    (!group || !strcmp(f->found.items[i].group->name, group)))
			return &f->found.items[i];
	cr_assert_fail("no finding of type %d for %s", t,
		       group ? group : "any group");
	return NULL;
}

Test(kernel_groups, a_footprint_note_per_group)
{
	struct fixture f = { 0 };

	/* tx: 40 bytes from 40, lines 0-1 where 1 would do; rx: 100
	 * bytes from 80, lines 1-2, the fewest */
	layout(&f, "k", 192, 8,
	       "head:0:40 __cacheline_group_begin__k_read_tx:40:0 a:40:40 "
	       "__cacheline_group_end__k_read_tx:80:0 "
	       "__cacheline_group_begin__k_read_rx:80:0 b:80:100 "
	       "__cacheline_group_end__k_read_rx:180:0");
	check(&f, 64, false);
	cr_assert_eq(f.found.n_errors + f.found.n_warnings, 0);
	cr_assert_eq(f.found.n_notes, 2);
	const struct lu_footprint *tx =
		&first_of(&f, LU_FIND_FOOTPRINT, "k_read_tx")->footprint;
	const struct lu_footprint *rx =
		&first_of(&f, LU_FIND_FOOTPRINT, "k_read_rx")->footprint;

	cr_assert_eq(tx->bytes, 40);
	cr_assert_eq(tx->first_line, 0);
	cr_assert_eq(tx->lines, 2);
	cr_assert_eq(tx->min_lines, 1);
	cr_assert_eq(tx->worst_lines, 2);
	cr_assert_eq(tx->align, 8);
	cr_assert_eq(rx->bytes, 100);
	cr_assert_eq(rx->first_line, 1);
	cr_assert_eq(rx->lines, 2);
	cr_assert_eq(rx->min_lines, 2);
	/* at start 56, bytes 136..235: lines 2-3; at 48, 128..227: 2-3;
	 * at 40, 120..219: lines 1-3 */
	cr_assert_eq(rx->worst_lines, 3);
	char msg[1024];

	message(&f, first_of(&f, LU_FIND_FOOTPRINT, "k_read_tx"), msg,
		sizeof(msg));
	cr_assert_str_eq(msg, "kernel group 'k_read_tx' (read, tx) of struct "
			      "k: 40 bytes on cache lines 0-1, where 1 line "
			      "would hold them");
	done(&f);
}

/* lineup.h's groups and the rules' have no footprint note */
Test(kernel_groups, only_kernel_groups_get_a_footprint)
{
	struct fixture f = { 0 };

	layout(&f, "k", 64, 64, "a:0:8 b:8:8");
	rules(&f, "[struct k]\nwrite = a\nread = b\n");
	check(&f, 64, false);
	cr_assert_eq(f.found.n_notes, 0);
	done(&f);
}

/* ---- a marker group's bytes: marker to marker (group_bytes.c) ------ */

/* tests/header/cases/begin_aligned.c, struct late: the begin marker of
 * 'load' sits at 8, its member at 64; the header says tick and load share
 * line 0, and so does the check, naming the padding. */
Test(group_bytes, padding_after_a_begin_marker_is_the_groups)
{
	struct fixture f = { 0 };

	layout(&f, "late", 128, 64,
	       "__cacheline_group_begin__t_read_tx:0:0 se:0:8 "
	       "__cacheline_group_end__t_read_tx:8:0 "
	       "__cacheline_group_begin__l_write_rx:8:0 load_avg:64:8 "
	       "__cacheline_group_end__l_write_rx:72:0");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	const struct lu_finding *x = only_conflict(&f);

	cr_assert_eq(x->line, 0);
	cr_assert_str_eq(x->group->name, "l_write_rx");
	cr_assert_not_null(x->padded_group);
	cr_assert_str_eq(x->padded_group->name, "l_write_rx");
	cr_assert_str_eq(x->s->members[x->padded_member].name, "load_avg");
	cr_assert_eq(x->padded_from, 8);
	cr_assert(x->padded_leading);
	const struct lu_footprint *fp =
		&first_of(&f, LU_FIND_FOOTPRINT, "l_write_rx")->footprint;

	cr_assert_eq(fp->bytes, 64);
	cr_assert_eq(fp->padding, 56);
	cr_assert_eq(fp->lines, 2);
	done(&f);
}

/* Padding on the line of a member of the same group changes nothing. */
Test(group_bytes, padding_on_a_members_line_says_nothing)
{
	struct fixture f = { 0 };

	layout(&f, "k", 128, 64,
	       "__cacheline_group_begin__t_read_tx:0:0 a:0:4 "
	       "__cacheline_group_end__t_read_tx:4:0 "
	       "__cacheline_group_begin__l_write_rx:4:0 b:8:8 "
	       "__cacheline_group_end__l_write_rx:16:0");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	cr_assert_null(only_conflict(&f)->padded_group);
	done(&f);
}

/* ---- rules replace markers, never double them ---------------------- */

#define KNET "__cacheline_group_begin__knet_read_tx:0:0 tx_ops:0:8 " \
	     "__cacheline_group_end__knet_read_tx:8:0 " \
	     "__cacheline_group_begin__knet_write_rx:8:0 rx_packets:8:8 " \
	     "rx_bytes:16:8 __cacheline_group_end__knet_write_rx:24:0 " \
	     "tail:64:64"

/* A member the rules name leaves its group, which shrinks to the rest. */
Test(rules_replace, a_named_member_leaves_its_marker_group)
{
	struct fixture f = { 0 };

	layout(&f, "knet", 128, 64, KNET);
	rules(&f, "[struct knet]\ncold.slow = rx_bytes\n"
		  "max_bytes.knet_write_rx = 8\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_GROUP_BYTES), 0);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	const struct lu_finding *x = only_conflict(&f);

	cr_assert_eq(x->n_members, 1);
	cr_assert_str_eq(x->s->members[x->members[0]].name, "rx_packets");
	cr_assert_eq(first_of(&f, LU_FIND_FOOTPRINT, "knet_write_rx")
			     ->footprint.bytes, 8);
	done(&f);
}

/* Leaving from the front: the group starts at its first member left. */
Test(rules_replace, the_first_member_leaves)
{
	struct fixture f = { 0 };

	layout(&f, "knet", 128, 64, KNET);
	rules(&f, "[struct knet]\ncold.slow = rx_packets\n"
		  "max_bytes.knet_write_rx = 8\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_GROUP_BYTES), 0);
	cr_assert_eq(first_of(&f, LU_FIND_FOOTPRINT, "knet_write_rx")
			     ->group->begin, 16);
	done(&f);
}

/* All gone: the marker group is still there for allow and limits, empty. */
Test(rules_replace, every_member_named_leaves_it_empty)
{
	struct fixture f = { 0 };

	layout(&f, "knet", 128, 64, KNET);
	rules(&f, "[struct knet]\ncold.slow = rx_packets rx_bytes\n"
		  "max_lines.knet_write_rx = 1\n");
	check(&f, 64, false);
	cr_assert_eq(f.found.n_errors + f.found.n_warnings, 0);
	cr_assert_eq(first_of(&f, LU_FIND_FOOTPRINT, "knet_write_rx")
			     ->footprint.bytes, 0);
	done(&f);
}

/* A rules group of a marker group's name is that group: one group, so
 * never a conflict of a group with itself. */
Test(rules_replace, the_same_name_is_the_same_group)
{
	struct fixture f = { 0 };

	layout(&f, "knet", 128, 64, KNET);
	rules(&f, "[struct knet]\nwrite.knet_write_rx = rx_packets\n"
		  "allow = knet_write_rx knet_read_tx\n");
	check(&f, 64, false);
	cr_assert_eq(f.found.n_errors + f.found.n_warnings, 0);
	size_t n = 0;

	for (size_t i = 0; i < f.found.n; i++)
		n += f.found.items[i].type == LU_FIND_FOOTPRINT &&
		     !strcmp(f.found.items[i].group->name, "knet_write_rx");
	cr_assert_eq(n, 1);
	done(&f);
}

/* ... and the rules say its kind: read now, so nothing on line 0 writes. */
Test(rules_replace, the_rules_give_the_kind)
{
	struct fixture f = { 0 };

	layout(&f, "knet", 128, 64, KNET);
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 1);
	lu_findings_free(&f.found);
	rules(&f, "[struct knet]\nread.knet_write_rx = rx_bytes\n");
	check(&f, 64, false);
	cr_assert_eq(count(&f, LU_FIND_CONFLICT), 0);
	const struct lu_group *g =
		first_of(&f, LU_FIND_FOOTPRINT, "knet_write_rx")->group;

	cr_assert_eq(g->kind, LU_KIND_READ);
	cr_assert_eq(g->origin, LU_ORIGIN_KERNEL);
	cr_assert_eq(g->begin, 8);
	cr_assert_eq(g->end, 24);
	done(&f);
}

/* --pair: a line-aligned object may start mid-pair; the hint asks for a
 * pair's alignment. */
Test(align, with_pairs_the_hint_asks_for_a_pair)
{
	struct fixture f = { 0 };
	struct lu_report_ctx ctx = { .sets = &f.set, .n_sets = 1,
				     .line_size = 64, .pair = true,
				     .align_option = true };
	char msg[1024];

	layout(&f, "p", 256, 64, "w:80:8 r:140:8");
	rules(&f, "[struct p]\n" WR);
	check(&f, 64, true);
	lu_finding_message(only_conflict(&f), &ctx, msg, sizeof(msg));
	cr_assert(strstr(msg, "in struct p when the struct starts at offset 64 "
			      "of a line pair (its alignment is 64; if p "
			      "objects are aligned to line pairs, say `align "
			      "= 128` in [struct p] or --align 128)"),
		  "%s", msg);
	done(&f);
}

/* matrix takes no --align: its hints name only the rule. */
Test(align, a_command_without_the_option_names_only_the_rule)
{
	struct fixture f = { 0 };
	struct lu_report_ctx ctx = { .sets = &f.set, .n_sets = 1,
				     .line_size = 64 };
	char msg[1024];

	layout(&f, "place8", 72, 8, PLACE8);
	rules(&f, "[struct place8]\n" WR);
	check(&f, 64, false);
	lu_finding_message(only_conflict(&f), &ctx, msg, sizeof(msg));
	cr_assert(strstr(msg, "say `align = 64` in [struct place8])"), "%s",
		  msg);
	done(&f);
}
