/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: a proposal as a unified diff against the struct's source
 * file: the lines between the struct's opening and closing braces are
 * replaced by the proposal's body, and a longest common subsequence keeps
 * the lines both share as context, so `patch -p1` applies it.
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "escape_c.h"
#include "slurp.h"
#include "suggest_diff.h"

void lu_sg_split_lines(char *text, struct lu_sg_lines *l)
{
	for (char *p = text; *p;) {
		char *nl = strchr(p, '\n');

		l->at = lu_grow(l->at, &l->cap, l->n, sizeof(*l->at));
		l->at[l->n++] = p;
		if (!nl)
			break;
		*nl = '\0';
		p = nl + 1;
	}
}

bool lu_sg_body_lines(const struct lu_sg_lines *l, unsigned decl,
		      size_t *first, size_t *last)
{
	int depth = 0;
	bool opened = false;

	for (size_t i = decl ? decl - 1 : 0; i < l->n; i++) {
		for (const char *c = l->at[i]; *c; c++) {
			/* "struct s;" or "struct s *p;" opens no body: the
			 * next '{' is another declaration's */
			if (*c == ';' && !opened)
				return false;
			if (*c == '{') {
				if (!opened)
					*first = i + 1;
				opened = true;
				depth++;
			} else if (*c == '}' && opened && --depth == 0) {
				*last = i;
				return *first <= *last;
			}
		}
	}
	return false;
}

/* A blank-insensitive line comparison: the proposal indents its own way. */
static bool same(const char *a, const char *b)
{
	for (;;) {
		while (*a == ' ' || *a == '\t')
			a++;
		while (*b == ' ' || *b == '\t')
			b++;
		if (*a != *b)
			return false;
		if (!*a)
			return true;
		a++;
		b++;
	}
}

/* The most table cells the line-by-line diff may use (4 bytes each), and
 * the most edits the diff of a body too long for it looks for. */
#ifndef LU_SG_DIFF_CELLS
#define LU_SG_DIFF_CELLS (4u << 20)
#endif
#ifndef LU_SG_DIFF_EDITS
#define LU_SG_DIFF_EDITS 1024
#endif

/*
 * A body too long for the table (thousands of comment lines, issue 20:
 * the table was N * M words, 3 GiB): Myers' greedy search ("An O(ND)
 * Difference Algorithm and Its Variations", 1986), which keeps each
 * step's furthest reaching paths, D^2 words in all, to trace the shortest
 * edit script back. NULL past LU_SG_DIFF_EDITS edits; else the script,
 * *N_OPS long, deletions before insertions where it has the choice.
 */
static char *myers(char **a, long n, char **b, long m, size_t *n_ops)
{
	long max = LU_SG_DIFF_EDITS, d, k, x = 0, y;
	int32_t *v = malloc((size_t)(max + 1) * (max + 1) * sizeof(*v));
	char *ops = malloc((size_t)(n + m) + 1);

	if (!v || !ops)
		abort();
/* step D's furthest X on diagonal K (-D <= K <= D), at D * D */
#define V(d, k) v[(d) * (d) + (k) + (d)]
#define DOWN(d, k) ((k) == -(d) || ((k) != (d) && \
				    V(d - 1, k - 1) < V(d - 1, k + 1)))
	for (d = 0; d <= max; d++) {
		for (k = -d; k <= d; k += 2) {
			x = !d ? 0 : DOWN(d, k) ? V(d - 1, k + 1)
						: V(d - 1, k - 1) + 1;
			for (y = x - k; x < n && y < m && same(a[x], b[y]);)
				x++, y++;
			V(d, k) = (int32_t)x;
			if (x >= n && x - k >= m)
				goto found;
		}
	}
	free(v);
	free(ops);
	return NULL;
