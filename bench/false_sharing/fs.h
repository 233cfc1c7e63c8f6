/* SPDX-License-Identifier: MIT */
/*
 * What false_sharing.c knows about one task_group layout. The layouts are
 * compiled in their own units (layout_*.c), each from the unmodified example
 * source, so the benchmark times the offsets the compiler really chose; this
 * descriptor is the only thing the driver sees of them.
 */
#ifndef FS_H
#define FS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

struct fs_layout {
	const char *name;
	size_t size;
	size_t align;
	/* offsets the startup check prints and verifies */
	size_t off_load_avg;
	size_t off_parent;
	size_t off_rt_se;
	size_t off_rt_rq;
	size_t size_load_avg;
	size_t size_ptr;
	/* a zeroed, line-aligned task_group with its read pointers set */
	void *(*alloc)(void);
	/*
	 * The hot loops run inside the layout's unit so that they address the
	 * fields through the real struct type, as the kernel's code does. Both
	 * run until *stop is set and return how many accesses they made
	 * (64-bit: a few seconds of L1 hits overflow a 32-bit long). WRITER
	 * numbers the writer threads: split gives each its own slot.
	 */
	uint64_t (*write)(void *tg, unsigned writer, const atomic_int *stop);
	uint64_t (*read)(void *tg, const atomic_int *stop, uintptr_t *sink);
	/* load_avg's value as a reader of the total sees it: split sums its
	 * slots. Every add must be in it (checked after each run). */
	uint64_t (*total)(void *tg);
};

extern const struct fs_layout fs_layout_before;
extern const struct fs_layout fs_layout_reorder;
extern const struct fs_layout fs_layout_isolate;
extern const struct fs_layout fs_layout_split;

#endif /* FS_H */
