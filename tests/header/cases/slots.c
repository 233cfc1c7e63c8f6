/* LINEUP_SLOTS: n slots, each on its own LINEUP_DESTRUCTIVE_SIZE span, at
 * file scope and as a member; the accessors from C and C++. Misuse: no
 * slots, and the accessor on an object that has none. */
/* VARIANT: -DSLOTS_ZERO */
/* VARIANT: -DSLOTS_ACCESSOR */
/* EXPECT(-DSLOTS_ZERO): lineup: LINEUP_SLOTS(none, long, 0) needs at least one slot */
/* EXPECT(-DSLOTS_ACCESSOR): lineup__slots */
#include "fixture.h"

LINEUP_SLOTS(load_slots, long, 4);

/* The seed's fix three: load_avg split by node, read pointers apart. */
struct tg_split {
	uint64_t parent;
	LINEUP_SLOTS(tg_load, long, 2) load_avg;
	uint64_t rt_se;
};

LINEUP_ASSERT_SIZE(struct load_slots, 4 * LINEUP_DESTRUCTIVE_SIZE);
LINEUP_ASSERT_APART(struct tg_split, parent, load_avg);
LINEUP_ASSERT_APART(struct tg_split, load_avg, rt_se);
LINEUP_ASSERT_APART(struct tg_split, load_avg.lineup__slots[0],
		    load_avg.lineup__slots[1]);
LINEUP_ASSERT_OFFSET(struct tg_split, load_avg.lineup__slots[1],
		     2 * LINEUP_DESTRUCTIVE_SIZE);

long slots_sum(const struct tg_split *tg);
long slots_sum(const struct tg_split *tg)
{
	long sum = 0;

	for (size_t i = 0; i < LINEUP_SLOT_COUNT(tg->load_avg); i++)
		sum += LINEUP_SLOT(tg->load_avg, i);
	return sum;
}

void slots_add(struct load_slots *s, unsigned node, long delta);
void slots_add(struct load_slots *s, unsigned node, long delta)
{
	LINEUP_SLOT(*s, node % LINEUP_SLOT_COUNT(*s)) += delta;
}

#if defined(FAIL) && defined(SLOTS_ZERO)
LINEUP_SLOTS(none, long, 0);
#endif

#if defined(FAIL) && defined(SLOTS_ACCESSOR)
long slots_misuse(const struct tg_split *tg);
long slots_misuse(const struct tg_split *tg)
{
	return (long)LINEUP_SLOT(*tg, 0);
}
#endif
