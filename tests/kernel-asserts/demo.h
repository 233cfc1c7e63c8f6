/* SPDX-License-Identifier: MIT */
/*
 * A socket-like struct with the kernel's cache-line group markers. The
 * macros follow include/linux/cache.h's pattern (zero-size members named
 * __cacheline_group_begin__GROUP, and assertions on offsetof between
 * them), spelt here with _Static_assert so that the compiler is the
 * oracle: demo_check.c builds where lineup says the bounds hold.
 */
#ifndef DEMO_H
#define DEMO_H

#include <stddef.h>

#define __cacheline_group_begin(GROUP) \
	unsigned char __cacheline_group_begin__##GROUP[0]
#define __cacheline_group_end(GROUP) \
	unsigned char __cacheline_group_end__##GROUP[0]

#define offsetofend(TYPE, MEMBER) \
	(offsetof(TYPE, MEMBER) + sizeof(((TYPE *)0)->MEMBER))

#define CACHELINE_ASSERT_GROUP_MEMBER(TYPE, GROUP, MEMBER) \
	_Static_assert(offsetof(TYPE, MEMBER) >= \
		       offsetofend(TYPE, __cacheline_group_begin__##GROUP) && \
		       offsetofend(TYPE, MEMBER) <= \
		       offsetof(TYPE, __cacheline_group_end__##GROUP), \
		       #MEMBER " in " #GROUP)

#define CACHELINE_ASSERT_GROUP_SIZE(TYPE, GROUP, SIZE) \
	_Static_assert(offsetof(TYPE, __cacheline_group_end__##GROUP) - \
		       offsetofend(TYPE, __cacheline_group_begin__##GROUP) <= \
		       (SIZE), #GROUP " fits " #SIZE)

struct demo_sock {
	__cacheline_group_begin(demo_sock_read_tx);
	void *ops;
	unsigned int mss;
	__cacheline_group_end(demo_sock_read_tx);
	/* a u64 after a u32: 4 bytes of padding where u64 aligns to 8
	 * (x86-64, 32-bit ARM), none on i386 */
	__cacheline_group_begin(demo_sock_write_txrx) __attribute__((aligned(64)));
	unsigned int snd_nxt;
	unsigned long long clock_cache;
	void *send_head;
	__cacheline_group_end(demo_sock_write_txrx);
	__cacheline_group_begin(demo_sock_write_rx);
	unsigned int rcv_nxt;
	unsigned long rcv_wnd;
	__cacheline_group_end(demo_sock_write_rx);
	int cold;
	__cacheline_group_begin(demo_sock_read_rx);
	unsigned char rx_flags;
	__cacheline_group_end(demo_sock_read_rx);
#ifdef DEMO_STATS
	unsigned long stats;
#endif
};

#endif
