/* SPDX-License-Identifier: MIT */
/*
 * Pattern: a struct with no tag, known only by its typedef
 * (typedef struct { ... } name_t), as jemalloc's mutex_prof_data_t and
 * many C libraries' types are. A rules section names the typedef;
 * findings and `lineup show` call the struct by it. What lineup prints:
 * typedef_anon.expect.
 */
#define CACHE_LINE 64

/* Both ends of the queue on one line: every store to head invalidates the
 * line that the consumer's tail and everyone's mask and slots sit on. */
typedef struct {
	unsigned long head;	/* stored by the producer */
	unsigned long tail;	/* stored by the consumer */
	unsigned long mask;	/* loaded by both, set once */
	void **slots;		/* loaded by both, set once */
} tq_ring_t;

/* The read-mostly fields first, each end on a line of its own. */
typedef struct {
	unsigned long mask;
	void **slots;
	unsigned long head __attribute__((aligned(CACHE_LINE)));
	unsigned long tail __attribute__((aligned(CACHE_LINE)));
} tq_ring_fixed_t;

/* A typedef of that typedef: either name finds the struct. */
typedef tq_ring_fixed_t tq_ring_alias_t;

tq_ring_t tq_ring;
tq_ring_alias_t tq_ring_fixed;
