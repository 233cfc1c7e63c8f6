/* SPDX-License-Identifier: MIT */
/*
 * The pahole text reader: layouts from what `pahole [--hex] [-C NAME] FILE`
 * prints, so lineup can check whatever pahole can read. pahole's text is
 * made for people; the reader leans only on what it always prints: one
 * member per line ending in an "offset size" comment (hex or decimal),
 * anonymous blocks whose members carry absolute offsets, the "size:" line.
 */
#include "reader.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Far beyond what pahole prints; they bound what garbage input can cost. */
#define MAX_LINE 8192
#define MAX_NEST 64

enum block_kind { BLOCK_STRUCT, BLOCK_UNION, BLOCK_ENUM };

struct block {
	enum block_kind kind;
	const char *tag;	/* "inner" for "struct inner {", or NULL */
	size_t first;		/* its first member in pahole_reader.members */
};

struct pahole_reader {
	FILE *in;
	const char *path;
	const struct lu_read_opts *opts;
	struct lu_set *set;
	struct lu_error *err;
	unsigned lineno;
	size_t n_seen;		/* structs read, wanted or not */
	char line[MAX_LINE];
	/* the struct being read; n_open == 0 between structs */
	struct block open[MAX_NEST];
	unsigned n_open;
	bool is_typedef;	/* "typedef struct {": named at the end */
	bool skip;		/* not wanted: parse, keep nothing */
	const char *name;
	struct lu_member *members;
	size_t n_members, cap_members;
	uint64_t size;
	bool have_size;
	/* "pahole -I" puts the definition's place in a comment before it */
	const char *file;
	unsigned file_line;
};

static int fail(struct pahole_reader *r, const char *fmt, ...)
	__attribute__((__format__(__printf__, 2, 3)));
