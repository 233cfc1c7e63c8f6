/* SPDX-License-Identifier: MIT */
/*
 * A struct's data members by offset, for the c2c ranking and the
 * attribution of samples, which both ask "which member holds this byte?"
 * at every placement of every line.
 */
#ifndef LINEUP_C2C_INDEX_H
#define LINEUP_C2C_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout.h"

/*
 * The data members of S by offset, for finding the one under a byte in
 * O(log n): reports have thousands of rows, structs hundreds of members,
 * and the ranking asks at every placement. Flattened anonymous unions
 * make declaration order not sorted by offset; MAXEND[i], the furthest
 * end among the first i + 1 by offset, says when to stop looking back.
 */
struct lu_c2c_index {
	const struct lu_struct *s;
	size_t *by_offset;
	uint64_t *maxend;
	size_t n;
	/* lu_c2c_member_at for every byte (+1: 0 is a hole) when the struct
	 * is at most LU_C2C_BYTE_TABLE_MAX bytes: the ranking asks it lines
	 * x placements x offsets times */
	uint32_t *at;
};

#ifndef LU_C2C_BYTE_TABLE_MAX
#define LU_C2C_BYTE_TABLE_MAX (1u << 20)
#endif

void lu_c2c_index_init(struct lu_c2c_index *ix, const struct lu_struct *s);
void lu_c2c_index_free(struct lu_c2c_index *ix);
/* The member holding byte OFF, the first declared when several do; -1 for
 * a hole or outside. */
ptrdiff_t lu_c2c_member_at(const struct lu_c2c_index *ix, int64_t off);

/*
 * A byte array named for padding (`char pad[LINE - sizeof(x)]`, `_pad`,
 * `__pad1`, `padding`): filler that keeps hot members apart, which code
 * rarely loads or stores; a sampled offset on its first byte starts no
 * member for the ranking.
 */
bool lu_c2c_is_padding(const struct lu_member *m);

#endif
