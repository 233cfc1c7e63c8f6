/* SPDX-License-Identifier: MIT */
/*
 * Pattern: guard lines. x86's adjacent-line prefetcher fetches lines in
 * aligned pairs, so two CPUs storing to neighbouring lines still slow
 * each other down; DPDK's ring and userspace-rcu's per-thread reader
 * state leave an unused line between the parts that different CPUs store
 * to. `lineup check --pair` checks line pairs, and finds what a layout
 * without guards loses. What lineup prints: guard_lines.expect.
 */
#define CACHE_LINE 64
#define ALIGNED __attribute__((aligned(CACHE_LINE)))

/* Read-mostly fields, producer, consumer: each on a line of its own, an
 * unused line after each. */
struct gl_guarded {
	unsigned int size;
	unsigned int mask;
	char guard0[CACHE_LINE] ALIGNED;
	unsigned long prod_head ALIGNED;
	unsigned long prod_tail;
	char guard1[CACHE_LINE] ALIGNED;
	unsigned long cons_head ALIGNED;
	unsigned long cons_tail;
	char guard2[CACHE_LINE] ALIGNED;
};

/* The same three parts on consecutive lines. */
struct gl_plain {
	unsigned int size;
	unsigned int mask;
	unsigned long prod_head ALIGNED;
	unsigned long prod_tail;
	unsigned long cons_head ALIGNED;
	unsigned long cons_tail;
};

struct gl_guarded gl_guarded;
struct gl_plain gl_plain;
