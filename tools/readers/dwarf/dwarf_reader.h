/* SPDX-License-Identifier: MIT */
/*
 * The DWARF reader's state, shared by its parts: dwarf_structs.c turns a
 * struct or typedef DIE into a layout (members, blocks),
 * dwarf_fingerprint.c recognises a struct's copies across units, and
 * read_dwarf.c walks files, modules and units (split DWARF included) and
 * hands them every top-level DIE. Nothing else includes this.
 */
#ifndef LINEUP_DWARF_READER_H
#define LINEUP_DWARF_READER_H

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <pthread.h>

#include "dwarf_attrs.h"
#include "dwarf_files.h"
#include "dwarf_types.h"
#include "intern.h"
#include "read_ctx.h"
#include "strset.h"

/* Deeper than any real nesting; stops malformed or hostile input. */
#define MAX_ANON_DEPTH 256
/* Members visited for one struct, anonymous ones included: shared types
 * can make a malformed nesting exponential. Real structs are far below. */
#define MAX_MEMBER_VISITS (1u << 20)
/* File indexes whose interned names are kept per unit; a kernel unit
 * names a few hundred files. */
#define LU_DW_MAX_FILES 65536

/*
 * The definitions kept so far: the same struct appears in every unit that
 * includes its header, and a typedef met later must find the one kept.
 * Keyed by the interned name's address and the definition's fingerprint.
 */
struct kept_slot {
	const char *name;	/* NULL: free */
	uint64_t fp;
	size_t index;		/* in the set's structs */
	bool held;		/* a worker's stand-in: a lower unit's
				 * worker built it (dwarf_claims.c) */
	uint64_t canon;		/* placed: the fingerprint FP stands for */
};

struct kept_map {
	struct kept_slot *slots;
	size_t cap, count;
};

/*
 * What a worker of a parallel read (dwarf_jobs.c) did that the serial
 * read does to the one set, in the order it did it: dwarf_kept.c replays
 * the workers' logs into the set unit by unit, in the serial order.
 */
enum lu_dw_event_kind {
	LU_DW_EV_NAME,		/* lu_read_wants asked of NAME */
	LU_DW_EV_KEEP,		/* struct INDEX (FP) held by unit TEXT */
	LU_DW_EV_HELD,		/* the same, INDEX a stand-in for what a
				 * lower unit's KEEP built */
	LU_DW_EV_SKIP,		/* NAME (FP) left out, as TEXT says */
	LU_DW_EV_TYPEDEF,	/* NAME names struct INDEX (TAGLESS) */
};

struct lu_dw_event {
	size_t task;		/* the unit's index in the read */
	enum lu_dw_event_kind kind;
	bool tagless;
	size_t index;		/* in the worker's set */
	uint64_t fp;
	const char *name;	/* the worker's strings */
	const char *text;
};

struct lu_dw_log {
	struct lu_dw_event *ev;
	size_t n, cap;
	size_t task;		/* the unit being read */
	/* "name\nsize" keys has_markers scanned, by text: marked ones and
	 * unmarked ones (see lu_dwarf_markers_agree) */
	struct lu_strset marked, unmarked;
};

/* Which unit first built each definition, shared by the workers of a
 * parallel read (dwarf_claims.c). */
struct lu_dw_claim;
struct lu_dw_claims {
	pthread_mutex_t lock;
	struct lu_dw_claim *slots;
	size_t cap, count;
};

void lu_dw_claims_init(struct lu_dw_claims *c);
void lu_dw_claims_free(struct lu_dw_claims *c);
/* Whether a unit below TASK built (NAME, FP) already. */
bool lu_dw_built_below(struct lu_dw_claims *c, const char *name, uint64_t fp,
		       size_t task);
/* Unit TASK built (NAME, FP): the claim is the lowest unit's. NAME stays
 * the caller's until the claims are freed. */
void lu_dw_claim(struct lu_dw_claims *c, const char *name, uint64_t fp,
		 size_t task);

