/* SPDX-License-Identifier: MIT */
/*
 * Reading a file that shrinks while it is mapped. libelf and libdwfl map
 * their inputs, and touching a page past the file's new end raises SIGBUS:
 * a build rewriting an object while lineup reads it would kill lineup.
 * While a guard is armed on a thread, such a fault on that thread gets a
 * page of zeros in place of the vanished one, the guard records it, and
 * the reader that armed it says the file shrank. See map_guard.c for why
 * zeros rather than a jump out of the libraries.
 */
#ifndef LINEUP_MAP_GUARD_H
#define LINEUP_MAP_GUARD_H

#include <signal.h>
#include <stdbool.h>

struct lu_map_guard {
	struct lu_map_guard *outer;	/* the guard armed before this one */
	volatile sig_atomic_t shrank;	/* a mapped page vanished */
};

/* Arms G on this thread until lu_map_guard_disarm(G); guards nest. */
void lu_map_guard_arm(struct lu_map_guard *g);

/*
 * Disarms G, the innermost guard of this thread. True when a mapped page
 * vanished while G was the innermost: the caller reports it, and what
 * it read meanwhile (zeros in place of data) is not to be trusted.
 */
bool lu_map_guard_disarm(struct lu_map_guard *g);

/* Has a page vanished under this thread's innermost guard? Long loops
 * over mapped data ask, to stop at once rather than walk zeros. */
bool lu_map_guard_shrank(void);

#endif
