/* SPDX-License-Identifier: MIT */
/* What the rewrite's two files share (trace_inline_parts.h). */
#include "trace_inline_parts.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_inline.h"

#define LABEL LU_TRACE_LABEL

/* The kinds trace_rt.h gives accesses. */
enum { LOAD = 1, STORE = 2 };

/* The callbacks of plain accesses, by their names' stems, and the kind
 * each records (runtime/trace_rt_tsan.c's table). */
static const struct {
	const char *stem;
	unsigned kind;
} calls[] = {
	{ "read", LOAD },
	{ "write", STORE },
	{ "unaligned_read", LOAD },
	{ "unaligned_write", STORE },
	{ "volatile_read", LOAD },
	{ "volatile_write", STORE },
	{ "read_write", LOAD | STORE },
	{ "unaligned_read_write", LOAD | STORE },
	{ "unaligned_volatile_read", LOAD },
	{ "unaligned_volatile_write", STORE },
};

/* The size of "8", "16" (1, 2, 4, 8 or 16) ending at END, else 0. */
static unsigned size_of(const char *s, const char *end)
{
	static const char *const sizes[] = { "1", "2", "4", "8", "16" };

	for (unsigned i = 0; i < 5; i++)
		if ((size_t)(end - s) == strlen(sizes[i]) &&
		    !memcmp(s, sizes[i], (size_t)(end - s)))
			return 1u << i;
	return 0;
}

unsigned lu_trace_access_call(const char *p, const char *end)
{
	const char *name, *stop;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if ((size_t)(end - p) < 5 || memcmp(p, "call", 4))
		return 0;
	p += 4;
	if (*p == 'q')
		p++;
	if (p == end || (*p != ' ' && *p != '\t'))
		return 0;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if ((size_t)(end - p) < 7 || memcmp(p, "__tsan_", 7))
		return 0;
	name = p + 7;
	for (stop = name; stop < end && *stop != '@' && *stop != ' ' &&
			  *stop != '\t' && *stop != '#';
	     stop++)
		;
	p = stop;
	if ((size_t)(end - p) >= 4 && !memcmp(p, "@PLT", 4))
		p += 4;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p < end && *p != '#')
		return 0;
	for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
		size_t k = strlen(calls[i].stem);
		unsigned size;

		if ((size_t)(stop - name) <= k ||
		    memcmp(name, calls[i].stem, k))
			continue;
		size = size_of(name + k, stop);
		if (size)
			return size | calls[i].kind << 8;
	}
	return 0;
}

void lu_asm_put(struct lu_asm_out *o, const char *s, size_t n)
{
	if (o->len + n + 1 > o->cap) {
		while (o->len + n + 1 > o->cap)
			o->cap = o->cap ? 2 * o->cap : 4096;
		o->p = realloc(o->p, o->cap);
		if (!o->p) {
			fputs("lineup: out of memory\n", stderr);
			abort();
		}
	}
	memcpy(o->p + o->len, s, n);
	o->len += n;
	o->p[o->len] = '\0';
}

void lu_asm_puts(struct lu_asm_out *o, const char *s)
{
	lu_asm_put(o, s, strlen(s));
}

void lu_asm_putf(struct lu_asm_out *o, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(buf)) {
		fputs("lineup: an assembly line past 1 KiB\n", stderr);
		abort();
	}
	lu_asm_put(o, buf, (size_t)n);
}

/*
 * Site K's test, in place of its call. What a call clobbers is free here
 * (rax, rsi, rdx, the flags): the compiler saved what it needs across
 * the call it put; rdi holds the address, as it did for the callback.
 * The runtime's answer, in a function with a fast copy, sends the thread
 * there (trace_fast.h).
 */
void lu_trace_put_site(struct lu_asm_out *o, size_t k, unsigned info,
		       size_t fast)
{
	lu_asm_putf(o,
		    "\tmovq\t%%fs:" LABEL "site%zu@tpoff, %%rax\n"
		    "\tcmpq\t%%rdi, %%rax\n"
		    "\tjne\t" LABEL "slow%zu\n"
		    "\tmovl\tlt_epoch_counter(%%rip), %%eax\n"
		    "\tcmpl\t%%eax, %%fs:" LABEL "site%zu@tpoff+16\n"
		    "\tjne\t" LABEL "slow%zu\n"
		    "\tmovq\t%%fs:" LABEL "site%zu@tpoff+8, %%rax\n"
		    "\taddq\t$1, %d(%%rax)\n"
		    "\tjmp\t" LABEL "done%zu\n"
		    LABEL "slow%zu:\n"
		    "\tmovq\t%%fs:0, %%rsi\n"
		    "\tleaq\t" LABEL "site%zu@tpoff(%%rsi), %%rsi\n"
		    "\tmovl\t$%u, %%edx\n"
		    "\tcall\t__lineup_trace_site@PLT\n",
		    k, k, k, k, k, LU_TRACE_COUNT_AT, k, k, k, info);
	if (fast)
		lu_asm_putf(o, "\ttestl\t%%eax, %%eax\n"
			       "\tjne\t" LABEL "f%zu\n", fast);
	lu_asm_putf(o, LABEL "done%zu:\n", k);
}

const char *lu_asm_blanks(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

bool lu_asm_directive(const char *b, const char *e, const char *name,
		      const char **args)
{
	const char *p = lu_asm_blanks(b, e);
	size_t n = strlen(name);

	if ((size_t)(e - p) < n || memcmp(p, name, n) ||
	    (p + n < e && p[n] != ' ' && p[n] != '\t'))
		return false;
	if (args)
		*args = lu_asm_blanks(p + n, e);
	return true;
}

bool lu_asm_line_is(const char *p, const char *e, const char *what)
{
	size_t n = strlen(what);

	p = lu_asm_blanks(p, e);
	while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	return (size_t)(e - p) == n && !memcmp(p, what, n);
}
