/* LINEUP_ASSERT_IN_GROUP */
/* EXPECT: struct fx: member `list` is not in group `look` */
#include "fixture.h"

LINEUP_ASSERT_IN_GROUP(struct fx, look, parent);
LINEUP_ASSERT_IN_GROUP(struct fx, look, rt);
LINEUP_ASSERT_IN_GROUP(struct fx, hot, counter);
LINEUP_ASSERT_IN_GROUP(struct fx, slow, list);

#ifdef FAIL
LINEUP_ASSERT_IN_GROUP(struct fx, look, list);
#endif
