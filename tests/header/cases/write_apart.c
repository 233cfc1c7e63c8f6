/* LINEUP_ASSERT_WRITE_APART: one message per offending group, naming it. */
/* EXPECT: struct fx: write group `hot` may share a cache line with group `tick` */
/* REJECT: with group `look` */
/* REJECT: with group `slow` */
#include "fixture.h"

LINEUP_ASSERT_WRITE_APART(struct fx, hot, look);
LINEUP_ASSERT_WRITE_APART(struct fx, hot, look, slow, nothing);

#ifdef FAIL
LINEUP_ASSERT_WRITE_APART(struct fx, hot, look, tick, slow);
#endif
