/* SPDX-License-Identifier: MIT */
/*
 * The pahole text reader: layouts from what `pahole [--hex] [-C NAME] FILE`
 * prints, so lineup can check whatever pahole can read. pahole's text is
 * made for people; the reader leans only on what it always prints: one
 * member per line ending in an "offset size" comment (hex or decimal),
 * anonymous blocks whose members carry absolute offsets, the "size:" line.
 */
#include "read_formats.h"
#include "markers.h"
#include "pahole_words.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Far beyond what pahole prints; they bound what garbage input can cost. */
#define MAX_LINE 8192
#define MAX_NEST 64

enum block_kind { BLOCK_STRUCT, BLOCK_UNION, BLOCK_ENUM };
static const char *const block_kw[] = { "struct", "union", "enum" };

struct block {
	enum block_kind kind;
	const char *tag;	/* "inner" for "struct inner {", or NULL */
	size_t first;		/* its first member in pahole_reader.members */
	int index;		/* in pahole_reader.blocks, -1 for none */
	bool after_hole;	/* pahole said "XXX N bytes hole" before it */
};

/* "off size" or "off:bit size" from a member's comment */
struct place {
	uint64_t offset, size, bit;
};

struct pahole_reader {
	struct lu_read_ctx *ctx;
	FILE *in;
	const char *path;
	const struct lu_read_opts *opts;
	struct lu_set *set;
	struct lu_error *err;
	unsigned lineno;
	size_t n_seen;		/* structs read, wanted or not */
	char text[MAX_LINE];
	/* the struct being read; n_open == 0 between structs */
	struct block open[MAX_NEST];
	unsigned n_open;
	bool is_typedef;	/* "typedef struct {": named at the end */
	bool skip;		/* not wanted: parse, keep nothing */
	const char *name;
	struct lu_member *members;
	size_t n_members, cap_members;
	/* every nested struct or union block, kept for the anonymous ones */
	struct lu_block *blocks;
	size_t n_blocks, cap_blocks;
	/* the member "XXX last struct has N bytes of padding" is about */
	size_t padded;		/* SIZE_MAX: none */
	bool after_hole;	/* the last note was a byte hole */
	/*
	 * Forced alignments at the top level: the members pahole printed
	 * one on, the blocks after which it printed one alone (the type's,
	 * or the member's: resolved by pahole's "forced alignments: N").
	 */
	size_t n_stated;
	struct ambiguous {
		bool is_block;
		size_t index;
		uint64_t align;
	} *amb;
	size_t n_amb, cap_amb;
	uint64_t n_forced;	/* what pahole's summary says */
	uint64_t size;
	bool have_size;
	uint64_t forced;	/* largest __aligned__ on a member or block */
	/* "pahole -I" puts the definition's place in a comment before it */
	const char *file;
	unsigned decl_line;
};

__attribute__((__format__(__printf__, 2, 3)))
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

/* 1: a line in r->text; 0: end of input; -1: error. */
static int next_line(struct pahole_reader *r)
{
	size_t n = 0;
	int c;

	r->lineno++;
	while ((c = getc(r->in)) != EOF && c != '\n') {
		if (c == '\0')
			return fail(r, "unexpected NUL byte (not pahole text?)");
		if (n + 1 >= sizeof(r->text))
			return fail(r, "line longer than %d bytes", MAX_LINE - 1);
		r->text[n++] = (char)c;
	}
	if (c == EOF && ferror(r->in))
		return fail(r, "%s", strerror(errno ? errno : EIO));
	r->text[n] = '\0';
	ph_trim_end(r->text);
	if (c == EOF && n == 0)
		r->lineno--;
	return c != EOF || n;
}

/* Splits "code /+ comment +/" in place; pahole writes nothing after one. */
static int split_comment(struct pahole_reader *r, char *s, char **comment)
{
	char *open = strstr(s, "/*");
	size_t n;

	*comment = NULL;
	if (!open)
		return 0;
	n = strlen(open);
	if (n < 4 || strcmp(open + n - 2, "*/"))
		return fail(r, "expected '*/' at the end of the line");
	open[n - 2] = '\0';
	*comment = ph_skip_space(open + 2);
	ph_trim_end(*comment);
	*open = '\0';
	ph_trim_end(s);
	return 0;
}

