/* SPDX-License-Identifier: MIT */
/*
 * Body of each layout unit: included after one of the examples/task_group
 * sources, with FS_LAYOUT_NAME set, it defines fs_layout_<name> for that
 * layout (FS_SPLIT: load_avg is LINEUP_SLOTS). Written once here so the
 * four layouts run the very same loops.
 */
#include <stdalign.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <lineup.h>

#include "fs.h"

#if !defined(CONFIG_FAIR_GROUP_SCHED) || !defined(CONFIG_SMP) || \
	!defined(CONFIG_RT_GROUP_SCHED)
#error "build with -DCONFIG_FAIR_GROUP_SCHED -DCONFIG_SMP -DCONFIG_RT_GROUP_SCHED: the seed's configuration, the one with rt_se next to load_avg"
#endif

#define FS__CAT(a, b) a##b
#define FS_CAT(a, b) FS__CAT(a, b)
#define FS__STR(x) #x
#define FS_STR(x) FS__STR(x)
#define FS_SYM(x) FS_CAT(x, FS_LAYOUT_NAME)

/*
 * Accesses between two looks at the stop flag: enough that the flag's load
 * (an L1 hit: it is stored once, at the end) is noise next to them, few
 * enough that a thread stops within microseconds.
 */
#define FS_BATCH 256

/*
 * load_avg is the kernel's atomic_long_t, a struct around a plain long that
 * the kernel updates with a locked add. C11 atomics need an _Atomic object,
 * so the writer views the long as atomic_long; that is sound only where the
 * two have the same size and alignment, which GCC and Clang guarantee on
 * every target that has lock-free long atomics.
 */
_Static_assert(sizeof(atomic_long) == sizeof(long) &&
	       alignof(atomic_long) == alignof(long),
	       "atomic_long must overlay long for the load_avg writer");

/* The kernel's READ_ONCE: one real load per access, never hoisted out of
 * the loop, without the fences a seq_cst atomic load would add on weaker
 * architectures. */
#define FS_READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

/* Targets for rt_se and rt_rq: per-CPU arrays in the kernel, never
 * dereferenced here; only their addresses are loaded. */
static struct sched_rt_entity *FS_SYM(fs_rt_se_)[1];
static struct rt_rq *FS_SYM(fs_rt_rq_)[1];

static void *FS_SYM(fs_alloc_)(void)
{
	/*
	 * From the heap, aligned by lineup: the kernel allocates task_groups
	 * from a SLAB_HWCACHE_ALIGN cache, and the lines the CPUs fight over
	 * are those of the address, not of the type. malloc gives 16-byte
	 * alignment on x86-64 glibc, which would shift load_avg's line by up
	 * to 48 bytes and time a layout other than the one checked at startup;
	 * a global would be aligned but lies in .bss next to the other
	 * layouts' globals and whatever else the linker puts there.
	 */
	struct task_group *tg = LINEUP_NEW(struct task_group);

	if (!tg)
		return NULL;
	tg->parent = tg;
	tg->rt_se = FS_SYM(fs_rt_se_);
	tg->rt_rq = FS_SYM(fs_rt_rq_);
	return tg;
}

/*
 * The long a writer adds to: the one load_avg, or (split) the writer's own
 * slot. Writers beyond the slots share them, as the CPUs of one node
 * would share its slot.
 */
#ifdef FS_SPLIT
#define FS_LOAD(tg, w)                                                    \
	(&LINEUP_SLOT((tg)->load_avg,                                     \
		      (w) % LINEUP_SLOT_COUNT((tg)->load_avg)).counter)
#else
#define FS_LOAD(tg, w) ((void)(w), &(tg)->load_avg.counter)
#endif

/* update_load_avg() -> update_tg_load_avg(): a relaxed atomic add. */
static uint64_t FS_SYM(fs_write_)(void *p, unsigned writer,
				       const atomic_int *stop)
{
	struct task_group *tg = p;
	atomic_long *load = (atomic_long *)FS_LOAD(tg, writer);
	uint64_t n = 0;

	while (!atomic_load_explicit(stop, memory_order_relaxed)) {
		for (int i = 0; i < FS_BATCH; i++)
			atomic_fetch_add_explicit(load, 1,
						  memory_order_relaxed);
		n += FS_BATCH;
	}
	return n;
}

/* set_task_cpu() -> set_task_rq(): the group's pointers, loaded at every
 * wakeup and migration. Summed into *sink so no load is dead. */
static uint64_t FS_SYM(fs_read_)(void *p, const atomic_int *stop,
				      uintptr_t *sink)
{
	struct task_group *tg = p;
	uintptr_t sum = 0;
	uint64_t n = 0;

	while (!atomic_load_explicit(stop, memory_order_relaxed)) {
		for (int i = 0; i < FS_BATCH; i++) {
			sum += (uintptr_t)FS_READ_ONCE(tg->parent);
			sum += (uintptr_t)FS_READ_ONCE(tg->rt_se);
			sum += (uintptr_t)FS_READ_ONCE(tg->rt_rq);
		}
		n += 3 * FS_BATCH;
	}
	*sink = sum;
	return n;
}

/* atomic_long_read(&tg->load_avg), or the sum of the slots. */
static uint64_t FS_SYM(fs_total_)(void *p)
{
	struct task_group *tg = p;
	long sum = 0;

#ifdef FS_SPLIT
	for (size_t i = 0; i < LINEUP_SLOT_COUNT(tg->load_avg); i++)
		sum += atomic_load_explicit(
			(atomic_long *)&LINEUP_SLOT(tg->load_avg, i).counter,
			memory_order_relaxed);
#else
	sum = atomic_load_explicit((atomic_long *)&tg->load_avg.counter,
				   memory_order_relaxed);
#endif
	return (uint64_t)sum;
}

const struct fs_layout FS_SYM(fs_layout_) = {
	.name = FS_STR(FS_LAYOUT_NAME),
	.size = sizeof(struct task_group),
	.align = alignof(struct task_group),
	.off_load_avg = offsetof(struct task_group, load_avg),
	.off_parent = offsetof(struct task_group, parent),
	.off_rt_se = offsetof(struct task_group, rt_se),
	.off_rt_rq = offsetof(struct task_group, rt_rq),
	.size_load_avg = sizeof(((struct task_group *)0)->load_avg),
	.size_ptr = sizeof(((struct task_group *)0)->rt_se),
	.alloc = FS_SYM(fs_alloc_),
	.write = FS_SYM(fs_write_),
	.read = FS_SYM(fs_read_),
	.total = FS_SYM(fs_total_),
};
