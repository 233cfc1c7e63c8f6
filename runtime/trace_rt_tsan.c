/* SPDX-License-Identifier: MIT */
/*
 * The callbacks -fsanitize=thread makes gcc 12 and clang 14 emit, with the
 * signatures of LLVM's compiler-rt/include/sanitizer/tsan_interface.h and
 * tsan_interface_atomic.h (gcc's sanitizer.def names the same symbols).
 * Plain accesses are recorded; atomic calls *replace* the instruction, so
 * each performs its operation here (sequentially consistent whatever order
 * was asked for: stronger is never wrong) and records it as a load and,
 * for a read-modify-write, a store.
 */
#include <stddef.h>
#include <stdint.h>

#include "trace_rt.h"

#define LT_PC() ((uintptr_t)__builtin_return_address(0))
#define LT_API __attribute__((visibility("default")))

/* ---- plain accesses ---------------------------------------------------- */

#define LT_ACCESS(name, size, kind)                                          \
	LT_API void __tsan_##name(void *addr);                               \
	void __tsan_##name(void *addr)                                       \
	{                                                                    \
		lt_access((uintptr_t)addr, size, kind, LT_PC());             \
	}                                                                    \
	LT_API void __tsan_##name##_pc(void *addr, void *pc);                \
	void __tsan_##name##_pc(void *addr, void *pc)                        \
	{                                                                    \
		lt_access((uintptr_t)addr, size, kind, (uintptr_t)pc);       \
	}