static int parse_place(struct pahole_reader *r, char *c, struct place *pl,
		       const char *after)
{
	pl->bit = 0;
	if (!c || !ph_parse_num(&c, &pl->offset))
		goto bad;
	if (*c == ':') {
		c = ph_skip_space(c + 1);
		if (!ph_parse_num(&c, &pl->bit) || pl->bit > UINT32_MAX)
			goto bad;
	}
	c = ph_skip_space(c);
	if (ph_parse_num(&c, &pl->size) && !*ph_skip_space(c))
		return 0;
bad:
	return fail(r, "expected '/* offset size */' after %s", after);
}

/*
 * Cuts every "__attribute__((...))" out of S, noting the alignment and
 * packing they state, and how many alignments (the last wins); pahole
 * prints them after a member name or a '}'.
 */
static int strip_attributes(struct pahole_reader *r, char *s, uint64_t *align,
			    bool *packed, unsigned *n_aligned)
{
	char *a;

	while ((a = strstr(s, "__attribute__"))) {
		char *p = ph_skip_space(a + 13), *kw;
		int level = 0;

		do {
			if (!*p)
				return fail(r, "unbalanced '(' in __attribute__");
			level += (*p == '(') - (*p == ')');
			p++;
		} while (level > 0);
		/* "__aligned__(64)" from pahole, "aligned(64)" by hand */
		kw = strstr(a, "packed");
		if (kw && kw < p)
			*packed = true;
		kw = strstr(a, "aligned");
		if (kw && kw < p && (kw = strchr(kw, '(')) && kw < p) {
			kw++;
			if (!ph_parse_num(&kw, align) || (*align & (*align - 1)))
				return fail(r, "expected a power of two in "
					       "__aligned__()");
			++*n_aligned;
		}
		memmove(a, p, strlen(p) + 1);
	}
	ph_trim_end(s);
	return 0;
}

static struct lu_member *add_member(struct pahole_reader *r, const char *name,
				    const char *type, const char *dims,
				    const struct place *pl, uint32_t bits)
{
	r->members = lu_grow(r->members, &r->cap_members, r->n_members,
			     sizeof(*r->members));
	struct lu_member *m = &r->members[r->n_members++];

	*m = (struct lu_member){
		.name = name, .type = type, .dims = dims,
		.offset = pl->offset, .size = pl->size,
		.bit_offset = (uint32_t)pl->bit, .bit_size = bits,
		.group = -1,
	};
	return m;
}

/*
 * "ret (*name)(params)", typed "ret (*)(params)" as the other readers spell
 * it. pahole 1.24 prints an array of function pointers "int (*a)(void)[2]".
 */
static int read_fn_pointer(struct pahole_reader *r, char *code, char *fp,
			   const struct place *pl)
{
	struct lu_arena *a = &r->set->arena;
	char *p = fp + 1, *stars = p, *name, *name_end, *in_dims, *params;

	while (*p == '*')
		p++;
	name = p;
	while (ph_is_ident((unsigned char)*p))
		p++;
	name_end = in_dims = p;
	while (*p == '[' && (p = strchr(p, ']')))
		p++;
	if (!p || name == name_end || p[0] != ')' || p[1] != '(')
		return fail(r, "expected '(*name)(...)' in the member");
	params = p + 1;
	char *close = strrchr(params, ')');

	if (!close)
		return fail(r, "expected ')' after the parameters");
	if (r->skip)
		return 0;
	const char *type = lu_arena_printf(a, "%.*s (%.*s)%.*s",
					   (int)(fp - code), code,
					   (int)(name - stars), stars,
					   (int)(close + 1 - params), params);

	r->padded = SIZE_MAX;
	add_member(r, lu_arena_strndup(a, name, (size_t)(name_end - name)),
		   ph_squeeze(a, type, strlen(type)),
		   in_dims < p ? lu_arena_strndup(a, in_dims,
						  (size_t)(p - in_dims))
			       : lu_arena_strdup(a, close + 1),
		   pl, 0);
	return 0;
}

