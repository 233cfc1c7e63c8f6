/* SPDX-License-Identifier: MIT */
/*
 * The rules file reader (INI, parsed by libinih). libinih does the syntax;
 * this file gives the keys their meaning and reports every mistake with
 * file:line. The lines reach libinih through rules_lines.c, which cleans
 * them and keeps every name whole.
 */
#include "rules.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "rules_lines.h"
#include "slurp.h"
#include "strset.h"

/* the largest rules file read; they are written by hand or by lineup */
#define MAX_RULES (16u << 20)

struct ini_ctx {
	struct lu_rules *rules;
	struct lu_error *err;
	const char *name;
	struct lu_rules_source *src;
	bool failed;
	unsigned fail_line;
	struct lu_rule_struct *cur;	/* section being filled */
	bool in_matrix;
	size_t cap_structs;
	struct lu_strset struct_names;	/* sections so far, for duplicates */
	unsigned section;	/* src->sections when cur was opened */
	/* growable arrays of the current section */
	size_t cap_groups, cap_allow, cap_bytes, cap_lines, cap_options;
};

static int vfail_at(struct ini_ctx *c, unsigned line, const char *fmt,
		    va_list ap) __attribute__((__format__(__printf__, 3, 0)));
static int vfail_at(struct ini_ctx *c, unsigned line, const char *fmt,
		    va_list ap)
{
	va_list again;

	if (c->failed)
		return 0;
	/* as long as the names in it: a struct name may be 4 KiB */
	va_copy(again, ap);
	int n = vsnprintf(NULL, 0, fmt, again);

	va_end(again);
	char *msg = malloc(n > 0 ? (size_t)n + 1 : 1);

	if (!msg)
		abort();
	vsnprintf(msg, n > 0 ? (size_t)n + 1 : 1, fmt, ap);
	lu_error_set(c->err, "%s:%u: error: %s", c->name, line, msg);
	free(msg);
	c->failed = true;
	c->fail_line = line;
	return 0;
}

static int fail(struct ini_ctx *c, const char *fmt, ...)
	__attribute__((__format__(__printf__, 2, 3)));
static int fail(struct ini_ctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail_at(c, c->src->ini_line, fmt, ap);
	va_end(ap);
	return 0;
}

/* Section errors point at the [header], not at the key that revealed it. */
static int fail_section(struct ini_ctx *c, const char *fmt, ...)
	__attribute__((__format__(__printf__, 2, 3)));
static int fail_section(struct ini_ctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail_at(c, c->src->section_ini_line, fmt, ap);
	va_end(ap);
	return 0;
}

static bool parse_u64(const char *s, uint64_t *out)
{
	char *end;

	if (!*s || *s == '-')
		return false;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 0);

	while (*end == ' ' || *end == '\t')
		end++;
	if (errno || *end)
		return false;
	*out = v;
	return true;
}

/* Splits VALUE on whitespace into arena strings appended to *OUT, an
 * array only this grows: its capacity is the power of two at or above
 * *N_OUT, copied when full (a value continued over thousands of lines
 * comes a line at a time; a copy per line made a 100k-row net_cachelines
 * draft quadratic). False on a bad word. */
static bool split_words(struct ini_ctx *c, const char *value, bool dots,
			const char ***out, size_t *n_out, const char **bad)
{
	for (const char *p = value; *p;) {
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (!*p)
			break;
		const char *w = p;

		while (*p && *p != ' ' && *p != '\t' && *p != ',')
			p++;
		if (!lu_rules_valid_name(w, (size_t)(p - w), dots)) {
			*bad = lu_arena_strndup(&c->rules->arena, w,
						(size_t)(p - w));
			return false;
		}
		if (!(*n_out & (*n_out - 1))) {	/* 0, 1, 2, 4...: full */
			const char **all = lu_arena_alloc(
				&c->rules->arena,
				(*n_out ? 2 * *n_out : 1) * sizeof(*all));

			if (*n_out)
				memcpy(all, *out, *n_out * sizeof(*all));
			*out = all;
		}
		(*out)[(*n_out)++] = lu_arena_strndup(&c->rules->arena, w,
						      (size_t)(p - w));
	}
	return true;
}

