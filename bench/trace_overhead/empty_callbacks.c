/* SPDX-License-Identifier: MIT */
/*
 * The floor of any runtime behind -fsanitize=thread: the callbacks
 * reader_writer.c's instrumented build calls, doing nothing but what the
 * program needs (the atomics they replace). What this build costs over the
 * uninstrumented one is the call the compiler inserts before every access,
 * which no runtime can make cheaper.
 */
#include <stdint.h>

void __tsan_init(void);
void __tsan_func_entry(void *pc);
void __tsan_func_exit(void);
void __tsan_read8(void *addr);
void __tsan_write8(void *addr);
uint32_t __tsan_atomic32_load(const volatile uint32_t *a, int mo);
uint32_t __tsan_atomic32_fetch_add(volatile uint32_t *a, uint32_t v, int mo);
uint64_t __tsan_atomic64_fetch_add(volatile uint64_t *a, uint64_t v, int mo);

void __tsan_init(void)
{
}

void __tsan_func_entry(void *pc)
{
	(void)pc;
}

void __tsan_func_exit(void)
{
}

void __tsan_read8(void *addr)
{
	(void)addr;
}

void __tsan_write8(void *addr)
{
	(void)addr;
}

uint32_t __tsan_atomic32_load(const volatile uint32_t *a, int mo)
{
	(void)mo;
	return __atomic_load_n(a, __ATOMIC_SEQ_CST);
}

uint32_t __tsan_atomic32_fetch_add(volatile uint32_t *a, uint32_t v, int mo)
{
	(void)mo;
	return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST);
}

uint64_t __tsan_atomic64_fetch_add(volatile uint64_t *a, uint64_t v, int mo)
{
	(void)mo;
	return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST);
}
