/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: the model its search works on. A struct is cut into
 * items that move as one (a member with the members expanded below it, a
 * bit-field run, an anonymous struct or union, a flexible array member,
 * which stays last), each with its size and alignment in every
 * configuration. A proposal is an order of the items' keys, the groups
 * that get markers, and the write groups that get isolated; laying it out
 * gives a lu_struct that the checker judges (suggest_layout.c).
 */
#ifndef LINEUP_SUGGEST_H
#define LINEUP_SUGGEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "layout.h"
#include "rules.h"

/* One item of one configuration's struct. */
struct lu_sg_item {
	size_t key;		/* index in lu_sg_plan.keys */
	size_t first, last;	/* members [first, last) of the struct */
	uint64_t offset, size, align;
	uint64_t forced;	/* alignment stated or inferred, 0 none */
	bool guessed;		/* natural alignment guessed (DWARF) */
	int block;		/* the anonymous block it is, -1 for none */
	/* its key when it has no member to be named by (an empty union or
	 * struct that only aligns what follows), else NULL */
	const char *name;
};

/* One configuration's struct, cut into items in declaration order. */
struct lu_sg_layout {
	const struct lu_struct *s;
	const char *config;	/* "CONFIG_A=y CONFIG_B=n", NULL: the input */
	const unsigned char *row;	/* matrix row, NULL: the input */
	struct lu_sg_item *items;
	size_t n_items;
	size_t *item_of_key;	/* per key: item index + 1, 0 absent */
	bool duplicate;		/* cut as an earlier one: checked once */
};

struct lu_sg_group {
	const char *name;
	enum lu_kind kind;
	enum lu_origin origin;
	/* its begin marker starts a line in the source (LINEUP_BEGIN_ALIGNED,
	 * the kernel's __cacheline_group_begin_aligned): kept so */
	bool aligned;
	/* every member of it is in the same configurations: its markers go
	 * inside their #if, and a configuration without them has none */
	bool uniform;
};

/* What every configuration shares: the keys, their groups. */
struct lu_sg_plan {
	const char **keys;	/* first member's name of each item */
	size_t n_keys;
	int *key_group;		/* per key: index in groups, -1 none */
	bool *key_flex;		/* a flexible array member: stays last */
	/* The input's first member is a struct or union by value: it stays
	 * first, since C lets code convert a pointer to the struct into one
	 * to it (C11 6.7.2.1p15; the kernel's sock -> inet_sock -> tcp_sock
	 * "inheritance" rests on it). */
	bool pin_first;
	struct lu_sg_group *groups;
	size_t n_groups;
	struct lu_sg_layout *layouts;	/* [0] is the input's struct */
	size_t n_layouts;
	const struct lu_rule_struct *rule;	/* may be NULL */
	struct lu_check_opts opts;	/* line size, pair, align */
	unsigned unit;		/* bytes a conflict is counted on */
	/* a key whose item holds a write group's byte and another hot
	 * group's byte: no order can part them; (size_t)-1 for none */
	size_t mixed_key;
	struct lu_arena arena;
};

/* A layout to propose: an order of all keys and what it adds. */
struct lu_sg_proposal {
	size_t *order;		/* n_keys key indices */
	bool *isolate;		/* per group: in an aligned block of its own */
	bool *marked;		/* per group: contiguous, so it gets markers */
	bool found;		/* every configuration passes */
	bool exhaustive;	/* the search tried every order */
	bool cut;		/* the climb stopped at its bound (tries) */
	size_t tries;		/* orders the climb laid out */
	uint64_t size;		/* of the input's struct */
	uint64_t max_size;	/* the largest over the configurations */
	size_t bad;		/* findings left over every configuration */
	size_t moved;		/* keys not where they were */
	size_t shifted;		/* the input's items off their offset */
	/* members with no kind on a written line (the input's layout):
	 * of two orders otherwise alike, the one with fewer is better */
	size_t unclassified;
	bool count_kinds;	/* evaluate counts them (it costs a pass) */
};

struct lu_error;

/*
 * Cuts each of the N_STRUCTS structs (the input's first, then one per
 * configuration) into items and fills PLAN. Fails (with ERR) only when
 * the input's struct has no group to keep apart.
 */
