/* SPDX-License-Identifier: MIT */
/*
 * From a trace and the program's layouts to evidence per struct member:
 * which threads store and load it, from which code sites, and the
 * false-sharing verdicts. A verdict rests on thread sets, never on counts
 * (which depend on the interleaving): member A is falsely shared with B
 * when a thread stores A, another thread that never touches A loads or
 * stores B in the same object, the two did so in overlapping epochs (the
 * runtime's clock, moved by every thread start and end, so phases that
 * never overlap are told apart), and A and B meet on a line. That last is
 * decided for every start the struct's alignment allows, not only where
 * the objects happened to land (Predator's prediction). Objects of their
 * own (array elements, neighbouring globals) that share a line as they
 * were placed are reported too.
 */
#ifndef LINEUP_TRACE_MAP_H
#define LINEUP_TRACE_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "layout.h"
#include "trace_file.h"
#include "trace_syms.h"
#include "trace_untyped.h"

/* A code site's accesses to one member. */
struct lu_trace_use {
	uint64_t pc;
	uint32_t kind;		/* LU_TRACE_* bits */
	uint64_t *threads;	/* bit set */
	uint64_t count;		/* accesses, estimated from the recorded ones
				 * times --sample (timing-dependent) */
	struct lu_trace_site where;
};

struct lu_trace_member {
	uint64_t *stores, *loads;	/* thread bit sets */
	uint64_t n_stores, n_loads;
	struct lu_trace_use *uses;
	size_t n_uses, cap_uses;
};

/* Member A stored by threads T1 while threads T2 (never touching A in
 * that object) accessed member B, concurrently. */
struct lu_trace_pair {
	size_t a, b;
	uint64_t *t1, *t2;
	bool b_stored;		/* some T2 stored B */
};

/* What one line holds at one start: the stored side and the other. */
struct lu_trace_verdict {
	uint64_t start;		/* the object's offset from a line start */
	uint64_t line;		/* line index counted from that start */
	bool *written, *other;	/* by member */
	uint64_t *t1, *t2;
	bool observed;		/* some object was placed at this start */
};

struct lu_trace_type {
	const struct lu_struct *s;
	uint64_t align;		/* what the starts range over */
	size_t n_objects;
	const char *first_object;	/* "global tg" / "heap, site" */
	struct lu_trace_member *members;	/* by member index */
	struct lu_trace_pair *pairs;
	size_t n_pairs, cap_pairs;
	struct lu_trace_verdict *verdicts;
	size_t n_verdicts, cap_verdicts;
	bool shared;		/* touched by two threads or more */
	/* a store and another thread's access that would have been a pair
	 * but never overlapped in time (phases): the first such */
	bool has_apart;
	size_t apart_a, apart_b;	/* members */
	uint32_t apart_ta, apart_tb;	/* threads */
	uint64_t starts_seen;	/* bit per start index observed */
	/* locked instructions of inline assembly in the units that touched
	 * it (trace_asm.c), in R's arena */
	struct lu_trace_site *asm_sites;
	size_t n_asm_sites;
};

/* Two objects that share a line where they were. */
struct lu_trace_neighbours {
	uint64_t line_addr;
	const char *a, *b;	/* "counters[0].hits" */
	uint64_t *t1, *t2;
	bool b_stored;
};

/* An object the trace's accesses may land on: a global, an allocation
 * (COUNT elements when it holds an array) or a LINEUP_TRACE_OBJECT. */
struct lu_trace_obj {
	uint64_t addr, elem_size, count;
	uint32_t from, to;	/* life in epochs; to 0: to the end */
	const char *type;
	const char *label;	/* "global tg", "heap (fs_alloc+0x1c, a.c:9)" */
	const char *var;	/* a global's name, else NULL */
	size_t type_index;	/* in lu_trace_result.types, set by the map */
};

struct lu_trace_result {
	struct lu_trace_obj *objs;
	size_t n_objs, cap_objs;
	unsigned line_size;
	uint32_t n_threads;
	size_t words;		/* of every thread bit set */
	struct lu_trace_type *types;
	size_t n_types, cap_types;
	struct lu_trace_neighbours *neighbours;
	size_t n_neighbours, cap_neighbours;
	size_t n_false_sharing;	/* verdicts + neighbours */
	bool threads_overlapped;	/* two threads' accesses, in time */
	uint64_t n_accesses;	/* recorded */
	uint64_t n_estimated;	/* made: recorded times the sampling interval */
	uint64_t n_unmapped;	/* accesses on no typed object */
	size_t n_untyped;	/* the program's allocations no type fitted */
	struct lu_trace_untyped_set untyped;	/* those, and which were
						 * touched by two threads */
	uint64_t dropped;
	struct lu_arena arena;
};

struct lu_trace_map_opts {
	const char *const *structs;	/* --struct: only these */
	size_t n_structs;
	/* --struct: the smallest of them; an untyped allocation below it
	 * cannot be one and leaves the run conclusive. 0: all count */
	uint64_t min_size;
	unsigned line_size;
};

/*
 * First step: the objects of T and their types (OUT->objs), and every
 * type name once in *NAMES (malloc'd), so the caller reads only those
 * layouts. Then lu_trace_map with the same OUT.
 */
size_t lu_trace_find_objects(const struct lu_trace *t,
			     struct lu_trace_syms *sy,
			     const struct lu_trace_map_opts *o,
			     struct lu_trace_result *out, const char ***names);

/* Maps T's accesses onto the objects' layouts in SET. Free OUT with
 * lu_trace_result_free. */
void lu_trace_map(const struct lu_trace *t, struct lu_trace_syms *sy,
		  const struct lu_set *set, const struct lu_trace_map_opts *o,
		  struct lu_trace_result *out);
void lu_trace_result_free(struct lu_trace_result *r);

bool lu_trace_bit(const uint64_t *set, uint32_t i);
/* "T1", "T1,T3", "T2-T65" */
void lu_trace_threads_text(const uint64_t *set, uint32_t n, char *buf,
			   size_t size);

#endif
