/* SPDX-License-Identifier: MIT */
/* The connection's packet path: what the layout is for. */
#include "conn.h"

struct conn *conn_new(const struct conn_ops *ops, void *peer)
{
	/* plain malloc would lose the struct's line alignment */
	struct conn *c = LINEUP_NEW(struct conn);

	if (c) {
		c->ops = ops;
		c->peer = peer;
		c->mtu = 1500;
	}
	return c;
}

void conn_rx(struct conn *c, unsigned long bytes)
{
	c->rx_bytes += bytes;
	c->rx_packets++;
}
