/* Groups w (8..24) and r (64..72) are apart in a line-aligned object only. */
/* EXPECT: struct ux: groups `r` and `w` may share a cache line */
#include "fixture.h"

LINEUP_ASSERT_GROUPS_APART(struct ax, r, w);

#ifdef FAIL
LINEUP_ASSERT_GROUPS_APART(struct ux, r, w);
#endif
