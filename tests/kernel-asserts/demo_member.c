/* SPDX-License-Identifier: MIT */
/* A member asserted in a group it is not in (a stale assert). */
#include "demo.h"

static void __attribute__((unused)) demo_member_check(void)
{
	CACHELINE_ASSERT_GROUP_MEMBER(struct demo_sock, demo_sock_write_txrx,
				      rcv_nxt);
	CACHELINE_ASSERT_GROUP_SIZE(struct demo_sock, demo_sock_cold, 8);
}