/* "type name[dims];", "type name:bits;" or a function pointer. */
static int read_member(struct pahole_reader *r, char *code, char *comment)
{
	struct lu_arena *a = &r->set->arena;
	struct place pl;
	uint64_t align = 0;
	bool packed = false;
	char *name, *dims;
	uint32_t bits;
	unsigned n_aligned = 0;
	size_t before = r->n_members;

	code[strlen(code) - 1] = '\0';	/* the ';' */
	if (strip_attributes(r, code, &align, &packed, &n_aligned) < 0)
		return -1;
	if (align > r->forced)
		r->forced = align;
	if (align && r->n_open == 1)
		r->n_stated++;
	/* "unsigned int :0;" has no place: it only says where units end. */
	if (!comment)
		return 0;
	if (parse_place(r, comment, &pl, "the member") < 0)
		return -1;
	if (strstr(code, "(*")) {
		if (read_fn_pointer(r, code, strstr(code, "(*"), &pl) < 0)
			return -1;
		if (r->n_members > before)
			r->members[before].forced_align = (uint32_t)align;
		return 0;
	}
	if (!ph_cut_declarator(code, &name, &dims, &bits)) {
		if (bits)
			return 0;	/* "int :4;": padding, not a member */
		return fail(r, "expected a member name before ';'");
	}
	if (ph_skip_space(code) == name)
		return fail(r, "expected a type before '%s'", name);
	r->padded = r->n_members;
	if (!r->skip)
		add_member(r, lu_arena_strndup(a, name, (size_t)(dims - name)),
			   ph_squeeze(a, code, (size_t)(name - code)),
			   lu_arena_strdup(a, dims), &pl, bits)
			->forced_align = (uint32_t)align;
	return 0;
}

/* "struct {", "union tag {", "enum {"; "typedef struct {" at the top. */
static int open_block(struct pahole_reader *r, char *code)
{
	char *p = ph_skip_space(code), *tag = NULL;
	struct block b = { .first = r->n_members, .index = -1,
			   .after_hole = r->after_hole };

	if (r->n_open == MAX_NEST)
		return fail(r, "blocks nested deeper than %d", MAX_NEST);
	code[strlen(code) - 1] = '\0';	/* the '{' */
	ph_trim_end(code);
	if (!r->n_open)
		r->is_typedef = ph_eat_word(&p, "typedef");
	while (ph_eat_word(&p, "const") || ph_eat_word(&p, "volatile"))
		;
	if (ph_eat_word(&p, "union"))
		b.kind = BLOCK_UNION;
	else if (ph_eat_word(&p, "enum"))
		b.kind = BLOCK_ENUM;
	else if (!ph_eat_word(&p, "struct") && !ph_eat_word(&p, "class"))
		return fail(r, "expected 'struct', 'union' or 'enum' before "
			       "'{'");
	if (*p) {
		tag = p;
		while (ph_is_ident((unsigned char)*p))
			p++;
		if (*p)
			return fail(r, "expected '{' after '%.40s'", tag);
		b.tag = lu_arena_strdup(&r->set->arena, tag);
	}
	if (!r->n_open) {
		if (!tag && !r->is_typedef && b.kind != BLOCK_ENUM)
			return fail(r, "expected a struct name before '{'");
		r->name = b.tag;
		r->n_members = 0;
		r->n_blocks = 0;
		r->padded = SIZE_MAX;
		r->n_stated = r->n_amb = 0;
		r->n_forced = 0;
		r->have_size = false;
		r->forced = 0;
		/* Unwanted structs cost no memory; typedefs are named at '}'. */
		r->skip = b.kind == BLOCK_ENUM ||
			  (!r->is_typedef && !r->opts->marked &&
			   !lu_read_wants(r->ctx, tag));
	} else if (b.kind != BLOCK_ENUM && !r->skip) {
		/* kept if it turns out anonymous (close_block) */
		const struct block *outer = &r->open[r->n_open - 1];

		b.index = (int)r->n_blocks;
		r->blocks = lu_grow(r->blocks, &r->cap_blocks, r->n_blocks,
				    sizeof(*r->blocks));
		r->blocks[r->n_blocks++] = (struct lu_block){
			.first = r->n_members, .parent = outer->index,
			.is_union = b.kind == BLOCK_UNION,
		};
	}
	r->open[r->n_open++] = b;
	return 0;
}

/* The largest power of two dividing V; 0 for 0. */
static uint64_t pow2_part(uint64_t v)
{
	return v & -v;
}

/*
 * pahole prints an alignment only when the source forced one, so it is
 * inferred: a member's alignment divides its element size and its offset,
 * is above the gap before it, and the struct's is the largest of its
 * members' and divides its size. That is taken as the answer, capped at 8.
 * It is exact for scalars on LP64 targets; a struct holding only char[8]
 * comes out as 1, but one holding a struct of two ints at offset 0, or an
 * i386 long long, as 8.
 */
