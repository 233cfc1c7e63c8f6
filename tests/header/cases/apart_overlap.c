/* A member is never apart from itself (or any member it overlaps). */
/* EXPECT: struct fx: members `list` and `list` may share a cache line */
#include "fixture.h"

LINEUP_ASSERT_APART(struct fx, list, counter);

#ifdef FAIL
LINEUP_ASSERT_APART(struct fx, list, list);
#endif
