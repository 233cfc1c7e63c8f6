/* SPDX-License-Identifier: MIT */
/*
 * Corpus: anonymous unions and structs as real code uses them, shown
 * nested with their own holes and counted as pahole counts them: per-mode
 * state in a line-aligned union (DPDK's struct rte_ring), unions of
 * anonymous structs (the kernel's struct sk_buff and struct page), unions
 * whose tail is padding, bit holes inside a block, blocks aligned with no
 * gap before them, a base-less empty block, a pointer to an anonymous
 * struct and a tagless typedef.
 */
#define LINE 64
#define ALIGNED __attribute__((aligned(LINE)))

/* DPDK lib/ring/rte_ring_core.h: the head/tail of each synchronisation
 * mode, a union per side, each side on its own line and a guard line
 * after it (RTE_CACHE_GUARD). */
struct an_headtail {
	volatile unsigned int head;
	volatile unsigned int tail;
	int sync_type;
	unsigned int single;
};

struct an_ring {
	char name[29] ALIGNED;
	int flags;
	const void *memzone;
	unsigned int size;
	unsigned int mask;
	unsigned int capacity;
	char guard0[LINE] ALIGNED;
	union {
		struct an_headtail prod;
		struct {
			int sync_type;
			/* 4 bytes hole */
			union {
				unsigned long raw;
				struct {
					unsigned int head, tail;
				} pos;
			} ht;
		} hts_prod;
		struct {
			int sync_type;
			unsigned int tail_pos;
			unsigned short htd_max;
			/* 2 bytes of padding */
		};
	} ALIGNED;
	char guard1[LINE] ALIGNED;
	union {
		struct an_headtail cons;
		struct {
			int cons_sync_type;
			unsigned int cons_tail_pos;
			unsigned short cons_htd_max;
		};
	} ALIGNED;
	char guard2[LINE] ALIGNED;
};

/* The kernel's struct sk_buff: the list linkage is one of three things,
 * and a block of bit-fields leaves bit and byte holes. */
struct an_list {
	struct an_list *next, *prev;
};

struct an_skb {
	union {
		struct {
			struct an_skb *next;
			struct an_skb *prev;
			union {
				void *dev;
				unsigned long dev_scratch;
			};
		};
		struct an_list list;
		long long rbnode[3];
	};
	union {
		void *sk;
		int ip_defrag_offset;
	};
	union {
		long long tstamp;
		unsigned long long skb_mstamp_ns;
	};
	char cb[48] __attribute__((aligned(8)));
	union {
		struct {
			unsigned long refdst;
			void (*destructor)(struct an_skb *skb);
		};
		struct an_list tcp_tsorted_anchor;
	};
	unsigned int len, data_len;
	unsigned short mac_len, hdr_len;
	struct {
		unsigned char cloned:1, nohdr:1, fclone:2;
		unsigned char peeked:1;
		/* 3 bits hole, 1 byte hole */
		unsigned short queue_mapping;
		/* 4 bytes hole */
		unsigned long users;
	};
	char tail;
};

/* The kernel's struct page: what a page is used for picks the struct. */
struct an_page {
	unsigned long flags;
	union {
		struct {
			struct an_list lru;
			void *mapping;
			unsigned long index;
			unsigned long private;
		};
		struct {
			unsigned long pp_magic;
			void *pp;
			unsigned long dma_addr;
			short pp_ref_count;
			/* 6 bytes of padding */
		};
		struct {
			unsigned long compound_head;
		};
		struct {
			char order;
			/* 7 bytes hole */
			void *pgmap;
		};
	};
	union {
		unsigned int page_type;
		int mapcount;
	};
	int refcount;
	unsigned long memcg_data;
};

/* Unions whose tail is padding, inside a struct and at the top. */
struct an_union_tail {
	char tag;
	union {
		char bytes[5];
		int word;
	};
	char after;
	union {
		struct {
			char a;
			long b;
		};
		short s;
	};
	char last;
};

union an_modes {
	struct {
		char kind;
		long value;
	};
	struct {
		short len;
		char data[9];
	};
	char raw[20];
};

/* Aligned with no gap before: at offset 0, and right after a line. */
struct an_aligned {
	struct {
		long hot;
	} ALIGNED;
	long cold ALIGNED;
	int x;
};

/* Odd ones: an empty block (GNU C), a pointer to an anonymous struct
 * (its members are the pointee's, not this struct's), and a block that
 * ends in a bit-field. */
struct an_odd {
	int first;
	struct {
	};
	struct {
		int from, size;
	} *parts;
	struct {
		char c;
		unsigned int flag:3;
	};
	short end;
};

/* A tagless struct, named by its typedef, with an anonymous union. */
typedef struct {
	int kind;
	union {
		int i;
		float f;
		char s[6];
	};
} an_value_t;

struct an_ring an_ring_v;
struct an_skb an_skb_v;
struct an_page an_page_v;
struct an_union_tail an_union_tail_v;
union an_modes an_modes_v;
struct an_aligned an_aligned_v;
struct an_odd an_odd_v;
an_value_t an_value_v;
