/* SPDX-License-Identifier: MIT */
/*
 * The third fix: load_avg split into per-node slots, summed on read
 * (task_group_split.c), under names of its own like the other layouts.
 */
#define task_group task_group_split
#define root_task_group root_task_group_split
#define tg_load_slots tg_load_slots_split
#include "task_group_split.c"

#define FS_SPLIT 1
#define FS_LAYOUT_NAME split
#include "fs_layout.h"
