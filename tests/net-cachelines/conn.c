/* SPDX-License-Identifier: MIT */
/*
 * The struct the conn_*.rst tables describe, laid out as the tables ask:
 * line 0 holds what the tx path touches, line 1 what the rx path
 * touches, the txrx members where either may be. -DBROKEN moves rcv_wnd
 * (read on rx) onto the tx path's line, next to tx_bytes (written on tx).
 * Built by run_net_cachelines.py: cc -c -g conn.c [-DBROKEN]
 */
#include <stdint.h>

struct conn_ops;

struct conn {
	/* line 0: tx */
	_Alignas(64) const struct conn_ops *ops;	/* read, txrx */
	void *peer;				/* read, tx */
	uint64_t tx_bytes;			/* write, tx */
	uint64_t tx_packets;			/* write, tx */
	uint32_t tx_hist[3];			/* write, tx */
	uint32_t mtu;				/* read, txrx */
#ifdef BROKEN
	uint32_t rcv_wnd;			/* read, rx */
#endif
	char name[16];				/* no fast path */
	/* line 1: rx, and the txrx writes */
	_Alignas(64) struct {
		uint32_t seq;			/* write, txrx */
		uint32_t stamp;			/* write, rx */
	} conn_ack;
	uint32_t snd_nxt;			/* write, txrx */
	uint8_t tx_stopped : 1;			/* write, txrx */
	uint8_t rx_paused : 1;			/* read, rx */
	uint64_t rx_bytes;			/* write, rx */
	uint64_t rx_packets;			/* write, rx */
#ifndef BROKEN
	uint32_t rcv_wnd;			/* read, rx */
#endif
	int state;
};

struct conn conn_object;
