/* SPDX-License-Identifier: MIT */
/* A symbol the struct names only through a macro. */
#ifdef CONFIG_ARCH_WIDE_STATS
#define NR_STAT_SLOTS 8
#else
#define NR_STAT_SLOTS 2
#endif
