/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: the source body being rewritten, shared by the C rewrite
 * (suggest_source.c) and what C++ classes add to it (suggest_class.c),
 * which write it out through suggest_src.c. Private to those three.
 */
#ifndef LINEUP_SUGGEST_SRC_H
#define LINEUP_SUGGEST_SRC_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "suggest.h"

enum kind { K_BLANK, K_COMMENT, K_DIRECTIVE, K_CODE };

#define FREE (-1)		/* owner: no item's line (yet) */
#define MARKER (-2)		/* owner: a group marker's line */
#define SKELETON (-3)		/* owner: a C++ class's line that is no data
				 * member's: a method, an access specifier,
				 * a nested type; it stays where it is */

/* C++ access, as a class body's specifier lines set it */
enum access { ACC_NONE = -1, ACC_PUBLIC, ACC_PROTECTED, ACC_PRIVATE };

#define TAIL (-1)		/* attach: after the last item */

struct out_line {
	const char *text;
	int cond;		/* innermost #if line it needs, -1 none */
	int iso;		/* +1 opens an isolation block, -1 closes */
};

/* The body, lines [0, n) from the struct's '{' on, and what is known of
 * each; indices are relative to the body's first line. */
struct src {
	const struct lu_sg_plan *plan;
	const struct lu_sg_proposal *p;
	char **at;		/* the lines as written */
	const char **code;	/* the lines with comments blanked out */
	size_t n;
	unsigned char *kind;
	int *cond;		/* innermost enclosing #if line, -1 none */
	int *up;		/* per #if line: the #if around it */
	int *endif;		/* per #if line: its #endif */
	long *owner;		/* key, FREE, MARKER or SKELETON */
	int *span_end;		/* per declaration's first line: its last */
	int *attach;		/* per comment or blank line: its anchor */
	int *emitted;
	int *gbegin, *gend;	/* per group: its marker lines, -1 none */
	int *gcond;		/* per group: the #if its new lines get */
	/* C++: the body's other lines stay (SKELETON), the data members
	 * are laid out where the last of them was, each under its own
	 * access, with specifier lines added where it changes */
	bool cxx;
	int *access;		/* per line: the access in effect there */
	bool *bare;		/* per line: a specifier alone ("private:") */
	int last_data;		/* the last data member's or marker's line */
	/* the data go before line block_at, where block_access is in
	 * effect: after every other line above the last data member but
	 * the bare specifiers just before it */
	int block_at, block_access;
	int spec_indent;	/* the first specifier line, -1 none */
	struct out_line *out;
	size_t n_out, cap_out;
	struct lu_arena arena;
};

/* The lines written out (suggest_src.c). */
const char *lu_sg_skip_blank(const char *s);
void lu_sg_src_push(struct src *s, const char *text, int cond, int iso);
/* Line I as written, counted as emitted. */
void lu_sg_src_emit_line(struct src *s, size_t i);
/* A declaration or marker with the comment lines that go with it. */
void lu_sg_src_emit_anchor(struct src *s, size_t i);

/* C++ classes (suggest_class.c). */
/*
 * The access in effect on each line, from the class's default and the
 * specifier lines at its top level, the last data line and where the data
 * go. False when
 * that is not sure: a specifier inside an #if, another label, a
 * specifier and a member on one line.
 */
bool lu_sg_class_access(struct src *s);
/* The next line needs access A (ACC_NONE: any), *NOW in effect: a
 * specifier line when they differ, the source's own when one between
 * block_at and the last data member is left. */
void lu_sg_class_switch(struct src *s, int *now, int a);
/* The lines that stay, of [FROM, TO). */
void lu_sg_class_skeleton(struct src *s, int from, int to);

#endif