#define LT_SIZES(prefix, suffix, kind)                                       \
	LT_ACCESS(prefix##1##suffix, 1, kind)                                \
	LT_ACCESS(prefix##2##suffix, 2, kind)                                \
	LT_ACCESS(prefix##4##suffix, 4, kind)                                \
	LT_ACCESS(prefix##8##suffix, 8, kind)                                \
	LT_ACCESS(prefix##16##suffix, 16, kind)

LT_SIZES(read, , LT_LOAD)
LT_SIZES(write, , LT_STORE)
LT_SIZES(unaligned_read, , LT_LOAD)
LT_SIZES(unaligned_write, , LT_STORE)
LT_SIZES(volatile_read, , LT_LOAD)
LT_SIZES(volatile_write, , LT_STORE)
/* clang -mllvm -tsan-compound-read-before-write: x += 1 as one call */
LT_SIZES(read_write, , LT_LOAD | LT_STORE)
LT_SIZES(unaligned_read_write, , LT_LOAD | LT_STORE)
LT_SIZES(unaligned_volatile_read, , LT_LOAD)
LT_SIZES(unaligned_volatile_write, , LT_STORE)

LT_API void __tsan_read_range(void *addr, size_t size);
void __tsan_read_range(void *addr, size_t size)
{
	lt_access((uintptr_t)addr, size, LT_LOAD, LT_PC());
}

LT_API void __tsan_write_range(void *addr, size_t size);
void __tsan_write_range(void *addr, size_t size)
{
	lt_access((uintptr_t)addr, size, LT_STORE, LT_PC());
}

LT_API void __tsan_read_range_pc(void *addr, size_t size, void *pc);
void __tsan_read_range_pc(void *addr, size_t size, void *pc)
{
	lt_access((uintptr_t)addr, size, LT_LOAD, (uintptr_t)pc);
}

LT_API void __tsan_write_range_pc(void *addr, size_t size, void *pc);
void __tsan_write_range_pc(void *addr, size_t size, void *pc)
{
	lt_access((uintptr_t)addr, size, LT_STORE, (uintptr_t)pc);
}

/* C++ virtual tables: the object's vptr is loaded and stored as a
 * pointer-sized member would be. */
LT_API void __tsan_vptr_update(void **vptr_p, void *new_val);
void __tsan_vptr_update(void **vptr_p, void *new_val)
{
	(void)new_val;
	lt_access((uintptr_t)vptr_p, sizeof(void *), LT_STORE, LT_PC());
}

LT_API void __tsan_vptr_read(void **vptr_p);
void __tsan_vptr_read(void **vptr_p)
{
	lt_access((uintptr_t)vptr_p, sizeof(void *), LT_LOAD, LT_PC());
}

/* ---- functions, start-up, annotations ---------------------------------- */

/* PC is the caller's return address: kept as the shadow call stack that
 * names an allocation's callers. */
LT_API void __tsan_func_entry(void *pc);
void __tsan_func_entry(void *pc)
{
	struct lt_thread *t = lt_self();

	if (!t)
		return;
	if (t->depth < LT_SHADOW)
		t->shadow[t->depth] = (uintptr_t)pc;
	t->depth++;
	/* both copies of a function call this: the share of calls made in
	 * bursts is the share of the work (trace_rt_burst.c) */
	t->calls[t->in_burst]++;
}

LT_API void __tsan_func_exit(void);
void __tsan_func_exit(void)
{
	struct lt_thread *t = lt_self();

	if (t && t->depth)
		t->depth--;
}

/* gcc's libtsan_preinit.o calls this from .preinit_array, before the C
 * library has set up the environment: the runtime starts from its own
 * constructor instead (trace_rt.c), and ignores this call. */
LT_API void __tsan_init(void);
void __tsan_init(void)
{
}

#define LT_NOOP1(name)                                                       \
	LT_API void __tsan_##name(void *addr);                               \
	void __tsan_##name(void *addr)                                       \
	{                                                                    \
		(void)addr;                                                  \
	}
LT_NOOP1(acquire)
LT_NOOP1(release)

LT_API void __tsan_ignore_thread_begin(void);
void __tsan_ignore_thread_begin(void)
{
}

LT_API void __tsan_ignore_thread_end(void);
void __tsan_ignore_thread_end(void)
{
}

/* ---- atomics ------------------------------------------------------------ */

typedef unsigned char lt_a8;
typedef unsigned short lt_a16;
typedef unsigned int lt_a32;
typedef unsigned long long lt_a64;

#define SC __ATOMIC_SEQ_CST
#define RMW (LT_LOAD | LT_STORE | LT_ATOMIC)

#define LT_ATOMIC_OPS(bits, T)                                               \
	LT_API T __tsan_atomic##bits##_load(const volatile T *a, int mo);    \
	T __tsan_atomic##bits##_load(const volatile T *a, int mo)            \
	{                                                                    \
		(void)mo;                                                    \
		lt_access((uintptr_t)a, sizeof(T), LT_LOAD | LT_ATOMIC,      \
			  LT_PC());                                          \
		return __atomic_load_n(a, SC);                               \
	}                                                                    \
	LT_API void __tsan_atomic##bits##_store(volatile T *a, T v, int mo); \
	void __tsan_atomic##bits##_store(volatile T *a, T v, int mo)         \
	{                                                                    \
		(void)mo;                                                    \
		lt_access((uintptr_t)a, sizeof(T), LT_STORE | LT_ATOMIC,     \
			  LT_PC());                                          \
		__atomic_store_n(a, v, SC);                                  \
	}                                                                    \
	LT_ATOMIC_RMW(bits, T, exchange, __atomic_exchange_n(a, v, SC))      \
	LT_ATOMIC_RMW(bits, T, fetch_add, __atomic_fetch_add(a, v, SC))      \
	LT_ATOMIC_RMW(bits, T, fetch_sub, __atomic_fetch_sub(a, v, SC))      \
	LT_ATOMIC_RMW(bits, T, fetch_and, __atomic_fetch_and(a, v, SC))      \
	LT_ATOMIC_RMW(bits, T, fetch_or, __atomic_fetch_or(a, v, SC))        \
	LT_ATOMIC_RMW(bits, T, fetch_xor, __atomic_fetch_xor(a, v, SC))      \
	LT_ATOMIC_RMW(bits, T, fetch_nand, __atomic_fetch_nand(a, v, SC))    \
	LT_ATOMIC_CAS(bits, T, strong, 0)                                    \
	LT_ATOMIC_CAS(bits, T, weak, 1)                                      \
	LT_API T __tsan_atomic##bits##_compare_exchange_val(                 \
		volatile T *a, T c, T v, int mo, int fmo);                   \
	T __tsan_atomic##bits##_compare_exchange_val(volatile T *a, T c,     \
						     T v, int mo, int fmo)   \
	{                                                                    \
		(void)mo;                                                    \
		(void)fmo;                                                   \
		lt_access((uintptr_t)a, sizeof(T), RMW, LT_PC());            \
		__atomic_compare_exchange_n(a, &c, v, 0, SC, SC);            \
		return c;                                                    \
	}

#define LT_ATOMIC_RMW(bits, T, op, expr)                                     \
	LT_API T __tsan_atomic##bits##_##op(volatile T *a, T v, int mo);     \
	T __tsan_atomic##bits##_##op(volatile T *a, T v, int mo)             \
	{                                                                    \
		(void)mo;                                                    \
		lt_access((uintptr_t)a, sizeof(T), RMW, LT_PC());            \
		return expr;                                                 \
	}

/* A failed compare-exchange still takes the line exclusive (x86 lock
 * cmpxchg, ARM ldaxr/stlxr): recorded as a store either way. */
#define LT_ATOMIC_CAS(bits, T, which, weak)                                  \
	LT_API int __tsan_atomic##bits##_compare_exchange_##which(           \
		volatile T *a, T *c, T v, int mo, int fmo);                  \
	int __tsan_atomic##bits##_compare_exchange_##which(                  \
		volatile T *a, T *c, T v, int mo, int fmo)                   \
	{                                                                    \
		(void)mo;                                                    \
		(void)fmo;                                                   \
		lt_access((uintptr_t)a, sizeof(T), RMW, LT_PC());            \
		return __atomic_compare_exchange_n(a, c, v, weak, SC, SC);   \
	}

LT_ATOMIC_OPS(8, lt_a8)
LT_ATOMIC_OPS(16, lt_a16)
LT_ATOMIC_OPS(32, lt_a32)
LT_ATOMIC_OPS(64, lt_a64)

LT_API void __tsan_atomic_thread_fence(int mo);
void __tsan_atomic_thread_fence(int mo)
{
	(void)mo;
	__atomic_thread_fence(SC);
}

LT_API void __tsan_atomic_signal_fence(int mo);
void __tsan_atomic_signal_fence(int mo)
{
	(void)mo;
	__atomic_signal_fence(SC);
}

#if defined(__SIZEOF_INT128__)
/*
 * 128 bits: not every target has a lock-free 16-byte instruction (x86-64
 * needs -mcx16, and gcc then still calls libatomic), so these take one of
 * a few locks chosen by address. Every instrumented 128-bit atomic comes
 * through here, so they exclude each other; an uninstrumented library
 * doing its own cmpxchg16b on the same object would not be excluded.
 */
typedef unsigned __int128 lt_a128;

#define LT_LOCKS 64
static int lt_locks[LT_LOCKS * 16]; /* one lock per 64-byte line */

static int *lock_of(const volatile void *a)
{
	return &lt_locks[((uintptr_t)a >> 4) % LT_LOCKS * 16];
}

static void lock128(const volatile void *a)
{
	int *l = lock_of(a);

	while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
		;
}

static void unlock128(const volatile void *a)
{
	__atomic_store_n(lock_of(a), 0, __ATOMIC_RELEASE);
}

#define LT_128(op, expr)                                                     \
	LT_API lt_a128 __tsan_atomic128_##op(volatile lt_a128 *a, lt_a128 v, \
					     int mo);                        \
	lt_a128 __tsan_atomic128_##op(volatile lt_a128 *a, lt_a128 v, int mo) \
	{                                                                    \
		lt_a128 old;                                                 \
		(void)mo;                                                    \
		lt_access((uintptr_t)a, 16, RMW, LT_PC());                   \
		lock128(a);                                                  \
		old = *a;                                                    \
		*a = (expr);                                                 \
		unlock128(a);                                                \
		return old;                                                  \
	}