struct dwarf_reader {
	struct lu_read_ctx *ctx;
	const struct lu_read_opts *opts;
	struct lu_set *set;
	struct lu_error *err;
	const char *path;	/* for errors: the input, or "lib.a(member)" */
	const char *unit;	/* archive member, or NULL */
	const char *cu;		/* the compilation unit's name, or NULL */
	const char *cu_path;	/* joined with its directory, interned */
	bool big_endian;	/* DWARF 2/3 bit offsets count from the MSB */
	/* every definition kept, by interned name and fingerprint; and
	 * the copies met, by name and fingerprint by place */
	struct kept_map kept, placed;
	struct lu_dw_memo built;	/* struct DIE -> 1 + index, this unit */
	Dwarf_CU *built_cu;		/* the unit built is for */
	struct lu_strset unmarked;	/* "name\n<size>" without markers */
	/* the struct being built */
	struct lu_member *members;
	size_t n_members, cap_members;
	struct lu_block *blocks;	/* its anonymous structs and unions */
	size_t n_blocks, cap_blocks;
	int open_block;			/* the innermost being filled, or -1 */
	bool in_class;			/* members are private by default */
	struct lu_dw_memo padded;	/* struct_padding, this struct's */
	size_t visits;		/* add_member calls for this struct */
	struct lu_dw_abi abi;	/* alignments, by the ELF's ABI */
	/* Every string a layout keeps, stored once in the set's arena; and
	 * what is worked out once per type DIE (see free_type_memos). */
	struct lu_intern strings;
	struct lu_dw_memo spelled;	/* type DIE -> its spelling */
	struct lu_dw_memo dims;		/* array DIE -> "[4][2]" */
	struct lu_dw_buf text;		/* scratch for the two above */
	struct lu_dw_memo walked;	/* lu_dw_check_layout's */
	struct lu_dw_memo typehash;	/* type DIE -> type_hash() */
	struct lu_dw_memo typehash_place;	/* the same, by place */
	Dwarf_CU *typehash_cu;		/* the unit typehash is for */
	/* the file names of one unit's line table, and those interned */
	struct lu_dw_files files;
	const char **names;		/* by DW_AT_decl_file, or NULL */
	size_t cap_names;
	Dwarf_CU *names_cu;		/* the unit names is for */
	const char *comp_dir;		/* its DW_AT_comp_dir, or NULL */
	char *cwd;			/* names under it print relative */
	struct lu_dw_plans plans;	/* the unit's abbreviations and end */
	struct lu_dw_memo wanted;	/* interned name -> lu_read_wants */
	struct lu_dw_memo wanted_text;	/* a name's text, by its address,
					 * -> lu_read_wants (dwarf_index.c) */
	size_t n_types;		/* top-level type DIEs: none is -g1 */
	struct lu_dw_scopes scopes;	/* the unit's C++ scopes */
	struct lu_dw_memo strhash;	/* interned text -> its hash */
	/* a worker's (dwarf_jobs.c): what it did, and the lock it takes
	 * around libdw's calls that fill caches; NULL in a serial read */
	struct lu_dw_log *log;
	pthread_mutex_t *libdw_lock;
	struct lu_dw_claims *claims;
	/* C++ virtual bases met in the struct being built, and why it
	 * cannot be laid out (then it is skipped, with a note) */
	const char **vbases;
	size_t n_vbases, cap_vbases;
	char skip_why[160];
	/* members [i] of an empty class type, for [[no_unique_address]] */
	bool *empty;
	size_t cap_empty;
	bool failed;
};

static inline uint64_t lu_dw_mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h;
}

static inline bool lu_dw_is_aggregate_tag(int tag)
{
	return tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
	       tag == DW_TAG_class_type;
}

static inline bool lu_dw_is_aggregate(Dwarf_Die *t)
{
	return lu_dw_is_aggregate_tag(dwarf_tag(t));
}

/* The identity of the definition DIE, the same for its copies in other
 * units (dwarf_fingerprint.c). */
uint64_t lu_dwarf_fingerprint(struct dwarf_reader *r, Dwarf_Die *die);
/*
 * The same, with names in a string section taken by their address, not
 * their text: cheaper, and equal for two copies only when their
 * fingerprints are (one address is one text while the read lasts), but
 * two equal copies may differ here (one name inline, one in .debug_str;
 * two files). So it only finds a copy met before (kept_map.place).
 */
uint64_t lu_dwarf_fingerprint_by_place(struct dwarf_reader *r, Dwarf_Die *die);
/* Keeps the struct (or the typedef of one) DIE if it is wanted. */
void lu_dwarf_visit_type(struct dwarf_reader *r, Dwarf_Die *die);
/* Readies the per-unit memos for DIE's unit, as the walk of a struct or
 * typedef does before it looks anything up. */
void lu_dwarf_enter_die(struct dwarf_reader *r, Dwarf_Die *die);
/* The full walk of PARENT's children, DEPTH levels down (dwarf_unit.c). */
void lu_dwarf_visit_children(struct dwarf_reader *r, Dwarf_Die *parent,
			     int depth);
/* The walk of a C unit's top-level DIEs that hands dwarf_structs.c only
 * those that may give a wanted struct (dwarf_index.c). */
