/* SPDX-License-Identifier: MIT */
/*
 * The layout model: what every reader (DWARF, BTF, pahole text) fills and
 * every command (show, check, matrix) reads. Plain data, no I/O.
 */
#ifndef LINEUP_LAYOUT_H
#define LINEUP_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "strset.h"

enum lu_kind {
	LU_KIND_NONE = 0,
	LU_KIND_WRITE,
	LU_KIND_READ,
	LU_KIND_COLD,
};

/*
 * The paths a kernel group is touched on, from its name (kernel_groups.c):
 * bits, so tx | rx is both. None for lineup's and the rules' groups, and
 * for kernel groups whose name says no path.
 */
enum lu_path {
	LU_PATH_NONE = 0,
	LU_PATH_TX = 1,
	LU_PATH_RX = 2,
	LU_PATH_TXRX = 3,
};

/* Where a group came from; the report says so. */
enum lu_origin {
	LU_ORIGIN_LINEUP,	/* lineup.h markers */
	LU_ORIGIN_KERNEL,	/* __cacheline_group_begin__X markers */
	LU_ORIGIN_RULES,	/* a rules file */
};

struct lu_member {
	const char *name;	/* dotted below a named nested member */
	const char *type;	/* C type without array dimensions */
	const char *dims;	/* "" or array dimensions, e.g. "[4][2]" */
	uint64_t offset;	/* bytes from the struct start (storage unit) */
	uint64_t size;		/* bytes; a bit-field's storage unit */
	uint32_t bit_offset;	/* bit-fields: first bit within the unit */
	uint32_t bit_size;	/* 0 unless a bit-field */
	const char *file;	/* declaration, NULL when unknown */
	unsigned decl_line, decl_column;	/* source position, 0 unknown */
	unsigned depth;		/* 0 as C sees it, >0 inside a named member */
	int group;		/* index in lu_struct.groups, -1 for none */
	bool marker;		/* a zero-size group marker */
	bool hidden;		/* C++ private or protected: code outside the
				 * class (and its friends) cannot name it */
	/* Of a struct type, named and not through a typedef: that struct's
	 * tail padding, which pahole reports after the member and sums in
	 * "paddings" (holes.h); 0 otherwise or unknown. */
	uint64_t type_padding;
	/* Its type's natural alignment as pahole works it out from BTF
	 * (the largest scalar in it, forced alignments left out), for
	 * guessing forced ones from gaps; 0 when the reader leaves it to
	 * the guess from the size. */
	uint32_t natural_align;
	/* The alignment the ABI gives its type, a typedef's forced one
	 * included, as the compiler places it (DWARF); 0 unknown (BTF). */
	uint32_t abi_align;
	/* The forced alignment the input states for it, with
	 * lu_struct.forced_stated (DW_AT_alignment, or what pahole's text
	 * prints); else (BTF) show guesses it from the gap before it. */
	uint32_t forced_align;
};

/*
 * An anonymous struct or union (C11), or a C++ base class. C makes its
 * members the enclosing struct's, and so does lu_struct.members: they are
 * listed flattened, with offsets from the struct's start, as check and the
 * rules see them. A block records where one was, for showing it nested as
 * pahole does, with its own holes; only those not inside a named member
 * expanded for check.
 */
struct lu_block {
	uint64_t offset;	/* bytes from the struct start */
	uint64_t size;
	size_t first, last;	/* members [first, last) declared inside,
				 * those of inner blocks included */
	int parent;		/* the enclosing block's index, -1 for none */
	bool is_union;
	uint64_t forced_align;	/* as lu_member's, for the block */
	const char *base;	/* a base class's type, else NULL */
};

struct lu_group {
	const char *name;
	enum lu_kind kind;
	enum lu_origin origin;
	enum lu_path path;	/* kernel groups only */
	size_t first, last;	/* members [first, last) declared inside */
	uint64_t begin, end;	/* byte extent [begin, end) */
	const char *file;	/* where the group opens, NULL when unknown */
	unsigned decl_line;
};

struct lu_struct {
	const char *name;	/* tag, without "struct "; or, when tagless,
				 * the first typedef that names it */
	bool tagless;		/* typedef struct { ... } name; */
	const char **typedefs;	/* every typedef naming it, may be none */
	size_t n_typedefs;
	bool is_union;
	bool is_class;		/* C++ "class": spelled so, members private
				 * until a public: */
	bool cplus;		/* from a C++ unit: name and types are C++'s */
	uint64_t size;
	uint64_t align;
	bool align_inferred;	/* guessed from gaps (BTF, pahole text) */
	bool forced_stated;	/* members' forced_align are the input's */
	/* DWARF: the struct's own DIE states its alignment (DW_AT_alignment;
	 * gcc does for a class holding a std::atomic<long>): pahole prints
	 * it after the closing brace, natural or not */
	bool align_stated;
	const char *file;
	unsigned decl_line;
	const char *unit;	/* compilation unit or archive member */
	unsigned variant;	/* >0: another definition of the same name */
	bool has_variants;	/* the set holds another definition of it */
	/* DWARF: the units that hold this very definition, each as its
	 * DW_AT_name joined with DW_AT_comp_dir (as declarations' files
	 * are): the first LU_UNITS_KEPT, and how many there are in all */
	const char **units;
	size_t n_units;
	struct lu_member *members;
	size_t n_members;
	struct lu_group *groups;
	size_t n_groups;
	/* in declaration order, each before the blocks inside it */
	struct lu_block *blocks;
	size_t n_blocks;
	/* C++ virtual base classes (their types' spellings): where one
	 * lies is decided by the most derived object, so no member of one
	 * is in the lists above and its bytes count as padding. */
	const char **virtual_bases;
	size_t n_virtual_bases;
};

