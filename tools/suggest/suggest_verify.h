/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: each printed proposal's body compiled by the real
 * compiler and read back, so its size and "holds" are what the C gives,
 * not only what the model laid out (doc/suggest.md, "What is compiled").
 */
#ifndef LINEUP_SUGGEST_VERIFY_H
#define LINEUP_SUGGEST_VERIFY_H

#include <stdio.h>

#include "suggest.h"

/* What one body compiled to. */
struct lu_sg_verified {
	bool compiled;		/* compiled and read back */
	const char *why_not;	/* when not: why (the arena's) */
	uint64_t size;		/* the struct's size as compiled */
	size_t bad;		/* findings lineup check counts on it */
};

struct lu_sg_verify_in {
	const struct lu_sg_plan *plan;
	const struct lu_struct *s;	/* the input's */
	const char *machine;	/* the input's ELF machine, NULL unknown */
	const char *const *bodies;	/* per proposal, NULL: none */
	size_t n;
	/* the words that select the input's configuration (-DNAME...),
	 * for the body's #if lines; none without a [matrix] */
	const char *const *defines;
	size_t n_defines;
	unsigned expand_depth;	/* as the input was read */
	unsigned jobs, timeout;
	struct lu_arena *arena;
};

/*
 * Compiles each body (one compile each, in parallel, in a private
 * temporary directory removed on every path) and checks the struct it
 * gives with the plan's rules and options into OUT[i]. Interrupted, it
 * removes its files and dies of the signal, as the matrix does.
 */
void lu_sg_verify(const struct lu_sg_verify_in *in,
		  struct lu_sg_verified *out);

/*
 * C++: a member's declaration as the body writes it ("std::atomic<long
 * int> refs_") and as the compiled copy has it instead ("lineup__cxx_0
 * refs_"): a scoped or template name the unit cannot declare becomes a
 * stand-in of its size and alignment, a pointer to one a void pointer.
 */
struct lu_sg_rename {
	const char *from, *to;
};

struct lu_sg_renames {
	struct lu_sg_rename *v;
	size_t n, cap;
};

/*
 * Declarations for every type S's members name but C would not know:
 * each stand-in has the size and alignment the debug information gives;
 * for C++, the renames (into RN, the arena's) of those no declaration
 * can name. NULL, or why no stand-in can do (nothing written then).
 */
const char *lu_sg_standins(FILE *f, const struct lu_struct *s,
			   struct lu_arena *arena, struct lu_sg_renames *rn);

/* lineup.h, the header proposals are compiled against (generated). */
extern const char lu_sg_header_text[];

#endif
