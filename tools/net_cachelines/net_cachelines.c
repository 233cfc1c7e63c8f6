/* SPDX-License-Identifier: MIT */
/*
 * The net_cachelines tables, in both forms the kernel has shipped: the
 * plain text first merged in Linux 6.8 (columns aligned under the header
 * words, '-' for no access, types spelled struct_sock) and the RST
 * simple tables since late 2024 (the same columns between ===== borders,
 * empty cells, types spelled "struct sock"). Both are read by column: the
 * border's runs give the columns when there is one, the header words
 * otherwise, and each word of a row belongs to the column it starts in,
 * so a type with a space ("struct inet_connection_sock") stays one cell.
 */
#include "net_cachelines.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "slurp.h"

/* the largest table read; the kernel's are a few KiB */
#define MAX_TABLE (16u << 20)

#define MAX_COLUMNS 8
#define MAX_TOKENS 64	/* words per row that are looked at */

struct text_line {
	const char *p;
	size_t len;	/* without the newline, \r and trailing blanks */
	unsigned no;	/* 1-based */
};

struct token {
	const char *p;
	size_t len;
	unsigned col;	/* display column, tabs expanded to 8 */
};

struct columns {
	unsigned start[MAX_COLUMNS];
	size_t n;
	int type, name, tx, rx;	/* indexes into start[], -1 when absent */
};

struct parser {
	struct lu_nc_table *t;
	const char *text, *end;
	const char *pos;
	unsigned line_no;
	size_t cap_rows, cap_warnings;
	const char *title_name;	/* "tcp_sock" of "tcp_sock struct ..." */
	const char *title_what;	/* "struct", "enum", ... */
	unsigned title_line;
	const char *row_name;	/* the "..struct ..NAME" row's */
	unsigned row_name_line;
};

static void warn(struct parser *ps, unsigned line, const char *fmt, ...)
	__attribute__((__format__(__printf__, 3, 4)));

static void warn(struct parser *ps, unsigned line, const char *fmt, ...)
{
	struct lu_nc_table *t = ps->t;
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	t->warnings = lu_grow(t->warnings, &ps->cap_warnings, t->n_warnings,
			      sizeof(*t->warnings));
	t->warnings[t->n_warnings++] = (struct lu_nc_warning){
		line, lu_arena_strdup(&t->arena, msg)
	};
}

static bool next_line(struct parser *ps, struct text_line *l)
{
	if (ps->pos >= ps->end)
		return false;
	const char *nl = memchr(ps->pos, '\n', (size_t)(ps->end - ps->pos));
	const char *stop = nl ? nl : ps->end;

	l->p = ps->pos;
	l->len = (size_t)(stop - ps->pos);
	while (l->len && isspace((unsigned char)l->p[l->len - 1]))
		l->len--;
	l->no = ++ps->line_no;
	ps->pos = nl ? nl + 1 : ps->end;
	return true;
}

/* The words of L with their display columns; at most MAX tokens. */
static size_t tokenize(const struct text_line *l, struct token *tok,
		       size_t max)
{
	size_t n = 0;
	unsigned col = 0;

	for (size_t i = 0; i < l->len;) {
		char c = l->p[i];

		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
		    c == '\v') {
			col = c == '\t' ? (col / 8 + 1) * 8 : col + 1;
			i++;
			continue;
		}
		size_t j = i;
		unsigned start = col;

		while (j < l->len && !isspace((unsigned char)l->p[j])) {
			j++;
			col++;
		}
		if (n == max)
			break;
		tok[n++] = (struct token){ l->p + i, j - i, start };
		i = j;
	}
	return n;
}

static bool all_chars(const char *p, size_t len, const char *set)
{
	for (size_t i = 0; i < len; i++)
		if (!strchr(set, p[i]))
			return false;
	return len > 0;
}

/* A simple table's border: runs of '=' between spaces, two or more. */
static bool is_border(const struct text_line *l)
{
	struct token tok[MAX_COLUMNS + 1];

	return all_chars(l->p, l->len, "= \t") &&
	       tokenize(l, tok, MAX_COLUMNS + 1) >= 2;
}

