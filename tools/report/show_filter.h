/* SPDX-License-Identifier: MIT */
/*
 * `lineup show`'s whole-file filters, the ones pahole users reach for:
 * structs of at least a size, with at least N holes (pahole -H), spanning
 * at least N cache lines, whose name starts with a prefix (pahole -y).
 */
#ifndef LINEUP_SHOW_FILTER_H
#define LINEUP_SHOW_FILTER_H

#include "layout.h"
#include "options.h"

/* The holes between S's direct members, as show's summary counts them. */
size_t lu_show_holes(const struct lu_struct *s);

/* Keeps in SET only the structs every filter of F admits, in order. */
void lu_show_filter(struct lu_set *set, const struct lu_show_filter *f);

#endif
