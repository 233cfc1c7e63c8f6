/* LINEUP_ASSERT_SAME_LINE, either order */
/* EXPECT: struct fx: members `counter` and `parent` are not always in one cache line */
#include "fixture.h"

LINEUP_ASSERT_SAME_LINE(struct fx, a, counter);
LINEUP_ASSERT_SAME_LINE(struct fx, counter, a);
LINEUP_ASSERT_SAME_LINE(struct fx, parent, list);
LINEUP_ASSERT_SAME_LINE(struct fx, a, pad);

#ifdef FAIL
LINEUP_ASSERT_SAME_LINE(struct fx, counter, parent);
#endif
