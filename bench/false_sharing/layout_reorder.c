/* SPDX-License-Identifier: MIT */
/*
 * The first fix: the cold lists moved between load_avg and the read fields.
 * The example is included as it is, under names of its own, so the three
 * layouts link into one program and each keeps a distinct name in DWARF.
 */
#define task_group task_group_reorder
#define root_task_group root_task_group_reorder
#include "../../examples/task_group/task_group_reorder.c"

#define FS_LAYOUT_NAME reorder
#include "fs_layout.h"
