/* C++ classes (issue 19): LINEUP_ISOLATE_* around a member with a
 * constructor (std::atomic: g++ allows none in an anonymous struct),
 * groups in a private: section (clang's -Wunused-private-field), and
 * assertions on a class with a base (-Winvalid-offsetof), at namespace
 * scope and in a friend, under -Werror. */
/* LANG: c++ */
/* EXPECT: q::ring: members `tail` and `head` are not always in one cache line */
/* EXPECT: ring: member `count` is not in group `wake` */
#include "fixture.h"

#include <atomic>

namespace q {
struct base {
	uint64_t id;                    /*   0 */
};

class ring : public base {
public:
	uint64_t head;                  /*   8 */
	LINEUP_ISOLATE_BEGIN(tail);     /*  64 */
	std::atomic<uint64_t> tail;     /*  64 */
	LINEUP_ISOLATE_END(tail);
	uint64_t mask;                  /* 128 */
	uint64_t size() const { return count + waiters; }

private:
	LINEUP_BEGIN(write, stats);
	uint64_t count = 0;             /* 136 */
	LINEUP_END(write, stats);
	LINEUP_BEGIN(read, wake);
	uint64_t waiters = 0;           /* 144 */
	LINEUP_END(read, wake);
	friend struct ring_layout;
};

/* private members are asserted where they can be named */
struct ring_layout {
	LINEUP_ASSERT_OFFSET(ring, count, 136);
	LINEUP_ASSERT_IN_GROUP(ring, stats, count);
	LINEUP_ASSERT_SAME_LINE(ring, count, waiters);
#ifdef FAIL
	LINEUP_ASSERT_IN_GROUP(ring, wake, count);
#endif
};
} // namespace q

LINEUP_ASSERT_OFFSET(q::ring, head, 8);
LINEUP_ASSERT_OFFSET(q::ring, tail, 64);
LINEUP_ASSERT_OFFSET(q::ring, mask, 128);
LINEUP_ASSERT_SIZE(q::ring, 192);
LINEUP_ASSERT_LINE_START(q::ring, tail);
LINEUP_ASSERT_APART(q::ring, head, tail);
LINEUP_ASSERT_APART(q::ring, tail, mask);

#ifdef FAIL
LINEUP_ASSERT_SAME_LINE(q::ring, tail, head);
#endif
