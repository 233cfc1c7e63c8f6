/* APART counts every line a member spans: 'wide' covers lines 1 and 2, so
 * it is apart from line 0 only. */
/* EXPECT: struct fx: members `parent` and `wide` may share a cache line */
#include "fixture.h"

LINEUP_ASSERT_APART(struct fx, wide, counter);

#ifdef FAIL
LINEUP_ASSERT_APART(struct fx, parent, wide);
#endif
