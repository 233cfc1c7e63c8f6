/* LINEUP_ISOLATE_*: the members own whole lines, the next member starts a
 * fresh line, #ifdef-ed members and groups may sit inside, and the struct
 * becomes line-aligned (the seed's 704 -> 768 fix). */
/* EXPECT: struct iso: members `load_avg` and `after` are not always in one cache line */
#include "fixture.h"

struct iso {
	uint64_t before;                /*   0 */
	LINEUP_ISOLATE_BEGIN(load);     /*  64 */
	LINEUP_BEGIN(write, load);
	uint64_t load_avg;              /*  64 */
#ifdef FIXTURE_NEVER_DEFINED
	uint64_t absent;
#endif
	LINEUP_END(write, load);
	LINEUP_ISOLATE_END(load);
	uint32_t after;                 /* 128 */
};                                      /* 192 */

struct iso_big {
	uint32_t first;                 /*   0 */
	LINEUP_ISOLATE_BEGIN(big);      /*  64 */
	unsigned char big[72];          /*  64..136 */
	LINEUP_ISOLATE_END(big);
	uint32_t next;                  /* 192 */
};                                      /* 256 */

struct iso_two {
	LINEUP_ISOLATE_BEGIN(one);
	uint64_t one;                   /*   0 */
	LINEUP_ISOLATE_END(one);
	LINEUP_ISOLATE_BEGIN(two);
	uint64_t two;                   /*  64 */
	LINEUP_ISOLATE_END(two);
};

LINEUP_ASSERT_OFFSET(struct iso, load_avg, 64);
LINEUP_ASSERT_OFFSET(struct iso, after, 128);
LINEUP_ASSERT_SIZE(struct iso, 192);
LINEUP_ASSERT_LINE(struct iso, load_avg, 1);
LINEUP_ASSERT_LINE_START(struct iso, after);
LINEUP_ASSERT_APART(struct iso, before, load_avg);
LINEUP_ASSERT_APART(struct iso, load_avg, after);
LINEUP_ASSERT_GROUP_BYTES(struct iso, load, 8);
LINEUP_ASSERT_IN_GROUP(struct iso, load, load_avg);
LINEUP_ASSERT_OFFSET(struct iso_big, big, 64);
LINEUP_ASSERT_OFFSET(struct iso_big, next, 192);
LINEUP_ASSERT_SIZE(struct iso_big, 256);
LINEUP_ASSERT_OFFSET(struct iso_two, two, 64);
LINEUP_ASSERT_SIZE(struct iso_two, 128);

#ifdef FAIL
LINEUP_ASSERT_SAME_LINE(struct iso, load_avg, after);
#endif
