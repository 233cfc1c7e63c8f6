/* SPDX-License-Identifier: MIT */
/*
 * Pattern: a ring of 32-bit indexes whose ends are kept apart by pad
 * arrays sized for a line-aligned object (as Concurrency Kit's ring is).
 * Nothing in it is wider than 4 bytes, so the struct is 4-aligned: an
 * object may start at any multiple of 4 in a line. At 60 the producer's
 * second index crosses into the line that holds the read-mostly capacity,
 * and only there. `align = 64` says the objects are allocated
 * line-aligned and settles it. What lineup prints: ring_offset60.expect.
 */
#define CACHE_LINE 64

struct spsc_ring {
	unsigned int cons_pos;		/* stored by the consumer */
	char cons_pad[CACHE_LINE - sizeof(unsigned int)];
	unsigned int prod_reserve;	/* stored by the producer */
	unsigned int prod_pos;
	char prod_pad[CACHE_LINE - 2 * sizeof(unsigned int)];
	unsigned int capacity;		/* loaded by both, set once */
	unsigned int index_mask;
};

struct spsc_ring spsc_ring;
