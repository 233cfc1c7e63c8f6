/* SPDX-License-Identifier: MIT */
/*
 * Identifiers with `$`, which GNU C takes (gcc and clang, by default):
 * a group `w$1` and a member `b$x` (issue 31). `asserts` refused them as
 * not C names; its assertions must compile with both compilers, hold here
 * and fail with -DBAD, where b$x moves onto w$1's line.
 */
#include <lineup.h>

struct LINEUP_ALIGNED dollar {
	LINEUP_BEGIN(write, w$1);
	long a$;
	LINEUP_END(write, w$1);
#ifndef BAD
	char pad[64];
#endif
	LINEUP_BEGIN(read, r$);
	long b$x;
	LINEUP_END(read, r$);
#ifdef BAD
	char pad[64];
#endif
};

struct dollar dollar_v;