int lu_sg_plan_init(struct lu_sg_plan *plan, const struct lu_struct **structs,
		    const char **configs, const unsigned char **rows,
		    size_t n_structs, const struct lu_rule_struct *rule,
		    const struct lu_check_opts *opts, struct lu_error *err);
void lu_sg_plan_free(struct lu_sg_plan *plan);

/* Lays PROPOSAL out for layout L: a struct with fresh offsets and
 * markers, its strings and arrays in ARENA; SHIFTED (may be NULL)
 * counts the items that left their offset. */
void lu_sg_build(const struct lu_sg_plan *plan, const struct lu_sg_layout *l,
		 const struct lu_sg_proposal *p, struct lu_arena *arena,
		 struct lu_struct *out, size_t *shifted);
/*
 * Does group G's begin marker, before key KEY (the group's first in the
 * order), start a line? When the source's does (lu_sg_group.aligned),
 * and for a group of the rules whose first item is itself aligned to a
 * line or more (`_Alignas(64) long head;`): a plain marker would sit
 * before that item's padding, where the compiler puts a zero-size
 * member, and make the padding the group's, on the line before it; an
 * aligned one sits where the item's padding ends on a line boundary at
 * most, and moves nothing.
 */
bool lu_sg_begins_aligned(const struct lu_sg_plan *plan, int g, size_t key);
/* Lays P out in every configuration and checks each: fills size,
 * max_size and bad. */
void lu_sg_evaluate(const struct lu_sg_plan *plan, struct lu_sg_proposal *p);
/*
 * The members with no kind (neither the rules nor markers name them) that
 * P puts on a line a write group touches, in the input's configuration,
 * into *NAMES (ARENA's); how many. None when the object is not
 * line-aligned: which line is whose then depends on where it starts.
 */
size_t lu_sg_unclassified_on_writes(const struct lu_sg_plan *plan,
				    const struct lu_sg_proposal *p,
				    struct lu_arena *arena,
				    const char ***names);
/* The same for a struct laid out (count only when NAMES is NULL). */
size_t lu_sg_unclassified_in(const struct lu_sg_plan *plan,
			     const struct lu_struct *s, struct lu_arena *arena,
			     const char ***names);
/* Findings that a proposal must not have (conflicts, size limits). */
bool lu_sg_counts(const struct lu_finding *f);

/* The C render of a proposal (suggest_c.c). */
struct lu_sg_render {
	const struct lu_sg_plan *plan;
	const struct lu_sg_proposal *p;
	const char **key_cond;	/* per key: #if text, NULL: always */
	const char *indent;
};

/* "TYPE NAME[DIMS]" as the body writes it: the name inside a function
 * pointer's parens, "struct x * *" as "struct x **name". */
void lu_sg_c_declarator(FILE *f, const char *type, const char *name,
			const char *dims);
/* The struct's body, one declaration a line, into a malloc'ed string. */
char *lu_sg_render_c(const struct lu_sg_render *r);

void lu_sg_proposal_init(const struct lu_sg_plan *plan,
			 struct lu_sg_proposal *p);
void lu_sg_proposal_free(struct lu_sg_proposal *p);

/* The searches (suggest_search.c). */
/*
 * Keys of ORDER that must move from the source's order: all but one
 * longest increasing run. FLAGS (may be NULL) marks them by position.
 */
size_t lu_sg_moved(const size_t *order, size_t n, bool *flags);
/* Which groups are contiguous in P's order, and so get markers. */
void lu_sg_mark_contiguous(const struct lu_sg_plan *plan,
			   struct lu_sg_proposal *p);
enum lu_sg_goal {
	LU_SG_SMALLEST,		/* the smallest size, then fewest moves */
	/* no larger than now, then the fewest members off their offset
	 * (the fewest lines to re-measure), then the fewest moves */
	LU_SG_FEWEST_MOVES,
};

void lu_sg_reorder(const struct lu_sg_plan *plan, enum lu_sg_goal goal,
		   struct lu_sg_proposal *p);
void lu_sg_isolate(const struct lu_sg_plan *plan, struct lu_sg_proposal *p);

#endif
