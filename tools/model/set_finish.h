/* SPDX-License-Identifier: MIT */
/* The last step of every read, above the model's pieces it combines. */
#ifndef LINEUP_SET_FINISH_H
#define LINEUP_SET_FINISH_H

#include "layout.h"

/*
 * What every reader's output needs once its structs are in: groups from
 * the markers, each definition numbered among those of its name (0 for
 * the first), and the line size settled (64 when nothing said).
 */
void lu_set_finish(struct lu_set *set);

#endif
