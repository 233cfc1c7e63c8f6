/* SPDX-License-Identifier: MIT */
/* "Did you mean": the nearest known name to one that was not found. */
#ifndef LINEUP_CLOSEST_NAME_H
#define LINEUP_CLOSEST_NAME_H

#include "strset.h"

/*
 * The closest of CANDIDATES to NAME (edit distance, or containment), NULL
 * when none is close enough to be a plausible typo.
 */
const char *lu_closest_name(const char *name, const struct lu_strset *candidates);

#endif
