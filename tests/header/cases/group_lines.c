/* LINEUP_ASSERT_GROUP_LINES is a maximum over every start: group w (8..24)
 * fits one line when the object is line-aligned, but straddles two when an
 * object aligned to 8 starts at byte 48 of a line. */
/* EXPECT: struct ux: group `w` may touch more than 1 cache line(s) */
#include "fixture.h"

LINEUP_ASSERT_GROUP_LINES(struct fx, look, 1);
LINEUP_ASSERT_GROUP_LINES(struct fx, nothing, 0);
LINEUP_ASSERT_GROUP_LINES(struct ax, w, 1);
LINEUP_ASSERT_GROUP_LINES(struct ux, w, 2);

#ifdef FAIL
LINEUP_ASSERT_GROUP_LINES(struct ux, w, 1);
#endif
