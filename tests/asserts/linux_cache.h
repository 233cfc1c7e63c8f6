/* SPDX-License-Identifier: MIT */
/*
 * Just enough of the kernel to compile what `lineup asserts --style
 * kernel` prints, outside a kernel tree. The two CACHELINE_ASSERT_GROUP_*
 * macros and the markers are Linux's include/linux/cache.h (v6.8,
 * "cache: enforce cache groups", Coco Li), copied as they are so the test
 * checks the output against the kernel's own definitions. BUILD_BUG_ON and
 * offsetofend have the meaning of include/linux/build_bug.h and
 * include/linux/stddef.h: a compile error whose message spells the
 * condition, and the offset just past a member. The kernel builds
 * BUILD_BUG_ON from __compiletime_assert; _Static_assert gives the same
 * verdict for the constant conditions used here.
 */
#ifndef LINEUP_TEST_LINUX_CACHE_H
#define LINEUP_TEST_LINUX_CACHE_H

#include <stddef.h>

typedef unsigned char __u8;

#ifndef SMP_CACHE_BYTES
#define SMP_CACHE_BYTES 64
#endif
#define ____cacheline_aligned __attribute__((__aligned__(SMP_CACHE_BYTES)))
#define __init

#define BUILD_BUG_ON(condition)                                           \
	_Static_assert(!(condition), "BUILD_BUG_ON failed: " #condition)

#define sizeof_field(TYPE, MEMBER) sizeof((((TYPE *)0)->MEMBER))
#define offsetofend(TYPE, MEMBER)                                         \
	(offsetof(TYPE, MEMBER) + sizeof_field(TYPE, MEMBER))

#ifndef __cacheline_group_begin
#define __cacheline_group_begin(GROUP) \
	__u8 __cacheline_group_begin__##GROUP[0]
#endif

#ifndef __cacheline_group_end
#define __cacheline_group_end(GROUP) \
	__u8 __cacheline_group_end__##GROUP[0]
#endif

#ifndef CACHELINE_ASSERT_GROUP_MEMBER
#define CACHELINE_ASSERT_GROUP_MEMBER(TYPE, GROUP, MEMBER) \
	BUILD_BUG_ON(!(offsetof(TYPE, MEMBER) >= \
		       offsetofend(TYPE, __cacheline_group_begin__##GROUP) && \
		       offsetofend(TYPE, MEMBER) <= \
		       offsetof(TYPE, __cacheline_group_end__##GROUP)))
#endif

#ifndef CACHELINE_ASSERT_GROUP_SIZE
#define CACHELINE_ASSERT_GROUP_SIZE(TYPE, GROUP, SIZE) \
	BUILD_BUG_ON(offsetof(TYPE, __cacheline_group_end__##GROUP) - \
		     offsetofend(TYPE, __cacheline_group_begin__##GROUP) > \
		     SIZE)
#endif

#endif
