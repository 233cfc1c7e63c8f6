/* SPDX-License-Identifier: MIT */
/* A function's fast copy (trace_fast.h). */
#include "trace_fast.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The suffix of a copied symbol, as gcc's ".cold" names a part. */
#define COPY_SUFFIX ".lineup_fast"
/* A copied local label: .L5 becomes .Llu_trace_c_5. */
#define COPY_LOCAL LU_TRACE_LABEL "c_"

struct text {
	const char *p;
	size_t n;
};

static bool same(struct text a, const char *p, size_t n)
{
	return a.n == n && !memcmp(a.p, p, n);
}

/* ---- the labels a function defines ----------------------------------- */

/* Open addressing over the texts; a function defines a few thousand. */
struct names {
	struct text *slot;
	size_t cap, n;
};

static uint64_t hash(const char *p, size_t n)
{
	uint64_t h = 1469598103934665603ull;

	while (n--)
		h = (h ^ (unsigned char)*p++) * 1099511628211ull;
	return h;
}

static void *must(void *p)
{
	if (!p)
		abort(); /* as lu_asm_put: the compile cannot go on */
	return p;
}

static bool names_has(const struct names *s, const char *p, size_t n)
{
	if (!s->cap)
		return false;
	for (size_t i = hash(p, n) & (s->cap - 1); s->slot[i].p;
	     i = (i + 1) & (s->cap - 1))
		if (same(s->slot[i], p, n))
			return true;
	return false;
}

static void names_add(struct names *s, const char *p, size_t n)
{
	if (names_has(s, p, n))
		return;
	if (2 * (s->n + 1) > s->cap) {
		struct names g = { must(calloc(s->cap ? 2 * s->cap : 64,
					       sizeof(*g.slot))),
				   s->cap ? 2 * s->cap : 64, 0 };

		for (size_t i = 0; i < s->cap; i++)
			if (s->slot[i].p)
				names_add(&g, s->slot[i].p, s->slot[i].n);
		free(s->slot);
		*s = g;
	}
	size_t i = hash(p, n) & (s->cap - 1);

	while (s->slot[i].p)
		i = (i + 1) & (s->cap - 1);
	s->slot[i] = (struct text){ p, n };
	s->n++;
}

/* ---- lines ------------------------------------------------------------ */

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '$';
}

static size_t ident_len(const char *p, const char *e)
{
	const char *q = p;

	while (q < e && ident_char(*q))
		q++;
	return (size_t)(q - p);
}

static bool all_digits(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] < '0' || p[i] > '9')
			return false;
	return true;
}

/* The label "NAME:" the line [B, E) starts with; numbered ones ("1:",
 * inline assembly's) may repeat and are not renamed. */
static struct text label_of(const char *b, const char *e)
{
	const char *p = lu_asm_blanks(b, e);
	size_t n = ident_len(p, e);

	if (n && p + n < e && p[n] == ':' && !all_digits(p, n))
		return (struct text){ p, n };
	return (struct text){ NULL, 0 };
}

/* Is the line an instruction (not a label, directive or comment)? */
static bool instruction(const char *b, const char *e)
{
	const char *p = lu_asm_blanks(b, e);

	return p < e && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) &&
	       !label_of(b, e).p;
}

/* Is the instruction a call ("call", "callq", "notrack call")? */
static bool is_call(const char *b, const char *e)
{
	const char *p = lu_asm_blanks(b, e);
	size_t n = ident_len(p, e);

	if (n == 7 && !memcmp(p, "notrack", 7)) {
		p = lu_asm_blanks(p + n, e);
		n = ident_len(p, e);
	}
	return (n == 4 && !memcmp(p, "call", 4)) ||
	       (n == 5 && !memcmp(p, "callq", 5));
}

static const char *line_end(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	return nl ? nl : end;
}

static const char *next_line(const char *eol, const char *end)
{
	return eol < end ? eol + 1 : end;
}

/* ---- the function's extent -------------------------------------------- */

/* After F's `.size` and, when it has call frame information, the
 * `.cfi_endproc` that closes it (gcc writes `.size` after, clang
 * before); NULL when the text ends first. */
