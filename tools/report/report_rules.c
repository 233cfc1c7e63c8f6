/* SPDX-License-Identifier: MIT */
/*
 * Every check lineup runs, by its stable id: text ends a finding's line
 * with it ("[LU001]", as gcc ends a warning with "[-Wname]"), JSON and
 * SARIF carry it, and doc/checks.md lists the same rows (tests/unit
 * compares them, so the page cannot drift from this table).
 */
#include "report.h"


/*
 * Each row: the id, a name, what code scanning shows for it (the one-line
 * summary, the full description) and the help that says how to fix it.
 * check's rows are indexed by enum lu_finding_type; the others follow.
 */
static const struct lu_check_rule rules[] = {
	[LU_FIND_CONFLICT] = { "LU001", "false-sharing",
		"A written field shares a cache line with another hot field",
		"A member of a write group (stored on a hot path) shares a "
		"cache line (or, with --pair, a line pair; or a bit-field's "
		"storage unit) with a member of another write or read group. "
		"Every store by one CPU invalidates the line in every other "
		"CPU's cache, so the other group's loads and stores miss: "
		"false sharing.",
		"Move the members so that the groups start on different "
		"lines: put cold members between them, start the write group "
		"with LINEUP_BEGIN_ALIGNED (or the kernel's "
		"__cacheline_group_begin_aligned), or wrap it in "
		"LINEUP_ISOLATE_BEGIN/END. `lineup suggest` proposes layouts "
		"that hold, and `lineup show` shows where every member lands. "
		"When objects are line-aligned but the struct's type is not, "
		"say so with `align = 64` in the rules or --align 64." },
	[LU_FIND_SIZE] = { "LU002", "max-size",
		"The struct is larger than its max_size",
		"The struct's size exceeds the max_size its rules set: a "
		"member was added or grew, or padding appeared.",
		"Reorder members to close holes (`lineup show` lists them), "
		"move cold members out, or raise max_size in the rules if "
		"the growth is intended." },
	[LU_FIND_GROUP_BYTES] = { "LU003", "group-bytes",
		"A group is larger than its max_bytes",
		"A group's bytes, from its begin marker to its end marker (or "
		"first to last member for a rules group), exceed the "
		"max_bytes.GROUP its rules set.",
		"Move members out of the group or close its holes; padding "
		"after a begin marker counts as the group's (doc/header.md, "
		"\"Group bytes\"). Raise max_bytes.GROUP if intended." },
	[LU_FIND_GROUP_LINES] = { "LU004", "group-lines",
		"A group spans more lines than max_lines",
		"Wherever the struct may start (its alignment, or align = N, "
		"or --align), the group touches more cache lines than the "
		"max_lines.GROUP its rules set.",
		"Shrink the group, start it on a line (LINEUP_BEGIN_ALIGNED), "
		"or state how objects are allocated (align = 64) if they are "
		"line-aligned." },
	[LU_FIND_MISSING] = { "LU005", "missing-member",
		"The rules name a member the layout lacks",
		"A rules file names a member the struct does not have in this "
		"input: renamed, removed, or only in other configurations.",
		"Fix the name in the rules (the message offers the nearest "
		"member), or check every configuration with `lineup matrix`. "
		"--strict makes this an error." },
	[LU_FIND_UNKNOWN_GROUP] = { "LU006", "missing-group",
		"The rules name a group the layout lacks",
		"A rules file sets a limit or an allow on a group the struct "
		"does not have.",
		"Fix the group's name in the rules (the message offers the "
		"nearest one). --strict makes this an error." },
	[LU_FIND_FOOTPRINT] = { "LU007", "group-footprint",
		"The cache lines a kernel group's bytes touch",
		"A note for each kernel __cacheline_group_begin__ group: its "
		"bytes, the lines they touch where the object starts a line, "
		"the fewest lines they could fit in, and the most over every "
		"start its alignment allows (doc/kernel-groups.md).",
		"Nothing to fix: it says what CACHELINE_ASSERT_GROUP_SIZE "
		"would bound. A group on more lines than it needs may gain "
		"from __cacheline_group_begin_aligned." },
	[LU_FIND_KERNEL_SIZE] = { "LU008", "kernel-group-size",
		"A kernel group is past its CACHELINE_ASSERT_GROUP_SIZE",
		"check --kernel-asserts FILE.c: a kernel group's bytes, from "
		"its begin marker to its end marker, exceed the bound the "
		"kernel's own CACHELINE_ASSERT_GROUP_SIZE call in FILE.c "
		"gives it, in this input (an architecture or a configuration "
		"the kernel's BUILD_BUG_ON has not been built for yet). A "
		"group exactly at its bound is a note: one more byte breaks "
		"the build there; below it, a note with the bytes to spare. "
		"Under an #if the call may not apply to the input: then a "
		"warning. A group the input's struct lacks is a warning (a "
		"note under an #if): that call is not checked.",
		"Find what grew with `lineup show` on this input (holes, "
		"members whose size differs by architecture, such as longs "
		"and pointers, or u64s aligned to 8 on 32-bit ARM), reorder "
		"or move it out of the group, or raise the bound in the "
		"kernel's *_struct_check() if the growth is intended." },
	[LU_FIND_KERNEL_MEMBER] = { "LU009", "kernel-group-member",
		"A member is outside the group its "
		"CACHELINE_ASSERT_GROUP_MEMBER names",
		"check --kernel-asserts FILE.c: a member the kernel's own "
		"CACHELINE_ASSERT_GROUP_MEMBER call in FILE.c places in a "
		"group lies outside that group's begin and end markers in "
		"this input. Under an #if the call may not apply to the "
		"input: then a warning. A member or group the input's struct "
		"lacks is a warning (a note under an #if): that call is not "
		"checked.",
		"Move the member between the group's markers, or fix the "
		"assert in the kernel's *_struct_check()." },

	[LU_FIND_EMPTY_GROUP] = { "LU010", "empty-group",
		"A rules group checks nothing: the layout has none of its "
		"members",
		"A rules group names members of which the struct has none in "
		"any input (or configuration): every name is misspelt, "
		"renamed or configured out, so the group guards nothing and "
		"the check would pass whatever the layout. A group with one "
		"member present checks that member and is not reported.",
		"Fix the names in the rules (each missing member's LU005 "
		"line offers the nearest one), or drop the group. Under "
		"--strict each missing member is an error (LU005) instead." },
	[LU_RULE_DIFF_SIZE] = { "LU101", "struct-size",
		"The struct's size or alignment changed",
		"lineup diff: the struct's size or alignment differs between "
		"the old and the new build. A note unless --fail-on size "
		"makes it an error.",
		"If the growth is not intended, `lineup show` on both builds "
		"shows where the bytes went (new members, new holes); "
		"`lineup suggest` closes holes. max_size in the rules makes "
		"`lineup check` keep the bound." },
	[LU_RULE_DIFF_PLACE] = { "LU102", "member-placement",
		"A member moved, or a hot member's place is worth a look",
		"lineup diff: a member (or a run of members shifted together) "
		"is at another offset or another cache line than in the old "
		"build; a hot member (one of a write or read group) is listed "
		"even when it stays. A note unless --fail-on moves makes a "
		"change of line an error.",
		"Check that the hot groups still sit where the rules want "
		"them (`lineup check`); pin a layout that must not move with "
		"`lineup asserts`." },
	[LU_RULE_DIFF_SET] = { "LU103", "member-set",
		"A member was added or removed",
		"lineup diff: a member is in one build only (added, removed, "
		"or renamed, which reads as both).",
		"Nothing to fix if intended; if the rules name the member, "
		"rename it there too (`lineup check` reports a name the "
		"layout lacks as LU005)." },
	[LU_RULE_DIFF_STRUCTS] = { "LU104", "struct-set",
		"A struct named with --struct is in one build only",
		"lineup diff --struct NAME: one of the two builds has no "
		"struct NAME (renamed, removed, or compiled out there).",
		"Name the struct as both builds spell it, or compare builds "
		"made with the same configuration." },
	[LU_RULE_SEEN_SHARING] = { "LU201", "observed-false-sharing",
		"Measured stores to a line that other accesses also hit",
		"lineup c2c (from perf c2c's samples) or lineup trace (from "
		"an instrumented run): a member stored on a cache line whose "
		"other members are loaded or stored, by other CPUs or "
		"threads, in the same run. Every such store invalidates the "
		"line in the other caches: false sharing that happened.",
		"Give the stored member a line of its own (reorder, "
		"LINEUP_BEGIN_ALIGNED or LINEUP_ISOLATE_BEGIN/END); "
		"--rules-out drafts a rules file from the evidence so that "
		"`lineup check` keeps the layout fixed." },
};

_Static_assert(sizeof(rules) / sizeof(rules[0]) == LU_N_RULES,
	       "report.h counts the rules");

const struct lu_check_rule *lu_check_rules(size_t *n)
{
	*n = LU_N_RULES;
	return rules;
}

const char *lu_rule_id(size_t rule)
{
	return rule < LU_N_RULES ? rules[rule].id : "";
}

const char *lu_finding_id(enum lu_finding_type t)
{
	return lu_rule_id((size_t)t);
}
