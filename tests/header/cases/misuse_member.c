/* A misspelt member: the compiler names it. */
/* EXPECT: countr */
#include "fixture.h"

LINEUP_ASSERT_OFFSET(struct fx, counter, 16);

#ifdef FAIL
LINEUP_ASSERT_APART(struct fx, countr, parent);
#endif