static const char *function_end(const char *p, const char *end,
				const struct lu_trace_function *f)
{
	int open = 0;
	bool sized = false;

	while (p < end) {
		const char *eol = line_end(p, end), *args;

		if (lu_asm_directive(p, eol, ".cfi_startproc", NULL))
			open++;
		else if (lu_asm_directive(p, eol, ".cfi_endproc", NULL)) {
			if (--open < 0)
				return NULL;
			if (sized && !open)
				return next_line(eol, end);
		} else if (lu_asm_directive(p, eol, ".size", &args) &&
			   ident_len(args, eol) == f->name_len &&
			   !memcmp(args, f->name, f->name_len)) {
			sized = true;
			if (!open)
				return next_line(eol, end);
		}
		p = next_line(eol, end);
	}
	return NULL;
}

/*
 * Where F's text ends with its exception table: clang writes the table
 * after the function, up to its "-- End function" comment; gcc within.
 * STOP when the function names no table or holds it.
 */
static const char *with_table(const char *p, const char *stop,
			      const char *end)
{
	const char *q, *lsda = NULL, *eol;
	size_t n;

	for (q = p; q < stop && !lsda; q = next_line(line_end(q, stop), stop)) {
		const char *args, *comma;

		eol = line_end(q, stop);
		if (lu_asm_directive(q, eol, ".cfi_lsda", &args) &&
		    (comma = memchr(args, ',', (size_t)(eol - args))))
			lsda = lu_asm_blanks(comma + 1, eol);
	}
	if (!lsda)
		return stop;
	n = ident_len(lsda, line_end(lsda, end));
	for (q = p; q < stop; q = next_line(line_end(q, stop), stop)) {
		struct text l = label_of(q, line_end(q, stop));

		if (l.p && same(l, lsda, n))
			return stop;
	}
	for (q = stop; q < end; q = next_line(eol, end)) {
		eol = line_end(q, end);
		if (label_of(q, eol).p == NULL &&
		    memmem(q, (size_t)(eol - q), "-- End function", 15))
			return next_line(eol, end);
		if (lu_asm_directive(q, eol, ".type", NULL) ||
		    lu_asm_directive(q, eol, ".cfi_startproc", NULL))
			break; /* another function's */
	}
	return stop;
}

/*
 * Does the data line [B, E) (`.uleb128 .LEHB2-.LCOLDB0`, an exception
 * table's) name no partition label S lacks? gcc measures a cold part's
 * table from a label it defines before the function: the copy's table
 * would describe the counting copy's code, and a throw through the
 * copy's cold part find no handler. Such a function is not copied.
 */
static bool outside_data(const char *b, const char *e, const struct names *s)
{
	const char *p = lu_asm_blanks(b, e);

	if (p >= e || *p != '.' || (!lu_asm_directive(b, e, ".uleb128", NULL) &&
				    !lu_asm_directive(b, e, ".sleb128", NULL) &&
				    !lu_asm_directive(b, e, ".long", NULL) &&
				    !lu_asm_directive(b, e, ".quad", NULL) &&
				    !lu_asm_directive(b, e, ".4byte", NULL) &&
				    !lu_asm_directive(b, e, ".8byte", NULL)))
		return true;
	for (p = lu_asm_blanks(p + ident_len(p, e), e); p < e;) {
		size_t n = ident_len(p, e);

		if (!n && *p != '#') {
			p++;
			continue;
		}
		if (!n)
			break; /* a comment */
		/* gcc's partition labels, the bases of a part's offsets;
		 * other labels outside (clang's type-info stubs) are
		 * addresses the copy shares */
		if (n > 6 && (!memcmp(p, ".LCOLD", 6) || !memcmp(p, ".LHOT", 5)) &&
		    !names_has(s, p, n))
			return false;
		p += n;
	}
	return true;
}

/* The labels [P, END) defines: "NAME:" at a line's start, and the views
 * `.loc ... view NAME` assigns. False when it cannot be copied: an
 * exception table not among them. */
static bool defined_labels(const char *p, const char *end, struct names *s)
{
	const char *q = p;

	for (; q < end; q = next_line(line_end(q, end), end)) {
		const char *eol = line_end(q, end), *args;
		struct text l = label_of(q, eol);

		if (l.p)
			names_add(s, l.p, l.n);
		if (lu_asm_directive(q, eol, ".loc", &args)) {
			const char *v = memmem(args, (size_t)(eol - args),
					       " view ", 6);
			size_t n;

			if (v) {
				v = lu_asm_blanks(v + 6, eol);
				n = ident_len(v, eol);
				if (n && !all_digits(v, n) && *v != '-')
					names_add(s, v, n);
			}
		}
	}
	for (q = p; q < end; q = next_line(line_end(q, end), end)) {
		const char *eol = line_end(q, end), *args, *comma;

		if (!outside_data(q, eol, s))
			return false;
		if (!lu_asm_directive(q, eol, ".cfi_lsda", &args))
			continue;
		comma = memchr(args, ',', (size_t)(eol - args));
		if (!comma)
			return false;
		comma = lu_asm_blanks(comma + 1, eol);
		if (!names_has(s, comma, ident_len(comma, eol)))
			return false;
	}
	return true;
}

