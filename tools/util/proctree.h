/* SPDX-License-Identifier: MIT */
/*
 * The processes lineup started and every descendant of theirs. A compile
 * command's grandchildren can leave its process group (setsid, a daemon
 * that double-forks), so a group kill alone lets them outlive lineup.
 * lineup becomes a child subreaper (prctl(2), Linux 3.4): an orphan in its
 * tree is reparented to lineup, not to init, so walking /proc from lineup
 * down finds everything it started, however it detached.
 */
#ifndef LINEUP_PROCTREE_H
#define LINEUP_PROCTREE_H

#include <sys/types.h>

/* Makes orphaned descendants reparent to this process. */
void lu_proc_adopt_orphans(void);
/*
 * Stops ROOT and every descendant (so none forks while we look), then
 * kills them and ROOT's process group. ROOT, a child, is left to reap.
 */
void lu_proc_kill_tree(pid_t root);
/* Kills every descendant of this process and reaps each child. */
void lu_proc_kill_all(void);

#endif
