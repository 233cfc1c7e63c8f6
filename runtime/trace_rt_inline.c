/* SPDX-License-Identifier: MIT */
/*
 * The slow path of the accesses trace-cc counts without a call
 * (tools/trace/trace_inline.c rewrites the compiler's x86-64 assembly).
 * Each rewritten access has a record of its site in the thread's TLS:
 * the address it took last, that access's entry, and the epoch then. The
 * inline code adds to the entry's count when the address and the epoch
 * are the same again, and calls here otherwise. This records the access
 * as every callback does (lt_access) and, when the thread records every
 * access and the access lies in one granule, points the record at its
 * entry; otherwise the record stays empty and each access comes here
 * (sampling, ranges, a thread not recorded).
 *
 * The record is valid while its entry is: the epoch moves whenever an
 * entry may (a table that grows, a forked child's new table, the trace
 * being written), so no record outlives what it points to. It also moves
 * at a burst's end (trace_rt_burst.c), so a sampled thread's next access
 * comes here, and goes on in the function's fast copy.
 */
#include <stddef.h>
#include <stdint.h>

#include "trace_rt.h"

#define LT_API __attribute__((visibility("default")))

/* The rewrite adds to an entry's count at this offset (trace_inline.c's
 * LU_TRACE_COUNT_AT), and lays a record out as this struct. */
_Static_assert(offsetof(struct lt_entry, count) == 24, "count at 24");
_Static_assert(offsetof(struct lt_site, addr) == 0 &&
		       offsetof(struct lt_site, e) == 8 &&
		       offsetof(struct lt_site, epoch) == 16 &&
		       sizeof(struct lt_site) == 24,
	       "a site's record as trace_inline.c lays it out");

_Static_assert(LT_SITE_FAST == 1u << 16,
	       "trace_inline_parts.h's LU_TRACE_SITE_FAST");

LT_API int __lineup_trace_site(void *addr, struct lt_site *site,
			       unsigned info);

/* An access not counted inline, recorded (by the countdown, or whatever
 * it says in a burst), and the record filled when it may be: a thread
 * that records every access, or is in a burst, and an access within one
 * granule. */
static __attribute__((noinline)) void fill(uintptr_t a, struct lt_site *site,
					   size_t size, unsigned kind,
					   uintptr_t pc, int burst)
{
	uintptr_t granule = a & ~(uintptr_t)(LT_GRANULE - 1);
	/* read before recording: a later epoch only sends the next access
	 * here again */
	uint32_t now = lt_epoch_now();
	struct lt_thread *t;
	struct lt_hot *h;

	site->addr = 0;
	if (burst)
		lt_record_now(lt_tls, a, size, kind, pc);
	else
		lt_access(a, size, kind, pc);
	t = lt_tls;
	if (!t || !(t->every || burst) || !granule || size > 16 ||
	    a - granule + size > LT_GRANULE)
		return;
	h = &t->hot[lt_hot_slot(pc)];
	if (h->e && h->pc == pc && h->key == (granule | kind)) {
		site->e = h->e;
		site->epoch = now;
		site->addr = a;
	}
}

/*
 * INFO: the access's size, its kind shifted left by 8, and LT_SITE_FAST
 * when its function has a fast copy. Not 0: the thread goes on in that
 * copy (between bursts). Sampled, a site with no fast copy costs what a
 * callback does: the countdown, the record left empty.
 */
int __lineup_trace_site(void *addr, struct lt_site *site, unsigned info)
{
	struct lt_thread *t = lt_tls;
	uintptr_t pc = (uintptr_t)__builtin_return_address(0);
	uintptr_t a = (uintptr_t)addr;
	size_t size = info & 0xff;
	unsigned kind = (info >> 8) & 0xff;

	if (__builtin_expect(t && !t->every, 0)) {
		if (!(info & LT_SITE_FAST) || !t->timed) {
			if (__builtin_expect(--t->countdown == 0, 0))
				lt_record_due(t, a, size, kind, pc);
			return 0;
		}
		if (t->forced) {
			/* an allocation's pointer stored: as the countdown
			 * (set to 1 by the allocation) would */
			t->forced = 0;
			lt_record_due(t, a, size, kind, pc);
		}
		if (!t->in_burst) {
			__lineup_trace_fast = 1;
			return 1;
		}
		fill(a, site, size, kind | LT_BURST, pc, 1);
		return 0;
	}
	fill(a, site, size, kind, pc, 0);
	return 0;
}