/* A section title's over- or underline: one run of punctuation. */
static bool is_adornment(const struct text_line *l)
{
	return l->len >= 3 && all_chars(l->p, l->len, "=-~^*#\"'`+") &&
	       all_chars(l->p, l->len, (char[]){ l->p[0], '\0' });
}

static bool word_is(const struct token *tok, const char *w)
{
	return tok->len == strlen(w) && !strncasecmp(tok->p, w, tok->len);
}

/* The column a word starting at COL is in: the last that starts before. */
static int column_of(const struct columns *c, unsigned col)
{
	int k = 0;

	for (size_t i = 1; i < c->n; i++)
		if (c->start[i] <= col)
			k = (int)i;
	return k;
}

/*
 * The header row "Type Name fastpath_tx_access fastpath_rx_access
 * Comments": the columns from BORDER when the table has one (RST), from
 * the header's own words otherwise (the 6.8 plain text).
 */
static bool header_columns(const struct text_line *l,
			   const struct text_line *border, struct columns *c)
{
	struct token tok[MAX_TOKENS], runs[MAX_COLUMNS + 1];
	size_t n = tokenize(l, tok, MAX_TOKENS);
	const struct token *src = border ? runs : tok;
	size_t n_src = border ? tokenize(border, runs, MAX_COLUMNS + 1) : n;

	/* a header's words past the eighth belong to its last column */
	if (!border && n_src > MAX_COLUMNS)
		n_src = MAX_COLUMNS;
	if (n < 4 || n_src > MAX_COLUMNS)
		return false;
	c->n = n_src;
	for (size_t i = 0; i < n_src; i++)
		c->start[i] = src[i].col;
	c->type = c->name = c->tx = c->rx = -1;
	for (size_t i = 0; i < n; i++) {
		int k = column_of(c, tok[i].col);

		if (word_is(&tok[i], "type"))
			c->type = k;
		else if (word_is(&tok[i], "name"))
			c->name = k;
		else if (word_is(&tok[i], "fastpath_tx_access"))
			c->tx = k;
		else if (word_is(&tok[i], "fastpath_rx_access"))
			c->rx = k;
	}
	return c->type >= 0 && c->name >= 0 && c->tx >= 0 && c->rx >= 0 &&
	       c->type != c->name && c->tx != c->rx && c->tx != c->name &&
	       c->rx != c->name && c->tx != c->type && c->rx != c->type;
}

struct cell {
	const char *p;
	size_t len;
	size_t words;
};

/*
 * The row's cells; NULL, or the first word that runs across the start of
 * the next column (the row does not line up under the header, so no
 * column can be trusted). The last column may run on, as in RST.
 */
static const struct token *split_cells(const struct text_line *l,
				       const struct columns *c,
				       struct cell *cells,
				       struct token *tok)
{
	size_t n = tokenize(l, tok, MAX_TOKENS);

	memset(cells, 0, MAX_COLUMNS * sizeof(*cells));
	for (size_t i = 0; i < n; i++) {
		int k = column_of(c, tok[i].col);
		struct cell *x = &cells[k];

		if ((size_t)k + 1 < c->n &&
		    tok[i].col + tok[i].len > c->start[k + 1])
			return &tok[i];
		if (!x->words)
			x->p = tok[i].p;
		x->len = (size_t)(tok[i].p + tok[i].len - x->p);
		x->words++;
	}
	return NULL;
}

static bool cell_is(const struct cell *x, const char *w)
{
	return x->len == strlen(w) && !memcmp(x->p, w, x->len);
}

static bool parse_access(const struct cell *x, enum lu_nc_access *out)
{
	if (!x->len || cell_is(x, "-"))
		*out = LU_NC_NONE;
	else if (cell_is(x, "read_mostly"))
		*out = LU_NC_READ;
	else if (cell_is(x, "read_write") || cell_is(x, "write_mostly"))
		*out = LU_NC_WRITE;
	else
		return false;
	return true;
}