static struct lu_rule_group *find_group(struct lu_rule_struct *s,
					const char *name)
{
	for (size_t i = 0; i < s->n_groups; i++)
		if (!strcmp(s->groups[i].name, name))
			return &s->groups[i];
	return NULL;
}

static int struct_key(struct ini_ctx *c, const char *key, const char *value)
{
	struct lu_rule_struct *s = c->cur;
	struct lu_arena *a = &c->rules->arena;
	const char *dot = strchr(key, '.');
	size_t head = dot ? (size_t)(dot - key) : strlen(key);
	const char *tail = dot ? dot + 1 : NULL;
	enum lu_kind kind;
	const char *bad = NULL;

	if (lu_kind_parse(key, head, &kind)) {
		const char *gname = tail ? tail : lu_kind_name(kind);

		if (tail && !lu_rules_valid_name(tail, strlen(tail), false))
			return fail(c, "bad group name '%s' in key '%s'", tail,
				    key);
		struct lu_rule_group *g = find_group(s, gname);

		if (g && g->kind != kind)
			return fail(c, "group '%s' is already %s, not %s",
				    gname, lu_kind_name(g->kind),
				    lu_kind_name(kind));
		if (!g) {
			/* arrays are reallocated in place: keep them malloc'd */
			if (!c->cap_groups) {
				/* most sections have a group or two, not 16 */
				s->groups = malloc(2 * sizeof(*s->groups));
				if (!s->groups)
					abort();
				c->cap_groups = 2;
			}
			s->groups = lu_grow(s->groups, &c->cap_groups,
					    s->n_groups, sizeof(*s->groups));
			g = &s->groups[s->n_groups++];
			memset(g, 0, sizeof(*g));
			g->name = lu_arena_strdup(a, gname);
			g->kind = kind;
			g->ini_line = c->src->ini_line;
		}
		if (!split_words(c, value, true, &g->members, &g->n_members,
				 &bad))
			return fail(c, "bad member name '%s' in '%s'%s", bad,
				    key, strchr(bad, ';')
						 ? " (a comment starts with '#' "
						   "after a space, never ';')"
						 : "");
		return 1;
	}
	if (!strcmp(key, "allow")) {
		const char **words = NULL;
		size_t n = 0;

		if (!split_words(c, value, true, &words, &n, &bad))
			return fail(c, "bad group name '%s' in allow", bad);
		if (n != 2)
			return fail(c, "allow takes two group names, got %zu",
				    n);
		/* `write.rx` names group rx, as the key that made it does */
		for (size_t i = 0; i < 2; i++) {
			const char *sep = strchr(words[i], '.');
			enum lu_kind k;

			if (sep && lu_kind_parse(words[i],
						 (size_t)(sep - words[i]), &k))
				words[i] = sep + 1;
			if (!lu_rules_valid_name(words[i], strlen(words[i]), false))
				return fail(c, "bad group name '%s' in allow",
					    words[i]);
		}
		s->allow = lu_grow(s->allow, &c->cap_allow, s->n_allow,
				   sizeof(*s->allow));
		s->allow[s->n_allow++] = (struct lu_rule_allow){
			words[0], words[1], c->src->ini_line
		};
		return 1;
	}
	if (!strcmp(key, "max_size")) {
		if (!parse_u64(value, &s->max_size) || !s->max_size)
			return fail(c, "max_size needs a positive number of "
				       "bytes, not '%s'", value);
		s->max_size_ini_line = c->src->ini_line;
		return 1;
	}
	if (!strcmp(key, "align")) {
		/* how the objects are allocated: slab caches, aligned_alloc */
		if (!parse_u64(value, &s->align) || !s->align ||
		    (s->align & (s->align - 1)) || s->align > (1ull << 30))
			return fail(c, "align needs a power of two of at most "
				       "2^30 bytes, e.g. 64, not '%s'", value);
		s->align_ini_line = c->src->ini_line;
		return 1;
	}
	bool bytes = head == 9 && !strncmp(key, "max_bytes", 9);
	bool lines = head == 9 && !strncmp(key, "max_lines", 9);

	if (bytes || lines) {
		uint64_t v;

		if (!tail || !lu_rules_valid_name(tail, strlen(tail), false))
			return fail(c, "%s needs a group: %s.GROUP = N",
				    bytes ? "max_bytes" : "max_lines",
				    bytes ? "max_bytes" : "max_lines");
		if (!parse_u64(value, &v) || !v)
			return fail(c, "%s needs a positive number, not '%s'",
				    key, value);
		struct lu_rule_limit l = { lu_arena_strdup(a, tail), v,
					   c->src->ini_line };

		if (bytes) {
			s->max_bytes = lu_grow(s->max_bytes, &c->cap_bytes,
					       s->n_max_bytes, sizeof(l));
			s->max_bytes[s->n_max_bytes++] = l;
		} else {
			s->max_lines = lu_grow(s->max_lines, &c->cap_lines,
					       s->n_max_lines, sizeof(l));
			s->max_lines[s->n_max_lines++] = l;
		}
		return 1;
	}
	return fail(c,
		    "unknown key '%s' in [struct %s] (expected write, read, "
		    "cold, KIND.GROUP, allow, align, max_size, "
		    "max_bytes.GROUP, max_lines.GROUP)",
		    key, s->name);
}