found:
	*n_ops = 0;
	for (; d > 0; d--) {
		bool down = DOWN(d, k);
		long pk = down ? k + 1 : k - 1, px = V(d - 1, pk);
		long mx = down ? px : px + 1;	/* where the snake starts */

		for (; x > mx; x--)
			ops[(*n_ops)++] = ' ';
		ops[(*n_ops)++] = down ? '+' : '-';
		k = pk;
		x = px;
	}
	for (; x > 0; x--)
		ops[(*n_ops)++] = ' ';
#undef DOWN
#undef V
	for (size_t i = 0; i < *n_ops / 2; i++) {
		char c = ops[i];

		ops[i] = ops[*n_ops - 1 - i];
		ops[*n_ops - 1 - i] = c;
	}
	free(v);
	return ops;
}

/* The script from OLD[0, N) to NEW[0, M) by a longest common subsequence
 * (a table of N * M cells), into OPS; returns its length. */
static size_t lcs_script(char **old, size_t n, char **new, size_t m,
			 char *ops)
{
	size_t i = 0, j = 0, k = 0;
	uint32_t *t = calloc((n + 1) * (m + 1), sizeof(*t));

	if (!t)
		abort();
#define T(x, y) t[(x) * (m + 1) + (y)]
	for (size_t x = n; x-- > 0;)
		for (size_t y = m; y-- > 0;)
			T(x, y) = same(old[x], new[y])
					  ? T(x + 1, y + 1) + 1
				  : T(x + 1, y) > T(x, y + 1) ? T(x + 1, y)
							      : T(x, y + 1);
	while (i < n || j < m) {
		if (i < n && j < m && same(old[i], new[j])) {
			ops[k++] = ' ';
			i++;
			j++;
		} else if (j < m && (i == n || T(i, j + 1) >= T(i + 1, j))) {
			ops[k++] = '+';
			j++;
		} else {
			ops[k++] = '-';
			i++;
		}
	}
#undef T
	free(t);
	return k;
}

/* The edit script from OLD[0, N) to NEW[0, M): ' ', '-' or '+' per line
 * written, *N_OPS of them, keeping what both share. Lines both start or
 * end with are context without the table; a rest too large for it takes
 * Myers' search, and past its bound is one deletion and one insertion,
 * which patch applies the same. */
static char *edit_script(char **old, size_t n, char **new, size_t m,
			 size_t *n_ops)
{
	size_t prefix = 0, suffix = 0, mid;
	char *ops = malloc(n + m + 1), *tail;

	if (!ops)
		abort();
	while (prefix < n && prefix < m && same(old[prefix], new[prefix]))
		prefix++;
	memset(ops, ' ', prefix);
	old += prefix, n -= prefix, new += prefix, m -= prefix;
	while (suffix < n && suffix < m &&
	       same(old[n - 1 - suffix], new[m - 1 - suffix]))
		suffix++;
	n -= suffix, m -= suffix;
	if ((n + 1) <= LU_SG_DIFF_CELLS / (m + 1)) {
		mid = lcs_script(old, n, new, m, ops + prefix);
	} else if ((tail = myers(old, (long)n, new, (long)m, &mid))) {
		memcpy(ops + prefix, tail, mid);
		free(tail);
	} else {
		memset(ops + prefix, '-', n);
		memset(ops + prefix + n, '+', m);
		mid = n + m;
	}
	memset(ops + prefix + mid, ' ', suffix);
	*n_ops = prefix + mid + suffix;
	return ops;
}

/* Context lines a hunk carries each side of its changes, as diff -u. */
#define CONTEXT 3

/*
 * One hunk of the script OPS (N_OPS of them) from the file's lines
 * FILE[BASE, ...) (FILE_N in all) to NEW: CONTEXT lines each side of the
 * changes, from around the struct where its body has fewer. patch takes a
 * hunk whose context is shorter on one side to sit at the start or the
 * end of the file, so both sides have CONTEXT lines but where the file
 * ends. False when nothing changes.
 */
