/* LINEUP_BEGIN_ALIGNED starts the group on a line, so the group's span is
 * exactly its members. LINEUP_ALIGNED on the first member instead leaves
 * the alignment padding inside the span (the begin marker sits where the
 * previous member ended): the group owns it and touches line 0, shown by
 * FAIL. lineup check says the same (doc/header.md, "Group bytes";
 * check_tool_agrees.py). */
/* EXPECT: struct late: groups `tick` and `load` may share a cache line */
#include "fixture.h"

struct early {
	LINEUP_BEGIN(read, tick);
	uint64_t se;                    /*   0 */
	LINEUP_END(read, tick);         /*   8 */
	LINEUP_BEGIN_ALIGNED(write, load);      /*  64 */
	uint64_t load_avg;              /*  64 */
	LINEUP_END(write, load);        /*  72 */
};

struct late {
	LINEUP_BEGIN(read, tick);
	uint64_t se;
	LINEUP_END(read, tick);
	LINEUP_BEGIN(write, load);      /*   8 */
	LINEUP_ALIGNED uint64_t load_avg;       /*  64 */
	LINEUP_END(write, load);        /*  72 */
};

LINEUP_ASSERT_OFFSET(struct early, load_avg, 64);
LINEUP_ASSERT_OFFSET(struct early, lineup__begin__load, 64);
LINEUP_ASSERT_GROUP_BYTES(struct early, load, 8);
LINEUP_ASSERT_GROUPS_APART(struct early, tick, load);
LINEUP_ASSERT_SIZE(struct early, 128);
LINEUP_ASSERT_OFFSET(struct late, load_avg, 64);
LINEUP_ASSERT_GROUP_BYTES(struct late, load, 64);

#ifdef FAIL
LINEUP_ASSERT_GROUPS_APART(struct late, tick, load);
#endif
