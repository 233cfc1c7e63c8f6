/* SPDX-License-Identifier: MIT */
/* Accesses counted without a call: the rewrite (trace_inline.h). */
#include "trace_inline.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_fast.h"

#define LABEL LU_TRACE_LABEL

/* What the unit's text says of where it is: the section a function's
 * label is in, and the function a `.type NAME, @function` announced. */
struct place {
	const char *section;	/* NULL: not known (.pushsection, .previous) */
	size_t section_len;
	const char *name;	/* the function announced, NULL: none */
	size_t name_len;
};

/* Follows the line [P, E) into PL. */
static void follow(struct place *pl, const char *p, const char *e)
{
	const char *args;

	while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	if (lu_asm_directive(p, e, ".text", NULL)) {
		pl->section = ".text";
		pl->section_len = 5;
	} else if (lu_asm_directive(p, e, ".section", &args)) {
		pl->section = args;
		pl->section_len = (size_t)(e - args);
	} else if (lu_asm_directive(p, e, ".pushsection", NULL) ||
		   lu_asm_directive(p, e, ".popsection", NULL) ||
		   lu_asm_directive(p, e, ".previous", NULL) ||
		   lu_asm_directive(p, e, ".subsection", NULL) ||
		   lu_asm_directive(p, e, ".data", NULL) ||
		   lu_asm_directive(p, e, ".bss", NULL)) {
		pl->section = NULL;
	} else if (lu_asm_directive(p, e, ".type", &args)) {
		const char *name = args, *comma;

		comma = memchr(name, ',', (size_t)(e - name));
		pl->name = NULL;
		if (comma && memmem(comma, (size_t)(e - comma), "function", 8)) {
			pl->name = name;
			pl->name_len = (size_t)(comma - name);
			while (pl->name_len && (name[pl->name_len - 1] == ' ' ||
						name[pl->name_len - 1] == '\t'))
				pl->name_len--;
		}
	}
}

/* Is [P, E) the label line of the function PL announced? */
static bool function_label(const struct place *pl, const char *p,
			   const char *e)
{
	return pl->name && (size_t)(e - p) > pl->name_len &&
	       !memcmp(p, pl->name, pl->name_len) && p[pl->name_len] == ':';
}

char *lu_trace_inline_asm(const char *text, size_t n, bool fast_copies,
			  size_t *len, size_t *sites)
{
	struct lu_asm_out o = { NULL, 0, 0 };
	struct lu_trace_numbers num = { 0, 0 };
	struct place pl = { ".text", 5, NULL, 0 };
	const char *p = text, *end = text + n;
	bool app = false;

	*sites = 0;
	/* x86-64's registers (i386's are %esp, %eip), AT&T's syntax */
	if ((!memmem(text, n, "%rsp", 4) && !memmem(text, n, "%rip", 4)) ||
	    memmem(text, n, ".intel_syntax", 13) ||
	    memmem(text, n, LABEL, strlen(LABEL)))
		return NULL;
	/* call frame information the compiler wrote itself
	 * (-fno-dwarf2-cfi-asm) covers the functions, not their copies */
	if (memmem(text, n, ".eh_frame", 9))
		fast_copies = false;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end, *next;
		unsigned info;

		if (function_label(&pl, p, eol)) {
			struct lu_trace_function f = {
				pl.name, pl.name_len, pl.section,
				pl.section_len
			};

			pl.name = NULL;
			next = lu_trace_function(&o, p, end, &f, fast_copies,
						 &num, &app);
			if (next) {
				/* the sections it went to, as they were */
				for (; p < next; p = nl ? nl + 1 : end) {
					nl = memchr(p, '\n', (size_t)(end - p));
					follow(&pl, p, nl ? nl : end);
				}
				continue;
			}
		}
		follow(&pl, p, eol);
		/* a call the programmer wrote in inline assembly is theirs */
		if (lu_asm_line_is(p, eol, "#APP"))
			app = true;
		else if (lu_asm_line_is(p, eol, "#NO_APP"))
			app = false;
		info = app ? 0 : lu_trace_access_call(p, eol);
		if (info)
			lu_trace_put_site(&o, ++num.sites, info, 0);
		else {
			lu_asm_put(&o, p, (size_t)(eol - p));
			lu_asm_put(&o, "\n", 1);
		}
		p = nl ? nl + 1 : end;
	}
	if (!num.sites) {
		free(o.p);
		return NULL;
	}
	/* each site's record, zeroed in every thread's TLS */
	lu_asm_puts(&o, "\t.section\t.tbss,\"awT\",@nobits\n"
			"\t.p2align\t4\n");
	for (size_t i = 1; i <= num.sites; i++)
		lu_asm_putf(&o, LABEL "site%zu:\n\t.zero\t24\n", i);
	*len = o.len;
	*sites = num.sites;
	return o.p;
}
