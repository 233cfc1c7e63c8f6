/* SPDX-License-Identifier: MIT */
/*
 * Pattern: anonymous unions of per-mode state. A ring that can run its
 * producer single-threaded, multi-threaded or with bounded head/tail
 * distance keeps one state struct per mode in an anonymous union, one
 * union per end, each on a line of its own (DPDK's ring does this; so does
 * jemalloc's mutex, whose witness overlays the lock state). Rules name the
 * union members by their own names, as C does. What lineup prints:
 * mode_unions.expect.
 */
#define CACHE_LINE 64

struct mr_single {
	unsigned int head;
	unsigned int tail;
};

struct mr_multi {
	unsigned long head_tail;	/* both, one 8-byte CAS */
};

struct mr_bounded {
	unsigned long tail;
	unsigned int max_distance;
	unsigned long head;
};

struct mode_ring {
	unsigned int size;		/* read by both ends, set once */
	unsigned int mask;
	union {				/* the producer's state */
		struct mr_single single_prod;
		struct mr_multi multi_prod;
		struct mr_bounded bounded_prod;
	} __attribute__((aligned(CACHE_LINE)));
	union {				/* the consumer's state */
		struct mr_single single_cons;
		struct mr_multi multi_cons;
		struct mr_bounded bounded_cons;
	} __attribute__((aligned(CACHE_LINE)));
};

/* The unions without their alignment: both ends and the read-mostly
 * fields share a line. */
struct mode_ring_packed {
	unsigned int size;
	unsigned int mask;
	union {
		struct mr_single single_prod;
		struct mr_multi multi_prod;
		struct mr_bounded bounded_prod;
	};
	union {
		struct mr_single single_cons;
		struct mr_multi multi_cons;
		struct mr_bounded bounded_cons;
	};
};

struct mode_ring mode_ring;
struct mode_ring_packed mode_ring_packed;
