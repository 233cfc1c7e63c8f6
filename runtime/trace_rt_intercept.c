/* SPDX-License-Identifier: MIT */
/*
 * What the runtime intercepts: the allocator (sizes and allocation sites
 * name the heap objects), memcpy/memmove/memset (clang calls them for
 * struct copies and zeroing instead of instrumenting the bytes, and gcc
 * leaves them to the runtime), C++'s operator new (so the site is the
 * caller's code, not libstdc++'s), pthread_create (through the linker's
 * --wrap, which lineup trace-cc passes: the epoch moves before the child
 * runs) and LINEUP_TRACE_OBJECT from lineup.h.
 *
 * glibc exports its own allocator as __libc_malloc & co. and its string
 * functions as the _chk forms, so nothing here needs dlsym (which may
 * itself allocate).
 */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "trace_rt.h"

#define LT_PC() ((uintptr_t)__builtin_return_address(0))
#define LT_API __attribute__((visibility("default")))

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t size);
void __libc_free(void *p);
void *__libc_memalign(size_t align, size_t size);
void *__memcpy_chk(void *d, const void *s, size_t n, size_t dn);
void *__memmove_chk(void *d, const void *s, size_t n, size_t dn);
void *__memset_chk(void *d, int c, size_t n, size_t dn);

static void *traced(void *p, size_t size, uintptr_t pc)
{
	lt_alloc_record(p, size, pc);
	return p;
}

LT_API void *malloc(size_t size)
{
	return traced(__libc_malloc(size), size, LT_PC());
}

LT_API void *calloc(size_t n, size_t size)
{
	return traced(__libc_calloc(n, size), n * size, LT_PC());
}

LT_API void *realloc(void *p, size_t size)
{
	void *q;

	lt_free_record(p);
	q = __libc_realloc(p, size);
	return traced(q, size, LT_PC());
}

LT_API void free(void *p)
{
	lt_free_record(p);
	__libc_free(p);
}

LT_API void *aligned_alloc(size_t align, size_t size)
{
	return traced(__libc_memalign(align, size), size, LT_PC());
}

LT_API void *memalign(size_t align, size_t size)
{
	return traced(__libc_memalign(align, size), size, LT_PC());
}

LT_API int posix_memalign(void **out, size_t align, size_t size)
{
	void *p;

	if (!align || (align & (align - 1)) || align % sizeof(void *))
		return 22; /* EINVAL */
	p = __libc_memalign(align, size);
	if (!p)
		return 12; /* ENOMEM */
	*out = traced(p, size, LT_PC());
	return 0;
}

/* operator new and delete (the Itanium C++ ABI's names). A failed new
 * aborts: C cannot throw std::bad_alloc. */
static void *new_or_abort(size_t size, uintptr_t pc)
{
	void *p = __libc_malloc(size ? size : 1);

	if (!p)
		abort();
	return traced(p, size, pc);
}

LT_API void *_Znwm(size_t size);
void *_Znwm(size_t size)
{
	return new_or_abort(size, LT_PC());
}

LT_API void *_Znam(size_t size);
void *_Znam(size_t size)
{
	return new_or_abort(size, LT_PC());
}

LT_API void _ZdlPv(void *p);
void _ZdlPv(void *p)
{
	free(p);
}

LT_API void _ZdaPv(void *p);
void _ZdaPv(void *p)
{
	free(p);
}

LT_API void _ZdlPvm(void *p, size_t n);
void _ZdlPvm(void *p, size_t n)
{
	(void)n;
	free(p);
}

LT_API void _ZdaPvm(void *p, size_t n);
void _ZdaPvm(void *p, size_t n)
{
	(void)n;
	free(p);
}

LT_API void *memcpy(void *d, const void *s, size_t n)
{
	lt_record((uintptr_t)s, n, LT_LOAD, LT_PC());
	lt_record((uintptr_t)d, n, LT_STORE, LT_PC());
	return __memcpy_chk(d, s, n, n);
}

LT_API void *memmove(void *d, const void *s, size_t n)
{
	lt_record((uintptr_t)s, n, LT_LOAD, LT_PC());
	lt_record((uintptr_t)d, n, LT_STORE, LT_PC());
	return __memmove_chk(d, s, n, n);
}

LT_API void *memset(void *d, int c, size_t n)
{
	lt_record((uintptr_t)d, n, LT_STORE, LT_PC());
	return __memset_chk(d, c, n, n);
}

/* The runtime's own copies, which must not be recorded. */
void *lt_copy(void *d, const void *s, size_t n)
{
	return __memcpy_chk(d, s, n, n);
}

/* -Wl,--wrap=pthread_create: weak, so that a link without --wrap still
 * works (threads then start their epoch when they first record). */
int __real_pthread_create(pthread_t *t, const pthread_attr_t *attr,
			  void *(*fn)(void *), void *arg)
	__attribute__((weak));
LT_API int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *attr,
				 void *(*fn)(void *), void *arg);
/* A thread's number is its place in the order of creation, so that
 * T1 is the first thread the program started, run after run. */
struct lt_start {
	void *(*fn)(void *);
	void *arg;
	uint32_t id;
};

static void *lt_started(void *p)
{
	struct lt_start s = *(struct lt_start *)p;

	__libc_free(p);
	lt_set_next_id(s.id);
	return s.fn(s.arg);
}

int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *attr,
			  void *(*fn)(void *), void *arg)
{
	struct lt_start *s;
	int rc;

	if (!lt_enabled() || !(s = __libc_malloc(sizeof(*s))))
		return __real_pthread_create(t, attr, fn, arg);
	*s = (struct lt_start){ fn, arg, lt_new_id() };
	lt_epoch_bump();
	rc = __real_pthread_create(t, attr, lt_started, s);
	if (rc)
		__libc_free(s);
	return rc;
}

/* LINEUP_TRACE_OBJECT(ptr, type) in lineup.h calls this when it is
 * linked in (a weak reference there). */
LT_API void lineup__trace_object(const void *p, size_t size,
				 const char *type);
void lineup__trace_object(const void *p, size_t size, const char *type)
{
	lt_object_record(p, size, type);
}
