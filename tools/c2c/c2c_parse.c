/* SPDX-License-Identifier: MIT */
/*
 * Reads perf's contention reports; see c2c_parse.h. Columns moved and were
 * renamed between perf versions (5.x: two store columns; 6.x: N/A; 6.8:
 * Snoop Peer and Any Lvl), so a header, when there is one, is read from
 * its dotted rule line: each run of dots is a column, named by the text
 * above it. Header-less copies (mails, bug reports) are read by shape:
 * percentages, a hex offset, a code address, "[k] symbol".
 */
#include "c2c_parse.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOKENS 64
#define MAX_COLS 48
#define MAX_TEXT_LINE 4096

enum role { ROLE_OTHER, ROLE_HITM, ROLE_STORE };

struct column {
	size_t start, end;	/* [start, end) in the header lines */
	char name[32], group[48];
};

struct parser {
	struct lu_c2c_report *r;
	enum lu_c2c_format section;
	struct column cols[MAX_COLS];
	size_t n_cols;
	/* Pareto: the roles of the percentage columns, in order */
	enum role roles[MAX_COLS];
	size_t n_roles;
	bool have_roles;
	double totals[MAX_COLS];	/* the current line's, per role */
	size_t n_totals;
	ptrdiff_t line;		/* current line, -1 for none */
	bool after_dashes;	/* the previous line was a ---- rule */
	bool stores_event;	/* data-type: samples of a store event */
	/* the two '#' lines before a dotted rule: names and groups */
	char prev[2][MAX_TEXT_LINE];
	unsigned text_line;
	size_t *slots;		/* lines by address or type, index + 1 */
	size_t n_slots, cap_slots;
};

struct tokens {
	char *t[MAX_TOKENS];
	size_t n;
};

const char *lu_c2c_format_name(enum lu_c2c_format f)
{
	switch (f) {
	case LU_C2C_PARETO:
		return "perf c2c Pareto";
	case LU_C2C_TABLE:
		return "perf c2c cacheline table";
	case LU_C2C_TYPEOFF:
		return "perf report data-type offsets";
	case LU_C2C_ANNOTATE:
		return "perf annotate --data-type";
	case LU_C2C_NONE:
		break;
	}
	return "no perf report";
}

const char *lu_c2c_format_id(enum lu_c2c_format f)
{
	switch (f) {
	case LU_C2C_PARETO:
		return "c2c-pareto";
	case LU_C2C_TABLE:
		return "c2c-table";
	case LU_C2C_TYPEOFF:
		return "data-type";
	case LU_C2C_ANNOTATE:
		return "annotate";
	case LU_C2C_NONE:
		break;
	}
	return "none";
}

static void tokenize(char *s, struct tokens *tk)
{
	tk->n = 0;
	while (*s && tk->n < MAX_TOKENS) {
		while (*s && isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		tk->t[tk->n++] = s;
		while (*s && !isspace((unsigned char)*s))
			s++;
		if (*s)
			*s++ = '\0';
	}
}

static bool parse_pct(const char *s, double *v)
{
	char *end;

	if (!isdigit((unsigned char)*s))
		return false;
	*v = strtod(s, &end);
	return end != s && end[0] == '%' && !end[1] && *v >= 0 && *v <= 100;
}

static bool parse_hex(const char *s, uint64_t *v)
{
	char *end;

	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') ||
	    !isxdigit((unsigned char)s[2]) || strlen(s) > 18)
		return false;
	*v = strtoull(s + 2, &end, 16);
	return !*end;
}

/* A count as perf prints it: decimal, at most 19 digits. */
static bool parse_count(const char *s, double *v)
{
	uint64_t u = 0;
	size_t n = 0;

	for (; isdigit((unsigned char)s[n]); n++)
		u = u * 10 + (uint64_t)(s[n] - '0');
	if (!n || s[n] || n > 19)
		return false;
	*v = (double)u;
	return true;
}

/* An offset: decimal or 0x hex (perf report --hex, annotate --hex). */
static bool parse_offset(const char *s, uint64_t *v)
{
	double d;

	if (parse_hex(s, v))
		return true;
	if (!parse_count(s, &d) || d > 1e15)
		return false;
	*v = (uint64_t)d;
	return true;
}

