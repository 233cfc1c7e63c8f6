/* The isolation silences only its own warnings: -Wpedantic still sees the
 * user's members inside it. */
/* EXPECT: bad_inside */
#include "fixture.h"

struct iso_ped {
	uint32_t before;
	LINEUP_ISOLATE_BEGIN(x);
	uint32_t inside;
#ifdef FAIL
	uint32_t bad_inside[0];
#endif
	LINEUP_ISOLATE_END(x);
	uint32_t after;
};

LINEUP_ASSERT_OFFSET(struct iso_ped, after, 128);
