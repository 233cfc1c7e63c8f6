/* LINEUP_ASSERT_GROUP_BYTES is exact; an #ifdef-ed out group is 0 bytes. */
/* EXPECT: struct fx: group `look` does not span 8 bytes */
#include "fixture.h"

LINEUP_ASSERT_GROUP_BYTES(struct fx, look, 16);
LINEUP_ASSERT_GROUP_BYTES(struct fx, slow, sizeof(struct list_head));
LINEUP_ASSERT_GROUP_BYTES(struct fx, nothing, 0);

#ifdef FAIL
LINEUP_ASSERT_GROUP_BYTES(struct fx, look, 8);
#endif
