/* A struct with groups or an isolation used inside another struct: as a
 * member (also the last one), an array element, a member of a union and
 * of an unnamed struct type, two levels deep. The inner structs end with
 * LINEUP_END or LINEUP_ISOLATE_END on purpose: g++ -Wpedantic used to
 * reject every one of these ("invalid use of 'struct nest_inner' with a
 * zero-size array", issue 10). The outer structs are plain C; their
 * assertions name nested members as offsetof does. */
/* EXPECT: struct nest_outer: members `in.counter` and `after` may share a cache line */
#include "fixture.h"

struct nest_inner {
	uint64_t a;                     /*   0 */
	LINEUP_BEGIN(write, hot);       /*   8 */
	uint64_t counter;               /*   8 */
	LINEUP_END(write, hot);         /*  16, the last member */
};                                      /*  16 */

struct nest_outer {
	struct nest_inner in;           /*   0 */
	uint64_t after;                 /*  16 */
};

struct nest_last {
	uint64_t before;                /*   0 */
	struct nest_inner in;           /*   8, the last member */
};

struct nest_deep {
	struct nest_outer outer;        /*   0 */
	struct nest_inner again;        /*  24 */
	uint32_t after;                 /*  40 */
};

struct nest_array {
	struct nest_inner in[2];        /*   0 */
	uint64_t after;                 /*  32 */
};

union nest_union {
	struct nest_inner in;
	uint64_t other;
};

/* Only markers: an empty group in a struct of size 0. */
struct nest_only_markers {
	LINEUP_BEGIN(cold, none);
	LINEUP_END(cold, none);
};

struct nest_holds_empty {
	uint64_t a;                     /*   0 */
	struct nest_only_markers none;  /*   8 */
	uint64_t b;                     /*   8 */
};

/* A member of an unnamed struct type that holds the markers. */
struct nest_unnamed_type {
	struct {
		LINEUP_BEGIN(read, look);
		uint64_t v;
		LINEUP_END(read, look);
	} s;                            /*   0 */
	uint64_t after;                 /*   8 */
};

/* The isolation ends the struct; nested, it keeps its own lines. */
struct nest_iso_inner {
	uint64_t a;                     /*   0 */
	LINEUP_ISOLATE_BEGIN(x);        /*  64 */
	LINEUP_BEGIN(write, x);
	uint64_t hot;                   /*  64 */
	LINEUP_END(write, x);
	LINEUP_ISOLATE_END(x);
};                                      /* 128 */

struct nest_iso_outer {
	uint32_t before;                /*   0 */
	struct nest_iso_inner in;       /*  64, hot at 128 */
	uint64_t after;                 /* 192 */
};

/* The line-aligned fixture, nested. */
struct nest_fx {
	uint32_t head;                  /*   0 */
	struct fx f;                    /*  64 */
};

struct nest_inner nest_inner_array[4];
struct nest_outer nest_outer_instance;
union nest_union nest_union_instance;

LINEUP_ASSERT_SIZE(struct nest_inner, 16);
LINEUP_ASSERT_GROUP_BYTES(struct nest_inner, hot, 8);
LINEUP_ASSERT_IN_GROUP(struct nest_inner, hot, counter);
LINEUP_ASSERT_OFFSET(struct nest_outer, after, 16);
LINEUP_ASSERT_OFFSET(struct nest_last, in.counter, 16);
LINEUP_ASSERT_SIZE(struct nest_last, 24);
LINEUP_ASSERT_OFFSET(struct nest_deep, again.counter, 32);
LINEUP_ASSERT_OFFSET(struct nest_array, in[1].counter, 24);
LINEUP_ASSERT_OFFSET(struct nest_array, after, 32);
LINEUP_ASSERT_SIZE(struct nest_only_markers, 0);
LINEUP_ASSERT_OFFSET(struct nest_holds_empty, b, 8);
LINEUP_ASSERT_GROUP_BYTES(struct nest_only_markers, none, 0);
LINEUP_ASSERT_OFFSET(struct nest_unnamed_type, s.v, 0);
LINEUP_ASSERT_OFFSET(struct nest_unnamed_type, after, 8);
LINEUP_ASSERT_OFFSET(struct nest_iso_outer, in.hot, 128);
LINEUP_ASSERT_OFFSET(struct nest_iso_outer, after, 192);
LINEUP_ASSERT_APART(struct nest_iso_outer, in.hot, after);
LINEUP_ASSERT_APART(struct nest_iso_outer, before, in.hot);
LINEUP_ASSERT_LINE(struct nest_fx, f.parent, 2);
LINEUP_ASSERT_APART(struct nest_fx, f.counter, f.parent);

#ifdef FAIL
LINEUP_ASSERT_APART(struct nest_outer, in.counter, after);
#endif
