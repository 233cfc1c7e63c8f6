/* SPDX-License-Identifier: MIT */
/* Marker members to groups: the one place that knows the markers' names. */
#ifndef LINEUP_MARKERS_H
#define LINEUP_MARKERS_H

#include <stdbool.h>
#include <stddef.h>

#include "layout.h"

/*
 * Turns lineup and kernel marker members into groups: members declared
 * between a begin and an end marker belong to that group. Markers are
 * recognised by name (and, for lineup's, the element typedef names the
 * kind). lu_set_finish() calls it for every struct read.
 */
/* Does a member name open a lineup or kernel group? */
bool lu_is_begin_marker_name(const char *name);
/* Is the identifier of N bytes at S a marker a checked struct carries
 * (lineup's begin or isolation marker, the kernel's group begin), as it
 * stands in preprocessed text? The matrix's relevance finds marked
 * structs by it. */
bool lu_is_marker_token(const char *s, size_t n);
void lu_struct_find_groups(struct lu_struct *s, struct lu_arena *arena);

#endif
