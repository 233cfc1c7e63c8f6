/* SPDX-License-Identifier: MIT */
/*
 * The bound of a CACHELINE_ASSERT_GROUP_SIZE call, evaluated
 * (kernel_asserts.h): C's integer constant expressions of literals and
 * operators, one function per precedence level, in 64-bit signed
 * arithmetic with every overflow, shift past the width and division by
 * zero refused. A name (sizeof, a macro, a cast's type) is refused too:
 * what lineup cannot compute it says it did not check, rather than guess.
 */
#include "kernel_asserts.h"

#include <ctype.h>
#include <string.h>

struct ev {
	const char *p, *end;
	bool ok;
};

static void ev_space(struct ev *e)
{
	while (e->p < e->end && isspace((unsigned char)*e->p))
		e->p++;
}

static bool ev_take(struct ev *e, const char *op)
{
	size_t n = strlen(op);

	ev_space(e);
	if ((size_t)(e->end - e->p) < n || memcmp(e->p, op, n))
		return false;
	/* "<" is not "<<", "&" not "&&", "|" not "||" */
	if (e->p + n < e->end && n == 1 && strchr("<>&|", *op) &&
	    e->p[n] == *op)
		return false;
	e->p += n;
	return true;
}

static int64_t ev_or(struct ev *e);

/* A literal: decimal, 0x hex or 0 octal, with u/l suffixes. */
static int64_t ev_literal(struct ev *e)
{
	const char *p = e->p;
	unsigned base = 10;
	uint64_t v = 0;
	bool digits = false;

	if (p + 1 < e->end && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	} else if (p < e->end && *p == '0') {
		base = 8;
	}
	for (; p < e->end && isxdigit((unsigned char)*p); p++) {
		unsigned d = isdigit((unsigned char)*p)
				     ? (unsigned)(*p - '0')
				     : (unsigned)(tolower((unsigned char)*p) -
						  'a' + 10);

		if (d >= base || v > (uint64_t)(INT64_MAX - d) / base) {
			e->ok = false;
			return 0;
		}
		v = v * base + d;
		digits = true;
	}
	while (p < e->end && strchr("uUlL", *p))
		p++;
	/* "4z", "0x": not a number this evaluator knows */
	if (!digits || (p < e->end && (isalnum((unsigned char)*p) ||
				       *p == '_' || *p == '.')))
		e->ok = false;
	e->p = p;
	return (int64_t)v;
}

static int64_t ev_unary(struct ev *e)
{
	ev_space(e);
	if (!e->ok || e->p >= e->end) {
		e->ok = false;
		return 0;
	}
	if (ev_take(e, "(")) {
		int64_t v = ev_or(e);

		if (!ev_take(e, ")"))
			e->ok = false;
		return v;
	}
	if (ev_take(e, "-")) {
		int64_t v = ev_unary(e);

		return v == INT64_MIN ? (e->ok = false, 0) : -v;
	}
	if (ev_take(e, "+"))
		return ev_unary(e);
	if (ev_take(e, "~"))
		return ~ev_unary(e);
	if (isdigit((unsigned char)*e->p))
		return ev_literal(e);
	/* sizeof, a macro, a cast: not evaluated here */
	e->ok = false;
	return 0;
}

static int64_t ev_mul(struct ev *e)
{
	int64_t v = ev_unary(e);

	while (e->ok) {
		int64_t r;

		if (ev_take(e, "*")) {
			if (__builtin_mul_overflow(v, ev_unary(e), &r))
				e->ok = false;
			v = r;
		} else if (ev_take(e, "/") || ev_take(e, "%")) {
			bool div = e->p[-1] == '/';

			r = ev_unary(e);
			if (!r || (v == INT64_MIN && r == -1)) {
				e->ok = false;
				return 0;
			}
			v = div ? v / r : v % r;
		} else {
			break;
		}
	}
	return v;
}

static int64_t ev_add(struct ev *e)
{
	int64_t v = ev_mul(e);

	while (e->ok) {
		int64_t r;

		if (ev_take(e, "+")) {
			if (__builtin_add_overflow(v, ev_mul(e), &r))
				e->ok = false;
		} else if (ev_take(e, "-")) {
			if (__builtin_sub_overflow(v, ev_mul(e), &r))
				e->ok = false;
		} else {
			break;
		}
		v = r;
	}
	return v;
}

static int64_t ev_shift(struct ev *e)
{
	int64_t v = ev_add(e);

	while (e->ok) {
		bool left = ev_take(e, "<<");

		if (!left && !ev_take(e, ">>"))
			break;
		int64_t r = ev_add(e);

		/* C leaves these undefined: refuse rather than pick */
		if (r < 0 || r > 62 || v < 0 ||
		    (left && v > (INT64_MAX >> r))) {
			e->ok = false;
			return 0;
		}
		v = left ? v << r : v >> r;
	}
	return v;
}

static int64_t ev_and(struct ev *e)
{
	int64_t v = ev_shift(e);

	while (e->ok && ev_take(e, "&"))
		v &= ev_shift(e);
	return v;
}

static int64_t ev_xor(struct ev *e)
{
	int64_t v = ev_and(e);

	while (e->ok && ev_take(e, "^"))
		v ^= ev_and(e);
	return v;
}

static int64_t ev_or(struct ev *e)
{
	int64_t v = ev_xor(e);

	while (e->ok && ev_take(e, "|"))
		v |= ev_xor(e);
	return v;
}

bool lu_kassert_eval(const char *s, size_t n, uint64_t *v)
{
	struct ev e = { s, s + n, true };
	int64_t r = ev_or(&e);

	ev_space(&e);
	if (!e.ok || e.p != e.end || r < 0)
		return false;
	*v = (uint64_t)r;
	return true;
}