LT_128(exchange, v)
LT_128(fetch_add, old + v)
LT_128(fetch_sub, old - v)
LT_128(fetch_and, old & v)
LT_128(fetch_or, old | v)
LT_128(fetch_xor, old ^ v)
LT_128(fetch_nand, ~(old & v))

LT_API lt_a128 __tsan_atomic128_load(const volatile lt_a128 *a, int mo);
lt_a128 __tsan_atomic128_load(const volatile lt_a128 *a, int mo)
{
	lt_a128 v;

	(void)mo;
	lt_access((uintptr_t)a, 16, LT_LOAD | LT_ATOMIC, LT_PC());
	lock128(a);
	v = *a;
	unlock128(a);
	return v;
}

LT_API void __tsan_atomic128_store(volatile lt_a128 *a, lt_a128 v, int mo);
void __tsan_atomic128_store(volatile lt_a128 *a, lt_a128 v, int mo)
{
	(void)mo;
	lt_access((uintptr_t)a, 16, LT_STORE | LT_ATOMIC, LT_PC());
	lock128(a);
	*a = v;
	unlock128(a);
}

static int cas128(volatile lt_a128 *a, lt_a128 *c, lt_a128 v)
{
	int ok;

	lock128(a);
	ok = *a == *c;
	if (ok)
		*a = v;
	else
		*c = *a;
	unlock128(a);
	return ok;
}

#define LT_CAS128(which)                                                     \
	LT_API int __tsan_atomic128_compare_exchange_##which(                \
		volatile lt_a128 *a, lt_a128 *c, lt_a128 v, int mo, int fmo); \
	int __tsan_atomic128_compare_exchange_##which(                       \
		volatile lt_a128 *a, lt_a128 *c, lt_a128 v, int mo, int fmo) \
	{                                                                    \
		(void)mo;                                                    \
		(void)fmo;                                                   \
		lt_access((uintptr_t)a, 16, RMW, LT_PC());                   \
		return cas128(a, c, v);                                      \
	}
LT_CAS128(strong)
LT_CAS128(weak)

LT_API lt_a128 __tsan_atomic128_compare_exchange_val(volatile lt_a128 *a,
						     lt_a128 c, lt_a128 v,
						     int mo, int fmo);
lt_a128 __tsan_atomic128_compare_exchange_val(volatile lt_a128 *a, lt_a128 c,
					      lt_a128 v, int mo, int fmo)
{
	(void)mo;
	(void)fmo;
	lt_access((uintptr_t)a, 16, RMW, LT_PC());
	cas128(a, &c, v);
	return c;
}
#endif
