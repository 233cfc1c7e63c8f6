/* SPDX-License-Identifier: MIT */
/* lineup suggest: a proposal as a unified diff of the struct's source. */
#ifndef LINEUP_SUGGEST_DIFF_H
#define LINEUP_SUGGEST_DIFF_H

#include <stdbool.h>
#include <stddef.h>

/* A source file larger than this is not the struct's. */
#define LU_SG_MAX_SOURCE (16u << 20)

/* A text cut into lines, in place: each '\n' becomes a '\0'. */
struct lu_sg_lines {
	char **at;
	size_t n, cap;
};

void lu_sg_split_lines(char *text, struct lu_sg_lines *l);
/* Lines [*first, *last) inside the braces of the struct declared on
 * 1-based line DECL; false when no matching brace is found. */
bool lu_sg_body_lines(const struct lu_sg_lines *l, unsigned decl,
		      size_t *first, size_t *last);

/*
 * The diff that turns the body of the struct declared on DECL_LINE of
 * PATH into PROPOSAL (its body, as lu_sg_render_c writes it), naming the
 * file SHOWN in its headers, with the struct's opening and closing lines
 * as context; malloc'ed, or NULL when PATH cannot be read or holds no
 * brace-delimited body there. Unless ALL_CONFIGS (the proposal knows
 * every configuration's members, from a [matrix]), a body with
 * preprocessor lines gets no diff either: it would delete them, and the
 * members of the builds they select; *CONDITIONAL says so. *WHY says
 * why not when a diff would be wrong: SHOWN cannot be a patch's file
 * name, or the proposal changes no line (a hunk of context only).
 */
char *lu_sg_diff(const char *path, const char *shown, unsigned decl_line,
		 const char *proposal, bool all_configs, bool *conditional,
		 const char **why);
/*
 * Would the diff from OLD_BODY (the source's lines between the braces) to
 * PROPOSAL delete a line it does not put back? A reorder moves the lines
 * it placed; a line it drops is code the proposal does not model (C++
 * member functions, access specifiers, nested types, initializers). The
 * first such line, trimmed, into LINE (SIZE bytes); false when none.
 */
bool lu_sg_diff_drops(const char *path, unsigned decl_line,
		      const char *proposal, char *line, size_t size);

#endif
