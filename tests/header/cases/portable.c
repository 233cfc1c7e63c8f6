/* Compilers other than GCC and Clang (simulated here) keep alignment and
 * member assertions; group and isolation markers fail with a message
 * instead of silently marking nothing. */
/* FLAGS: -DLINEUP__NO_GNU_EXTENSIONS -DLINEUP_CACHELINE_SIZE=64 */
/* EXPECT: LINEUP_BEGIN(write, x) needs GCC or Clang */
#include "lineup.h"

#include <stdint.h>

struct pt {
	uint64_t a;
	LINEUP_ALIGNED uint64_t b;
	uint64_t c;
};

LINEUP_ASSERT_OFFSET(struct pt, b, 64);
LINEUP_ASSERT_APART(struct pt, a, b);
LINEUP_ASSERT_SAME_LINE(struct pt, b, c);
LINEUP_ASSERT_LINE_START(struct pt, b);
LINEUP_ASSERT_SIZE(struct pt, 128);

#ifdef FAIL
struct bad {
	LINEUP_BEGIN(write, x);
	uint64_t v;
	LINEUP_END(write, x);
};
#endif
