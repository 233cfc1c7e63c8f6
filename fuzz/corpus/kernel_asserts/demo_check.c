/* SPDX-License-Identifier: MIT */
/*
 * The bounds, as tcp_struct_check() in net/ipv4/tcp.c states them. They
 * hold on i386, where demo_sock_write_txrx is 16 bytes, exactly at its
 * bound; x86-64 pads a u64 and is 8 bytes over: this file does not build
 * there (the test says so).
 */
#include "demo.h"

static void __attribute__((unused)) demo_struct_check(void)
{
	/* TX read-mostly: "tcp_sock_read_tx" */
	CACHELINE_ASSERT_GROUP_MEMBER(struct demo_sock, demo_sock_read_tx, ops);
	CACHELINE_ASSERT_GROUP_MEMBER(struct demo_sock, demo_sock_read_tx, mss);
	CACHELINE_ASSERT_GROUP_SIZE(struct demo_sock, demo_sock_read_tx, 16);

	/* TXRX read-write; 32-bit arches with 8-byte alignment of u64
	 * need the padding before clock_cache: "+ 4" */
	CACHELINE_ASSERT_GROUP_MEMBER(struct demo_sock, demo_sock_write_txrx,
				      clock_cache);
	CACHELINE_ASSERT_GROUP_SIZE(struct demo_sock, demo_sock_write_txrx,
				    12 + 4);

	/* RX read-write: a bound with sizeof, which lineup does not guess */
	CACHELINE_ASSERT_GROUP_SIZE(struct demo_sock, demo_sock_write_rx,
				    sizeof(long) + 8);
#ifdef DEMO_STATS
	CACHELINE_ASSERT_GROUP_MEMBER(struct demo_sock, demo_sock_write_rx,
				      stats);
#endif
	CACHELINE_ASSERT_GROUP_SIZE(struct demo_sock, demo_sock_read_rx, 1);
}
