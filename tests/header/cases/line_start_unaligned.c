/* LINEUP_ASSERT_LINE_START refuses a type that is not line-aligned. */
/* EXPECT: struct ux is not line-aligned */
/* EXPECT: LINEUP_ASSERT_LINE_START of `b` */
#include "fixture.h"

LINEUP_ASSERT_LINE_START(struct ax, b);

#ifdef FAIL
LINEUP_ASSERT_LINE_START(struct ux, b);
#endif