/* ---- the copy --------------------------------------------------------- */

/* The line [B, E) with each label S holds renamed for the copy; quoted
 * strings and registers are left as they are. */
static void put_renamed(struct lu_asm_out *o, const char *b, const char *e,
			const struct names *s)
{
	const char *p = b, *from = b;
	/* in an instruction a symbol is an address the program may compare
	 * (a function's own, stored as a callback): it stays the counting
	 * copy's; local labels are the copy's jumps */
	bool code = instruction(b, e);

	while (p < e) {
		if (*p == '"') {
			for (p++; p < e && *p != '"'; p++)
				if (*p == '\\' && p + 1 < e)
					p++;
			p += p < e;
			continue;
		}
		if (*p == '#' || !ident_char(*p)) {
			if (*p == '#')
				break; /* a comment to the line's end */
			p++;
			continue;
		}
		size_t n = ident_len(p, e);
		bool reg = p > b && p[-1] == '%';

		if (!reg && !(*p >= '0' && *p <= '9') &&
		    (!code || (n > 2 && !memcmp(p, ".L", 2))) &&
		    names_has(s, p, n)) {
			lu_asm_put(o, from, (size_t)(p - from));
			if (n > 2 && !memcmp(p, ".L", 2)) {
				lu_asm_puts(o, COPY_LOCAL);
				lu_asm_put(o, p + 2, n - 2);
			} else {
				lu_asm_put(o, p, n);
				lu_asm_puts(o, COPY_SUFFIX);
			}
			from = p + n;
		}
		p += n;
	}
	lu_asm_put(o, from, (size_t)(e - from));
	lu_asm_put(o, "\n", 1);
}

/* The group of a `.section NAME,"flags",@type,GROUP,comdat`; NULL when
 * the section is in none. */
static struct text group_of(const char *s, size_t n)
{
	const char *e = s + n, *p = s;
	int field = 0;

	if (!memmem(s, n, "comdat", 6))
		return (struct text){ NULL, 0 };
	while (p < e && field < 3) {
		if (*p == '"') {
			const char *q = memchr(p + 1, '"', (size_t)(e - p - 1));

			p = q ? q + 1 : e;
			continue;
		}
		field += *p == ',';
		p++;
	}
	p = lu_asm_blanks(p, e);
	n = ident_len(p, e);
	return (struct text){ n ? p : NULL, n };
}

/* Where the copy and the pairs go: pushed, so whatever sections the
 * function switches to, the text after it is where it was. */
static bool put_sections(struct lu_asm_out *fast, struct lu_asm_out *pairs,
			 const struct lu_trace_function *f)
{
	struct text g = group_of(f->section, f->section_len);

	if (memmem(f->section, f->section_len, "comdat", 6) && !g.p)
		return false;
	lu_asm_puts(fast, "\t.pushsection\t");
	lu_asm_put(fast, f->section, f->section_len);
	/* names as they are: a C++ one may be longer than a line of
	 * lu_asm_putf */
	lu_asm_puts(fast, "\n\t.type\t");
	lu_asm_put(fast, f->name, f->name_len);
	lu_asm_puts(fast, COPY_SUFFIX ", @function\n");
	if (g.p) {
		lu_asm_puts(pairs, "\t.pushsection\tlineup_trace_pcmap,\"aG\","
				   "@progbits,");
		lu_asm_put(pairs, g.p, g.n);
		lu_asm_puts(pairs, ",comdat\n");
	} else
		lu_asm_puts(pairs, "\t.pushsection\tlineup_trace_pcmap,\"a\","
				   "@progbits\n");
	lu_asm_puts(pairs, "\t.p2align\t2\n");
	return true;
}

/* The pair of labels FAST and COUNTING (their letters) of number K. */
static void put_pair(struct lu_asm_out *pairs, char fast, char counting,
		     size_t k)
{
	lu_asm_putf(pairs,
		    "\t.long\t" LU_TRACE_LABEL "%c%zu-.\n"
		    "\t.long\t" LU_TRACE_LABEL "%c%zu-.\n",
		    fast, k, counting, k);
}

