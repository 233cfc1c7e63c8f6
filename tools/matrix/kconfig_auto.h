/* SPDX-License-Identifier: MIT */
/*
 * `options = auto` in a Kconfig [matrix] (kconfig_auto.c): the Kconfig
 * symbols that can change the checked structs, found from the tree
 * itself. The object's source is preprocessed by the tree's own make
 * (`make O=DIR kernel/sched/core.i`, line markers kept) under the base
 * configuration, and relevance.h's analysis names every CONFIG_ symbol in
 * the structs' text, the types they hold by value, the macros those
 * expand and the #ifs around all of them. The bool and tristate symbols
 * the user can set become options and are explored (relevance.h's
 * fixpoint), which shows what they hid; the symbols found in a round are
 * added and the exploration runs again, until a round finds none.
 * int, hex and string symbols are named and held at the base's value;
 * a symbol without a prompt is named with what selects it (its type,
 * prompt and selects read from the tree's Kconfig, kconfig_syms.h).
 *
 * Every configuration explored is a .config written and resolved as the
 * sweep writes and resolves it, so its structs' text, keyed by the
 * resolved .config, tells the sweep which builds it can share
 * (kconfig_dedupe.c).
 */
#ifndef LINEUP_KCONFIG_AUTO_H
#define LINEUP_KCONFIG_AUTO_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Rounds of exploration, at most: each finds what the last one hid. */
#define LU_KCONFIG_AUTO_ROUNDS 8
/* A symbol without a prompt is swept through what selects it, when a
 * few symbols with a prompt do; more is left to Kconfig and named. */
#define LU_KCONFIG_AUTO_SELECTERS 4

#include "kconfig_syms.h"
#include "relevance.h"

struct lu_error;
struct lu_jobs_opts;
struct lu_matrix;
struct json_t;

/* What lineup does with a symbol it found. */
enum lu_kauto_use {
	LU_KAUTO_SWEPT,		/* an option of the sweep */
	LU_KAUTO_VALUE,		/* int, hex, string: held at the base's */
	LU_KAUTO_NO_PROMPT,	/* Kconfig sets it: held, with its selects */
};

/* A Kconfig symbol some checked struct's text depends on. */
struct lu_kauto_sym {
	const char *name;		/* CONFIG_X */
	enum lu_kauto_use use;
	enum lu_ksym_type type;
	const char *base;		/* the base's value, NULL: unset */
	const struct lu_ksym *ks;	/* the tree's, NULL if not found */
	bool given;			/* named in options = auto ... */
	bool module;			/* named as CONFIG_X_MODULE */
	bool seed;			/* another architecture's, explored */
	/* swept for what it selects: that symbol's index, or -1 */
	long via;
};

struct lu_kconfig_auto {
	const char *tree, *target, *dir, *base_text;
	const char *srcarch;		/* the tree's arch/ directory */
	struct lu_ksyms syms;
	size_t n_symbols;		/* in the tree (or the base) */
	struct lu_kauto_sym *found;
	size_t n_found, cap;
	/* the last round's identifiers, and which symbol each is */
	const struct lu_relevance_id *ids;
	size_t n_ids;
	long *id_sym;
	size_t rounds, explored, reused;
	/* resolved .config hash -> key, from the exploration's rows */
	uint64_t *rhash, *key;
	size_t n_keys;
	/* with `arch =`: one search per architecture, each of its own base,
	 * Kconfig and compiler (kconfig_auto_arch.c): its name, the rules
	 * its last round explored and what that round found, and the next
	 * architecture's */
	const char *arch;
	bool seeded;	/* its base defines no checked struct: searched
			 * again from the other architectures' symbols */
	const struct lu_matrix_rules *explored_rules;
	struct lu_relevance rel;
	/* the base's O=, once its configuration was preprocessed there:
	 * prepared, what the sweep's builds start from (NULL: not) */
	const char *prepared;
	struct lu_kconfig_auto *next;
};

