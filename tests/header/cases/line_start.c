/* LINEUP_ASSERT_LINE_START */
/* EXPECT: struct fx: member `rt` does not start a cache line */
#include "fixture.h"

LINEUP_ASSERT_LINE_START(struct fx, a);
LINEUP_ASSERT_LINE_START(struct fx, parent);

#ifdef FAIL
LINEUP_ASSERT_LINE_START(struct fx, rt);
#endif
