/* LINEUP_ASSERT_WRITE_APART takes up to 16 groups, and says so past that. */
/* EXPECT: LINEUP_ASSERT_WRITE_APART(hot, ...) takes at most 16 groups */
#include "fixture.h"

LINEUP_ASSERT_WRITE_APART(struct fx, hot, look, slow, nothing, look, slow,
			  nothing, look, slow, nothing, look, slow, nothing,
			  look, slow, nothing, look);

#ifdef FAIL
LINEUP_ASSERT_WRITE_APART(struct fx, hot, look, slow, nothing, look, slow,
			  nothing, look, slow, nothing, look, slow, nothing,
			  look, slow, nothing, look, slow);
#endif
