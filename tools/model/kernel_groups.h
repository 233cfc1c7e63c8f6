/* SPDX-License-Identifier: MIT */
/*
 * Linux's cache-line groups (__cacheline_group_begin__NAME in
 * include/linux/cache.h) as the kernel means them: the name says how the
 * fast path touches the members (read, write) and on which path (tx, rx,
 * both). doc/kernel-groups.md gives the rule and its sources.
 */
#ifndef LINEUP_KERNEL_GROUPS_H
#define LINEUP_KERNEL_GROUPS_H

#include <stdbool.h>

#include "layout.h"

/*
 * Kind and path from a kernel group's name, word by word ('_' separates):
 * "write" (also in read_write, write_mostly) makes it write, else "read"
 * (read_mostly) read, else "cold" cold; "tx", "rx", "txrx" or "rxtx" give
 * the path. tcp_sock_write_txrx is write on both paths; read_mostly is
 * read on no named path.
 */
void lu_kernel_group_parse(const char *name, enum lu_kind *kind,
			   enum lu_path *path);

/* "tx", "rx", "txrx", or NULL for LU_PATH_NONE. */
const char *lu_path_name(enum lu_path path);

/*
 * May groups A and B share a line (or a storage unit) whatever their
 * kinds? Two kernel groups whose names give paths that meet (the same
 * path, or one of them txrx) are touched by the same CPU when either is:
 * the kernel keeps them side by side on purpose. Everything else falls
 * to the kinds.
 */
bool lu_paths_share(const struct lu_group *a, const struct lu_group *b);

#endif
