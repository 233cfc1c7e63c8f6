/* SPDX-License-Identifier: MIT */
/*
 * One copy of each distinct string, carved from an arena. Layouts repeat
 * the same member names, type spellings and file names in every struct and
 * every unit, and a crafted input can give a thousand members one long name
 * that it stores once: copying it per member made memory grow with the
 * output instead of the input.
 */
#ifndef LINEUP_INTERN_H
#define LINEUP_INTERN_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"

struct lu_intern_slot;
struct lu_intern_addr;

/*
 * Zero-initialised, then used with the same ARENA each time; the table may
 * be freed before the arena, which keeps the strings. Two interned strings
 * are equal exactly when their pointers are.
 */
struct lu_intern {
	struct lu_intern_slot *slots;	/* by content */
	size_t cap, count;
	struct lu_intern_addr *addrs;	/* by source address */
	size_t addr_cap, addr_count;
	char *scratch;			/* lu_intern_join's */
	size_t scratch_cap;
};

/* The one copy of the N bytes at S (plus a NUL). */
const char *lu_intern(struct lu_intern *t, struct lu_arena *arena,
		      const char *s, size_t n);
/* The same for a NUL-terminated S; NULL stays NULL. */
const char *lu_intern_str(struct lu_intern *t, struct lu_arena *arena,
			  const char *s);
/*
 * lu_intern_str for a string that stays at its address, unchanged, while
 * the table lives (a string section of a file being read): found again by
 * address, in O(1) whatever its length. Strings shorter than
 * LU_INTERN_SHORT are looked up by content: hashing them costs no more,
 * and DWARF's inline strings (DW_FORM_string, short names) sit at a new
 * address in every unit.
 */
#define LU_INTERN_SHORT 32

const char *lu_intern_at(struct lu_intern *t, struct lu_arena *arena,
			 const char *s);
/* lu_intern_at by address whatever S's length: for a string the caller
 * knows sits in a string section (DWARF's DW_FORM_strp), where one
 * address is one text, so that its text is not read again. */
const char *lu_intern_placed(struct lu_intern *t, struct lu_arena *arena,
			     const char *s);
/*
 * The one copy of A, B and C written one after the other: the dotted names
 * of nested members ("head." + "lock"), built in a scratch buffer the
 * table keeps, so a name is stored only when it is new.
 */
const char *lu_intern_join(struct lu_intern *t, struct lu_arena *arena,
			   const char *a, const char *b, const char *c);
void lu_intern_free(struct lu_intern *t);

#endif