static char *trimmed(struct lu_arena *a, const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return lu_arena_strndup(a, s, n);
}

static int matrix_options(struct ini_ctx *c, const char *value)
{
	struct lu_matrix_rules *m = &c->rules->matrix;
	struct lu_arena *a = &c->rules->arena;

	for (const char *p = value; *p;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		const char *w = p;

		while (*p && *p != ' ' && *p != '\t')
			p++;
		const char *eq = memchr(w, '=', (size_t)(p - w));
		size_t nlen = eq ? (size_t)(eq - w) : (size_t)(p - w);

		if (p - w == 4 && !strncmp(w, "auto", 4)) {
			m->options_auto = true;
			continue;
		}

		if (!lu_rules_valid_name(w, nlen, false))
			return fail(c, "bad option name '%.*s'", (int)nlen, w);
		for (size_t i = 0; i < m->n_options; i++)
			if (strlen(m->options[i].name) == nlen &&
			    !strncmp(m->options[i].name, w, nlen))
				return fail(c, "option '%.*s' given twice",
					    (int)nlen, w);
		m->options = lu_grow(m->options, &c->cap_options,
				     m->n_options, sizeof(*m->options));
		struct lu_matrix_option *o = &m->options[m->n_options++];

		memset(o, 0, sizeof(*o));
		o->name = lu_arena_strndup(a, w, nlen);
		if (!eq)
			continue;
		/* NAME=a|b|c */
		const char *v = eq + 1;
		size_t cap = 0;
		const char **vals = NULL;

		while (v <= p) {
			const char *bar = memchr(v, '|', (size_t)(p - v));
			const char *vend = bar ? bar : p;

			if (vend == v) {
				free(vals);
				return fail(c, "option '%s' has an empty value",
					    o->name);
			}
			vals = lu_grow(vals, &cap, o->n_values, sizeof(*vals));
			vals[o->n_values++] =
				lu_arena_strndup(a, v, (size_t)(vend - v));
			v = vend + 1;
		}
		o->values = lu_arena_memdup(a, vals,
					    o->n_values * sizeof(*vals));
		free(vals);
	}
	return 1;
}

/*
 * flags = -m64 | -m32 and line_size = 64 | 128: dimensions of the matrix
 * beyond -D, alternatives between bars. One option each, named by the key,
 * so conditions read "flags=-m32 && line_size=128".
 */
