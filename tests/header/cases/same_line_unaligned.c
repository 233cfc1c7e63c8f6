/* SAME_LINE must hold for every start: x and a are adjacent, but an object
 * aligned to 8 may start at byte 56 of a line and split them. With 16-byte
 * alignment the pair never straddles. */
/* EXPECT: struct ux: members `x` and `a` are not always in one cache line */
#include "fixture.h"

LINEUP_ASSERT_SAME_LINE(struct ax, x, a);
LINEUP_ASSERT_SAME_LINE(struct u16, x, a);

#ifdef FAIL
LINEUP_ASSERT_SAME_LINE(struct ux, x, a);
#endif