static bool is_ident(const char *p, size_t len)
{
	if (!len || (!isalpha((unsigned char)p[0]) && p[0] != '_'))
		return false;
	for (size_t i = 1; i < len; i++)
		if (!isalnum((unsigned char)p[i]) && p[i] != '_')
			return false;
	return true;
}

/* Group names are built from it: an identifier of bounded length. */
static bool struct_name_ok(const char *p, size_t len)
{
	return len <= LU_NC_NAME_MAX && is_ident(p, len);
}

/* Does P (LEN bytes) end with "_" SUFFIX? */
static bool ends_with_word(const char *p, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len > n + 1 && p[len - n - 1] == '_' &&
	       !memcmp(p + len - n, suffix, n);
}

/*
 * The tables list the members of a named nested struct with the outer
 * member folded into the type: `struct_icsk_ack_u8 pending` is
 * icsk_ack.pending of inet_connection_sock. The outer member's length, or
 * 0 for an ordinary type.
 */
static size_t nested_prefix(const struct cell *type)
{
	static const char *const scalars[] = {
		"unsigned_long", "unsigned_int", "unsigned_short",
		"unsigned_char", "u8", "u16", "u32", "u64", "s8", "s16",
		"s32", "s64", "int", "long", "short", "char", "bool",
	};
	const char *p = type->p;
	size_t len = type->len, best = 0;

	if (type->words != 1 || len < 8 || memcmp(p, "struct_", 7))
		return 0;
	p += 7;
	len -= 7;
	for (size_t i = 0; i < len; i++)
		if (p[i] == ':' || p[i] == '[' || p[i] == '*')
			len = i;
	for (size_t i = 0; i < sizeof(scalars) / sizeof(scalars[0]); i++) {
		size_t n = strlen(scalars[i]);

		/* the longest: icsk_ack_unsigned_long, not .._unsigned */
		if (n > best && ends_with_word(p, len, scalars[i]))
			best = n;
	}
	/* struct_conn?ack_u32 is no member's type: take it for a type */
	return best && is_ident(p, len - best - 1) ? len - best - 1 : 0;
}

static void add_row(struct parser *ps, const char *member,
		    enum lu_nc_access tx, enum lu_nc_access rx, unsigned line)
{
	struct lu_nc_table *t = ps->t;

	t->rows = lu_grow(t->rows, &ps->cap_rows, t->n_rows, sizeof(*t->rows));
	t->rows[t->n_rows++] = (struct lu_nc_row){ member, tx, rx, line };
}

