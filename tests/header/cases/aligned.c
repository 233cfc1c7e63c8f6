/* LINEUP_ALIGNED goes between 'struct' and its tag, before a member, and
 * before a variable; LINEUP_ALIGNED_TO takes any power of two. */
/* EXPECT: power of 2 */
#include "fixture.h"

struct LINEUP_ALIGNED tagged {
	uint32_t v;
};

struct member {
	uint32_t v;
	LINEUP_ALIGNED uint32_t w;
	LINEUP_ALIGNED_TO(LINEUP_DESTRUCTIVE_SIZE) uint32_t far;
};

LINEUP_ALIGNED static uint32_t file_var;
static LINEUP_ALIGNED struct member also_var;

LINEUP_ASSERT_SIZE(struct tagged, LINEUP_CACHELINE_SIZE);
LINEUP_ASSERT_OFFSET(struct member, w, 64);
LINEUP_ASSERT_OFFSET(struct member, far, LINEUP_DESTRUCTIVE_SIZE >= 128 ? 128 : 64);
LINEUP_ASSERT_LINE_START(struct member, w);
LINEUP_ASSERT_LINE_START(struct member, far);

#if defined(__cplusplus)
static_assert(alignof(struct tagged) == 64, "tag");
#else
_Static_assert(_Alignof(struct tagged) == 64, "tag");
#endif

#ifdef FAIL
struct odd {
	LINEUP_ALIGNED_TO(48) uint32_t v;
};
#endif

uint32_t *touch(void);
uint32_t *touch(void)
{
	also_var.v = 1;
	return &file_var;
}
