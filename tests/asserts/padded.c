/* SPDX-License-Identifier: MIT */
/*
 * Shapes of hand-padded concurrent structs, as lock-free rings and
 * allocators write them: indexes kept apart by `char pad[LINE - sizeof]`
 * arrays rather than by alignment, reached through typedefs, with C11
 * _Atomic, alignas, anonymous unions and bit-fields. -DBROKEN shrinks the
 * first pad, as a careless edit would.
 */
#include <stdalign.h>
#include <stdatomic.h>

#define PAD_LINE 64
#ifdef BROKEN
#define CONS_PAD 8
#define HEAD_PAD 8
#else
#define CONS_PAD (PAD_LINE - sizeof(unsigned int))
#define HEAD_PAD (PAD_LINE - sizeof(unsigned long))
#endif

/* Tagged, used through its typedef; aligned to 4 only. */
struct pring {
	unsigned int cons;
	char cons_pad[CONS_PAD];
	unsigned int prod_head;
	unsigned int prod_tail;
	char prod_pad[PAD_LINE - 2 * sizeof(unsigned int)];
	unsigned int size;
	unsigned int mask;
};
typedef struct pring pring_t;

/* Tagless: only the typedef names it. */
typedef struct {
	_Atomic unsigned long head;
	union {
		struct {
			unsigned int lo;
			unsigned int hi;
		};
		unsigned long both;
	};
	unsigned char closing : 1;
	unsigned char kind : 3;
	alignas(PAD_LINE) _Atomic unsigned long tail;
	unsigned int n;
} pq_t;

/*
 * Bit-fields in a hot group: offsetof cannot name them, a neighbour can
 * stand for them ('gen' starts between 'head' and them, 'refs' ends
 * between them and 'tail'); 'armed' has none towards 'tail'.
 */
typedef struct {
	_Atomic unsigned long head;
	char head_pad[HEAD_PAD];
	unsigned int gen;
	unsigned char closing : 1;
	unsigned char kind : 3;
	unsigned short refs;
	unsigned char armed : 1;
	alignas(PAD_LINE) _Atomic unsigned long tail;
} pf_t;

pring_t padded_ring;
pf_t padded_flags;
pq_t padded_queue;