static bool emit_hunk(FILE *f, const char *shown, const char *ops,
		      size_t n_ops, char **file, size_t file_n, size_t base,
		      char **new, bool no_eol)
{
	size_t lead = 0, trail = 0, old_n = 0, new_n = 0;

	while (lead < n_ops && ops[lead] == ' ')
		lead++;
	if (lead == n_ops)
		return false;
	while (ops[n_ops - 1 - trail] == ' ')
		trail++;
	for (size_t k = lead; k < n_ops - trail; k++) {
		old_n += ops[k] != '+';
		new_n += ops[k] != '-';
	}
	/* the script's context lines came first: both sides at LEAD */
	size_t oi = base + lead, nj = lead, end = oi + old_n;
	size_t before = oi < CONTEXT ? oi : CONTEXT;
	size_t after = file_n - end < CONTEXT ? file_n - end : CONTEXT;

	fprintf(f, "--- a/%s\n+++ b/%s\n@@ -%zu,%zu +%zu,%zu @@\n", shown,
		shown, oi - before + 1, before + old_n + after,
		oi - before + 1, before + new_n + after);
	for (size_t i = oi - before; i < oi; i++)
		fprintf(f, " %s\n", file[i]);
	for (size_t k = lead; k < n_ops - trail; k++) {
		fprintf(f, "%c%s\n", ops[k],
			ops[k] == '+' ? new[nj] : file[oi]);
		oi += ops[k] != '+';
		nj += ops[k] != '-';
	}
	for (size_t i = end; i < end + after; i++)
		fprintf(f, " %s\n", file[i]);
	if (no_eol && end + after == file_n)
		fputs("\\ No newline at end of file\n", f);
	return true;
}

/* A line of the preprocessor's: #if, #ifdef, #else, #endif, ... */
static bool has_directive(char **at, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (at[i][strspn(at[i], " \t")] == '#')
			return true;
	return false;
}

/* A byte a terminal obeys (C0 but tab and CR, DEL, C1 as UTF-8): the
 * diff is shown, so a source line holding one gets none. */
static bool obeyed(char **at, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (const unsigned char *c = (const unsigned char *)at[i]; *c;
		     c++)
			if ((*c < 0x20 && *c != '\t' && *c != '\r') ||
			    *c == 0x7f ||
			    (c[0] == 0xc2 && c[1] >= 0x80 && c[1] <= 0x9f))
				return true;
	return false;
}

/* The source's body of the struct declared at DECL_LINE and the proposal,
 * both split into lines: what lu_sg_diff and lu_sg_diff_drops compare. */
struct body_pair {
	char *text, *prop;
	struct lu_sg_lines old, new;
	size_t first, last;	/* the body's lines in OLD: [first, last) */
	bool no_eol;		/* the file's last line has no '\n' */
};

/* False when PATH cannot be read as text or holds no such body. */
static bool body_pair_load(struct body_pair *b, const char *path,
			   unsigned decl_line, const char *proposal)
{
	size_t len = 0;

	*b = (struct body_pair){ .prop = strdup(proposal) };
	if (!b->prop)
		abort();
	if (lu_slurp(path, LU_SG_MAX_SOURCE, &b->text, &len) ||
	    memchr(b->text, '\0', len))
		return false;
	b->no_eol = len && b->text[len - 1] != '\n';
	lu_sg_split_lines(b->text, &b->old);
	lu_sg_split_lines(b->prop, &b->new);
	return lu_sg_body_lines(&b->old, decl_line, &b->first, &b->last);
}

static void body_pair_free(struct body_pair *b)
{
	free(b->old.at);
	free(b->new.at);
	free(b->text);
	free(b->prop);
}

