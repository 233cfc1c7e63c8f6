/* SPDX-License-Identifier: MIT */
/* A bump allocator for layout strings and arrays; see arena.h. */
#include "arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_SIZE (64 * 1024)

struct lu_arena_chunk {
	struct lu_arena_chunk *next;
	size_t used, cap;
	_Alignas(16) unsigned char data[];
};

static void *xmalloc(size_t size)
{
	void *p = malloc(size);

	if (!p) {
		fputs("lineup: out of memory\n", stderr);
		abort();
	}
	return p;
}

void lu_arena_free(struct lu_arena *a)
{
	struct lu_arena_chunk *c = a->head;

	while (c) {
		struct lu_arena_chunk *next = c->next;

		free(c);
		c = next;
	}
	a->head = NULL;
}

void *lu_arena_alloc(struct lu_arena *a, size_t size)
{
	struct lu_arena_chunk *c = a->head;
	size_t need = (size + 15) & ~(size_t)15;

	if (!c || c->cap - c->used < need) {
		size_t cap = need > CHUNK_SIZE ? need : CHUNK_SIZE;

		c = xmalloc(sizeof(*c) + cap);
		c->cap = cap;
		c->used = 0;
		/* Big one-off blocks go behind the head to keep filling it. */
		if (a->head && need > CHUNK_SIZE) {
			c->next = a->head->next;
			a->head->next = c;
		} else {
			c->next = a->head;
			a->head = c;
		}
	}
	void *p = c->data + c->used;

	c->used += need;
	memset(p, 0, size);
	return p;
}

void *lu_arena_memdup(struct lu_arena *a, const void *p, size_t size)
{
	void *q = lu_arena_alloc(a, size);

	if (size)
		memcpy(q, p, size);
	return q;
}

char *lu_arena_strndup(struct lu_arena *a, const char *s, size_t n)
{
	char *q = lu_arena_alloc(a, n + 1);

	memcpy(q, s, n);
	q[n] = '\0';
	return q;
}

char *lu_arena_strdup(struct lu_arena *a, const char *s)
{
	return lu_arena_strndup(a, s, strlen(s));
}

char *lu_arena_printf(struct lu_arena *a, const char *fmt, ...)
{
	va_list ap;
	char *tmp;

	va_start(ap, fmt);
	int n = vasprintf(&tmp, fmt, ap);
	va_end(ap);
	if (n < 0) {
		fputs("lineup: out of memory\n", stderr);
		abort();
	}
	char *q = lu_arena_strndup(a, tmp, (size_t)n);

	free(tmp);
	return q;
}

void *lu_zeroed(size_t n, size_t size)
{
	void *p = n && size <= SIZE_MAX / n ? malloc(n * size) : NULL;

	if (!p) {
		fputs("lineup: out of memory\n", stderr);
		abort();
	}
	/* explicit_bzero: the compiler turns malloc and memset into calloc */
	explicit_bzero(p, n * size);
	return p;
}

void *lu_grow(void *array, size_t *cap, size_t count, size_t elem_size)
{
	if (count < *cap)
		return array;
	size_t ncap = *cap ? *cap * 2 : 16;
	void *p = realloc(array, ncap * elem_size);

	if (!p) {
		fputs("lineup: out of memory\n", stderr);
		abort();
	}
	*cap = ncap;
	return p;
}
