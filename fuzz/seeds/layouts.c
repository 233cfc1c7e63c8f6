/* SPDX-License-Identifier: MIT */
/*
 * Seed layouts for the DWARF, BTF and pahole fuzz corpora: group markers of
 * both conventions, a nested struct, a bit-field, an array, a function
 * pointer, an anonymous union and an unaligned struct. Kept tiny: the seeds
 * built from it live in git. Regenerate them with fuzz/make-corpus.
 */
typedef unsigned char lineup__write;
typedef unsigned char lineup__read;
typedef unsigned char lineup__cold;

struct sched_entity {
	unsigned long load;
	unsigned long runnable;
};

struct task_group {
	long css[4];
	lineup__write lineup__begin__tick[0];
	long load_avg;
	lineup__write lineup__end__tick[0];
	lineup__read lineup__begin__wake[0];
	struct task_group *parent;
	void (*fn)(int, const char *);
	lineup__read lineup__end__wake[0];
	struct sched_entity se;
	unsigned int flags : 3, busy : 1;
	union {
		int a;
		char b[3];
	};
	char name[2][3];
} __attribute__((__aligned__(64)));

struct conn {
	unsigned char __cacheline_group_begin__rx_read[0];
	void *rx_head;
	unsigned char __cacheline_group_end__rx_read[0];
	unsigned char __cacheline_group_begin__tx_write[0];
	unsigned long long tx_bytes;
	unsigned char __cacheline_group_end__tx_write[0];
};

struct packed {
	char a;
	int b;
} __attribute__((__packed__));

struct task_group tg;
struct conn c;
struct packed p;
