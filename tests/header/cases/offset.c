/* LINEUP_ASSERT_OFFSET */
/* EXPECT: struct fx: member `counter` is not at offset 24 */
#include "fixture.h"

LINEUP_ASSERT_OFFSET(struct fx, counter, 16);
LINEUP_ASSERT_OFFSET(struct fx, parent, 64);
LINEUP_ASSERT_OFFSET(struct fx, after, 180);
LINEUP_ASSERT_OFFSET(struct ux, b, 64);

/* Nested and array members, as offsetof takes them. */
LINEUP_ASSERT_OFFSET(struct fx, list.prev, 88);
LINEUP_ASSERT_OFFSET(struct fx, wide[3], 112);
LINEUP_ASSERT_APART(struct fx, wide[0], counter);
LINEUP_ASSERT_SAME_LINE(struct fx, list.next, parent);

#ifdef FAIL
LINEUP_ASSERT_OFFSET(struct fx, counter, 24);
#endif
