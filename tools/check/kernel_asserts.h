/* SPDX-License-Identifier: MIT */
/*
 * The kernel's own bounds on its cache-line groups, read from its source:
 * CACHELINE_ASSERT_GROUP_SIZE(TYPE, GROUP, SIZE) and
 * CACHELINE_ASSERT_GROUP_MEMBER(TYPE, GROUP, MEMBER) (include/linux/
 * cache.h), as tcp_struct_check() in net/ipv4/tcp.c and
 * net_dev_struct_check() in net/core/dev.c call them. The parser is pure:
 * text in, asserts out; check_kernel_asserts.c holds layouts against them.
 */
#ifndef LINEUP_KERNEL_ASSERTS_H
#define LINEUP_KERNEL_ASSERTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"

struct lu_error;

enum lu_kassert_kind {
	LU_KASSERT_SIZE,	/* the group's bytes are at most SIZE */
	LU_KASSERT_MEMBER,	/* MEMBER lies inside the group */
};

struct lu_kassert {
	enum lu_kassert_kind kind;
	const char *type;	/* "struct tcp_sock", as written */
	const char *struct_name;	/* tcp_sock */
	const char *group;
	const char *member;	/* LU_KASSERT_MEMBER */
	const char *expr;	/* SIZE as written, spaces squeezed */
	uint64_t bound;		/* SIZE's value, when evaluated */
	bool evaluated;
	/* why SIZE (or the whole call) could not be read, else NULL */
	const char *why;
	unsigned line, column;	/* of the macro's name */
	/* the #if, #ifdef or #else it sits under ("#ifdef CONFIG_X"), the
	 * innermost; NULL at the top level. Its line is under_line. */
	const char *under;
	unsigned under_line;
};

struct lu_kasserts {
	const char *path;
	struct lu_kassert *items;
	size_t n, cap;
	struct lu_arena arena;
};

/*
 * Reads every CACHELINE_ASSERT_GROUP_SIZE and _MEMBER call of the C text
 * (LEN bytes; comments, strings and directives skipped, so cache.h's own
 * #define is not one), named PATH in messages. A call whose arguments
 * cannot be read, or whose SIZE is not plain integer arithmetic
 * (sizeof, a macro), is kept with WHY set: the caller says so and checks
 * nothing for it. Returns 0, or -1 with ERR when the text holds no call.
 */
int lu_kasserts_parse(const char *text, size_t len, const char *path,
		      struct lu_kasserts *out, struct lu_error *err);
/* lu_kasserts_parse on a file read whole; ERR names it when unreadable. */
int lu_kasserts_parse_file(const char *path, struct lu_kasserts *out,
			   struct lu_error *err);
void lu_kasserts_free(struct lu_kasserts *a);
/* "CACHELINE_ASSERT_GROUP_SIZE" or "CACHELINE_ASSERT_GROUP_MEMBER" */
const char *lu_kassert_macro(enum lu_kassert_kind kind);

/*
 * The value of an integer constant expression of literals, + - * / % <<
 * >> & | ^ ~ and parentheses (N bytes of S), in *V. False for anything
 * else (identifiers, sizeof, casts), for overflow and division by zero:
 * never a guess.
 */
bool lu_kassert_eval(const char *s, size_t n, uint64_t *v);

#endif