/* One data row: a fast-path member, the struct's name, or nothing. */
static void data_row(struct parser *ps, const struct text_line *l,
		     const struct columns *c)
{
	struct cell cells[MAX_COLUMNS];
	struct token tok[MAX_TOKENS];
	const struct cell *type, *name;
	enum lu_nc_access tx, rx;
	const struct token *across = split_cells(l, c, cells, tok);

	if (across) {
		ps->t->n_table_rows++;
		warn(ps, l->no, "cannot place the row: '%.*s' runs across the "
				"start of column %u (the cells must line up "
				"under the header's words)",
		     (int)across->len, across->p,
		     c->start[column_of(c, across->col) + 1] + 1);
		return;
	}
	type = &cells[c->type];
	name = &cells[c->name];
	if (type->len > 2 && !memcmp(type->p, "..", 2) && name->len > 2 &&
	    !memcmp(name->p, "..", 2)) {
		/* "..struct ..tcp_sock": the table says whose it is */
		if (name->words == 1 &&
		    struct_name_ok(name->p + 2, name->len - 2) &&
		    !ps->row_name) {
			ps->row_name = lu_arena_strndup(&ps->t->arena,
							name->p + 2,
							name->len - 2);
			ps->row_name_line = l->no;
		}
		return;
	}
	ps->t->n_table_rows++;
	if (!parse_access(&cells[c->tx], &tx) ||
	    !parse_access(&cells[c->rx], &rx)) {
		const struct cell *bad = parse_access(&cells[c->tx], &tx)
						 ? &cells[c->rx] : &cells[c->tx];

		warn(ps, l->no, "cannot place '%.*s': unknown access '%.*s' in "
				"%s (read_mostly, read_write, write_mostly, "
				"'-' or empty)",
		     (int)name->len, name->p, (int)bad->len, bad->p,
		     bad == &cells[c->tx] ? "fastpath_tx_access"
					  : "fastpath_rx_access");
		return;
	}
	if (tx == LU_NC_NONE && rx == LU_NC_NONE)
		return;	/* not on a fast path: nothing to keep apart */

	size_t len = name->len;

	/* name[16], xps_maps[2]: the member is the array */
	if (name->words == 1 && len && name->p[len - 1] == ']') {
		const char *open = memchr(name->p, '[', len);

		if (open)
			len = (size_t)(open - name->p);
	}
	/* "void*priv_destructor  struct_net_device": the cells swapped */
	const char *star = type->len ? memchr(type->p, '*', type->len) : NULL;
	bool swapped = star && star + 1 < type->p + type->len &&
		       (isalpha((unsigned char)star[1]) || star[1] == '_');

	if (swapped) {
		warn(ps, l->no, "cannot place '%.*s': the type cell '%.*s' "
				"ends in a name",
		     (int)name->len, name->p, (int)type->len, type->p);
		return;
	}
	if (!name->words) {
		warn(ps, l->no, "cannot place the row: its Name column is empty "
				"(type '%.*s')",
		     (int)type->len, type->p);
		return;
	}
	if (name->words != 1 || !is_ident(name->p, len)) {
		warn(ps, l->no, "cannot place '%.*s' (type '%.*s'): not a "
				"member name",
		     (int)name->len, name->p, (int)type->len, type->p);
		return;
	}
	size_t outer = nested_prefix(type);

	if (len + (outer ? outer + 1 : 0) > LU_NC_MEMBER_MAX) {
		warn(ps, l->no, "cannot place '%.*s...': a member name longer "
				"than %d characters",
		     (int)(name->len < 32 ? name->len : 32), name->p,
		     LU_NC_MEMBER_MAX);
		return;
	}
	const char *member =
		outer ? lu_arena_printf(&ps->t->arena, "%.*s.%.*s", (int)outer,
					type->p + 7, (int)len, name->p)
		      : lu_arena_strndup(&ps->t->arena, name->p, len);

	add_row(ps, member, tx, rx, l->no);
}

/* "tcp_sock struct fast path usage breakdown": tcp_sock and struct. */
static void title(struct parser *ps, const struct text_line *l)
{
	struct token tok[3];
	size_t n = tokenize(l, tok, 3);

	if (ps->title_name || n < 2 || !struct_name_ok(tok[0].p, tok[0].len))
		return;
	ps->title_name = lu_arena_strndup(&ps->t->arena, tok[0].p, tok[0].len);
	ps->title_what = lu_arena_strndup(&ps->t->arena, tok[1].p, tok[1].len);
	ps->title_line = l->no;
}

