/* SPDX-License-Identifier: MIT */
/*
 * What a run was asked for: the parsed command line, which travels down
 * to the stages as data, and the exit statuses every stage returns. The
 * commands (commands/cli.h) fill it; nothing here calls up.
 */
#ifndef LINEUP_OPTIONS_H
#define LINEUP_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

enum lu_exit {
	LU_EXIT_OK = 0,		/* every rule holds */
	LU_EXIT_FINDINGS = 1,	/* at least one rule is broken */
	LU_EXIT_USAGE = 2,	/* usage or input error */
};

enum lu_format { LU_FORMAT_TEXT, LU_FORMAT_JSON, LU_FORMAT_SARIF };

enum lu_assert_style { LU_STYLE_LINEUP, LU_STYLE_KERNEL };

enum lu_fail_on {
	LU_FAIL_ON_SIZE = 1u << 0,	/* any size or alignment change */
	LU_FAIL_ON_MOVES = 1u << 1,	/* any member that changed line */
};

struct lu_cli {
	enum lu_format format;
	unsigned line_size;	/* 0: from the ELF machine */
	bool pair;
	unsigned align;		/* --align: 0 unless given */
	bool color;
	bool strict;
	bool quiet;		/* check: errors and the summary only */
	bool exhaustive;
	bool model;		/* matrix --model */
	bool verbose;		/* matrix: why each option was found */
	bool from_pahole;
	unsigned jobs;		/* -j, 0 when not given */
	unsigned read_jobs;	/* threads reading DWARF: -j, LINEUP_JOBS
				 * or the CPUs (main.c) */
	unsigned timeout;	/* seconds per compile, matrix */
	const char *rules;	/* the first --rules, NULL if none */
	const char **rules_files;	/* every --rules, merged */
	size_t n_rules;
	const char *rules_out;	/* c2c: --rules-out, a drafted rules file */
	bool has_base;		/* c2c: --base given */
	unsigned long long base;	/* c2c: the object's address */
	enum lu_assert_style style;	/* asserts: --style */
	unsigned fail_on;	/* diff: --fail-on, LU_FAIL_ON_* bits */
	const char *net_cachelines;	/* rules: --from-net-cachelines */
	const char **kernel_asserts;	/* check: every --kernel-asserts */
	size_t n_kernel_asserts;
	unsigned sample;	/* trace: --sample N, 0 records every access */
	const char *source_root;	/* check: --source-root, SARIF base */
	const char **structs;
	size_t n_structs;
	bool hex;		/* show: --hex offsets and sizes */
	const char *stamp;	/* check, matrix: --stamp FILE */
	const char *output;	/* trace: -o FILE, the report */
	struct lu_show_filter {	/* show: whole-file filters, 0 for none */
		unsigned long long min_size;	/* --min-size BYTES */
		unsigned min_holes;		/* --holes N */
		unsigned min_lines;		/* --min-lines N */
		const char *prefix;		/* --prefix NAME */
	} filter;
	char **args;		/* positional arguments */
	size_t n_args;
};

#endif
