/* SPDX-License-Identifier: MIT */
/*
 * The second fix: load_avg alone in an aligned anonymous struct.
 * The example is included as it is, under names of its own, so the three
 * layouts link into one program and each keeps a distinct name in DWARF.
 */
#define task_group task_group_isolate
#define root_task_group root_task_group_isolate
#include "../../examples/task_group/task_group_isolate.c"

#define FS_LAYOUT_NAME isolate
#include "fs_layout.h"
