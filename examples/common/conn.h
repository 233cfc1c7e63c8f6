/* SPDX-License-Identifier: MIT */
/*
 * A network connection as a packet path sees it: counters stored for every
 * packet, and pointers loaded for every packet but rarely stored. Build with
 * -DCONN_BROKEN to put them back on one line and watch lineup catch it.
 */
#ifndef CONN_H
#define CONN_H

#include <lineup.h>

struct conn_ops;

struct conn {
	LINEUP_BEGIN(read, fast);	/* loaded per packet */
	const struct conn_ops *ops;
	void *peer;
	unsigned int mtu;
	LINEUP_END(read, fast);
#ifdef CONN_BROKEN
	LINEUP_BEGIN(write, stats);
#else
	LINEUP_BEGIN_ALIGNED(write, stats);	/* stored per packet */
#endif
	unsigned long rx_bytes, tx_bytes;
	unsigned long rx_packets, tx_packets;
	LINEUP_END(write, stats);
	LINEUP_BEGIN(cold, setup);
	char name[32];
	int state;
	LINEUP_END(cold, setup);
};

struct conn *conn_new(const struct conn_ops *ops, void *peer);
void conn_rx(struct conn *c, unsigned long bytes);

#endif
