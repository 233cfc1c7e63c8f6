/* LINEUP_ASSERT_LINE refuses a type that is not line-aligned. */
/* EXPECT: struct ux is not line-aligned */
/* EXPECT: LINEUP_ASSERT_LINE of `b` */
#include "fixture.h"

LINEUP_ASSERT_LINE(struct ax, b, 1);

#ifdef FAIL
LINEUP_ASSERT_LINE(struct ux, b, 1);
#endif
