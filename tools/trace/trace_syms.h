/* SPDX-License-Identifier: MIT */
/*
 * What the program's own DWARF and symbols say about a trace: code
 * addresses as function+offset and file:line, the global variables of
 * struct type with their addresses, and the struct type an allocation
 * site holds. Addresses in and out are the traced process's: the load
 * bias comes from the trace's memory map.
 */
#ifndef LINEUP_TRACE_SYMS_H
#define LINEUP_TRACE_SYMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "trace_file.h"

struct lu_trace_syms;

struct lu_trace_site {
	const char *function;	/* NULL when unknown */
	uint64_t offset;	/* from the function (or module) start */
	const char *module;	/* a library's name when not the program */
	const char *file;	/* NULL when no line information */
	unsigned line;
};

/* A variable of struct type, or an array of them. */
struct lu_trace_global {
	const char *var;
	const char *type;	/* the struct's tag, or its typedef */
	uint64_t addr;		/* in the process */
	uint64_t size, elem_size;
};

/* A pointer to a struct at a fixed address: a global or static pointer
 * variable, or a pointer member of a global struct (one level). */
struct lu_trace_slot {
	uint64_t addr;		/* in the process */
	const char *type;	/* the struct it points to */
	uint64_t type_size;
};

/* Opens T's program (T->exe, or EXE when given). -1 with ERR. */
int lu_trace_syms_open(const char *exe, const struct lu_trace *t,
		       struct lu_trace_syms **out, struct lu_error *err);
void lu_trace_syms_close(struct lu_trace_syms *s);

/* Where PC (a return address in the process) is; strings live as long
 * as S. Never fails: an unknown address has no function nor module. The
 * three below take a NULL S (no program: nothing known). */
void lu_trace_syms_site(struct lu_trace_syms *s, uint64_t pc,
			struct lu_trace_site *out);

/* For trace_asm.c: the program's module, its DWARF's bias (dwfl address
 * = ELF address + it) and its load bias (process address = ELF address
 * + it). NULL without a program. */
struct Dwfl_Module;
struct Dwfl_Module *lu_trace_syms_module(struct lu_trace_syms *s,
					 uint64_t *dwarf_bias,
					 uint64_t *load_bias);

/* Every global of struct type; the array is S's. */
size_t lu_trace_syms_globals(struct lu_trace_syms *s,
			     const struct lu_trace_global **out);

/* Every pointer slot, sorted by address; the array is S's. */
size_t lu_trace_syms_slots(struct lu_trace_syms *s,
			   const struct lu_trace_slot **out);

/*
 * The struct an allocation of SIZE bytes made at SITES (malloc's caller
 * first) holds: the pointer-to-struct variables, parameters and return
 * types of the first frame that has any that fit the size, the one
 * declared on the allocating line first. NULL when none fits, or two
 * types fit equally well (LINEUP_TRACE_OBJECT settles those). WANTED,
 * when given, limits the types considered.
 */
const char *lu_trace_syms_alloc_type(struct lu_trace_syms *s,
				     const uint64_t *sites, size_t n_sites,
				     uint64_t size, const char *const *wanted,
				     size_t n_wanted, uint64_t *elem_size);

#endif