/*
 * Finds the symbols, then makes MX's swept options and configurations
 * (as matrix_narrow.c does for -D matrices). With `arch =`, on each
 * architecture: the sweep's options are the symbols any of them found.
 * Returns 0, -1 with ERR (the base or the preprocessing failed, a struct
 * is defined in no configuration explored), or -2 when interrupted.
 */
int lu_kconfig_auto(struct lu_matrix *mx, const struct lu_jobs_opts *o,
		    struct lu_error *err);
/*
 * kconfig_auto.c's, for kconfig_auto_arch.c. The search on architecture
 * ARCH (0 without `arch =`) into KA, from the options the user gave and
 * those SEED's searches found (NULL: none): the symbols, round after
 * round, then what the last round explored. 0, -1 with ERR, -2 when
 * interrupted, -3 with ERR when a struct is defined in no configuration
 * explored.
 */
int lu_kconfig_auto_search(struct lu_matrix *mx, const struct lu_jobs_opts *o,
			   struct lu_kconfig_auto *ka, size_t arch,
			   const struct lu_kconfig_auto *seed,
			   struct lu_error *err);
/* The swept options (those relevant, ANY, and those the user gave) and
 * their configurations, into MX. */
int lu_kconfig_auto_configs(struct lu_matrix *mx, const bool *any,
			    struct lu_error *err);
/* MX's configurations as a Kconfig sweep names them: CFG, no flags. */
void lu_kconfig_name_configs(struct lu_matrix *mx);
/* The key of the checked structs' text a resolved .config (its hash,
 * RESOLVED) made in the exploration; false when none did, or KA is NULL. */
bool lu_kconfig_auto_key(const struct lu_kconfig_auto *ka, uint64_t resolved,
			 uint64_t *key);
/* The report's lines: the symbols per struct, and why each (VERBOSE). */
void lu_kconfig_auto_report_text(const struct lu_matrix *mx, bool verbose,
				 FILE *out);
/* The same as ROOT's "auto". */
void lu_kconfig_auto_report_json(const struct lu_matrix *mx,
				 struct json_t *root);
void lu_kconfig_auto_free(struct lu_kconfig_auto *ka);
/* KA emptied for another search on its architecture; what the first
 * explored stays counted (the list's next is kept). */
void lu_kconfig_auto_restart(struct lu_kconfig_auto *ka);

/*
 * kconfig_prepared.c: what the sweep's builds share with the search. Per
 * architecture (N of them), the O= the search prepared its base in, or
 * NULL (no search, or its base never preprocessed).
 */
const char **lu_kconfig_prepared(struct lu_matrix *mx, size_t n);
/*
 * The shell function `lu_copy B D`, for the scripts that start a
 * configuration from a copy of the prepared O= B: `cp -a`, then the
 * dependency files under tools/ made to name D. The tools' own build
 * (objtool's on x86, tools/build) records its O= by its absolute path,
 * so a copy at another path rebuilt objtool in every configuration: 10
 * of the 24 s a configuration took on x86-64 (bench/README.md). A path
 * sed could misread is left as it is: the copy is then only slower.
 */
#define LU_KCONFIG_COPY_SH \
	"lu_copy() { mkdir -p \"$2\" && cp -a \"$1/.\" \"$2/\" || return; " \
	"case $1$2 in *[!A-Za-z0-9/._+-]*) return 0;; esac; " \
	"! [ -d \"$2/tools\" ] || grep -rlIZF --include='.*.cmd' " \
	"--include='*.d' -e \"$1/\" \"$2/tools\" | " \
	"xargs -0r sed -i \"s|$1/|$2/|g\"; }; "
/* JOB, a make in DIR whose .config lineup wrote, made to start from a
 * copy of the prepared O= PREPARED. */
struct lu_job;
void lu_kconfig_from_prepared(struct lu_matrix *mx, struct lu_job *job,
			      const char *prepared, const char *dir);

#endif