void lu_dwarf_index_children(struct dwarf_reader *r, Dwarf_Die *cudie);
/*
 * A tag only units with types have (-g, not -g1): gcc -g1 keeps variables
 * without types, clang -gline-tables-only only the units: neither has a
 * type DIE, which even a file of `int x;` has at -g. Inline: asked of
 * every top-level DIE.
 */
static inline bool lu_dw_is_type_tag(int tag)
{
	return tag == DW_TAG_base_type || tag == DW_TAG_structure_type ||
	       tag == DW_TAG_union_type || tag == DW_TAG_class_type ||
	       tag == DW_TAG_typedef || tag == DW_TAG_pointer_type ||
	       tag == DW_TAG_enumeration_type;
}
/* A C++ virtual base's DW_TAG_inheritance (dwarf_cxx.c). */
bool lu_dw_is_virtual_base(Dwarf_Die *m);
/* A class with no data members, nor its bases (1 byte), DEPTH 0. */
bool lu_dw_is_empty_class(Dwarf_Die *t, int depth);
/* Members r->empty marks take no room where they share a byte (C++20's
 * [[no_unique_address]]) or lie at the end of a struct of SIZE bytes. */
void lu_dwarf_drop_empty_room(struct dwarf_reader *r, uint64_t size);
/* Records the scope of every type of CUDIE's unit when it is C++
 * (CPLUS, from its DW_AT_language: dwarf_unit.c), in dwarf_scopes.c. */
void lu_dwarf_scopes_enter(struct dwarf_reader *r, Dwarf_Die *cudie,
			   bool cplus);
/* What the reader kept per type and per string, at the end of a read. */
void lu_dwarf_free_memos(struct dwarf_reader *r);
/* Reads the unit of CUDIE: its name, then every top-level DIE
 * (dwarf_unit.c). */
void lu_dwarf_read_unit(struct dwarf_reader *r, Dwarf_Die *cudie);
/* The last libdw (or libdwfl) error, else libelf's. */
const char *lu_dw_why(void);

/* The slot of (NAME, FP) in M: the kept one, or the free one to fill
 * (dwarf_kept.c). */
struct kept_slot *lu_dw_kept_slot(struct kept_map *m, const char *name,
				  uint64_t fp);
/* Adds the typedef NAME (interned) to the struct at INDEX, once. */
void lu_dw_add_typedef(struct lu_set *set, size_t index, const char *name,
		       bool tagless);
/* Appends an event to R's log, if R has one. */
void lu_dw_log(struct dwarf_reader *r, enum lu_dw_event_kind kind,
	       size_t index, uint64_t fp, const char *name, const char *text,
	       bool tagless);
/* Replays the logs of N_WORKERS workers into the reader R of the read,
 * unit by unit: OWNER[t] is the worker that read unit t. */
void lu_dwarf_merge(struct dwarf_reader *r, struct dwarf_reader *workers,
		    size_t n_workers, const unsigned *owner, size_t n_tasks);

/*
 * The units of a parallel read (dwarf_jobs.c), listed by one thread
 * first: libdw then has every unit of the file in its tree, and the
 * workers only look units up. A module is what its units share.
 */
struct lu_dw_module {
	char *label;		/* owned: "lib.a(member)", or NULL */
	const char *path;	/* for errors */
	const char *unit;	/* archive member, or NULL */
	bool big_endian;
	unsigned max_base_align;
};

struct lu_dw_task {
	Dwarf_Die cudie;
	size_t module;
};

struct lu_dw_tasks {
	struct lu_dw_task *t;
	size_t n, cap;
	struct lu_dw_module *m;
	size_t n_m, cap_m;
	/* a unit or file only the serial read reads: split DWARF, a dwz
	 * file (libdw opens both when first needed, in any thread) */
	bool serial;
};

/* Lists DW's units under a new module, as R reads it now (path, unit,
 * ABI); LABEL (malloc'd, or NULL) is the tasks' from here. */
void lu_dw_tasks_add(struct lu_dw_tasks *tasks, struct dwarf_reader *r,
		     Dwarf *dw, char *label);
void lu_dw_tasks_free(struct lu_dw_tasks *tasks);
/* Reads the tasks' units on JOBS threads into R's set. 0 when done; 1
 * when the read is to be done serially instead (a worker failed, or the
 * result could differ from the serial one), R's set untouched. */
int lu_dwarf_run_tasks(struct dwarf_reader *r, const struct lu_dw_tasks *tasks,
		       unsigned jobs);
/* False when a worker found a struct marked that another found unmarked
 * under the same name and size: the serial read's memo of unmarked
 * names would have decided otherwise, so the read is done serially. */
bool lu_dwarf_markers_agree(const struct dwarf_reader *workers, size_t n);

#endif