static uint64_t infer_align(const struct pahole_reader *r)
{
	uint64_t align = 1, end = 0;

	for (size_t i = 0; i < r->n_members; i++) {
		const struct lu_member *m = &r->members[i];
		uint64_t n = 1, a = 1;

		if (m->depth)
			continue;
		for (const char *d = m->dims; (d = strchr(d, '['));)
			n *= strtoull(++d, NULL, 10);
		if (n && m->size / n)
			a = pow2_part(m->size / n);
		while (!m->bit_size && m->offset > end && a <= m->offset - end &&
		       a < 4096)
			a *= 2;
		if (m->offset && pow2_part(m->offset) < a)
			a = pow2_part(m->offset);
		if (a > align)
			align = a;
		n = m->bit_size ? (m->bit_offset + m->bit_size + 7) / 8 : m->size;
		if (m->offset + n > end)
			end = m->offset + n;
	}
	if (r->have_size && r->size && pow2_part(r->size) < align)
		align = pow2_part(r->size);
	return align > 8 ? 8 : align;
}

static bool wanted(struct pahole_reader *r)
{
	if (lu_read_wants(r->ctx, r->name))
		return true;
	for (size_t i = 0; r->opts->marked && i < r->n_members; i++)
		if (!r->members[i].depth &&
		    lu_is_begin_marker_name(r->members[i].name))
			return true;
	return false;
}

/*
 * The forced alignment of a nested block's member (the block, or the named
 * member at INDEX) from the ALIGN of the N attributes after its '}':
 * pahole prints the type's alignment, then the member's. One alone is
 * taken for the member's where a gap before it forced it (as BTF guesses
 * it), until pahole's summary says otherwise (resolve_aligns).
 */
static void state_align(struct pahole_reader *r, bool is_block, size_t index,
			uint64_t align, unsigned n, bool after_hole)
{
	uint64_t stated = n > 1 || (n && after_hole) ? align : 0;

	if (is_block)
		r->blocks[index].forced_align = stated;
	else
		r->members[index].forced_align = (uint32_t)stated;
	if (r->n_open != 1 || !n)
		return;
	if (n > 1) {
		r->n_stated++;
		return;
	}
	r->amb = lu_grow(r->amb, &r->cap_amb, r->n_amb, sizeof(*r->amb));
	r->amb[r->n_amb++] = (struct ambiguous){ is_block, index, align };
}

/* pahole's "forced alignments: N" counts the members: what the stated
 * ones leave of it is the ambiguous ones', all of them or none. */
static void resolve_aligns(struct pahole_reader *r)
{
	uint64_t left = r->n_forced - r->n_stated;

	if (r->n_forced < r->n_stated || (left && left != r->n_amb))
		return;
	for (size_t i = 0; i < r->n_amb; i++) {
		const struct ambiguous *a = &r->amb[i];
		uint64_t align = left ? a->align : 0;

		if (a->is_block)
			r->blocks[a->index].forced_align = align;
		else
			r->members[a->index].forced_align = (uint32_t)align;
	}
}

static int finish_struct(struct pahole_reader *r, const struct block *b,
			 const char *decl, uint64_t align, bool packed)
{
	struct lu_arena *a = &r->set->arena;
	uint64_t end = 0;

	r->n_seen += b->kind != BLOCK_ENUM;
	if (r->is_typedef) {
		if (!*decl || decl[strspn(decl, "abcdefghijklmnopqrstuvwxyz"
					  "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
					  "0123456789_")])
			return fail(r, "expected a typedef name after '}'");
		r->name = lu_arena_strdup(a, decl);
	} else if (*decl) {
		return fail(r, "expected ';' after '}'");
	}
	if (r->skip || !wanted(r))
		goto out;
	if (b->kind == BLOCK_STRUCT)	/* pahole sums structs only */
		resolve_aligns(r);
	for (size_t i = 0; i < r->n_members; i++)
		if (!r->members[i].depth &&
		    r->members[i].offset + r->members[i].size > end)
			end = r->members[i].offset + r->members[i].size;
	bool inferred = !align && !packed;

	if (!align)
		align = packed ? 1 : infer_align(r);
	/* clang states no alignment on the struct, only on the member */
	if (r->forced > align)
		align = r->forced;
	/* pahole prints no "size:" for unions: their extent, padded. */
	if (!r->have_size)
		r->size = (end + align - 1) / align * align;

	struct lu_struct *s = lu_set_add(r->set);

	s->name = r->name;
	if (r->is_typedef) { /* "typedef struct {...} name;" */
		s->tagless = true;
		s->n_typedefs = 1;
		s->typedefs = lu_arena_alloc(a, sizeof(*s->typedefs));
		s->typedefs[0] = r->name;
	}
	s->is_union = b->kind == BLOCK_UNION;
	s->size = r->size;
	s->align = align;
	s->align_inferred = inferred && r->forced < align;
	s->forced_stated = true;
	s->file = r->file;
	s->decl_line = r->decl_line;
	lu_struct_keep_members(s, a, r->members, r->n_members, r->blocks,
			       r->n_blocks);
out:
	r->file = NULL;
	r->decl_line = 0;
	return 0;
}

