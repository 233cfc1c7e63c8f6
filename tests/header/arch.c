/* Run by check_header.py --arch with each cross compiler and the line size
 * the table in lineup.h must give it. */
#include "lineup.h"

_Static_assert(LINEUP_CACHELINE_SIZE == EXPECT_LINE, "cache line size");
_Static_assert(LINEUP_DESTRUCTIVE_SIZE == EXPECT_DESTRUCTIVE, "destructive size");

struct LINEUP_ALIGNED probe {
	LINEUP_BEGIN(write, w);
	long v;
	LINEUP_END(write, w);
	LINEUP_ISOLATE_BEGIN(i);
	long iso;
	LINEUP_ISOLATE_END(i);
	LINEUP_BEGIN(read, r);
	long after;
	LINEUP_END(read, r);
};

LINEUP_ASSERT_LINE(struct probe, v, 0);
LINEUP_ASSERT_LINE(struct probe, iso, 1);
LINEUP_ASSERT_LINE(struct probe, after, 2);
LINEUP_ASSERT_WRITE_APART(struct probe, w, r);
