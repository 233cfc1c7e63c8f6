/* LINEUP_ASSERT_SIZE_MAX */
/* EXPECT: struct fx: size is over 191 bytes */
#include "fixture.h"

LINEUP_ASSERT_SIZE_MAX(struct fx, 192);
LINEUP_ASSERT_SIZE_MAX(struct fx, 4096);

#ifdef FAIL
LINEUP_ASSERT_SIZE_MAX(struct fx, 191);
#endif
