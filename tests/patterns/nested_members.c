/* SPDX-License-Identifier: MIT */
/*
 * Pattern: the hot fields live inside named nested members, prod.head and
 * cons.tail, as in DPDK's ring and jemalloc's mutex (prof_data.n_lock_ops).
 * Rules name them dotted (write = prod.head); findings name them dotted and
 * point at the outer member (prod), where a fix goes. What lineup prints:
 * nested_members.expect.
 */
#define CACHE_LINE 64

struct nm_headtail {
	unsigned int head;	/* stored by the end that reserves slots */
	unsigned int tail;	/* stored by the end that publishes them */
};

/* Both ends' state and the read-mostly fields in 24 bytes. */
struct nm_ring {
	struct nm_headtail prod;
	struct nm_headtail cons;
	unsigned int size;
	unsigned int mask;
};

/* Each end's state on a line of its own. */
struct nm_ring_fixed {
	unsigned int size;
	unsigned int mask;
	struct nm_headtail prod __attribute__((aligned(CACHE_LINE)));
	struct nm_headtail cons __attribute__((aligned(CACHE_LINE)));
};

struct nm_ring nm_ring;
struct nm_ring_fixed nm_ring_fixed;
