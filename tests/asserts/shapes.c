/* SPDX-License-Identifier: MIT */
/*
 * Layouts that exercise what `lineup asserts` prints beyond task_group:
 * each struct here is verified, its assertions printed in both styles,
 * appended to this file and compiled; every one must hold on the layout
 * it froze (shapes.ini has the rules).
 */
#include <lineup.h>

#include <stdint.h>

/* Aligned to 8: objects start anywhere in a line, so the apart relation
 * must hold for every start (the kernel style spells lineup.h's rule). */
struct unaligned {
	LINEUP_BEGIN(write, hits);
	uint64_t hits;
	LINEUP_END(write, hits);
	char pad[64];
	LINEUP_BEGIN(read, conf);
	uint64_t conf;
	LINEUP_END(read, conf);
};

/* Tagless: the assertions must spell the typedef. */
typedef struct {
	LINEUP_BEGIN_ALIGNED(write, head);
	uint64_t head;
	LINEUP_END(write, head);
	LINEUP_BEGIN_ALIGNED(read, mask);
	uint64_t mask;
	LINEUP_END(read, mask);
} ring_t;

/* A bit-field in a group: no assertion can name it; pad stands for it. */
struct LINEUP_ALIGNED flags {
	uint64_t count;
	unsigned dirty : 1;
	unsigned busy : 1;
	char pad[52];
	uint64_t ops;
};

/* One write group and seventeen read groups: WRITE_APART takes sixteen. */
#define READ_GROUP(n)                                                     \
	LINEUP_BEGIN(read, r##n);                                         \
	uint32_t x##n;                                                    \
	LINEUP_END(read, r##n)
struct LINEUP_ALIGNED wide {
	LINEUP_BEGIN(write, w);
	uint64_t w;
	LINEUP_END(write, w);
	LINEUP_BEGIN_ALIGNED(cold, gap);
	LINEUP_END(cold, gap);
	READ_GROUP(0); READ_GROUP(1); READ_GROUP(2); READ_GROUP(3);
	READ_GROUP(4); READ_GROUP(5); READ_GROUP(6); READ_GROUP(7);
	READ_GROUP(8); READ_GROUP(9); READ_GROUP(10); READ_GROUP(11);
	READ_GROUP(12); READ_GROUP(13); READ_GROUP(14); READ_GROUP(15);
	READ_GROUP(16);
};

/* Rules reach into a named member (dotted names). */
struct prod {
	uint64_t head;
	uint64_t tail;
};
struct LINEUP_ALIGNED queue {
	struct prod p;
	char pad[48];
	void *ring;
};

/* A group inside an isolation: its markers are members of an anonymous
 * struct, which offsetof reaches through. */
struct isolated {
	uint64_t before;
	LINEUP_ISOLATE_BEGIN(hot);
	LINEUP_BEGIN(write, hot);
	uint64_t hits;
	LINEUP_END(write, hot);
	LINEUP_ISOLATE_END(hot);
	LINEUP_BEGIN(read, look);
	uint64_t conf;
	LINEUP_END(read, look);
};

/* Apart only if objects start a line: the rules say align = 64, the
 * compiler sees 8 (refused: no assertion could say it). */
struct claimed {
	char pad[56];
	uint64_t a;
	uint64_t b;
};

struct unaligned shapes_unaligned;
ring_t shapes_ring;
struct flags shapes_flags;
struct wide shapes_wide;
struct queue shapes_queue;
struct isolated shapes_isolated;
struct claimed shapes_claimed;
