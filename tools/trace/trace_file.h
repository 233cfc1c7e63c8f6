/* SPDX-License-Identifier: MIT */
/*
 * The trace file the runtime writes (tools/trace/runtime/trace_rt_write.c
 * describes its records) as data: one process's threads, allocations,
 * typed objects and accesses. Pure: text in, records out.
 */
#ifndef LINEUP_TRACE_FILE_H
#define LINEUP_TRACE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "error.h"

#define LU_TRACE_SITES 4
/* Thread numbers past this are refused: every thread set is a bit set
 * this wide, and no program the runtime traced had more. */
#define LU_TRACE_MAX_THREADS 65536

/* Kinds, as the runtime writes them: bits. The runtime's 8 (recorded
 * in a burst) is read into lu_trace_access.burst. */
enum { LU_TRACE_LOAD = 1, LU_TRACE_STORE = 2, LU_TRACE_ATOMIC = 4 };

struct lu_trace_map {
	uint64_t start, end, offset;
	bool exec;
	const char *path;	/* "" for anonymous memory */
};

struct lu_trace_thread {
	uint32_t id, birth, death;	/* death 0: still running at exit */
	uint64_t dropped;
	/* sampled in bursts: the CPU ns of its bursts and of it, and its
	 * instrumented calls in bursts and in all; 0 when not */
	uint64_t burst_ns, cpu_ns, burst_calls, calls;
};

struct lu_trace_alloc {
	uint64_t addr, size;
	uint32_t from, to;	/* epochs; to 0: never freed */
	uint32_t thread;
	uint64_t site[LU_TRACE_SITES];	/* malloc's caller first; 0 unknown */
};

struct lu_trace_object {
	uint64_t addr, size;
	const char *type;	/* as LINEUP_TRACE_OBJECT spelled it */
};

/* A thread's accesses to one 64-byte granule from one code site. */
struct lu_trace_access {
	uint64_t granule, mask;
	uint32_t kind, thread;
	uint64_t pc;
	uint32_t lo, hi;	/* epochs of the first and the last */
	uint64_t count;		/* recorded */
	bool burst;		/* recorded in bursts (every one of them) */
	/* COUNT scaled to what the program made: by the trace's sample,
	 * or, recorded in bursts, by its thread's calls over those made
	 * in bursts (its CPU time over theirs, with too few calls) */
	uint64_t estimate;
};

struct lu_trace {
	const char *path;
	uint64_t pid;
	uint32_t sample;
	/* sampled in bursts: the CPU ns of the bursts and of the threads
	 * that had them (their share is what was recorded of that code) */
	uint64_t burst_ns, burst_cpu_ns;
	const char *exe;
	struct lu_trace_map *maps;
	size_t n_maps, cap_maps;
	struct lu_trace_thread *threads;
	size_t n_threads, cap_threads;
	struct lu_trace_alloc *allocs;
	size_t n_allocs, cap_allocs;
	struct lu_trace_object *objects;
	size_t n_objects, cap_objects;
	struct lu_trace_access *accesses;
	size_t n_accesses, cap_accesses;
	bool complete;		/* the "end" line was there */
	int signal;		/* written when it interrupted: partial */
	struct lu_arena arena;
};

/* Is TEXT a trace (its first line)? */
bool lu_trace_is_trace(const char *text, size_t len);

/*
 * Parses LEN bytes of TEXT, from PATH (for messages). 0 on success; -1
 * with ERR naming PATH, the line and the problem. Free with lu_trace_free
 * in both cases.
 */
int lu_trace_parse(const char *path, const char *text, size_t len,
		   struct lu_trace *t, struct lu_error *err);
void lu_trace_free(struct lu_trace *t);

/* The highest thread id + 1 */
uint32_t lu_trace_n_threads(const struct lu_trace *t);
/* Did two threads access memory in overlapping epochs (at once)? */
bool lu_trace_threads_overlapped(const struct lu_trace *t);

#endif
