/* SPDX-License-Identifier: MIT */
/* lineup suggest: a proposal as a unified diff of the struct's source. */
#ifndef LINEUP_SUGGEST_DIFF_H
#define LINEUP_SUGGEST_DIFF_H

/*
 * The diff that turns the body of the struct declared on DECL_LINE of
 * PATH into PROPOSAL (its body, as lu_sg_render_c writes it), naming the
 * file SHOWN in its headers; malloc'ed, or NULL when PATH cannot be read
 * or holds no brace-delimited body there.
 */
char *lu_sg_diff(const char *path, const char *shown, unsigned decl_line,
		 const char *proposal);

#endif
