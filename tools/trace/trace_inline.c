/* SPDX-License-Identifier: MIT */
/* Accesses counted without a call: the rewrite (trace_inline.h). */
#include "trace_inline.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* The rewrite's labels: a text that holds them is not rewritten again. */
#define LABEL ".Llu_trace_"

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

/* The line [P, END) as "call[q] __tsan_<stem><size>[@PLT]" with nothing
 * after but blanks or a comment: its INFO (size | kind << 8), else 0. */
static unsigned access_call(const char *p, const char *end)
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

/* The growing output. */
struct out {
	char *p;
	size_t len, cap;
};

static void put(struct out *o, const char *s, size_t n)
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

/*
 * Site K's test, in place of its call (INFO as access_call gives it).
 * What a call clobbers is free here (rax, rsi, rdx, the flags): the
 * compiler saved what it needs across the call it put; rdi holds the
 * address, as it did for the callback.
 */
static void put_site(struct out *o, size_t k, unsigned info)
{
	char buf[1024];
	int n = snprintf(
		buf, sizeof(buf),
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
		"\tcall\t__lineup_trace_site@PLT\n"
		LABEL "done%zu:\n",
		k, k, k, k, k, LU_TRACE_COUNT_AT, k, k, k, info, k);

	put(o, buf, (size_t)n);
}

char *lu_trace_inline_asm(const char *text, size_t n, size_t *len,
			  size_t *sites)
{
	struct out o = { NULL, 0, 0 };
	const char *p = text, *end = text + n;
	size_t k = 0;

	*sites = 0;
	/* x86-64's registers (i386's are %esp, %eip), AT&T's syntax */
	if ((!memmem(text, n, "%rsp", 4) && !memmem(text, n, "%rip", 4)) ||
	    memmem(text, n, ".intel_syntax", 13) ||
	    memmem(text, n, LABEL, strlen(LABEL)))
		return NULL;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		unsigned info = access_call(p, eol);

		if (info)
			put_site(&o, ++k, info);
		else
			put(&o, p, (size_t)(eol - p) + (nl ? 1 : 0));
		if (!nl && !info)
			put(&o, "\n", 1);
		p = nl ? nl + 1 : end;
	}
	if (!k) {
		free(o.p);
		return NULL;
	}
	/* each site's record, zeroed in every thread's TLS */
	static const char tbss[] = "\t.section\t.tbss,\"awT\",@nobits\n"
				   "\t.p2align\t4\n";

	put(&o, tbss, sizeof(tbss) - 1);
	for (size_t i = 1; i <= k; i++) {
		char buf[64];
		int m = snprintf(buf, sizeof(buf), LABEL "site%zu:\n\t.zero\t24\n",
				 i);

		put(&o, buf, (size_t)m);
	}
	*len = o.len;
	*sites = k;
	return o.p;
}