static int matrix_dimension(struct ini_ctx *c, const char *key,
			    enum lu_option_kind kind, const char *value)
{
	struct lu_matrix_rules *m = &c->rules->matrix;
	struct lu_arena *a = &c->rules->arena;
	const char **vals = NULL;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < m->n_options; i++)
		if (!strcmp(m->options[i].name, key))
			return fail(c, "'%s' given twice in [matrix]", key);
	for (const char *p = value;;) {
		const char *bar = strchr(p, '|');
		const char *end = bar ? bar : p + strlen(p);

		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		const char *v = trimmed(a, lu_arena_strndup(a, p,
							    (size_t)(end - p)));
		char *tail;
		unsigned long size = strtoul(v, &tail, 10);

		if (!*v) {
			free(vals);
			return fail(c, "'%s' has an empty alternative", key);
		}
		if (kind == LU_OPTION_LINE_SIZE &&
		    (*tail || size < 8 || size > 4096 || (size & (size - 1)))) {
			free(vals);
			return fail(c, "line_size needs powers of two between 8 "
				       "and 4096, e.g. 64 | 128, not '%s'", v);
		}
		vals = lu_grow(vals, &cap, n, sizeof(*vals));
		vals[n++] = v;
		if (!bar)
			break;
		p = bar + 1;
	}
	m->options = lu_grow(m->options, &c->cap_options, m->n_options,
			     sizeof(*m->options));
	struct lu_matrix_option *o = &m->options[m->n_options++];

	memset(o, 0, sizeof(*o));
	o->name = lu_arena_strdup(a, key);
	o->kind = kind;
	o->values = lu_arena_memdup(a, vals, n * sizeof(*vals));
	o->n_values = n;
	free(vals);
	return 1;
}

static int matrix_key(struct ini_ctx *c, const char *key, const char *value)
{
	struct lu_matrix_rules *m = &c->rules->matrix;
	struct lu_arena *a = &c->rules->arena;
	const char **slot = !strcmp(key, "compile") ? &m->compile
			    : !strcmp(key, "compdb") ? &m->compdb
			    : !strcmp(key, "source") ? &m->source
			    : !strcmp(key, "kconfig") ? &m->kconfig
			    : !strcmp(key, "base") ? &m->base
			    : !strcmp(key, "object") ? &m->object : NULL;

	if (slot) {
		if (*slot && !c->src->continuation)
			return fail(c, "'%s' given twice in [matrix]", key);
		/* a continuation line extends the command */
		*slot = *slot ? lu_arena_printf(a, "%s %s", *slot, value)
			      : trimmed(a, value);
		return 1;
	}
	if (!strcmp(key, "options"))
		return matrix_options(c, value);
	char why[160];
	const char *bars = NULL;
	int arch = lu_rules_arch_key(m, a, key, value, &bars, why, sizeof(why));

	if (arch < 0)
		return fail(c, "%s", why);
	if (arch)
		return bars ? matrix_dimension(c, "ARCH", LU_OPTION_ARCH, bars)
			    : 1;
	if (!strcmp(key, "flags"))
		return matrix_dimension(c, key, LU_OPTION_FLAGS, value);
	if (!strcmp(key, "line_size"))
		return matrix_dimension(c, key, LU_OPTION_LINE_SIZE, value);
	return fail(c,
		    "unknown key '%s' in [matrix] (expected compile, compdb, "
		    "source, kconfig, base, object, options, flags, "
		    "line_size, arch, cross[ARCH], base[ARCH])",
		    key);
}

