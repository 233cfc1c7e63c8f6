/* a (8..16) and b (64..72) are in lines 0 and 1 of a line-aligned object,
 * but an object aligned to 8 that starts at byte 56 of a line puts both in
 * its second line. x (0..8) stays apart from b for every start. */
/* EXPECT: struct ux: members `a` and `b` may share a cache line */
#include "fixture.h"

LINEUP_ASSERT_APART(struct ax, a, b);
LINEUP_ASSERT_APART(struct ux, x, b);
LINEUP_ASSERT_APART(struct ux, b, x);

#ifdef FAIL
LINEUP_ASSERT_APART(struct ux, a, b);
#endif
