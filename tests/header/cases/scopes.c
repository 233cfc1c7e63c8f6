/* Assertions are declarations: at file scope, in a function body, in a
 * nested block, several on one line, the same one twice; none introduces a
 * name. The allocation API compiles from C and C++ alike. */
/* EXPECT: struct local: members `x` and `y` are not always in one cache line */
/* EXPECT: struct local: members `y` and `y` may share a cache line */
#include "fixture.h"

LINEUP_ASSERT_APART(struct fx, counter, parent); LINEUP_ASSERT_APART(struct fx, counter, parent); LINEUP_ASSERT_SIZE(struct fx, 192);
LINEUP_ASSERT_WRITE_APART(struct fx, hot, look); LINEUP_ASSERT_WRITE_APART(struct fx, hot, look, slow);

static int use(void)
{
	struct local {
		uint64_t x;
		LINEUP_ALIGNED uint64_t y;
	};
	LINEUP_ASSERT_APART(struct fx, counter, parent); LINEUP_ASSERT_LINE(struct fx, parent, 1);
	LINEUP_ASSERT_OFFSET(struct local, y, 64); LINEUP_ASSERT_APART(struct local, x, y);
	{
		LINEUP_ASSERT_GROUPS_APART(struct fx, hot, look); LINEUP_ASSERT_GROUPS_APART(struct fx, hot, look);
	}
#ifdef FAIL
	LINEUP_ASSERT_SAME_LINE(struct local, x, y); LINEUP_ASSERT_APART(struct local, y, y);
#endif
	struct fx *f = LINEUP_NEW(struct fx);
	void *raw = lineup_alloc(100);
	int ok = f && lineup_is_aligned(f) && lineup_is_aligned(raw);

	lineup_free(raw);
	lineup_free(f);
	return ok;
}

int main(void)
{
	return use() ? 0 : 1;
}