static int new_section(struct ini_ctx *c, const char *section)
{
	struct lu_rules *r = c->rules;

	c->cur = NULL;
	c->in_matrix = false;
	c->cap_groups = c->cap_allow = c->cap_bytes = c->cap_lines = 0;
	if (!strcmp(section, "matrix")) {
		if (r->matrix.present)
			return fail_section(c, "duplicate section [matrix]");
		r->matrix.present = true;
		r->matrix.ini_line = c->src->section_ini_line;
		c->in_matrix = true;
		return 1;
	}
	const char *name = NULL;

	if (!strncmp(section, "struct ", 7))
		name = section + 7;
	else if (!strncmp(section, "union ", 6))
		name = section + 6;
	else if (!strncmp(section, "class ", 6))
		name = section + 6;
	if (!name)
		return fail_section(c,
			    "unknown section [%s] (expected [struct NAME] or "
			    "[matrix])",
			    section);
	while (*name == ' ')
		name++;
	if (!lu_rules_valid_struct_name(name))
		return fail_section(c, "bad struct name '%s'", name);
	/* a set, not a scan of the sections: 60k of them stay linear */
	if (!lu_strset_add(&c->struct_names, name)) {
		size_t i = 0;

		while (strcmp(r->structs[i].name, name))
			i++;
		return fail_section(c, "duplicate section [struct %s] (first "
				    "at line %u)", name, r->structs[i].ini_line);
	}
	r->structs = lu_grow(r->structs, &c->cap_structs, r->n_structs,
			     sizeof(*r->structs));
	c->cur = &r->structs[r->n_structs++];
	memset(c->cur, 0, sizeof(*c->cur));
	c->cur->name = lu_arena_strdup(&r->arena, name);
	c->cur->path = r->path;
	c->cur->ini_line = c->src->section_ini_line;
	return 1;
}

static int on_entry(void *user, const char *section, const char *key,
		    const char *value)
{
	struct ini_ctx *c = user;

	if (c->failed)
		return 0;
	/* libinih split the line; the text comes whole from read_line */
	if (*section)
		section = c->src->section;
	key = c->src->key;
	value = c->src->value;
	c->src->keys++;
	if (!*section)
		return fail(c, "'%s' outside any section", key);
	/* libinih gives no section event; read_line counts the headers. */
	if (c->section != c->src->sections) {
		c->section = c->src->sections;
		if (!new_section(c, section))
			return 0;
	}
	if (!c->in_matrix && !c->cur)
		return fail(c, "'%s' outside any section", key);
	return c->in_matrix ? matrix_key(c, key, value)
			    : struct_key(c, key, value);
}

static int cmp_struct_name(const void *pa, const void *pb)
{
	const struct lu_rule_struct *const *a = pa, *const *b = pb;

	return strcmp((*a)->name, (*b)->name);
}

/*
 * Moves growable arrays into the arena so one free releases everything, and
 * sorts an index by name so that finding a struct's rules is a search.
 */
static void settle(struct lu_rules *r)
{
	struct lu_arena *a = &r->arena;

	for (size_t i = 0; i < r->n_structs; i++) {
		struct lu_rule_struct *s = &r->structs[i];
		void *p;

		p = lu_arena_memdup(a, s->groups, s->n_groups * sizeof(*s->groups));
		free(s->groups);
		s->groups = p;
		p = lu_arena_memdup(a, s->allow, s->n_allow * sizeof(*s->allow));
		free(s->allow);
		s->allow = p;
		p = lu_arena_memdup(a, s->max_bytes,
				    s->n_max_bytes * sizeof(*s->max_bytes));
		free(s->max_bytes);
		s->max_bytes = p;
		p = lu_arena_memdup(a, s->max_lines,
				    s->n_max_lines * sizeof(*s->max_lines));
		free(s->max_lines);
		s->max_lines = p;
	}
	void *p = lu_arena_memdup(a, r->structs,
				  r->n_structs * sizeof(*r->structs));

	free(r->structs);
	r->structs = p;
	r->by_name = lu_arena_alloc(a, (r->n_structs ? r->n_structs : 1) *
					       sizeof(*r->by_name));
	for (size_t i = 0; i < r->n_structs; i++)
		r->by_name[i] = &r->structs[i];
	qsort(r->by_name, r->n_structs, sizeof(*r->by_name), cmp_struct_name);
	p = lu_arena_memdup(a, r->matrix.options,
			    r->matrix.n_options * sizeof(*r->matrix.options));
	free(r->matrix.options);
	r->matrix.options = p;
}

static int parse_string(const char *text, size_t len, const char *name,
			struct lu_rules *rules, struct lu_error *err)
{
	struct lu_rules_source src = { .text = text, .len = len };
	struct ini_ctx c = { .rules = rules, .err = err, .name = name,
			     .src = &src };

