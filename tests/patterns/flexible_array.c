/* SPDX-License-Identifier: MIT */
/*
 * Pattern: a struct that ends in a flexible array member, the queue's
 * slots allocated with it in one block. The array has no size of its own,
 * but its first elements share the struct's last line, here with the
 * producer's tail: consumers loading slots[0] to slots[6] miss on every
 * push. The fix starts the array on a line of its own. What lineup
 * prints: flexible_array.expect.
 */
#define CACHE_LINE 64

struct fa_queue {
	unsigned long mask;		/* loaded by both ends, set once */
	void *owner;
	unsigned long tail __attribute__((aligned(CACHE_LINE)));
					/* stored by the producer */
	void *slots[];			/* loaded by consumers */
};

struct fa_queue_fixed {
	unsigned long mask;
	void *owner;
	unsigned long tail __attribute__((aligned(CACHE_LINE)));
	void *slots[] __attribute__((aligned(CACHE_LINE)));
};

struct fa_queue *fa_queue;
struct fa_queue_fixed *fa_queue_fixed;
