/* SPDX-License-Identifier: MIT */
/*
 * Reports print findings; they decide nothing. Text is compiler-style so
 * editors and CI jump to it; JSON follows doc/json.md; SARIF is 2.1.0.
 */
#ifndef LINEUP_REPORT_H
#define LINEUP_REPORT_H

#include <stdio.h>

#include "check.h"
#include "layout.h"
#include "rules.h"

struct lu_report_ctx {
	const struct lu_set *sets;	/* findings' set_index points here */
	size_t n_sets;
	const struct lu_rules *rules;	/* may be NULL */
	unsigned line_size;	/* the first input's; see lu_finding_line_size */
	bool pair;
	bool color;
	/* the command takes --align: a finding's hint may name it */
	bool align_option;
	/* --source-root, absolute: SARIF URIs under it are relative to it,
	 * with uriBaseId SRCROOT; NULL: as printed */
	const char *source_root;
	bool quiet;		/* --quiet: text shows errors and the summary */
	bool hex;		/* --hex: messages' offsets and sizes in hex */
	/* matrix: a finding's condition says which configurations, so
	 * messages name no input (one line per finding, not per build) */
	bool inputs_unnamed;
};

/* Where a finding points: a source position, or struct+offset. */
struct lu_location {
	const char *file;	/* NULL: use `where` */
	unsigned decl_line, decl_column;
	char where[256];	/* "struct task_group+264" */
};

/* The line size of the input a finding comes from: inputs of one check
 * may come from machines with different lines. */
unsigned lu_finding_line_size(const struct lu_finding *f,
			      const struct lu_report_ctx *ctx);

/* The one-sentence message of a finding, without location or severity;
 * LU_MESSAGE_MAX holds one with a struct name of 4 KiB (C++ templates). */
#define LU_MESSAGE_MAX 16384
void lu_finding_message(const struct lu_finding *f,
			const struct lu_report_ctx *ctx, char *buf, size_t size);
void lu_finding_location(const struct lu_finding *f,
			 const struct lu_report_ctx *ctx,
			 struct lu_location *loc);
/* Supporting lines: the other side's offset and line byte range. */
size_t lu_finding_notes(const struct lu_finding *f,
			const struct lu_report_ctx *ctx,
			void (*emit)(void *arg, const struct lu_location *loc,
				     const char *text),
			void *arg);
const char *lu_severity_name(enum lu_severity sev);
/* "definition 2 of struct conn, in units a.c, c.c": which units hold S
 * when its name has several definitions (the first few, then a count);
 * false when it has one, or no units (BTF, pahole text). */
bool lu_definition_note(const struct lu_struct *s, char *buf, size_t size);
/* A finding against the kernel's own asserts (report_kasserts.c): its
 * sentence, its place (the call in the kernel's source), its notes. */
struct lu_text_buf;
void lu_kassert_message(const struct lu_finding *f,
			const struct lu_report_ctx *ctx, struct lu_text_buf *b);
void lu_kassert_location(const struct lu_finding *f, bool hex,
			 struct lu_location *loc);
size_t lu_kassert_notes(const struct lu_finding *f,
			const struct lu_report_ctx *ctx,
			void (*emit)(void *arg, const struct lu_location *loc,
				     const char *text),
			void *arg);
/* A kernel group's footprint note, as a sentence (report_groups.c). */
void lu_footprint_message(const struct lu_finding *f, bool hex, char *buf,
			  size_t size);
/* A conflict's note on the padding a group's begin marker gives one of its
 * members (UNIT: "line" or "pair"); false when it has none. */
bool lu_padding_note(const struct lu_finding *f, const char *unit, bool hex,
		     char *buf, size_t size);
/* The same as JSON objects (doc/json.md); the second is null for
 * findings without such padding. */
struct json_t *lu_footprint_json(const struct lu_footprint *fp);
struct json_t *lu_padding_json(const struct lu_finding *f);

struct json_t;
/* One finding as a JSON object (doc/json.md), for reports that embed it. */
struct json_t *lu_finding_json(const struct lu_finding *f,
			       const struct lu_report_ctx *ctx);

/*
 * Every writer below returns 0 when all it wrote reached OUT, or -1 with
 * errno saying why (ENOSPC on a full disk); it stops at the first error.
 */

/* Flushes OUT: 0, or -1 with errno if anything written to it was lost. */
int lu_output_flush(FILE *out);
/* Writes ROOT (NULL: an invalid document) and a newline, then frees it. */
int lu_output_json(FILE *out, struct json_t *root);

/*
 * One finding, compiler-style, with its notes. TAG (may be NULL) is added
 * in brackets, as `matrix` adds the condition under which it appears.
 */
/* One compiler-style line: file:line:col: severity: PREFIXtext [ID]; an
 * error or warning ends with its check's ID, a note (or a NULL ID) not. */
void lu_report_line(FILE *out, bool color, const struct lu_location *loc,
		    enum lu_severity sev, const char *prefix, const char *text,
		    const char *id);
void lu_report_finding_text(FILE *out, const struct lu_finding *f,
			    const struct lu_report_ctx *ctx, const char *tag);
int lu_report_text(FILE *out, const struct lu_findings *f,
		   const struct lu_report_ctx *ctx);
int lu_report_json(FILE *out, const struct lu_findings *f,
		   const struct lu_report_ctx *ctx);
int lu_report_sarif(FILE *out, const struct lu_findings *f,
		    const struct lu_report_ctx *ctx);

/*
 * The parts of lu_report_sarif, for reports that add results of their own
 * (diff): check's rules, whose index is enum lu_finding_type (another
 * report's rules go after them); one finding as a result; a location; and
 * the log that holds the rules and results (it takes both references).
 */
#define LU_SARIF_CHECK_RULES 10
/* The rows of report_rules.c after check's: diff's and the measured one */
enum lu_rule_index {
	LU_RULE_DIFF_SIZE = LU_SARIF_CHECK_RULES,
	LU_RULE_DIFF_PLACE,
	LU_RULE_DIFF_SET,
	LU_RULE_DIFF_STRUCTS,
	LU_RULE_SEEN_SHARING,	/* c2c's and trace's false-sharing lines */
	LU_N_RULES
};
struct lu_check_rule {
	const char *id, *name, *text, *full, *help;
};
/* Every check, indexed by enum lu_finding_type then enum lu_rule_index */
const struct lu_check_rule *lu_check_rules(size_t *n);
/* A row's stable id, "LU001"...: in text, JSON and SARIF */
const char *lu_rule_id(size_t rule);
const char *lu_finding_id(enum lu_finding_type t);
/* every rule (a result's ruleIndex is its row) */
struct json_t *lu_sarif_rules(void);
struct json_t *lu_sarif_result(const struct lu_finding *x,
			       const struct lu_report_ctx *ctx);
struct json_t *lu_sarif_location(const struct lu_location *loc,
				 const char *message);
struct json_t *lu_sarif_log(struct json_t *rules, struct json_t *results);
/* --source-root (report_sarif_root.c): a result's URIs under ROOT made
 * relative to it, and the run's originalUriBaseIds saying where it is. */
void lu_sarif_rebase(struct json_t *result, const char *root);
void lu_sarif_base_ids(struct json_t *log, const char *root);

#endif
