/* LINEUP_ASSERT_GROUPS_APART, either order; an empty group is apart from
 * everything. */
/* EXPECT: struct fx: groups `look` and `slow` may share a cache line */
#include "fixture.h"

LINEUP_ASSERT_GROUPS_APART(struct fx, hot, look);
LINEUP_ASSERT_GROUPS_APART(struct fx, look, hot);
LINEUP_ASSERT_GROUPS_APART(struct fx, hot, slow);
LINEUP_ASSERT_GROUPS_APART(struct fx, nothing, look);
LINEUP_ASSERT_GROUPS_APART(struct ax, w, r);

#ifdef FAIL
LINEUP_ASSERT_GROUPS_APART(struct fx, look, slow);
#endif
