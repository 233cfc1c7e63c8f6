/* SPDX-License-Identifier: MIT */
/* Types as the DWARF reader sees them; see dwarf_types.c. */
#ifndef LINEUP_DWARF_TYPES_H
#define LINEUP_DWARF_TYPES_H

#include <elfutils/libdw.h>
#include <stdbool.h>
#include <stdint.h>

/*
 * Struct alignments already worked out, by DIE. Structs nest by value and
 * share types (struct S2 { struct S1 a, b; }), so without this the
 * alignment of a 30-level nest takes 2^30 steps.
 */
struct lu_dw_memo {
	const void **die;
	uint64_t *align;
	size_t cap, count;
};

/* What alignment depends on: the ABI's cap on scalars, and a memo. */
struct lu_dw_abi {
	unsigned max_base_align;
	struct lu_dw_memo aligns;
};

/* A growable string for type spellings. */
struct lu_dw_buf {
	char *p;
	size_t len, cap;
};

bool lu_dw_type_of(Dwarf_Die *die, Dwarf_Die *type);
/* Follows typedefs and qualifiers; false for void. */
bool lu_dw_strip_type(Dwarf_Die *die, Dwarf_Die *out);
uint64_t lu_dw_udata(Dwarf_Die *die, int name, uint64_t dflt);
uint64_t lu_dw_type_size(Dwarf_Die *type);
uint64_t lu_dw_type_align(struct lu_dw_abi *abi, Dwarf_Die *type);
/* A struct's alignment, 1 when it is packed. */
uint64_t lu_dw_struct_align(struct lu_dw_abi *abi, Dwarf_Die *s);
void lu_dw_abi_free(struct lu_dw_abi *abi);

size_t lu_dw_memo_slot(const struct lu_dw_memo *m, const void *die);
void lu_dw_memo_put(struct lu_dw_memo *m, const void *die, uint64_t value);

/* DW_AT_data_member_location as a constant or a DWARF 2 expression. */
bool lu_dw_location_value(Dwarf_Attribute *attr, uint64_t *offset);
bool lu_dw_member_location(Dwarf_Die *m, uint64_t *offset);

void lu_dw_buf_puts(struct lu_dw_buf *b, const char *s);
/* "[4][2]" for an array type. */
void lu_dw_array_dims(Dwarf_Die *array, struct lu_dw_buf *dims);
/* "struct list_head *", "void (*)(int)", "const char" ... */
void lu_dw_type_name(Dwarf_Die *type, struct lu_dw_buf *out);

#endif
