/* SPDX-License-Identifier: MIT */
/*
 * Pattern: pad arrays instead of alignment attributes,
 * char pad[CACHE_LINE - sizeof(...)], as Concurrency Kit and many
 * portable C libraries separate their hot fields. The pads put each group
 * 64 bytes after the previous one, but the struct keeps the alignment of
 * its members (8): an object that does not start a line has its groups
 * straddle lines, and lineup checks every start the alignment allows.
 * What lineup prints: pad_arrays.expect.
 */
#define CACHE_LINE 64

struct pad_stats {
	unsigned long rx_packets;	/* stored by the receiving CPU */
	unsigned long rx_bytes;
	char pad0[CACHE_LINE - 2 * sizeof(unsigned long)];
	unsigned long tx_packets;	/* stored by the sending CPU */
	unsigned long tx_bytes;
	char pad1[CACHE_LINE - 2 * sizeof(unsigned long)];
	const void *ops;		/* loaded by both, set once */
};

/* The same pads, and the alignment they assume made explicit. */
struct pad_stats_aligned {
	unsigned long rx_packets;
	unsigned long rx_bytes;
	char pad0[CACHE_LINE - 2 * sizeof(unsigned long)];
	unsigned long tx_packets;
	unsigned long tx_bytes;
	char pad1[CACHE_LINE - 2 * sizeof(unsigned long)];
	const void *ops;
} __attribute__((aligned(CACHE_LINE)));

struct pad_stats pad_stats;
struct pad_stats_aligned pad_stats_aligned;