/*
 * [P, END), F's text from its label, into O (the counting copy), FAST
 * (the fast copy, labels renamed by S) and PAIRS; S NULL: no copy, the
 * sites only. Instructions of inline assembly (#APP) are not paired: a
 * label may not split what the programmer wrote, nor a test follow a
 * call whose flags it reads.
 */
static void put_copies(struct lu_asm_out *o, struct lu_asm_out *fast,
		       struct lu_asm_out *pairs, const char *p,
		       const char *end, const struct names *s,
		       struct lu_trace_numbers *n, bool *in_app)
{
	bool app = *in_app;

	while (p < end) {
		const char *eol = line_end(p, end);
		unsigned info = app ? 0 : lu_trace_access_call(p, eol);
		size_t k;

		if (lu_asm_line_is(p, eol, "#APP"))
			app = true;
		else if (lu_asm_line_is(p, eol, "#NO_APP"))
			app = false;
		if (!s) {
			if (info)
				lu_trace_put_site(o, ++n->sites, info, 0);
			else {
				lu_asm_put(o, p, (size_t)(eol - p));
				lu_asm_put(o, "\n", 1);
			}
		} else if (info) {
			/* the access: counted here, nothing there */
			k = ++n->pairs;
			lu_asm_putf(o, LU_TRACE_LABEL "s%zu:\n", k);
			lu_trace_put_site(o, ++n->sites,
					  info | LU_TRACE_SITE_FAST, k);
			lu_asm_putf(fast, LU_TRACE_LABEL "f%zu:\n", k);
			put_pair(pairs, 'f', 's', k);
		} else if (!app && instruction(p, eol)) {
			k = ++n->pairs;
			lu_asm_putf(o, LU_TRACE_LABEL "s%zu:\n", k);
			lu_asm_put(o, p, (size_t)(eol - p));
			lu_asm_put(o, "\n", 1);
			lu_asm_putf(fast, LU_TRACE_LABEL "f%zu:\n", k);
			put_renamed(fast, p, eol, s);
			put_pair(pairs, 'f', 's', k);
			if (is_call(p, eol)) {
				/* a burst that began in the callee goes on
				 * here, in the counting copy; the return
				 * address is paired too, so that what the
				 * callee records names the counting copy */
				lu_asm_putf(o, LU_TRACE_LABEL "r%zu:\n", k);
				lu_asm_putf(fast,
					    LU_TRACE_LABEL "g%zu:\n"
					    "\tcmpb\t$0, %%fs:__lineup_trace_fast"
					    "@tpoff\n"
					    "\tje\t" LU_TRACE_LABEL "r%zu\n",
					    k, k);
				put_pair(pairs, 'g', 'r', k);
			}
		} else {
			lu_asm_put(o, p, (size_t)(eol - p));
			lu_asm_put(o, "\n", 1);
			if (lu_asm_directive(p, eol, ".section", NULL)) {
				/* a section's group is named for the
				 * function: the copy goes in the same */
				lu_asm_put(fast, p, (size_t)(eol - p));
				lu_asm_put(fast, "\n", 1);
			} else if (!lu_asm_directive(p, eol, ".file", NULL))
				/* a file number is the unit's, given once
				 * (clang gives it where a function first
				 * uses it) */
				put_renamed(fast, p, eol, s);
		}
		p = next_line(eol, end);
	}
	*in_app = app;
}

const char *lu_trace_function(struct lu_asm_out *o, const char *p,
			      const char *end,
			      const struct lu_trace_function *f, bool copy,
			      struct lu_trace_numbers *n, bool *app)
{
	const char *stop = function_end(p, end, f);
	struct lu_asm_out fast = { NULL, 0, 0 }, pairs = { NULL, 0, 0 };
	struct names s = { NULL, 0, 0 };
	bool sites = false;

	if (!stop)
		return NULL;
	if (copy)
		stop = with_table(p, stop, end);
	for (const char *q = p; q < stop && !sites;
	     q = next_line(line_end(q, stop), stop))
		sites = lu_trace_access_call(q, line_end(q, stop)) != 0;
	copy = copy && sites && f->section && f->name[0] != '"' &&
	       defined_labels(p, stop, &s) &&
	       put_sections(&fast, &pairs, f);
	put_copies(o, &fast, &pairs, p, stop, copy ? &s : NULL, n, app);
	if (copy) {
		lu_asm_put(o, fast.p, fast.len);
		lu_asm_puts(o, "\t.popsection\n");
		lu_asm_put(o, pairs.p, pairs.len);
		lu_asm_puts(o, "\t.popsection\n");
	}
	free(fast.p);
	free(pairs.p);
	free(s.slot);
	return stop;
}
