/* SPDX-License-Identifier: MIT */
/*
 * perf's memory-contention text as records: `perf c2c report --stdio`
 * (the Shared Data Cache Line Table and the Pareto, perf 5.x and 6.x, with
 * or without their headers, --double-cl), and perf >= 6.8 data-type
 * profiling (`perf report -s type,typeoff`, `perf annotate --data-type`).
 * Pure: text in, records out; doc/c2c.md says what each column becomes.
 */
#ifndef LINEUP_C2C_PARSE_H
#define LINEUP_C2C_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"

/* What the report is; a Pareto is "Shared Cache Line Distribution Pareto" */
enum lu_c2c_format {
	LU_C2C_NONE,
	LU_C2C_PARETO,		/* the Pareto, maybe with the table */
	LU_C2C_TABLE,		/* Shared Data Cache Line Table only */
	LU_C2C_TYPEOFF,		/* perf report -s type,typeoff */
	LU_C2C_ANNOTATE,	/* perf annotate --data-type */
};

/* One sampled access site at one offset. */
struct lu_c2c_row {
	size_t line;		/* index in lu_c2c_report.lines */
	uint64_t offset;	/* bytes into the cacheline; data-type: into
				 * the type */
	const char *symbol;	/* function, or NULL */
	const char *site;	/* "update_cfs_group+78" when perf gives it */
	const char *source;	/* "fair.c:3456" when perf gives it */
	const char *field;	/* data-type: perf's field name, or NULL */
	uint64_t code_address;	/* 0 when not given */
	/* Counts (or, without totals, percentages) of: */
	double hitm;		/* loads that hit a line modified elsewhere
				 * (HITM, snoop peer) */
	double loads;		/* data-type samples of a load event */
	double stores;
	unsigned text_line;	/* in the report, from 1 */
};

/* A contended cacheline (c2c) or a sampled type (data-type). */
struct lu_c2c_line {
	long index;		/* perf's Num/Index, -1 when not given */
	uint64_t address;
	bool has_address;
	const char *type;	/* data-type: "struct task_struct" */
	double hitm, stores;	/* the Table's totals, when given */
	unsigned text_line;
};

struct lu_c2c_report {
	enum lu_c2c_format format;
	bool header;		/* the column header was there */
	bool double_cl;		/* offsets past 64: --double-cl pairs */
	uint64_t max_offset;	/* largest c2c offset seen */
	struct lu_c2c_line *lines;
	size_t n_lines, cap_lines;
	struct lu_c2c_row *rows;	/* grouped by line, in report order */
	size_t n_rows, cap_rows;
	/* Lines that looked like rows and were not: counted, the first
	 * named, so the caller can say so in one line. */
	size_t n_bad;
	unsigned bad_line;
	const char *bad_why;
	struct lu_arena arena;
};

/* The name for messages and JSON: "perf c2c Pareto", ... */
const char *lu_c2c_format_name(enum lu_c2c_format f);
/* "c2c-pareto", "c2c-table", "data-type", "annotate" */
const char *lu_c2c_format_id(enum lu_c2c_format f);

/*
 * Parses LEN bytes of TEXT (need not be NUL-terminated). Never fails: a
 * report with no rows has format LU_C2C_NONE (or n_rows 0) and the caller
 * decides. Free with lu_c2c_report_free.
 */
void lu_c2c_parse(const char *text, size_t len, struct lu_c2c_report *r);
void lu_c2c_report_free(struct lu_c2c_report *r);

#endif