static bool is_marker(const char *s)
{
	return s[0] == '[' && s[1] && s[2] == ']' && !s[3];
}

static void bad(struct parser *p, const char *why)
{
	if (!p->r->n_bad++) {
		p->r->bad_line = p->text_line;
		p->r->bad_why = why;
	}
}

static uint64_t line_key(const uint64_t *address, const char *type)
{
	uint64_t h = 1469598103934665603ull;	/* FNV-1a */

	if (address)
		return *address * 0x9e3779b97f4a7c15ull;
	for (const char *c = type; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ull;
	return h;
}

static bool line_is(const struct lu_c2c_line *l, const uint64_t *address,
		    const char *type)
{
	if (address)
		return l->has_address && l->address == *address;
	return l->type && !strcmp(type, l->type);
}

/*
 * Lines are found again by address (the table, then the Pareto, name each)
 * or by type through a hash table: a report of a million lines must not
 * compare each with all those before it.
 */
static void index_line(struct parser *p, uint64_t key, size_t line)
{
	if (2 * (p->n_slots + 1) > p->cap_slots) {
		size_t cap = p->cap_slots ? 2 * p->cap_slots : 64;
		size_t *old = p->slots, old_cap = p->cap_slots;

		p->slots = calloc(cap, sizeof(*p->slots));
		if (!p->slots)
			abort();
		p->cap_slots = cap;
		p->n_slots = 0;
		for (size_t i = 0; i < old_cap; i++) {
			if (!old[i])
				continue;
			const struct lu_c2c_line *l = &p->r->lines[old[i] - 1];

			index_line(p, line_key(l->has_address ? &l->address
							      : NULL,
					       l->type),
				   old[i] - 1);
		}
		free(old);
	}
	size_t i = key & (p->cap_slots - 1);

	while (p->slots[i])
		i = (i + 1) & (p->cap_slots - 1);
	p->slots[i] = line + 1;
	p->n_slots++;
}

static size_t add_line(struct parser *p, long index, const uint64_t *address,
		       const char *type)
{
	struct lu_c2c_report *r = p->r;
	struct lu_c2c_line *l;
	uint64_t key = 0;

	if (address || type) {
		key = line_key(address, type);
		for (size_t i = key & (p->cap_slots - 1);
		     p->cap_slots && p->slots[i];
		     i = (i + 1) & (p->cap_slots - 1))
			if (line_is(&r->lines[p->slots[i] - 1], address, type))
				return p->slots[i] - 1;
	}
	r->lines = lu_grow(r->lines, &r->cap_lines, r->n_lines,
			   sizeof(*r->lines));
	l = &r->lines[r->n_lines];
	memset(l, 0, sizeof(*l));
	l->index = index;
	l->has_address = address != NULL;
	l->address = address ? *address : 0;
	l->type = type ? lu_arena_strdup(&r->arena, type) : NULL;
	l->text_line = p->text_line;
	if (address || type)
		index_line(p, key, r->n_lines);
	return r->n_lines++;
}

static struct lu_c2c_row *add_row(struct parser *p, size_t line,
				  uint64_t offset)
{
	struct lu_c2c_report *r = p->r;
	struct lu_c2c_row *row;

	r->rows = lu_grow(r->rows, &r->cap_rows, r->n_rows, sizeof(*r->rows));
	row = &r->rows[r->n_rows++];
	memset(row, 0, sizeof(*row));
	row->line = line;
	row->offset = offset;
	row->text_line = p->text_line;
	return row;
}

static void copy_trimmed(char *dst, size_t size, const char *src, size_t n)
{
	while (n && isspace((unsigned char)*src))
		src++, n--;
	while (n && isspace((unsigned char)src[n - 1]))
		n--;
	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* The text of LINE within [start, end), trimmed. */
static void text_at(const char *line, size_t start, size_t end, char *dst,
		    size_t size)
{
	size_t len = strlen(line);

	if (start >= len) {
		dst[0] = '\0';
		return;
	}
	copy_trimmed(dst, size, line + start, (end < len ? end : len) - start);
}

/*
 * The group label over [start, end): group labels ("----- HITM -----")
 * are separated by two or more spaces; the one that overlaps the column.
 */
static void group_at(const char *line, size_t start, size_t end, char *dst,
		     size_t size)
{
	size_t len = strlen(line), i = 0;

	dst[0] = '\0';
	while (i < len) {
		while (i < len && (line[i] == ' ' || line[i] == '#'))
			i++;
		size_t b = i;

		while (i < len && !(line[i] == ' ' && i + 1 < len &&
				    line[i + 1] == ' '))
			i++;
		if (b < i && b < end && i > start) {
			/* drop the dashes around the label */
			while (b < i && (line[b] == '-' || line[b] == ' '))
				b++;
			size_t e = i;

			while (e > b && (line[e - 1] == '-' ||
					 line[e - 1] == ' '))
				e--;
			copy_trimmed(dst, size, line + b, e - b);
			return;
		}
	}
}

/* "# .....  ......" : the columns of a perf header. */
static bool dotted_rule(const char *line)
{
	size_t runs = 0;
	bool hash = false;

	for (const char *s = line; *s; s++) {
		if (*s == '.' && (s == line || s[-1] != '.'))
			runs++;
		else if (*s == '#' && !hash && !runs)
			hash = true;
		else if (*s != '.' && *s != ' ')
			return false;
	}
	return hash && runs >= 2;
}

static enum role role_of(const struct column *c)
{
	if (strstr(c->group, "Store"))
		return ROLE_STORE;
	if (strstr(c->name, "Hitm") || strstr(c->name, "HITM") ||
	    strstr(c->name, "Peer") || strstr(c->group, "HITM") ||
	    strstr(c->group, "Snoop"))
		return ROLE_HITM;
	return ROLE_OTHER;
}

static ptrdiff_t find_col(const struct parser *p, const char *name,
			  const char *group)
{
	for (size_t i = 0; i < p->n_cols; i++)
		if (!strcmp(p->cols[i].name, name) &&
		    (!group || strstr(p->cols[i].group, group)))
			return (ptrdiff_t)i;
	return -1;
}

static void read_header(struct parser *p, const char *rule)
{
	const char *names = p->prev[1], *groups = p->prev[0];
	size_t len = strlen(rule);

	p->n_cols = 0;
	for (size_t i = 0; i < len && p->n_cols < MAX_COLS;) {
		if (rule[i] != '.') {
			i++;
			continue;
		}
		struct column *c = &p->cols[p->n_cols++];

		c->start = i;
		while (i < len && rule[i] == '.')
			i++;
		c->end = i;
		text_at(names, c->start, c->end, c->name, sizeof(c->name));
		group_at(groups, c->start, c->end, c->group, sizeof(c->group));
	}
	p->r->header = true;
	ptrdiff_t off = find_col(p, "Offset", NULL);

	if (off >= 0 && find_col(p, "Code address", NULL) >= 0) {
		p->section = LU_C2C_PARETO;
		p->n_roles = 0;
		for (ptrdiff_t i = 0; i < off; i++)
			if (strcmp(p->cols[i].name, "Num"))
				p->roles[p->n_roles++] = role_of(&p->cols[i]);
		p->have_roles = true;
	} else if (find_col(p, "Index", NULL) >= 0 &&
		   find_col(p, "Address", NULL) >= 0) {
		p->section = LU_C2C_TABLE;
	} else if (find_col(p, "Data Type Offset", NULL) >= 0 ||
		   find_col(p, "Data Type", NULL) >= 0) {
		p->section = LU_C2C_TYPEOFF;
	}
}

/* Header-less Pareto: the percentage columns by count (doc/c2c.md). */
static void default_roles(struct parser *p, size_t n)
{
	p->n_roles = n < MAX_COLS ? n : MAX_COLS;
	for (size_t i = 0; i < p->n_roles; i++)
		p->roles[i] = i < 2 || (n >= 6 && i == 2) ? ROLE_HITM
							  : ROLE_STORE;
}

static bool all_dashes(const char *s)
{
	size_t n = 0;

	for (; *s; s++) {
		if (*s == '-')
			n++;
		else if (!isspace((unsigned char)*s))
			return false;
	}
	return n >= 10;
}

/* "0  842  3316  2894  41  0  0xff1e8a0c43d71a80" */
static bool pareto_line_header(struct parser *p, struct tokens *tk)
{
	uint64_t address;
	double v;

	if (tk->n < 3 || !parse_hex(tk->t[tk->n - 1], &address))
		return false;
	for (size_t i = 0; i + 1 < tk->n; i++)
		if (!parse_count(tk->t[i], &v))
			return false;
	parse_count(tk->t[0], &v);
	size_t line = add_line(p, (long)v, &address, NULL);

	p->line = (ptrdiff_t)line;
	p->n_totals = 0;
	for (size_t i = 1; i + 1 < tk->n && p->n_totals < MAX_COLS; i++)
		parse_count(tk->t[i], &p->totals[p->n_totals++]);
	if (p->r->format == LU_C2C_NONE || p->r->format == LU_C2C_TABLE)
		p->r->format = LU_C2C_PARETO;
	return true;
}

/* The Table's row: "0  0x20ea08034080  0  1734  100.00%  2096 ..." */
static bool table_row(struct parser *p, struct tokens *tk)
{
	uint64_t address;
	double index, v;

	if (tk->n < 4 || !parse_count(tk->t[0], &index) ||
	    !parse_hex(tk->t[1], &address))
		return false;
	size_t l = add_line(p, (long)index, &address, NULL);
	ptrdiff_t hitm = find_col(p, "Total", "Hitm");
	ptrdiff_t stores = find_col(p, "Stores", "Total");

	if (tk->n == p->n_cols) {
		if (hitm >= 0 && parse_count(tk->t[hitm], &v))
			p->r->lines[l].hitm = v;
		if (stores >= 0 && parse_count(tk->t[stores], &v))
			p->r->lines[l].stores = v;
	}
	if (p->r->format == LU_C2C_NONE)
		p->r->format = LU_C2C_TABLE;
	return true;
}

static const char *dup(struct parser *p, const char *s)
{
	return lu_arena_strdup(&p->r->arena, s);
}

/* Symbol, object, source and nodes after the "[k]" marker. */
static void pareto_tail(struct parser *p, struct lu_c2c_row *row,
			struct tokens *tk, size_t marker)
{
	size_t end = tk->n;
	double v;

	/* the trailing node list: numbers or N/A */
	while (end > marker + 3 && (parse_count(tk->t[end - 1], &v) ||
				    !strcmp(tk->t[end - 1], "N/A")))
		end--;
	if (marker + 1 >= end)
		return;
	row->symbol = dup(p, tk->t[marker + 1]);
	if (end >= marker + 4) {
		const char *src = tk->t[end - 1];

		if (strchr(src, '+') && !strchr(src, ':'))
			row->site = dup(p, src);
		else
			row->source = dup(p, src);
	}
}

static void pareto_row(struct parser *p, struct tokens *tk)
{
	double pct[MAX_COLS];
	size_t n = 0, marker = 0;
	uint64_t offset, code = 0;

	while (n < tk->n && n < MAX_COLS && parse_pct(tk->t[n], &pct[n]))
		n++;
	if (n == tk->n || !parse_hex(tk->t[n], &offset)) {
		bad(p, "a row without a hex offset after its percentages");
		return;
	}
	if (offset >= 4096) {
		bad(p, "an offset past any cacheline");
		return;
	}
	if (!p->have_roles)
		default_roles(p, n);
	for (size_t i = n + 1; i < tk->n; i++) {
		if (!code && parse_hex(tk->t[i], &code))
			continue;
		if (is_marker(tk->t[i])) {
			marker = i;
			break;
		}
	}
	if (p->line < 0)
		p->line = (ptrdiff_t)add_line(p, -1, NULL, NULL);
	struct lu_c2c_row *row = add_row(p, (size_t)p->line, offset);

	row->code_address = code;
	for (size_t i = 0; i < n && i < p->n_roles; i++) {
		/* with the line's totals a share is a count; without, the
		 * percentage stands for it */
		double v = i < p->n_totals ? pct[i] / 100.0 * p->totals[i]
					   : pct[i];

		if (p->roles[i] == ROLE_HITM)
			row->hitm += v;
		else if (p->roles[i] == ROLE_STORE)
			row->stores += v;
	}
	if (marker)
		pareto_tail(p, row, tk, marker);
	if (offset > p->r->max_offset)
		p->r->max_offset = offset;
	p->r->format = LU_C2C_PARETO;
}

static bool typeoff_index(const struct tokens *tk, size_t from, size_t *at)
{
	uint64_t v;

	for (size_t i = from; i < tk->n; i++) {
		if (tk->t[i][0] == '+' && parse_offset(tk->t[i] + 1, &v)) {
			*at = i;
			return true;
		}
	}
	return false;
}

/*
 * "23.43%  struct page  struct page +8 (lru.next)": the Data Type column
 * repeats the type that Data Type Offset starts with, so the words before
 * "+8" are the type once or twice.
 */
static void typeoff_row(struct parser *p, struct tokens *tk, size_t n_pct,
			double pct, size_t at)
{
	char type[256] = "";
	size_t words = at - n_pct, half = words / 2, from = n_pct;
	uint64_t offset;

	if (!words) {
		bad(p, "a data-type row without a type");
		return;
	}
	if (words % 2 == 0) {
		bool twice = true;

		for (size_t i = 0; i < half; i++)
			twice &= !strcmp(tk->t[n_pct + i],
					 tk->t[n_pct + half + i]);
		if (twice)
			from = n_pct + half;
	}
	for (size_t i = from; i < at; i++) {
		size_t len = strlen(type);

		snprintf(type + len, sizeof(type) - len, "%s%s",
			 len ? " " : "", tk->t[i]);
	}
	if (type[0] == '(')
		return;	/* (stack operation), (unknown): no type */
	parse_offset(tk->t[at] + 1, &offset);
	size_t line = add_line(p, -1, NULL, type);
	struct lu_c2c_row *row = add_row(p, line, offset);

	if (p->stores_event)
		row->stores = pct;
	else
		row->loads = pct;
	if (at + 1 < tk->n && tk->t[at + 1][0] == '(') {
		char field[256];
		size_t len = strlen(tk->t[at + 1]);

		copy_trimmed(field, sizeof(field), tk->t[at + 1] + 1,
			     len > 1 && tk->t[at + 1][len - 1] == ')' ? len - 2
								     : len - 1);
		row->field = dup(p, field);
	}
	for (size_t i = at + 1; i + 1 < tk->n; i++)
		if (is_marker(tk->t[i]))
			row->symbol = dup(p, tk->t[i + 1]);
	if (p->r->format == LU_C2C_NONE)
		p->r->format = LU_C2C_TYPEOFF;
}

/* "Annotate type: 'struct task_struct' in [kernel.kallsyms] (234 ...)" */
static void annotate_start(struct parser *p, const char *s)
{
	const char *q = strchr(s, '\'');
	const char *e = q ? strchr(q + 1, '\'') : NULL;
	char type[256];

	if (!e || e == q + 1) {
		bad(p, "an 'Annotate type:' line without a quoted type");
		return;
	}
	copy_trimmed(type, sizeof(type), q + 1, (size_t)(e - q - 1));
	p->line = (ptrdiff_t)add_line(p, -1, NULL, type);
	p->section = LU_C2C_ANNOTATE;
	p->r->format = LU_C2C_ANNOTATE;
}

/* "    14     0x8     8     long unsigned int   flags;" */
static void annotate_row(struct parser *p, struct tokens *tk)
{
	double samples;
	uint64_t offset, size;
	const char *last;

	if (tk->n < 5 || p->line < 0)
		return;
	if (!parse_count(tk->t[0], &samples) &&
	    !parse_pct(tk->t[0], &samples))
		return;	/* the "samples offset size field" header */
	if (!parse_offset(tk->t[1], &offset) ||
	    !parse_offset(tk->t[2], &size)) {
		bad(p, "an annotate row without offset and size");
		return;
	}
	last = tk->t[tk->n - 1];
	size_t len = strlen(last);

	/* leaves only: a nested struct's count is its members' sum */
	if (!len || last[len - 1] != ';' || last[0] == '}' || samples <= 0)
		return;
	struct lu_c2c_row *row = add_row(p, (size_t)p->line, offset);
	char field[256];

	copy_trimmed(field, sizeof(field), last, strcspn(last, "[;"));
	row->field = dup(p, field);
	if (p->stores_event)
		row->stores = samples;
	else
		row->loads = samples;
}

static void event_line(struct parser *p, const char *s)
{
	const char *e = strstr(s, "of event '");
	char ev[128];

	if (!e)
		return;
	copy_trimmed(ev, sizeof(ev), e + 10, strcspn(e + 10, "'"));
	for (char *c = ev; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	p->stores_event = strstr(ev, "store") != NULL;
}

static void one_line(struct parser *p, char *s)
{
	const char *body = s + strspn(s, " \t");
	struct tokens tk;
	double pct;
	size_t n_pct = 0, at;

	if (strstr(body, "Shared Data Cache Line Table")) {
		p->section = LU_C2C_TABLE;
		return;
	}
	if (strstr(body, "Shared Cache Line Distribution Pareto")) {
		p->section = LU_C2C_PARETO;
		p->line = -1;
		return;
	}
	if (!strncmp(body, "Annotate type:", 14)) {
		annotate_start(p, body);
		return;
	}
	if (body[0] == '#') {
		event_line(p, body);
		if (dotted_rule(s)) {
			read_header(p, s);
			return;
		}
		memcpy(p->prev[0], p->prev[1], sizeof(p->prev[0]));
		snprintf(p->prev[1], sizeof(p->prev[1]), "%s", s);
		return;
	}
	if (all_dashes(body)) {
		p->after_dashes = true;
		return;
	}
	bool dashes = p->after_dashes;

	p->after_dashes = false;
	tokenize(s, &tk);
	if (!tk.n)
		return;
	if (p->section == LU_C2C_ANNOTATE) {
		annotate_row(p, &tk);
		return;
	}
	while (n_pct < tk.n && parse_pct(tk.t[n_pct], &pct))
		n_pct++;
	if (n_pct && p->section != LU_C2C_PARETO &&
	    typeoff_index(&tk, n_pct, &at)) {
		parse_pct(tk.t[0], &pct);
		typeoff_row(p, &tk, n_pct, pct, at);
		return;
	}
	if (n_pct) {
		pareto_row(p, &tk);
		return;
	}
	if ((p->section == LU_C2C_PARETO || dashes) &&
	    pareto_line_header(p, &tk))
		return;
	if (p->section == LU_C2C_TABLE)
		table_row(p, &tk);
}

void lu_c2c_parse(const char *text, size_t len, struct lu_c2c_report *r)
{
	struct parser *p = calloc(1, sizeof(*p));
	char *buf = malloc(MAX_TEXT_LINE);

	if (!p || !buf)
		abort();
	memset(r, 0, sizeof(*r));
	p->r = r;
	p->line = -1;
	for (size_t i = 0; i < len;) {
		size_t n = 0;

		while (i + n < len && text[i + n] != '\n')
			n++;
		p->text_line++;
		size_t keep = n < MAX_TEXT_LINE - 1 ? n : MAX_TEXT_LINE - 1;

		memcpy(buf, text + i, keep);
		buf[keep] = '\0';
		/* CR line ends and stray NULs and tabs do not split columns */
		for (size_t j = 0; j < keep; j++)
			if (buf[j] == '\r' || buf[j] == '\0' || buf[j] == '\t')
				buf[j] = ' ';
		one_line(p, buf);
		i += n + 1;
	}
	if (r->format == LU_C2C_PARETO && r->max_offset >= 64) {
		bool pairs = true;

		for (size_t i = 0; i < r->n_lines; i++)
			if (r->lines[i].has_address &&
			    r->lines[i].address % 128)
				pairs = false;
		r->double_cl = pairs;
	}
	free(buf);
	free(p->slots);
	free(p);
}

void lu_c2c_report_free(struct lu_c2c_report *r)
{
	free(r->lines);
	free(r->rows);
	lu_arena_free(&r->arena);
	memset(r, 0, sizeof(*r));
}
