/* SPDX-License-Identifier: MIT */
/* The rules model: what a rules file says about structs and the matrix. */
#ifndef LINEUP_RULES_H
#define LINEUP_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "layout.h"

struct lu_rule_group {
	const char *name;	/* the kind itself for plain `write = ...` */
	enum lu_kind kind;
	const char **members;	/* dotted below named nested members */
	size_t n_members;
	unsigned ini_line;	/* in the rules file */
};

struct lu_rule_limit {
	const char *group;
	uint64_t value;
	unsigned ini_line;
};

struct lu_rule_allow {
	const char *a, *b;
	unsigned ini_line;
};

struct lu_rule_struct {
	const char *name;
	const char *path;	/* the rules file that says it */
	unsigned ini_line;
	struct lu_rule_group *groups;
	size_t n_groups;
	struct lu_rule_allow *allow;
	size_t n_allow;
	uint64_t max_size;	/* 0: no limit */
	unsigned max_size_ini_line;
	uint64_t align;		/* `align = N`: objects start at multiples of
				 * N (a power of two); 0 when not said */
	unsigned align_ini_line;
	struct lu_rule_limit *max_bytes, *max_lines;
	size_t n_max_bytes, n_max_lines;
};

/* What one dimension of the matrix varies. */
enum lu_option_kind {
	LU_OPTION_DEFINE,	/* options = NAME or NAME=a|b: -DNAME[=v] */
	LU_OPTION_FLAGS,	/* flags = -m64 | -m32: words added as they are */
	LU_OPTION_LINE_SIZE,	/* line_size = 64 | 128: the check's lines, and
				 * -DLINEUP_CACHELINE_SIZE=N for lineup.h */
	LU_OPTION_ARCH,		/* arch = x86_64 arm: named ARCH, built by each
				 * architecture's compiler (matrix_arch.c) */
};

/* `cross[ARCH] = PREFIX` or `base[ARCH] = TARGET`: one architecture's. */
struct lu_arch_setting {
	const char *key;	/* "cross" or "base" */
	const char *arch, *value;
	struct lu_arch_setting *next;
};

struct lu_matrix_option {
	const char *name;
	enum lu_option_kind kind;
	const char **values;	/* NULL: a toggle, -DNAME or nothing */
	size_t n_values;
};

struct lu_matrix_rules {
	bool present;
	const char *compile;
	const char *compdb, *source;
	/* a Kconfig project (matrix_kconfig.c): the source tree, the base
	 * configuration (a make target or a .config) and the object each
	 * configuration builds; NULL when not said */
	const char *kconfig, *base, *object;
	/* `options = auto ...`: lineup finds the Kconfig symbols that can
	 * change the checked structs (kconfig_auto.c); OPTIONS are those
	 * the user adds to them */
	bool options_auto;
	struct lu_matrix_option *options;
	size_t n_options;
	struct lu_arch_setting *per_arch;	/* in reverse file order */
	unsigned ini_line;
};

/*
 * A [matrix] key of the architectures (rules_arch.c): `arch` gives its
 * values in *BARS ("x86_64|arm", for the dimension's parser) and returns
 * 1; `cross[A]` and `base[A]` are added to M's per_arch and return 1;
 * other keys return 0. -1 with WHY (SIZE bytes) when malformed.
 */
struct lu_arena;
int lu_rules_arch_key(struct lu_matrix_rules *m, struct lu_arena *a,
		      const char *key, const char *value, const char **bars,
		      char *why, size_t size);

struct lu_rules {
	const char *path;	/* of several files, the one with [matrix] */
	struct lu_rule_struct *structs;	/* in file order */
	size_t n_structs;
	struct lu_rule_struct **by_name;	/* the same, sorted by name */
	struct lu_matrix_rules matrix;
	/* several files merged: a second [matrix] ("b.ini:4"), which only
	 * the commands that compile refuse */
	const char *matrix_again;
	struct lu_rules *parts;	/* several files: each one's own rules */
	size_t n_parts;
	struct lu_arena arena;
};

struct lu_error;

/* Parses a rules file; on error, err names file:line and the problem. */
int lu_rules_parse_file(const char *path, struct lu_rules *rules,
			struct lu_error *err);
/* The same from memory (tests and fuzzing); NAME is used in messages. */
int lu_rules_parse_string(const char *text, size_t len, const char *name,
			  struct lu_rules *rules, struct lu_error *err);
/*
 * Parses N rules files into one (rules_merge.c): their structs together,
 * one file's [matrix]. A struct in two files must say the same in both;
 * otherwise ERR names both places. N == 1 is lu_rules_parse_file.
 */
int lu_rules_parse_files(const char *const *paths, size_t n,
			 struct lu_rules *rules, struct lu_error *err);
/* The error for a second [matrix], for the commands that compile. */
int lu_rules_one_matrix(const struct lu_rules *rules, struct lu_error *err);
void lu_rules_free(struct lu_rules *rules);

const struct lu_rule_struct *lu_rules_find(const struct lu_rules *rules,
					   const char *name);
/* A C identifier (with DOTS, dotted member paths "a.b"), N bytes of S. */
bool lu_rules_valid_name(const char *s, size_t n, bool dots);
/* A struct name: C's, or C++'s as the compiler spells it, with scopes and
 * template arguments ("ns::Ring<long int, 4>"), brackets balanced. */
bool lu_rules_valid_struct_name(const char *s);
/* A struct's rules: by its tag, or by any typedef naming it. RULES may be
 * NULL (no rules file): then NULL. */
const struct lu_rule_struct *lu_rules_for(const struct lu_rules *rules,
					  const struct lu_struct *s);
/* Deepest dotted member name the rules use (for the readers' expansion). */
unsigned lu_rules_max_depth(const struct lu_rules *rules);

#endif