static int fail(struct pahole_reader *r, const char *fmt, ...)
{
	char why[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	lu_error_set(r->err, "failed to read pahole text from %s:%u: %s",
		     r->path, r->lineno, why);
	return -1;
}

/* 1: a line in r->line, trimmed at the end; 0: end of input; -1: error. */
static int next_line(struct pahole_reader *r)
{
	size_t n = 0;
	int c;

	r->lineno++;
	while ((c = getc(r->in)) != EOF && c != '\n') {
		if (c == '\0')
			return fail(r, "unexpected NUL byte (not pahole text?)");
		if (n + 1 >= sizeof(r->line))
			return fail(r, "line longer than %d bytes", MAX_LINE - 1);
		r->line[n++] = (char)c;
	}
	if (c == EOF && ferror(r->in))
		return fail(r, "%s", strerror(errno ? errno : EIO));
	if (c == EOF && n == 0) {
		r->lineno--;
		return 0;
	}
	while (n && isspace((unsigned char)r->line[n - 1]))
		n--;
	r->line[n] = '\0';
	return 1;
}

static char *skip_space(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return (char *)p;
}

static bool is_ident(int c)
{
	return isalnum(c) || c == '_';
}

static void trim_end(char *s)
{
	size_t n = strlen(s);

	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
}

/* Skips WORD and the spaces after it when the text at *p starts with it. */
static bool eat_word(char **p, const char *word)
{
	size_t n = strlen(word);

	if (strncmp(*p, word, n) || is_ident((unsigned char)(*p)[n]))
		return false;
	*p = skip_space(*p + n);
	return true;
}

/* A number as pahole prints it: "0x1c" with --hex, "28" without. */
static bool parse_num(char **p, uint64_t *v)
{
	char *end;
	int base = 10;

	if (!isdigit((unsigned char)**p))
		return false;
	if ((*p)[0] == '0' && ((*p)[1] == 'x' || (*p)[1] == 'X'))
		base = 16;
	errno = 0;
	*v = strtoull(*p, &end, base);
	if (errno || end == *p)
		return false;
	*p = end;
	return true;
}

/*
 * Splits "code /+ comment +/" (as C comments) into its two parts, in place.
 * The comment must end the line: pahole never writes code after one.
 */
static int split_comment(struct pahole_reader *r, char *s, char **comment)
{
	char *open = strstr(s, "/*");

	*comment = NULL;
	if (!open)
		return 0;
	size_t n = strlen(open);

	if (n < 4 || strcmp(open + n - 2, "*/"))
		return fail(r, "expected '*/' at the end of the line");
	open[n - 2] = '\0';
	*comment = skip_space(open + 2);
	trim_end(*comment);
	*open = '\0';
	trim_end(s);
	return 0;
}

/* "/+ off size +/" or, for bit-fields, "/+ off:bit size +/". */
static bool parse_place(char *c, struct lu_member *m, bool *has_bit)
{
	uint64_t off, bit = 0, size;

	*has_bit = false;
	if (!parse_num(&c, &off))
		return false;
	if (*c == ':') {
		c = skip_space(c + 1);
		if (!parse_num(&c, &bit) || bit > UINT32_MAX)
			return false;
		*has_bit = true;
	}
	c = skip_space(c);
	if (!parse_num(&c, &size) || *skip_space(c))
		return false;
	m->offset = off;
	m->size = size;
	m->bit_offset = (uint32_t)bit;
	return true;
}

/*
 * Cuts every "__attribute__((...))" out of S, noting the alignment and
 * packing they state; pahole prints them after a member name or a '}'.
 */
static int strip_attributes(struct pahole_reader *r, char *s, uint64_t *align,
			    bool *packed)
{
	char *a;

	while ((a = strstr(s, "__attribute__"))) {
		char *p = skip_space(a + 13), *body = p;
		int level = 0;

		do {
			if (*p == '(')
				level++;
			else if (*p == ')')
				level--;
			else if (!*p)
				return fail(r, "unbalanced '(' in __attribute__");
			p++;
		} while (level > 0);
		char *kw = strstr(body, "packed");

		if (kw && kw < p)
			*packed = true;
		/* "__aligned__(64)" from pahole; "aligned(64)" by hand */
		kw = strstr(body, "aligned");
		if (kw && kw < p && (kw = strchr(kw, '(')) && kw < p) {
			kw++;
			if (!parse_num(&kw, align))
				return fail(r, "expected a number in "
					       "__aligned__()");
		}
		memmove(a, p, strlen(p) + 1);
	}
	trim_end(s);
	return 0;
}

/* Collapses the column padding pahole leaves inside type names. */
static const char *arena_type(struct lu_arena *a, const char *s, size_t n)
{
	char *t = lu_arena_alloc(a, n + 1), *o = t;

	for (size_t i = 0; i < n; i++) {
		if (isspace((unsigned char)s[i])) {
			if (o > t && o[-1] != ' ')
				*o++ = ' ';
			continue;
		}
		*o++ = s[i];
	}
	while (o > t && o[-1] == ' ')
		o--;
	*o = '\0';
	return t;
}

/*
 * The declarator at the end of S: "name", "name[2][3]" or "name:5". Sets
 * *name to its start and *dims to its dimensions ("" when none), and cuts a
 * bit width off S. False when there is no name ("unsigned int :4").
 */
static bool cut_declarator(char *s, char **name, char **dims, uint32_t *bits)
{
	char *colon = strrchr(s, ':'), *end;

	*bits = 0;
	if (colon && colon[1] &&
	    strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
		*bits = (uint32_t)strtoul(colon + 1, NULL, 10);
		*colon = '\0';
		if (colon == s || isspace((unsigned char)colon[-1]))
			return false;
	}
	end = s + strlen(s);
	*dims = end;
	while (end > s && end[-1] == ']') {
		char *open = end - 1;

		while (open > s && *open != '[')
			open--;
		if (*open != '[')
			return false;
		end = open;
		*dims = end;
	}
	*name = end;
	while (*name > s && is_ident((unsigned char)(*name)[-1]))
		(*name)--;
	return *name < end;
}

static struct lu_member *new_member(struct pahole_reader *r)
{
	r->members = lu_grow(r->members, &r->cap_members, r->n_members,
			     sizeof(*r->members));
	struct lu_member *m = &r->members[r->n_members++];

	memset(m, 0, sizeof(*m));
	m->group = -1;
	return m;
}

/*
 * "ret (*name)(params)": the type becomes "ret (*)(params)", as the other
 * readers spell it. pahole 1.24 prints an array of function pointers as
 * "int (*a)(void)[2]", so dimensions are looked for on both sides.
 */
static int read_fn_pointer(struct pahole_reader *r, char *code, char *fp,
			   const char **type, char **name, const char **dims)
{
	char *p = fp + 1, *stars = p, *params, *close;

	while (*p == '*')
		p++;
	int n_stars = (int)(p - stars);

	*name = p;
	while (is_ident((unsigned char)*p))
		p++;
	char *name_end = p, *in_dims = p;

	while (*p == '[' && (p = strchr(p, ']')))
		p++;
	if (!p || *name == name_end || p[0] != ')' || p[1] != '(')
		return fail(r, "expected '(*name)(...)' in the member");
	params = p + 1;
	close = strrchr(params, ')');
	if (r->skip)
		return 0;
	*dims = in_dims < p ? lu_arena_strndup(&r->set->arena, in_dims,
					       (size_t)(p - in_dims))
			    : lu_arena_strdup(&r->set->arena, close + 1);
	*type = lu_arena_printf(&r->set->arena, "%.*s (%.*s)%.*s",
				(int)(fp - code), code, n_stars, stars,
				(int)(close + 1 - params), params);
	*type = arena_type(&r->set->arena, *type, strlen(*type));
	*name = lu_arena_strndup(&r->set->arena, *name,
				 (size_t)(name_end - *name));
	return 0;
}

/* "type name[dims];", "type name:bits;" or a function pointer. */
static int read_member(struct pahole_reader *r, char *code, char *comment)
{
	struct lu_arena *a = &r->set->arena;
	struct lu_member place;
	uint64_t align = 0;
	bool packed = false, has_bit;
	const char *type = NULL, *dims = NULL;
	char *name, *fp, *cdims;
	uint32_t bits = 0;

	code[strlen(code) - 1] = '\0';	/* the ';' */
	if (strip_attributes(r, code, &align, &packed) < 0)
		return -1;
	/* "unsigned int :0;" has no place: it only says where units end. */
	if (!comment)
		return 0;
	if (!parse_place(comment, &place, &has_bit))
		return fail(r, "expected '/* offset size */' after the member");
	fp = strstr(code, "(*");
	if (fp) {
		if (read_fn_pointer(r, code, fp, &type, &name, &dims) < 0)
			return -1;
	} else if (!cut_declarator(code, &name, &cdims, &bits)) {
		if (bits)
			return 0;	/* "int :4;": padding, not a member */
		return fail(r, "expected a member name before ';'");
	} else if (skip_space(code) == name) {
		return fail(r, "expected a type before '%s'", name);
	} else if (!r->skip) {
		type = arena_type(a, code, (size_t)(name - code));
		dims = lu_arena_strdup(a, cdims);
		name = lu_arena_strndup(a, name, (size_t)(cdims - name));
	}
	if (r->skip)
		return 0;
	struct lu_member *m = new_member(r);

	m->name = name;
	m->type = type;
	m->dims = dims;
	m->offset = place.offset;
	m->size = place.size;
	m->bit_size = bits;
	m->bit_offset = has_bit ? place.bit_offset : 0;
	return 0;
}

/* "struct {", "union tag {", "enum {", "typedef struct {" at the top. */
static int open_block(struct pahole_reader *r, char *code)
{
	char *p = skip_space(code);
	struct block b = { .first = r->n_members };

	if (r->n_open == MAX_NEST)
		return fail(r, "blocks nested deeper than %d", MAX_NEST);
	code[strlen(code) - 1] = '\0';	/* the '{' */
	trim_end(code);
	if (!r->n_open)
		r->is_typedef = eat_word(&p, "typedef");
	while (eat_word(&p, "const") || eat_word(&p, "volatile"))
		;
	if (eat_word(&p, "struct") || eat_word(&p, "class"))
		b.kind = BLOCK_STRUCT;
	else if (eat_word(&p, "union"))
		b.kind = BLOCK_UNION;
	else if (eat_word(&p, "enum"))
		b.kind = BLOCK_ENUM;
	else
		return fail(r, "expected 'struct', 'union' or 'enum' before "
			       "'{'");
	if (*p) {
		char *t = p;

		while (is_ident((unsigned char)*p))
			p++;
		if (*skip_space(p))
			return fail(r, "expected '{' after '%s'", t);
		*p = '\0';
		b.tag = lu_arena_strdup(&r->set->arena, t);
	}
	if (!r->n_open) {
		if (!b.tag && !r->is_typedef && b.kind != BLOCK_ENUM)
			return fail(r, "expected a struct name before '{'");
		r->name = b.tag;
		r->n_members = 0;
		r->have_size = false;
		/* Cheap skip of unwanted structs; typedefs are named at '}'. */
		r->skip = b.kind == BLOCK_ENUM ||
			  (!r->is_typedef && !r->opts->marked &&
			   !lu_opts_wants(r->opts, b.tag));
	}
	r->open[r->n_open++] = b;
	return 0;
}

/* Largest power of two dividing V, or 0 for V == 0 (no constraint). */
static uint64_t pow2_part(uint64_t v)
{
	return v & -v;
}

/*
 * pahole prints an alignment only when the source forced one, so it is
 * inferred: a member's alignment divides its element size and its offset,
 * the struct's is the largest of its members' and divides its size. That
 * bound is taken as the answer, capped at 8. It is exact for scalars on
 * LP64 targets; a struct holding only char[8] comes out as 1, but one
 * holding a struct of two ints at offset 0, or an i386 long long, as 8.
 */
static uint64_t infer_align(const struct pahole_reader *r, uint64_t size,
			    bool have_size)
{
	uint64_t align = 1;

	for (size_t i = 0; i < r->n_members; i++) {
		const struct lu_member *m = &r->members[i];
		uint64_t n = 1, a;

		for (const char *d = m->dims; (d = strchr(d, '['));)
			n *= strtoull(++d, NULL, 10);
		if (m->depth || !n || !m->size)
			continue;
		a = pow2_part(m->size / n);
		if (m->offset && pow2_part(m->offset) < a)
			a = pow2_part(m->offset);
		if (a > align)
			align = a;
	}
	if (have_size && size && pow2_part(size) < align)
		align = pow2_part(size);
	return align > 8 ? 8 : align;
}

static bool has_marker(const struct pahole_reader *r)
{
	for (size_t i = 0; i < r->n_members; i++)
		if (!r->members[i].depth &&
		    lu_is_begin_marker_name(r->members[i].name))
			return true;
	return false;
}

static int finish_struct(struct pahole_reader *r, const struct block *b,
			 const char *decl, uint64_t align, bool packed)
{
	struct lu_arena *a = &r->set->arena;

	r->n_seen += b->kind != BLOCK_ENUM;
	if (r->is_typedef) {
		if (!*decl)
			return fail(r, "expected a typedef name before ';'");
		if (decl[strspn(decl, "abcdefghijklmnopqrstuvwxyz"
					"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")])
			return fail(r, "expected a typedef name, found '%.40s'",
				    decl);
		r->name = lu_arena_strdup(a, decl);
		r->skip = b->kind == BLOCK_ENUM ||
			  (!r->opts->marked && !lu_opts_wants(r->opts, r->name));
	} else if (*decl) {
		return fail(r, "expected ';' after '}'");
	}
	if (r->skip || (!lu_opts_wants(r->opts, r->name) &&
			!(r->opts->marked && has_marker(r))))
		goto out;

	uint64_t end = 0;

	for (size_t i = 0; i < r->n_members; i++)
		if (!r->members[i].depth &&
		    r->members[i].offset + r->members[i].size > end)
			end = r->members[i].offset + r->members[i].size;
	if (!align)
		align = packed ? 1 : infer_align(r, r->size, r->have_size);
	/* pahole prints no "size:" for unions: their extent, padded. */
	if (!r->have_size)
		r->size = (end + align - 1) / align * align;

	struct lu_struct *s = lu_set_add(r->set);

	s->name = r->name;
	s->is_union = b->kind == BLOCK_UNION;
	s->size = r->size;
	s->align = align;
	s->file = r->file;
	s->line = r->file_line;
	s->members = lu_arena_memdup(a, r->members,
				     r->n_members * sizeof(*r->members));
	s->n_members = r->n_members;
	lu_struct_find_groups(s, a);
	for (size_t i = 0; i + 1 < r->set->n_structs; i++)
		if (!strcmp(r->set->structs[i].name, s->name))
			s->variant++;
out:
	r->file = NULL;
	r->file_line = 0;
	return 0;
}

/*
 * A named nested block, "struct {...} name;": one member of the outer
 * struct. What was read inside becomes "name.member", one level deeper,
 * kept only as deep as the caller asked (as the DWARF reader expands).
 */
static int close_named(struct pahole_reader *r, const struct block *b,
		       char *decl, char *comment)
{
	struct lu_arena *a = &r->set->arena;
	struct lu_member place;
	char *name, *dims;
	uint32_t bits;
	bool has_bit;

	if (!cut_declarator(decl, &name, &dims, &bits) || name != decl)
		return fail(r, "expected a member name after '}'");
	if (!comment || !parse_place(comment, &place, &has_bit))
		return fail(r, "expected '/* offset size */' after '}'");
	if (r->skip)
		return 0;
	name = lu_arena_strndup(a, name, strcspn(name, "[:"));
	struct lu_member *m = new_member(r);	/* may move r->members */
	size_t first = b->first, n = r->n_members - 1;

	memmove(&r->members[first + 1], &r->members[first],
		(n - first) * sizeof(*m));
	m = &r->members[first];
	memset(m, 0, sizeof(*m));
	m->group = -1;
	m->name = name;
	m->type = b->tag ? lu_arena_printf(a, "%s %s",
					   b->kind == BLOCK_UNION ? "union"
					   : b->kind == BLOCK_ENUM ? "enum"
								   : "struct",
					   b->tag)
		  : b->kind == BLOCK_UNION ? "union {...}"
		  : b->kind == BLOCK_ENUM  ? "enum {...}"
					   : "struct {...}";
	m->dims = lu_arena_strdup(a, dims);
	m->offset = place.offset;
	m->size = place.size;
	m->bit_size = bits;
	m->bit_offset = has_bit ? place.bit_offset : 0;
	if (*dims || r->opts->expand_depth == 0) {
		r->n_members = first + 1;	/* arrays are never expanded */
		return 0;
	}
	size_t keep = first + 1;

	for (size_t i = first + 1; i < r->n_members; i++) {
		struct lu_member *in = &r->members[i];

		if (in->depth + 1 > r->opts->expand_depth)
			continue;
		in->name = lu_arena_printf(a, "%s.%s", name, in->name);
		in->depth++;
		r->members[keep++] = *in;
	}
	r->n_members = keep;
	return 0;
}

/* "}", "} name;", "} __attribute__((...));", "};  /+ off size +/" */
static int close_block(struct pahole_reader *r, char *code, char *comment)
{
	uint64_t align = 0;
	bool packed = false;
	struct block b = r->open[--r->n_open];
	char *decl = skip_space(code + 1);
	size_t n = strlen(decl);

	if (!n || decl[n - 1] != ';')
		return fail(r, "expected ';' after '}'");
	decl[n - 1] = '\0';
	if (strip_attributes(r, decl, &align, &packed) < 0)
		return -1;
	decl = skip_space(decl);
	if (!r->n_open)
		return finish_struct(r, &b, decl, align, packed);
	if (*decl)
		return close_named(r, &b, decl, comment);
	if (b.kind == BLOCK_ENUM)
		return fail(r, "expected a member name after an enum's '}'");
	return 0;	/* anonymous: its members are already the parent's */
}

/* "size: 704, cachelines: 11, members: 20" at the end of a struct. */
static int read_struct_comment(struct pahole_reader *r, char *c)
{
	if (r->n_open != 1 || strncmp(c, "size:", 5))
		return 0;
	c = skip_space(c + 5);
	if (!parse_num(&c, &r->size))
		return fail(r, "expected a number after 'size:'");
	r->have_size = true;
	return 0;
}

/* "/+ <b9> /tmp/y.c:3 +/" from pahole -I: where the next struct is. */
static void read_place_comment(struct pahole_reader *r, const char *c)
{
	const char *colon = strrchr(c, ':');

	if (*c != '<' || !colon || !isdigit((unsigned char)colon[1]))
		return;
	const char *f = strchr(c, '>');

	if (!f || f > colon)
		return;
	f = skip_space(f + 1);
	r->file = lu_arena_strndup(&r->set->arena, f, (size_t)(colon - f));
	r->file_line = (unsigned)strtoul(colon + 1, NULL, 10);
}

static int read_line(struct pahole_reader *r)
{
	char *code = skip_space(r->line), *comment;

	/* pahole's own failure to print a member; it names no place */
	if (!strncmp(code, "<ERROR", 6))
		return 0;
	if (r->n_open && r->open[r->n_open - 1].kind == BLOCK_ENUM &&
	    *code != '}')
		return 0;	/* enumerators */
	if (split_comment(r, code, &comment) < 0)
		return -1;
	size_t n = strlen(code);

	if (!n) {
		if (comment && r->n_open)
			return read_struct_comment(r, comment);
		if (comment)
			read_place_comment(r, comment);
		return 0;
	}
	if (code[n - 1] == '{')
		return open_block(r, code);
	if (!r->n_open)
		return fail(r, "expected 'struct NAME {', found '%.40s'", code);
	if (*code == '}')
		return close_block(r, code, comment);
	if (code[n - 1] != ';')
		return fail(r, "expected ';' at the end of the member");
	return read_member(r, code, comment);
}

int lu_read_pahole(FILE *in, const char *path, const struct lu_read_opts *opts,
		   struct lu_set *set, struct lu_error *err)
{
	struct pahole_reader r = {
		.in = in, .path = path, .opts = opts, .set = set, .err = err,
	};
	int rc;

	set->format = "pahole";
	while ((rc = next_line(&r)) > 0)
		if (read_line(&r) < 0) {
			rc = -1;
			break;
		}
	if (!rc && r.n_open)
		rc = fail(&r, "unexpected end of input inside '%s'",
			  r.name ? r.name : "struct");
	if (!rc && !r.n_seen) {
		lu_error_set(err, "failed to read %s: no struct in pahole text",
			     path);
		rc = -1;
	}
	free(r.members);
	return rc;
}
