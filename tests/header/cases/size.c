/* LINEUP_ASSERT_SIZE */
/* EXPECT: struct fx: size is not 128 bytes */
#include "fixture.h"

LINEUP_ASSERT_SIZE(struct fx, 192);
LINEUP_ASSERT_SIZE(struct ux, 80);
LINEUP_ASSERT_SIZE(struct ax, 128);

#ifdef FAIL
LINEUP_ASSERT_SIZE(struct fx, 128);
#endif
