/* SPDX-License-Identifier: MIT */
/*
 * What the checker finds and how it is asked: the findings every report
 * prints and the options every check takes. Below the checker (check.c)
 * and its parts (check_place.c, check_units.c), which all fill findings.
 */
#ifndef LINEUP_FINDINGS_H
#define LINEUP_FINDINGS_H

#include "group_bytes.h"
#include "layout.h"

struct lu_kassert;

enum lu_severity {
	LU_NOTE,
	LU_WARNING,
	LU_ERROR,
};

enum lu_finding_type {
	LU_FIND_CONFLICT,	/* write group shares a line with a hot group */
	LU_FIND_SIZE,		/* struct larger than max_size */
	LU_FIND_GROUP_BYTES,	/* group larger than max_bytes */
	LU_FIND_GROUP_LINES,	/* group spans more than max_lines */
	LU_FIND_MISSING,	/* rules name a member the layout lacks */
	LU_FIND_UNKNOWN_GROUP,	/* rules name a group the layout lacks */
	LU_FIND_FOOTPRINT,	/* a kernel group's lines (a note) */
	/* the kernel's own asserts (check_kernel_asserts.h) */
	LU_FIND_KERNEL_SIZE,	/* a group past (or at) its
				 * CACHELINE_ASSERT_GROUP_SIZE */
	LU_FIND_KERNEL_MEMBER,	/* a member outside the group its
				 * CACHELINE_ASSERT_GROUP_MEMBER names */

	LU_FIND_EMPTY_GROUP,	/* a rules group the layout has no member of */
};

/* Who says where objects of a struct may start (design.md §4). */
enum lu_align_from {
	LU_ALIGN_DECLARED,	/* the input records it (DWARF, pahole) */
	LU_ALIGN_INFERRED,	/* the reader guessed it (BTF records none) */
	LU_ALIGN_RULES,		/* `align = N` in the struct's rules */
	LU_ALIGN_OPTION,	/* --align N */
};

struct lu_finding {
	enum lu_finding_type type;
	enum lu_severity severity;
	const struct lu_struct *s;
	size_t set_index;	/* which input file */
	/* conflicts: the members of each side on the shared line */
	const size_t *members, *others;
	size_t n_members, n_others;
	bool storage_unit;	/* a bit-field shares its storage unit */
	const struct lu_group *group, *other_group;
	uint64_t line;		/* line (or pair) index at the first bad start */
	uint64_t line_lo, line_hi;	/* its byte range [lo, hi] in the struct */
	uint64_t *starts;	/* object start offsets in a line where it occurs */
	size_t n_starts;
	bool every_start;	/* occurs wherever the object starts */
	/* conflicts: a member on the line only by the padding between its
	 * group's begin marker and it (group_bytes.h), or NULL */
	const struct lu_group *padded_group;
	size_t padded_member;
	uint64_t padded_from;	/* where the padding it owns begins */
	bool padded_leading;	/* it begins at the group's begin marker */
	struct lu_footprint footprint;	/* footprint notes */
	/* conflicts and max_lines: the alignment the starts step by */
	uint64_t align;
	enum lu_align_from align_from;
	bool align_ruled;	/* the rules say `align`: --align cannot help */
	bool misaligned_only;	/* never where the object starts a line */
	/* limits */
	uint64_t value, limit;
	const char *name;	/* missing member or group name */
	/* an empty group: the rules' group, whose members it lacks */
	const struct lu_rule_group *rule_group;
	const char *suggestion;	/* a close existing name, or NULL */
	/* missing here, but other inputs (or configurations) have it:
	 * "inputs" or "configurations", else NULL (check_absent.c) */
	const char *elsewhere;
	const char *config;	/* matrix configuration, or NULL */
	unsigned rules_line;	/* where the rules file says it, 0 if not */
	const char *rules_path;	/* that rules file (of several), or NULL */
	/* kernel asserts: the call checked (the caller's lu_kasserts own
	 * it and outlive the report) and the file it is in */
	const struct lu_kassert *kassert;
	const char *kassert_path;
};

struct lu_findings {
	struct lu_finding *items;
	size_t n, cap;
	size_t n_errors, n_warnings, n_notes;
	size_t n_structs_checked;
	struct lu_arena arena;
};

struct lu_check_opts {
	unsigned line_size;
	bool pair;		/* an aligned pair of lines is the unit */
	/* notes and warnings become errors: names the layout lacks, and
	 * findings that rest on an inferred alignment */
	bool strict;
	/* a missing member or group close to an existing name (a typo) is
	 * an error, not a warning: check and matrix, which then settle the
	 * names other inputs have (lu_absent_settle); and a rules group with
	 * no member in the layout is a warning, settled the same way */
	bool typos_fail;
	uint64_t align;		/* --align: objects start at multiples of it;
				 * 0 unless given, a struct's rules win */
	const char *config;	/* tag for the findings (matrix) */
	/* check --struct: only the structs of these names, if any */
	const char *const *only;
	size_t n_only;
};

void lu_findings_free(struct lu_findings *f);
/* A new finding of TYPE and SEV on S, zeroed otherwise, counted. */
struct lu_finding *lu_findings_add(struct lu_findings *f,
				   enum lu_finding_type type,
				   enum lu_severity sev,
				   const struct lu_struct *s);

/*
 * Settles the missing members and groups of the findings FS (one per
 * input or configuration; check_absent.c): one close to an existing name
 * is a note when a struct of the same name in SETS has it (absent here,
 * not misspelt), and a typo, an error, wherever it is missing when none
 * has it. WHAT names the others ("inputs", "configurations"). Not under
 * --strict, where every absence is an error already.
 */
void lu_absent_settle(struct lu_findings *const *fs, size_t n_fs,
		      const struct lu_set *sets, size_t n_sets,
		      const char *what);

/*
 * Sets MARKS[i] (S->n_members flags) when member i of S takes part in a
 * conflict, for `show`: one pass, not one per member.
 */
void lu_findings_mark_conflicts(const struct lu_findings *f,
				const struct lu_struct *s, bool *marks);

#endif
