/* LINEUP_ASSERT_LINE: a member that spans two lines is in neither alone. */
/* EXPECT: struct fx: member `wide` is not wholly in cache line 1 */
#include "fixture.h"

LINEUP_ASSERT_LINE(struct fx, counter, 0);
LINEUP_ASSERT_LINE(struct fx, parent, 1);
LINEUP_ASSERT_LINE(struct fx, list, 1);
LINEUP_ASSERT_LINE(struct fx, after, 2);

#ifdef FAIL
LINEUP_ASSERT_LINE(struct fx, wide, 1);
#endif