/*
 * A named nested block, "struct {...} name;": one member of the outer
 * struct. What was read inside becomes "name.member", one level deeper,
 * kept only as deep as the caller asked, as the DWARF reader expands. pahole
 * shows the inside of anonymous types only (all with --expand_types), and
 * of a pointer to one, "struct {...} * name;", with offsets from the
 * pointee's start: those are not the struct's.
 */
static int close_named(struct pahole_reader *r, const struct block *b,
		       char *decl, char *comment)
{
	static const char *const anon[] = { "struct {...}", "union {...}",
					     "enum {...}" };
	struct lu_arena *a = &r->set->arena;
	size_t first = b->first, keep = first + 1;
	struct place pl;
	char *name, *dims;
	uint32_t bits;
	bool pointer = *decl == '*';

	if (pointer)
		decl = ph_skip_space(decl + 1);
	if (!ph_cut_declarator(decl, &name, &dims, &bits) || name != decl)
		return fail(r, "expected a member name after '}'");
	if (parse_place(r, comment, &pl, "'}'") < 0)
		return -1;
	if (r->skip)
		return 0;
	/* its inside is a named member's: no blocks (as in the DWARF
	 * reader) */
	if (b->index >= 0)
		r->n_blocks = (size_t)b->index;
	r->padded = pointer ? SIZE_MAX : first;
	name = lu_arena_strndup(a, name, (size_t)(dims - name));
	const char *type = b->tag ? lu_arena_printf(a, "%s %s",
						    block_kw[b->kind], b->tag)
				  : anon[b->kind];
	struct lu_member m = *add_member(
		r, name, pointer ? lu_arena_printf(a, "%s *", type) : type,
		lu_arena_strdup(a, dims), &pl, bits);

	memmove(&r->members[first + 1], &r->members[first],
		(r->n_members - 1 - first) * sizeof(m));
	r->members[first] = m;
	/* arrays and pointers are never expanded */
	for (size_t i = first + 1; !*dims && !pointer && i < r->n_members;
	     i++) {
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
	struct block b = r->open[--r->n_open];
	char *decl = ph_skip_space(code + 1);
	size_t n = strlen(decl);
	uint64_t align = 0;
	bool packed = false;
	unsigned n_aligned = 0;

	if (!n || decl[n - 1] != ';')
		return fail(r, "expected ';' after '}'");
	decl[n - 1] = '\0';
	if (strip_attributes(r, decl, &align, &packed, &n_aligned) < 0)
		return -1;
	decl = ph_skip_space(decl);
	if (!r->n_open)
		return finish_struct(r, &b, decl, align, packed);
	if (align > r->forced)
		r->forced = align;
	/*
	 * pahole 1.24 also prints the types defined inside a struct (clang
	 * puts anonymous struct types there) as blocks with no place, some
	 * with the struct's typedef name after them: they are definitions,
	 * not members.
	 */
	if (!comment || (!*decl && b.kind == BLOCK_ENUM)) {
		r->n_members = b.first;
		if (b.index >= 0)
			r->n_blocks = (size_t)b.index;
		r->padded = SIZE_MAX;
		return 0;
	}
	if (*decl) {
		size_t at = b.first;

		if (close_named(r, &b, decl, comment) < 0)
			return -1;
		if (!r->skip && at < r->n_members)
			state_align(r, false, at, align, n_aligned,
				    b.after_hole);
		return 0;
	}
	r->padded = SIZE_MAX;	/* show works an anonymous one's out */
	/* anonymous: its members are already the parent's */
	if (b.index >= 0) {
		struct lu_block *k = &r->blocks[b.index];
		struct place pl;

		if (parse_place(r, comment, &pl, "'}'") < 0)
			return -1;
		k->offset = pl.offset;
		k->size = pl.size;
		k->last = r->n_members;
		state_align(r, true, (size_t)b.index, align, n_aligned,
			    b.after_hole);
	}
	return 0;
}

/*
 * Comment lines: "size: 704, cachelines: 11, members: 20" ends a struct;
 * "<b9> /tmp/y.c:3" from pahole -I says where the next one is defined.
 */
static int read_comment(struct pahole_reader *r, char *c)
{
	char *colon = strrchr(c, ':'), *f = strchr(c, '>');

	static const char last_struct[] = "XXX last struct has ";
	static const char forced[] = "forced alignments:";

	if (r->n_open == 1 && !strncmp(c, "size:", 5)) {
		c = ph_skip_space(c + 5);
		if (!ph_parse_num(&c, &r->size))
			return fail(r, "expected a number after 'size:'");
		r->have_size = true;
	} else if (r->n_open == 1 && !strncmp(c, forced, sizeof(forced) - 1)) {
		c = ph_skip_space(c + sizeof(forced) - 1);
		if (!ph_parse_num(&c, &r->n_forced))
			return fail(r, "expected a number after '%s'", forced);
	} else if (r->n_open && !strncmp(c, "XXX ", 4) &&
		   strstr(c, " byte") && strstr(c, " hole")) {
		r->after_hole = true;
	} else if (r->n_open && r->padded < r->n_members &&
		   !strncmp(c, last_struct, sizeof(last_struct) - 1)) {
		c += sizeof(last_struct) - 1;
		if (!ph_parse_num(&c, &r->members[r->padded].type_padding))
			return fail(r, "expected a number after '%s'",
				    last_struct);
	} else if (!r->n_open && *c == '<' && f && colon && colon > f &&
		   isdigit((unsigned char)colon[1])) {
		f = ph_skip_space(f + 1);
		r->file = lu_arena_strndup(&r->set->arena, f,
					   (size_t)(colon - f));
		r->decl_line = (unsigned)strtoul(colon + 1, NULL, 10);
	}
	return 0;
}

static int read_line(struct pahole_reader *r)
{
	char *code = ph_skip_space(r->text), *comment;
	size_t n;
	int rc;

	/* pahole's own failure to print a member; it names no place */
	if (!strncmp(code, "<ERROR", 6))
		return 0;
	if (r->n_open && r->open[r->n_open - 1].kind == BLOCK_ENUM &&
	    *code != '}')
		return 0;	/* enumerators */
	if (split_comment(r, code, &comment) < 0)
		return -1;
	n = strlen(code);
	if (!n)
		return comment ? read_comment(r, comment) : 0;
	/* pahole 1.24 says "typedef union  name;" of a tagless union it
	 * was asked for by name: nothing to read */
	if (!r->n_open && code[n - 1] == ';' && !strncmp(code, "typedef ", 8))
		rc = 0;
	else if (code[n - 1] == '{')
		rc = open_block(r, code);
	else if (!r->n_open)
		rc = fail(r, "expected 'struct NAME {', found '%.40s'", code);
	else if (*code == '}')
		rc = close_block(r, code, comment);
	else if (code[n - 1] != ';')
		rc = fail(r, "expected ';' at the end of the member");
	else
		rc = read_member(r, code, comment);
	r->after_hole = false;
	return rc;
}

int lu_read_pahole(struct lu_read_ctx *ctx, FILE *in)
{
	struct pahole_reader r = {
		.ctx = ctx, .in = in, .path = ctx->path, .opts = ctx->opts,
		.set = ctx->set, .err = ctx->err,
	};
	struct lu_set *set = ctx->set;
	struct lu_error *err = ctx->err;
	const char *path = ctx->path;
	int rc;

	set->format = "pahole";
	while ((rc = next_line(&r)) > 0 && (rc = read_line(&r)) == 0)
		;
	if (!rc && r.n_open)
		rc = fail(&r, "unexpected end of input inside '%s'",
			  r.name ? r.name : "struct");
	if (!rc && !r.n_seen) {
		lu_error_set(err, "failed to read %s: no struct in pahole text",
			     path);
		rc = -1;
	}
	free(r.members);
	free(r.blocks);
	free(r.amb);
	return rc < 0 ? -1 : 0;
}
