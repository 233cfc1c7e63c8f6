/* A group that was never opened: the error names its begin marker. */
/* EXPECT: lineup__begin__nosuch */
#include "fixture.h"

LINEUP_ASSERT_GROUPS_APART(struct fx, hot, look);

#ifdef FAIL
LINEUP_ASSERT_GROUPS_APART(struct fx, hot, nosuch);
#endif
