/* SPDX-License-Identifier: MIT */
/*
 * Linux's layout before the 2023 fix: load_avg shares its line with rt_se
 * and rt_rq.
 * The example is included as it is, under names of its own, so the three
 * layouts link into one program and each keeps a distinct name in DWARF.
 */
#define task_group task_group_before
#define root_task_group root_task_group_before
#include "../../examples/task_group/task_group_before.c"

#define FS_LAYOUT_NAME before
#include "fs_layout.h"
