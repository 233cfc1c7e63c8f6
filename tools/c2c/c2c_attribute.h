/* SPDX-License-Identifier: MIT */
/* Samples to members, once a report line is placed (c2c_attribute.c). */
#ifndef LINEUP_C2C_ATTRIBUTE_H
#define LINEUP_C2C_ATTRIBUTE_H

#include "c2c_index.h"
#include "c2c_map.h"

/*
 * Attributes ROWS, placed at WIN's begin, to the members of IX's struct:
 * the window's evidence (hits, sites, false sharing). OFFS are the rows'
 * distinct offsets, for counting those that start a member.
 */
void lu_c2c_attribute(struct lu_c2c_map *map, struct lu_c2c_window *win,
		      const struct lu_c2c_index *ix,
		      const struct lu_c2c_row *rows, size_t n_rows,
		      const uint64_t *offs, size_t n_offs);

#endif