	memset(rules, 0, sizeof(*rules));
	rules->path = name;
	const char *nul = memchr(text, '\0', len);

	if (nul) {
		unsigned line = 1;

		for (const char *p = text; p < nul; p++)
			line += *p == '\n';
		lu_error_set(err, "%s:%u: error: not a text file (a NUL byte)",
			     name, line);
		return -1;
	}
	int rc = ini_parse_stream(lu_rules_read_line, &src, on_entry, &c);

	lu_strset_free(&c.struct_names);
	lu_rules_note_empty_section(&src);
	settle(rules);
	/* Of several mistakes, the first in the file is reported. */
	unsigned first = c.failed ? c.fail_line : 0;

	if (rc > 0 && (!first || (unsigned)rc < first)) {
		first = (unsigned)rc;
		lu_error_set(err, "%s:%d: error: %s", name, rc,
			     "malformed line (expected [section], key = "
			     "value, or a comment)");
	}
	/* an empty section matters only when nothing else is wrong */
	if (src.empty_line && !first && rc >= 0) {
		const char *t = src.empty_text;
		bool known = !strcmp(t, "matrix") || !strncmp(t, "struct ", 7) ||
			     !strncmp(t, "union ", 6);

		first = src.empty_line;
		lu_error_set(err, known ? "%s:%u: error: section [%s] has no keys"
					: "%s:%u: error: unknown section [%s] "
					  "(expected [struct NAME] or [matrix])",
			     name, src.empty_line, t);
	}
	lu_rules_lines_free(&src);
	if (rc < 0 && !first)
		lu_error_set(err, "failed to read rules from %s: out of memory",
			     name);
	if (first || rc < 0)
		return -1;
	if (!rules->n_structs && !rules->matrix.present) {
		/* at the end of the file, where a section was expected */
		lu_error_set(err, "%s:%u: error: no [struct NAME] or [matrix] "
				  "section", name, src.ini_line ? src.ini_line : 1);
		return -1;
	}
	/* every key says something: a section with only `allow` (one known
	 * sharing of the markers' groups) or only `align` is a rule */
	return 0;
}

int lu_rules_parse_string(const char *text, size_t len, const char *name,
			  struct lu_rules *rules, struct lu_error *err)
{
	int rc = parse_string(text, len, name, rules, err);

	/* A failed parse leaves nothing to free, whatever the caller does. */
	if (rc < 0)
		lu_rules_free(rules);
	return rc;
}

int lu_rules_parse_file(const char *path, struct lu_rules *rules,
			struct lu_error *err)
{
	char *buf;
	size_t len;
	int e = lu_slurp(path, MAX_RULES, &buf, &len);
	char why[64];

	memset(rules, 0, sizeof(*rules));
	if (e) {
		lu_error_set(err, "failed to read rules from %s: %s", path,
			     lu_slurp_reason(e, MAX_RULES, why, sizeof(why)));
		return -1;
	}
	if (!len) {
		free(buf);
		lu_error_set(err, "%s:1: error: the file is empty (expected "
				  "[struct NAME] or [matrix] sections)", path);
		return -1;
	}
	int rc = lu_rules_parse_string(buf, len, path, rules, err);

	free(buf);
	return rc;
}

void lu_rules_free(struct lu_rules *rules)
{
	for (size_t i = 0; i < rules->n_parts; i++)
		lu_rules_free(&rules->parts[i]);
	free(rules->parts);
	lu_arena_free(&rules->arena);
	memset(rules, 0, sizeof(*rules));
}

unsigned lu_rules_max_depth(const struct lu_rules *rules)
{
	unsigned depth = 0;

	for (size_t i = 0; rules && i < rules->n_structs; i++)
		for (size_t g = 0; g < rules->structs[i].n_groups; g++)
			for (size_t m = 0;
			     m < rules->structs[i].groups[g].n_members; m++) {
				unsigned d = 0;

				for (const char *p =
					     rules->structs[i].groups[g].members[m];
				     *p; p++)
					d += *p == '.';
				if (d > depth)
					depth = d;
			}
	return depth;
}
