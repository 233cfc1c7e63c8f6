/* SPDX-License-Identifier: MIT */
/*
 * Built by check_header.py --pahole: cc -g -c, as C (gcc, clang) and as C++
 * (g++, clang++), then pahole -C marked. The markers must survive into
 * DWARF under their contract names and kind typedefs, with size 0 (spelled
 * [0] in C, [1][0] in C++), and the isolation must give load_avg a line of
 * its own.
 */
/* PAHOLE-STRUCT: marked */
/* PAHOLE: lineup__read lineup__begin__tick 8 */
/* PAHOLE: - se 8 */
/* PAHOLE: lineup__read lineup__end__tick 24 */
/* PAHOLE: lineup__isolate lineup__isolate_begin__load 64 */
/* PAHOLE: lineup__write lineup__begin__load 64 */
/* PAHOLE: - load_avg 64 */
/* PAHOLE: lineup__write lineup__end__load 72 */
/* PAHOLE: lineup__isolate lineup__isolate_end__load 72 */
/* PAHOLE: lineup__read lineup__begin__wakeup 128 */
/* PAHOLE: - parent 128 */
/* PAHOLE: - rt_se 136 */
/* PAHOLE: lineup__read lineup__end__wakeup 144 */
/* PAHOLE: lineup__cold lineup__begin__slow 144 */
/* PAHOLE: lineup__cold lineup__end__slow 160 */
/* PAHOLE-SIZE: 192 */
#define LINEUP_CACHELINE_SIZE 64
#include "lineup.h"

#include <stdint.h>

#define CONFIG_RT_GROUP_SCHED 1

struct marked {
	uint64_t css;
	LINEUP_BEGIN(read, tick);
	uint64_t se;
	uint64_t cfs_rq;
	LINEUP_END(read, tick);
	LINEUP_ISOLATE_BEGIN(load);
	LINEUP_BEGIN(write, load);
	uint64_t load_avg;
	LINEUP_END(write, load);
	LINEUP_ISOLATE_END(load);
	LINEUP_BEGIN(read, wakeup);
	uint64_t parent;
#ifdef CONFIG_RT_GROUP_SCHED
	uint64_t rt_se;
#endif
	LINEUP_END(read, wakeup);
	LINEUP_BEGIN(cold, slow);
	uint64_t rcu[2];
	LINEUP_END(cold, slow);
};

LINEUP_ASSERT_WRITE_APART(struct marked, load, tick, wakeup, slow);

struct marked lineup_pahole_instance;
