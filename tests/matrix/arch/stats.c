/* SPDX-License-Identifier: MIT */
/*
 * lineup matrix's `arch =` in a compile matrix: a user-space struct whose
 * layout follows the word size. On a 64-bit architecture spare[] fills
 * hits' line and limit starts the next; on 32-bit ARM (or i386) limit
 * lands on hits' line, but only with -DBATCHED (the Kconfig fixture,
 * ../kconfig/sched.c, includes it with BATCHED under CONFIG_SMP).
 */
struct arch_stats {
	unsigned long hits;
#ifdef BATCHED
	unsigned long spare[7];
	unsigned int limit;
#else
	unsigned int limit __attribute__((__aligned__(64)));
#endif
};

struct arch_stats arch_stats;
