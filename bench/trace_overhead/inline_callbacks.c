/* SPDX-License-Identifier: MIT */
/*
 * The floors of two ways to trace without a call per access, which
 * `run` measures on reader_writer.c's assembly rewritten by hand (its
 * rewrite_* functions): not lineup's runtime, what one built on them
 * could at best cost.
 *
 * - gated: each access's call behind a test of a flag (a sampling burst
 *   that is off): a load and a branch per access.
 * - per site: each access compares its address with its site's last
 *   one, in a per-thread record of the site (.tbss), and counts there;
 *   only a new address calls lt_inline_slow, which takes it.
 *
 * The other callbacks are empty_callbacks.c's.
 */
#include <stdint.h>

#include "empty_callbacks.c"

volatile unsigned char lt_inline_on;	/* a burst: never, here */

/* A site's record in the thread's TLS, as the rewrite lays it out. */
struct lt_inline_site {
	uintptr_t last;		/* the address last taken */
	uint64_t count;		/* accesses counted inline */
};

void lt_inline_slow(uintptr_t addr, struct lt_inline_site *site);

void lt_inline_slow(uintptr_t addr, struct lt_inline_site *site)
{
	site->last = addr;
	site->count++;
}
