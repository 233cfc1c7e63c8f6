/* SPDX-License-Identifier: MIT */
/*
 * Layouts shared by the header cases. Members are fixed-width and alignment
 * is explicit, so the offsets in the comments hold on every ABI the tests
 * run on (x86-64, i686); the line size is pinned so they hold on any host.
 */
#ifndef FIXTURE_H
#define FIXTURE_H

#define LINEUP_CACHELINE_SIZE 64
#include "lineup.h"

#include <stdint.h>

struct list_head {
	uint64_t next, prev;
};

/* Line-aligned: line numbers are defined. */
struct LINEUP_ALIGNED fx {
	LINEUP_BEGIN(read, tick);       /*   0 */
	uint64_t a;                     /*   0 */
	uint64_t b;                     /*   8 */
	LINEUP_END(read, tick);         /*  16 */
	LINEUP_BEGIN(write, hot);       /*  16 */
	uint64_t counter;               /*  16 */
	LINEUP_END(write, hot);         /*  24 */
	unsigned char pad[40];          /*  24 */
	LINEUP_BEGIN(read, look);       /*  64 */
	uint64_t parent;                /*  64 */
	uint64_t rt;                    /*  72 */
	LINEUP_END(read, look);         /*  80 */
	LINEUP_BEGIN(cold, slow);       /*  80 */
	struct list_head list;          /*  80 */
	LINEUP_END(cold, slow);         /*  96 */
	LINEUP_BEGIN(write, nothing);   /*  96, empty in this configuration */
#ifdef FIXTURE_NEVER_DEFINED
	uint64_t absent;
#endif
	LINEUP_END(write, nothing);     /*  96 */
	uint32_t flags;                 /*  96 */
	uint32_t wide[20];              /* 100..180: lines 1 and 2 */
	uint32_t after;                 /* 180 */
};                                      /* size 192 */

/* Aligned to 8 only: it may start at any multiple of 8 inside a line, so
 * placement must hold for all eight starts. */
struct LINEUP_ALIGNED_TO(8) ux {
	uint64_t x;                     /*   0 */
	LINEUP_BEGIN(write, w);         /*   8 */
	uint64_t a;                     /*   8 */
	uint64_t a2;                    /*  16 */
	LINEUP_END(write, w);           /*  24 */
	unsigned char pad[40];          /*  24 */
	LINEUP_BEGIN(read, r);          /*  64 */
	uint64_t b;                     /*  64 */
	LINEUP_END(read, r);            /*  72 */
	uint64_t c;                     /*  72 */
};                                      /* size 80 */

/* The same members, line-aligned. */
struct LINEUP_ALIGNED ax {
	uint64_t x;
	LINEUP_BEGIN(write, w);
	uint64_t a;
	uint64_t a2;
	LINEUP_END(write, w);
	unsigned char pad[40];
	LINEUP_BEGIN(read, r);
	uint64_t b;
	LINEUP_END(read, r);
	uint64_t c;
};

/* Aligned to 16, which divides the line: a 16-byte aligned chunk never
 * straddles a line. */
struct LINEUP_ALIGNED_TO(16) u16 {
	uint64_t x;                     /*   0 */
	uint64_t a;                     /*   8 */
	uint64_t b;                     /*  16 */
};

#endif
