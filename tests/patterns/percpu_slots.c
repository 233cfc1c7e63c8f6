/* SPDX-License-Identifier: MIT */
/*
 * Pattern: per-CPU padded slots. A counter split into one slot per CPU,
 * each slot padded to a line so that CPUs storing to their own slots do
 * not share lines (userspace-rcu line-aligns its per-CPU call_rcu data;
 * per-CPU counters are often padded by hand like this). Two things can
 * go wrong: the array does not start on a new line, so slot[0] shares the
 * line of the read-mostly fields before it; and the pad is computed from
 * the wrong size, so neighbouring slots share lines. What lineup prints:
 * percpu_slots.expect.
 */
#define CACHE_LINE 64
#define NR_SLOTS 4

struct ps_slot {
	unsigned long count;	/* stored by the slot's CPU */
	unsigned long hits;
	char pad[CACHE_LINE - 2 * sizeof(unsigned long)];
};

/* The slots right after the read-mostly fields. */
struct ps_counter {
	unsigned long limit;	/* loaded on every add */
	unsigned int shift;
	struct ps_slot slot[NR_SLOTS];
};

/* The slots on lines of their own. */
struct ps_counter_aligned {
	unsigned long limit;
	unsigned int shift;
	struct ps_slot slot[NR_SLOTS] __attribute__((aligned(CACHE_LINE)));
};

/* A pad that forgot the second field: 72-byte slots, so slot[i].hits
 * shares a line with slot[i + 1].count. */
struct ps_slot_short {
	unsigned long count;
	unsigned long hits;
	char pad[CACHE_LINE - sizeof(unsigned long)];
};

struct ps_counter ps_counter;
struct ps_counter_aligned ps_counter_aligned;
struct ps_slot_short ps_slot_short[NR_SLOTS];