static int compare_rows(const void *a, const void *b)
{
	const struct lu_nc_row *x = *(struct lu_nc_row *const *)a;
	const struct lu_nc_row *y = *(struct lu_nc_row *const *)b;
	int c = strcmp(x->member, y->member);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

static const char *access_name(enum lu_nc_access a)
{
	return a == LU_NC_WRITE ? "write" : a == LU_NC_READ ? "read" : "none";
}

/*
 * A member listed twice (net_device's gro_flush_timeout, once per
 * struct it moved between) is one member: the first row keeps it, with
 * the most either row says per path.
 */
static void merge_duplicates(struct parser *ps)
{
	struct lu_nc_table *t = ps->t;
	struct lu_nc_row **by = calloc(t->n_rows ? t->n_rows : 1, sizeof(*by));
	size_t n = 0;

	if (!by)
		abort();
	for (size_t i = 0; i < t->n_rows; i++)
		by[i] = &t->rows[i];
	qsort(by, t->n_rows, sizeof(*by), compare_rows);
	for (size_t i = 1, h = 0; i < t->n_rows; i++) {
		struct lu_nc_row *first = by[h], *dup = by[i];

		if (strcmp(first->member, dup->member)) {
			h = i;
			continue;
		}
		if (dup->tx > first->tx)
			first->tx = dup->tx;
		if (dup->rx > first->rx)
			first->rx = dup->rx;
		warn(ps, dup->line, "'%s' is also at line %u: one member, tx "
				    "%s and rx %s",
		     dup->member, first->line, access_name(first->tx),
		     access_name(first->rx));
		dup->line = 0;	/* merged */
	}
	free(by);
	for (size_t i = 0; i < t->n_rows; i++)
		if (t->rows[i].line)
			t->rows[n++] = t->rows[i];
	t->n_rows = n;
}

static int compare_warnings(const void *a, const void *b)
{
	const struct lu_nc_warning *x = a, *y = b;

	if (x->line != y->line)
		return (x->line > y->line) - (x->line < y->line);
	return (x->msg > y->msg) - (x->msg < y->msg);
}

static const char *base_name(const char *path, size_t *len)
{
	const char *slash = strrchr(path, '/');
	const char *b = slash ? slash + 1 : path;

	*len = strlen(b);
	if (*len > 4 && !strcmp(b + *len - 4, ".rst"))
		*len -= 4;
	return b;
}

/* Constants of an enum (snmp.rst's LINUX_MIB_*) are not members. */
static bool all_upper_case(const struct lu_nc_table *t)
{
	for (size_t i = 0; i < t->n_rows; i++)
		for (const char *p = t->rows[i].member; *p; p++)
			if (islower((unsigned char)*p))
				return false;
	return t->n_rows > 0;
}

/*
 * Whose table this is: the caller's word, else the "..struct ..NAME" row the
 * first tables carry, else the title ("netns_ipv4 struct ..." in
 * netns_ipv4_sysctl.rst), else the file name.
 */
static int resolve_name(struct parser *ps, const char *override,
			struct lu_error *err)
{
	struct lu_nc_table *t = ps->t;
	size_t blen;
	const char *base = base_name(t->path, &blen);

	if (override) {
		if (!strncmp(override, "struct ", 7))
			override += 7;
		if (!struct_name_ok(override, strlen(override))) {
			lu_error_set(err, "bad struct name '%.80s' (a struct's "
					  "tag: an identifier of at most %d "
					  "characters)", override, LU_NC_NAME_MAX);
			return -1;
		}
		t->struct_name = override;
		t->name_from = "the caller";
		return 0;
	}
	if (ps->title_what && strcmp(ps->title_what, "struct")) {
		lu_error_set(err, "%s:%u: error: the table is about %s %s, not "
				  "a struct's members: no rules to make",
			     t->path, ps->title_line, ps->title_name,
			     ps->title_what);
		return -1;
	}
	if (all_upper_case(t)) {
		lu_error_set(err, "%s:%u: error: '%s' and the other names are "
				  "constants, not a struct's members: no "
				  "rules to make",
			     t->path, t->rows[0].line, t->rows[0].member);
		return -1;
	}
	if (ps->row_name) {
		t->struct_name = ps->row_name;
		t->name_from = lu_arena_printf(&t->arena, "its ..struct row, "
					       "line %u", ps->row_name_line);
		if (ps->title_name && strcmp(ps->title_name, ps->row_name))
			warn(ps, ps->title_line, "the title names struct %s, "
			     "the table's ..struct row struct %s: using %s",
			     ps->title_name, ps->row_name, ps->row_name);
		return 0;
	}
	if (ps->title_name) {
		t->struct_name = ps->title_name;
		t->name_from = lu_arena_printf(&t->arena, "its title, line %u",
					       ps->title_line);
		size_t n = strlen(ps->title_name);

		/* netns_ipv4_sysctl.rst is about struct netns_ipv4 */
		if (!(blen >= n && !strncmp(base, ps->title_name, n) &&
		      (blen == n || base[n] == '_')))
			warn(ps, ps->title_line, "the title names struct %s, "
			     "the file name %.*s: using %s",
			     ps->title_name, (int)blen, base, ps->title_name);
		return 0;
	}
	if (!struct_name_ok(base, blen)) {
		lu_error_set(err, "%s: error: cannot tell which struct the "
				  "table is about (no ..struct row, no title, "
				  "and the file name is no identifier)",
			     t->path);
		return -1;
	}
	t->struct_name = lu_arena_strndup(&t->arena, base, blen);
	t->name_from = "its file name";
	return 0;
}

static int parse(struct parser *ps, const char *override, struct lu_error *err)
{
	struct lu_nc_table *t = ps->t;
	struct text_line l, prev = { 0 };
	struct columns c;
	bool in_table = false, rows_seen = false;

	if (ps->end > ps->text &&
	    memchr(ps->text, '\0', (size_t)(ps->end - ps->text))) {
		lu_error_set(err, "%s: error: not a text file", t->path);
		return -1;
	}
	while (next_line(ps, &l)) {
		if (!in_table) {
			/* a title is text between or above adornment lines */
			if (is_adornment(&l) && prev.len && !is_border(&prev) &&
			    !is_adornment(&prev))
				title(ps, &prev);
			if (header_columns(&l, is_border(&prev) ? &prev : NULL,
					   &c))
				in_table = true;
			prev = l;
			continue;
		}
		if (!l.len)
			continue;
		if (is_border(&l)) {
			if (rows_seen)
				break;	/* the table's closing border */
			continue;	/* the one under the header */
		}
		rows_seen = true;
		data_row(ps, &l, &c);
	}
	if (!in_table) {
		lu_error_set(err, "%s: error: no net_cachelines table (a header "
				  "row 'Type Name fastpath_tx_access "
				  "fastpath_rx_access Comments')", t->path);
		return -1;
	}
	merge_duplicates(ps);
	if (resolve_name(ps, override, err) < 0)
		return -1;
	if (!t->n_rows) {
		lu_error_set(err, "%s: error: none of the table's %u rows has a "
				  "fast-path access: no rules to make",
			     t->path, t->n_table_rows);
		return -1;
	}
	if (t->n_warnings)
		qsort(t->warnings, t->n_warnings, sizeof(*t->warnings),
		      compare_warnings);
	return 0;
}

int lu_nc_parse(const char *text, size_t len, const char *path,
		const char *struct_name, struct lu_nc_table *t,
		struct lu_error *err)
{
	struct parser ps = { .t = t, .text = text, .end = text + len,
			     .pos = text };

	memset(t, 0, sizeof(*t));
	t->path = path;
	if (parse(&ps, struct_name, err) < 0) {
		/* the warnings may say why: keep them for the caller */
		free(t->rows);
		t->rows = NULL;
		t->n_rows = 0;
		return -1;
	}
	return 0;
}

int lu_nc_parse_file(const char *path, const char *struct_name,
		     struct lu_nc_table *t, struct lu_error *err)
{
	char *buf;
	size_t len;
	int e = lu_slurp(path, MAX_TABLE, &buf, &len);
	char why[64];

	memset(t, 0, sizeof(*t));
	if (e) {
		lu_error_set(err, "failed to read %s: %s", path,
			     lu_slurp_reason(e, MAX_TABLE, why, sizeof(why)));
		return -1;
	}
	int rc = lu_nc_parse(buf, len, path, struct_name, t, err);

	/* the warnings' text is in the arena, not in BUF */
	free(buf);
	return rc;
}

void lu_nc_free(struct lu_nc_table *t)
{
	free(t->rows);
	free(t->warnings);
	lu_arena_free(&t->arena);
	memset(t, 0, sizeof(*t));
}