/* A type the reader met and could not lay out: left out with a note. */
struct lu_skipped {
	const char *name;
	const char *why;
};

/* All layouts read from one input. */
struct lu_set {
	const char *path;
	const char *format;	/* "dwarf", "btf" or "pahole" */
	/* Cache line size in effect: --line-size, else the ELF machine's,
	 * else 64. Readers see 0 until one of the first two is known. */
	unsigned line_size;
	const char *machine;	/* e.g. "x86-64", NULL when unknown */
	/* DWARF without a single type (gcc -g1, clang -gline-tables-only):
	 * no struct is not "no struct here" but "nothing to read" */
	bool no_types;
	/* the separate debug file read (.gnu_debuglink, build-id,
	 * debuginfod), NULL when the input holds its own */
	const char *debug_path;
	struct lu_struct *structs;
	size_t n_structs, cap_structs;
	struct lu_arena arena;	/* owns every string and array above */
	struct lu_strset names;	/* every struct name in the input */
	struct lu_skipped *skipped;	/* in the order met, one per name */
	size_t n_skipped, cap_skipped;
};

const char *lu_kind_name(enum lu_kind kind);
bool lu_kind_parse(const char *s, size_t len, enum lu_kind *out);
const char *lu_origin_name(enum lu_origin origin);

void lu_set_init(struct lu_set *set, const char *path);
void lu_set_free(struct lu_set *set);
struct lu_struct *lu_set_add(struct lu_set *set);
/* Copies a reader's members and blocks for S into the set's arena. */
void lu_struct_keep_members(struct lu_struct *s, struct lu_arena *arena,
			    const struct lu_member *members, size_t n_members,
			    const struct lu_block *blocks, size_t n_blocks);
/*
 * The first struct with the tag or a typedef NAME: qualified as the
 * compiler spells it ("ns::Ring<long int, 4>", "Outer<int>::Block"), or
 * unqualified when only one qualified name ends so. NULL if absent or
 * ambiguous.
 */
const struct lu_struct *lu_set_find(const struct lu_set *set, const char *name);
/* How many qualified names NAME finds (1 for an exact match), the first
 * MAX of them (each name's first definition) into OUT. */
size_t lu_set_candidates(const struct lu_set *set, const char *name,
			 const struct lu_struct **out, size_t max);
/* Does NAME find several? Then BUF lists them: "'a::M', 'b::M'". */
bool lu_set_ambiguous(const struct lu_set *set, const char *name, char *buf,
		      size_t size);
/* What follows the last scope "::" (outside template arguments). */
const char *lu_unqualified(const char *name);
/* Is NAME the struct's tag or one of its typedefs, qualified or not? */
bool lu_struct_named(const struct lu_struct *s, const char *name);
/* Records a type the reader could not lay out, once per name. */
void lu_set_skip(struct lu_set *set, const char *name, const char *why);
/* "struct ", "class " or "union " before a tag; "" before a tagless
 * struct's typedef name, which is how C spells it. */
const char *lu_struct_tag_word(const struct lu_struct *s);
/* The struct name of the input nearest to NAME, for "did you mean". */
const char *lu_set_closest(const struct lu_set *set, const char *name);
struct lu_error;
/* lu_set_find, or NULL with "failed to find struct NAME in PATH (did you
 * mean 'X'?)" in ERR: what a command that takes --struct NAME says. */
const struct lu_struct *lu_set_find_or_error(const struct lu_set *set,
					     const char *name,
					     struct lu_error *err);

/*
 * The bytes a member occupies for the checks: its size, and 1 for a
 * flexible array member (`slots[]`, GNU `slots[0]`), whose first element
 * starts at its offset and is what shares the line with the members before
 * it; the others lie past the struct, where no member is.
 */
uint64_t lu_member_bytes(const struct lu_member *m);

/* Index of the member named NAME (dotted for nested), -1 when absent. */
ptrdiff_t lu_struct_member(const struct lu_struct *s, const char *name);
/* Units named per definition: enough to find the broken variant's build
 * flags, bounded for a kernel header included by thousands of units. */
#define LU_UNITS_KEPT 4

/* Records that UNIT (interned: the same pointer for the same unit) holds
 * S's definition, once per unit met in a row; A holds the names. */
void lu_struct_add_unit(struct lu_struct *s, struct lu_arena *a,
			const char *unit);

/* Index of the group named NAME, -1 when absent. */
ptrdiff_t lu_struct_group(const struct lu_struct *s, const char *name);

/* Default line size for an ELF e_machine, 0 when unknown. */
unsigned lu_line_size_for_machine(unsigned e_machine, const char **name);

#endif
