/* LINEUP_ASSERT_APART, either order */
/* EXPECT: struct fx: members `a` and `counter` may share a cache line */
#include "fixture.h"

LINEUP_ASSERT_APART(struct fx, counter, parent);
LINEUP_ASSERT_APART(struct fx, parent, counter);
LINEUP_ASSERT_APART(struct fx, counter, wide);
LINEUP_ASSERT_APART(struct fx, a, after);

#ifdef FAIL
LINEUP_ASSERT_APART(struct fx, a, counter);
#endif
