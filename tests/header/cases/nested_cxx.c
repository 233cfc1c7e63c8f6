/* C++ only: a struct whose last member is LINEUP_END as a base class, a
 * member of a derived class, an array element, a member of a class
 * template and a template argument. g++ -Wpedantic rejected the member
 * uses ("invalid use of 'struct cx_end' with a zero-size array", issue 10);
 * nested.c has the uses C shares. Sizes only where a derived class is not
 * standard-layout (offsetof would draw -Winvalid-offsetof). */
/* LANG: c++ */
/* EXPECT: cx_holder: members `t.value` and `after` are not always in one cache line */
#include "fixture.h"

struct cx_end {
	uint64_t a;                     /*   0 */
	LINEUP_BEGIN(write, hot);       /*   8 */
	uint64_t counter;               /*   8 */
	LINEUP_END(write, hot);         /*  16, the last member */
};

struct cx_derived : cx_end {
	uint64_t more;                  /*  16 */
};

struct cx_derived_empty : cx_end {
};

struct cx_derived_twice : cx_derived {
	uint64_t again;                 /*  24 */
};

/* Groups in both the base and the derived class. */
struct cx_derived_groups : cx_end {
	LINEUP_BEGIN(cold, slow);
	uint64_t slow;                  /*  16 */
	LINEUP_END(cold, slow);
};

struct cx_has_member : cx_derived {
	cx_end member;                  /*  24 */
};

template <typename T> struct cx_tmpl {
	T value;
	LINEUP_BEGIN(read, look);
	T other;
	LINEUP_END(read, look);
};

struct cx_holder {
	cx_tmpl<uint64_t> t;            /*   0 */
	cx_tmpl<cx_end> nested;         /*  16 */
	uint64_t after;                 /*  48 */
};

struct LINEUP_ALIGNED cx_aligned_holder {
	cx_end first;                   /*   0 */
	LINEUP_ALIGNED cx_end second;   /*  64 */
	LINEUP_ALIGNED cx_end arr[2];   /* 128 */
};

cx_end cx_array[3];
cx_derived cx_derived_array[2];

LINEUP_ASSERT_SIZE(cx_end, 16);
LINEUP_ASSERT_SIZE(cx_derived, 24);
LINEUP_ASSERT_SIZE(cx_derived_empty, 16);
LINEUP_ASSERT_SIZE(cx_derived_twice, 32);
LINEUP_ASSERT_SIZE(cx_derived_groups, 24);
LINEUP_ASSERT_SIZE(cx_has_member, 40);
LINEUP_ASSERT_SIZE(cx_tmpl<uint64_t>, 16);
LINEUP_ASSERT_GROUP_BYTES(cx_tmpl<uint64_t>, look, 8);
LINEUP_ASSERT_OFFSET(cx_holder, nested.other.counter, 40);
LINEUP_ASSERT_OFFSET(cx_holder, after, 48);
LINEUP_ASSERT_APART(cx_aligned_holder, first.counter, second.counter);
LINEUP_ASSERT_LINE(cx_aligned_holder, arr[1].counter, 2);

int main()
{
	return sizeof(cx_array) + sizeof(cx_derived_array) == 3 * 16 + 2 * 24
		       ? 0 : 1;
}

#ifdef FAIL
LINEUP_ASSERT_SAME_LINE(cx_holder, t.value, after);
#endif
