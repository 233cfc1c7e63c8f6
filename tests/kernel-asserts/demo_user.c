/* SPDX-License-Identifier: MIT */
/* An object that uses struct demo_sock: the one lineup checks. */
#include "demo.h"

unsigned long demo_send(struct demo_sock *sk)
{
	sk->snd_nxt += sk->mss;
	return sk->rcv_wnd + (unsigned long)sk->clock_cache;
}
