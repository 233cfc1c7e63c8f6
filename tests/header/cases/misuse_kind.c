/* A kind other than write, read or cold: the error spells the rule out. */
/* EXPECT: lineup__kind_must_be_write_read_or_cold__hot */
#include "fixture.h"

struct kinds {
	LINEUP_BEGIN(write, w);
	uint64_t a;
	LINEUP_END(write, w);
	LINEUP_BEGIN(read, r);
	uint64_t b;
	LINEUP_END(read, r);
	LINEUP_BEGIN(cold, c);
	uint64_t c;
	LINEUP_END(cold, c);
#ifdef FAIL
	LINEUP_BEGIN(hot, x);
	uint64_t d;
	LINEUP_END(hot, x);
#endif
};

LINEUP_ASSERT_GROUP_BYTES(struct kinds, r, 8);