char *lu_sg_diff(const char *path, const char *shown, unsigned decl_line,
		 const char *proposal, bool all_configs, bool *conditional,
		 const char **why)
{
	struct body_pair b;
	char *out = NULL;
	size_t len = 0;
	bool changed;
	FILE *f;

	*why = NULL;
	if (!lu_diff_path_ok(shown)) {
		*why = "the source's name holds a control character, which a "
		       "patch cannot carry";
		return NULL;
	}
	if (!body_pair_load(&b, path, decl_line, proposal))
		goto done;
	if (obeyed(b.old.at + b.first - 1, b.last - b.first + 2) ||
	    obeyed(b.new.at, b.new.n)) {
		*why = "the struct's lines hold a control character (an "
		       "escape sequence) that the diff would send to the "
		       "terminal";
		goto done;
	}
	*conditional = has_directive(b.old.at + b.first, b.last - b.first);
	if (*conditional && !all_configs)
		goto done;
	/* the script over the struct's whole text, its opening and closing
	 * lines (context of both) included */
	size_t n = b.last - b.first + 2, m = b.new.n + 2, n_ops;
	char **with_braces = malloc(m * sizeof(*with_braces));

	if (!with_braces)
		abort();
	with_braces[0] = b.old.at[b.first - 1];
	memcpy(with_braces + 1, b.new.at, b.new.n * sizeof(*b.new.at));
	with_braces[m - 1] = b.old.at[b.last];
	char *ops = edit_script(b.old.at + b.first - 1, n, with_braces, m,
				&n_ops);

	f = open_memstream(&out, &len);
	if (!f)
		abort();
	changed = emit_hunk(f, shown, ops, n_ops, b.old.at, b.old.n,
			    b.first - 1, with_braces, b.no_eol);
	free(ops);
	free(with_braces);
	if (fclose(f))
		abort();
	if (!changed) {
		free(out);
		out = NULL;
		*why = "the proposal keeps every line of the source as it is";
	}
done:
	body_pair_free(&b);
	return out;
}

/* A line without its leading and trailing blanks, for comparing. */
static size_t trimmed(const char *s, const char **start)
{
	size_t n;

	s += strspn(s, " \t");
	n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	*start = s;
	return n;
}

/* A line trimmed, and where it was: sorted by text, then by place. */
struct tline {
	const char *s;
	size_t n, at;
};

static int tline_text(const struct tline *x, const struct tline *y)
{
	int c = memcmp(x->s, y->s, x->n < y->n ? x->n : y->n);

	return c ? c : (x->n > y->n) - (x->n < y->n);
}

static int tline_cmp(const void *a, const void *b)
{
	const struct tline *x = a, *y = b;
	int c = tline_text(x, y);

	return c ? c : (x->at > y->at) - (x->at < y->at);
}

/* The non-blank lines AT[0, N), trimmed and sorted, into *OUT. */
static size_t sorted_lines(char **at, size_t n, struct tline **out)
{
	size_t k = 0;

	*out = malloc((n + 1) * sizeof(**out));
	if (!*out)
		abort();
	for (size_t i = 0; i < n; i++) {
		(*out)[k] = (struct tline){ .at = i };
		(*out)[k].n = trimmed(at[i], &(*out)[k].s);
		k += (*out)[k].n > 0;
	}
	qsort(*out, k, sizeof(**out), tline_cmp);
	return k;
}

bool lu_sg_diff_drops(const char *path, unsigned decl_line,
		      const char *proposal, char *line, size_t size)
{
	struct tline *o = NULL, *p = NULL, *first = NULL;
	struct body_pair b;
	size_t no, np, i = 0, j = 0;

	if (!body_pair_load(&b, path, decl_line, proposal))
		goto done;
	/* every non-blank line of the body must be a line of the proposal,
	 * as many times as it is there: both sorted, one merge (comparing
	 * each with each took minutes for thousands of comment lines) */
	no = sorted_lines(b.old.at + b.first, b.last - b.first, &o);
	np = sorted_lines(b.new.at, b.new.n, &p);
	while (i < no) {
		int c = j < np ? tline_text(&o[i], &p[j]) : -1;

		if (c > 0) {
			j++;
			continue;
		}
		/* the earliest of those left over is the one to name */
		if (c < 0 && (!first || o[i].at < first->at))
			first = &o[i];
		i++;
		j += !c;
	}
	if (first)
		snprintf(line, size, "%.*s",
			 (int)(first->n < 80 ? first->n : 80), first->s);
done:
	free(o);
	free(p);
	body_pair_free(&b);
	return first;
}
