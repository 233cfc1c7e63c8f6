/* SPDX-License-Identifier: MIT */
/* Types as the DWARF reader sees them; see dwarf_types.c. */
#ifndef LINEUP_DWARF_TYPES_H
#define LINEUP_DWARF_TYPES_H

#include <elfutils/libdw.h>
#include <stdbool.h>
#include <stdint.h>

/* Deeper than any real type; stops malformed or hostile nesting. */
#define MAX_TYPE_DEPTH 64

/*
 * A value per DIE (keyed by its address, which stays put while the file
 * is open): alignments already worked out, type spellings, DIEs walked.
 * Structs nest by value and share types (struct S2 { struct S1 a, b; }),
 * so without one the alignment of a 30-level nest takes 2^30 steps.
 */
struct lu_dw_memo {
	const void **die;
	uint64_t *value;
	size_t cap, count;
};

/* What alignment depends on: the ABI's cap on scalars, and a memo. */
struct lu_dw_abi {
	unsigned max_base_align;
	struct lu_dw_memo aligns;
};

/*
 * A growable string for type spellings. Past LU_DW_MAX_TEXT bytes it
 * stops growing and ends in "...": shared DIEs can make a spelling
 * exponential in the input (a function type whose parameters point to
 * one function type, whose parameters ...).
 */
struct lu_dw_buf {
	char *p;
	size_t len, cap;
	bool full;
};

/* Far longer than any real type's spelling: C++ templates make the
 * longest, and a std::map of vectors of unordered_maps of std::function
 * spells in 1,606 bytes (g++ 12). */
#ifndef LU_DW_MAX_TEXT
#define LU_DW_MAX_TEXT (64 * 1024)
#endif

/*
 * The scope of every type DIE of one C++ unit (dwarf_scopes.c): DIE ->
 * "ns::Outer<int>::", interned. cplus is false, and nothing recorded, in
 * C units.
 */
struct lu_dw_scopes {
	struct lu_dw_memo prefix;
	Dwarf_CU *cu;
	bool cplus;
};

/* Is a unit of this DW_AT_language C++? */
bool lu_dw_lang_is_cplus(Dwarf_Word lang);
/* "ns::" for a type DIE declared in namespace ns, NULL at file scope or
 * in C (SC NULL too). */
const char *lu_dw_scope_of(const struct lu_dw_scopes *sc, Dwarf_Die *die);

bool lu_dw_type_of(Dwarf_Die *die, Dwarf_Die *type);
/* Follows typedefs and qualifiers; false for void. */
bool lu_dw_strip_type(Dwarf_Die *die, Dwarf_Die *out);
uint64_t lu_dw_udata(Dwarf_Die *die, int name, uint64_t dflt);
/*
 * Does the child DIE of a struct take room in its objects: a member or a
 * base class, not a C++ static data member (external or a declaration)?
 */
bool lu_dw_is_data_member(Dwarf_Die *die);
uint64_t lu_dw_type_size(Dwarf_Die *type);
uint64_t lu_dw_type_align(struct lu_dw_abi *abi, Dwarf_Die *type);
/* A struct's alignment, 1 when it is packed. */
uint64_t lu_dw_struct_align(struct lu_dw_abi *abi, Dwarf_Die *s);
void lu_dw_abi_free(struct lu_dw_abi *abi);

size_t lu_dw_memo_slot(const struct lu_dw_memo *m, const void *die);
void lu_dw_memo_put(struct lu_dw_memo *m, const void *die, uint64_t value);
/* The value kept for DIE, false when there is none. */
bool lu_dw_memo_get(const struct lu_dw_memo *m, const void *die,
		    uint64_t *value);
void lu_dw_memo_free(struct lu_dw_memo *m);
/* Forgets every DIE, keeping the table when it was well used: a memo
 * emptied for each of a kernel's thousands of units. */
void lu_dw_memo_forget(struct lu_dw_memo *m);

/*
 * Whether TYPE has a layout: one that contains itself by value (through
 * members, array elements, typedefs or qualifiers) has none, and no
 * compiler emits one. DONE holds the DIEs already cleared, so that each is
 * walked once per read. 0, or -1 with *BAD the DIE met again; after -1
 * DONE is only good for lu_dw_memo_free().
 */
int lu_dw_check_layout(struct lu_dw_memo *done, Dwarf_Die *type,
		       Dwarf_Die *bad);
/* "struct foo", "typedef t", "array type": a DIE, for messages. */
void lu_dw_describe(Dwarf_Die *die, char *buf, size_t size);

/* DW_AT_data_member_location as a constant or a DWARF 2 expression. */
bool lu_dw_location_value(Dwarf_Attribute *attr, uint64_t *offset);
bool lu_dw_member_location(Dwarf_Die *m, uint64_t *offset);

void lu_dw_buf_puts(struct lu_dw_buf *b, const char *s);
/* "[4][2]" for an array type. */
void lu_dw_array_dims(Dwarf_Die *array, struct lu_dw_buf *dims);
/*
 * "struct list_head *", "void (*)(int)", "const char" ... and in a C++
 * unit (SCOPES given) as C++ spells them: "std::atomic<long int>",
 * "void (S::*)(int)". False when the
 * spelling meets a DIE again through pointers, qualifiers, arrays or
 * function types, which no C type does: *CYCLE is then that DIE.
 */
bool lu_dw_type_name(Dwarf_Die *type, const struct lu_dw_scopes *scopes,
		     struct lu_dw_buf *out, Dwarf_Die *cycle);

#endif
