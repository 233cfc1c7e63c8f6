/* SPDX-License-Identifier: MIT */
/*
 * A bump allocator: layouts hold many small strings and arrays that all die
 * together, so they are carved from large chunks and freed in one go.
 */
#ifndef LINEUP_ARENA_H
#define LINEUP_ARENA_H

#include <stdarg.h>
#include <stddef.h>

struct lu_arena_chunk;

struct lu_arena {
	struct lu_arena_chunk *head;
};

void lu_arena_free(struct lu_arena *a);
/* Returns zeroed memory; aborts only when the process is out of memory. */
void *lu_arena_alloc(struct lu_arena *a, size_t size);
void *lu_arena_memdup(struct lu_arena *a, const void *p, size_t size);
char *lu_arena_strdup(struct lu_arena *a, const char *s);
char *lu_arena_strndup(struct lu_arena *a, const char *s, size_t n);
char *lu_arena_printf(struct lu_arena *a, const char *fmt, ...)
	__attribute__((__format__(__printf__, 2, 3)));

/*
 * A zeroed table of N elements of SIZE for a hash table to probe, or
 * aborts. Written, not calloc'd: calloc leaves a large block to the
 * kernel's shared zero page, and a probe reads it before the insert
 * writes, so every page faults twice, the second time copying on write
 * with a TLB flush that interrupts the other reading threads' CPUs (5 %
 * of a -j 2 read of a kernel).
 */
void *lu_zeroed(size_t n, size_t size);

/* Growable array helper: makes room for one more element, or aborts. */
void *lu_grow(void *array, size_t *cap, size_t count, size_t elem_size);

#endif
