/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: stand-ins for the types a proposal's body names, so the
 * body compiles on its own (suggest_verify.c). The body's layout depends
 * only on each member type's size and alignment, and the debug
 * information gives both: a struct, union or typedef used by value
 * becomes bytes of that size with that alignment, an enum an enum of that
 * size, a typedef used as a bit-field an unsigned integer of its size,
 * and a name behind a pointer (a typedef, in a function pointer's
 * parameters) any type at all. The unit includes lineup.h, and so the C
 * library's headers, first: typedef names are renamed by a macro so that
 * theirs and the stand-ins never meet.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape_c.h"
#include "suggest_verify.h"

enum sort { TAG_STRUCT, TAG_UNION, TAG_ENUM, TYPEDEF };

struct def {
	enum sort sort;
	const char *name;	/* the arena's */
	uint64_t size, align;
	bool by_value;		/* else only behind a pointer */
	bool bits;		/* a bit-field's type: an integer */
};

struct defs {
	struct def *v;
	size_t n, cap;
	struct lu_arena *arena;
	const char *why;	/* the first type no stand-in can replace */
	struct lu_sg_renames *rn;	/* C++'s renamed declarations */
};

/* Words of a type that are C's or C++'s own, never a name to declare. */
static bool keyword(const char *w, size_t n)
{
	static const char *const words[] = {
		"const", "volatile", "restrict", "__restrict", "signed",
		"unsigned", "char", "short", "int", "long", "float", "double",
		"void", "_Bool", "bool", "_Complex", "__int128", "_Atomic",
		"wchar_t", "char8_t", "char16_t", "char32_t", "struct",
		"union", "enum", "class", "__u8",
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(*words); i++)
		if (strlen(words[i]) == n && !strncmp(words[i], w, n))
			return true;
	return false;
}

static void note(struct defs *d, enum sort sort, const char *w, size_t n,
		 uint64_t size, uint64_t align, bool by_value, bool bits)
{
	const char *name = lu_arena_strndup(d->arena, w, n);

	for (size_t i = 0; i < d->n; i++) {
		struct def *o = &d->v[i];

		if (o->sort != sort || strcmp(o->name, name))
			continue;
		if (!by_value)
			return;
		if (o->by_value && (o->size != size || o->align != align) &&
		    !d->why)
			d->why = lu_arena_printf(d->arena, "'%s' has two sizes "
						 "in one struct", name);
		o->by_value = true;
		o->size = size;
		o->align = align;
		o->bits |= bits;
		return;
	}
	d->v = lu_grow(d->v, &d->cap, d->n, sizeof(*d->v));
	d->v[d->n++] = (struct def){ sort, name, size, align, by_value, bits };
}

/* The number of elements "[4][2]" declares, 1 for "". */
static uint64_t elements(const char *dims)
{
	uint64_t n = 1;

	for (const char *p = strchr(dims, '['); p; p = strchr(p + 1, '['))
		n *= strtoull(p + 1, NULL, 10);
	return n;
}

static uint64_t natural(uint64_t size)
{
	uint64_t a = size & -size;

	return !a ? 1 : a > 8 ? 8 : a;
}

/* M's declaration as the body prints it with type TYPE, the arena's. */
static const char *printed(struct lu_arena *a, const char *type,
			   const struct lu_member *m)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	const char *out;

	if (!f)
		abort();
	lu_sg_c_declarator(f, type, m->name, m->dims);
	if (fclose(f))
		abort();
	out = lu_arena_strdup(a, text);
	free(text);
	return out;
}

/*
 * C++: member M's type is a scoped or template name (T of it) that no
 * declaration of the unit can name. A pointer (or reference) to it is a
 * void pointer; by value, a stand-in of its size and alignment, named
 * by its order.
 */
static void rename_cxx(struct defs *d, const struct lu_member *m,
		       uint64_t size, uint64_t align)
{
	const char *t = m->type, *to;
	size_t len = strlen(t), stars = 0;

	if (strstr(t, "(*")) {
		if (!d->why)
			d->why = lu_arena_printf(d->arena, "member '%s' is a "
						 "function pointer over C++ "
						 "names ('%s')", m->name, t);
		return;
	}
	/* "X *", "X * const", "X &": what follows the name */
	while (len) {
		char c = t[len - 1];

		if (c == '*' || c == '&')
			stars++;
		else if (len >= 5 && !strncmp(t + len - 5, "const", 5))
			len -= 4;
		else if (c != ' ')
			break;
		len--;
	}
	if (stars) {
		char *p = lu_arena_alloc(d->arena, stars + 6);

		memcpy(p, "void ", 5);
		memset(p + 5, '*', stars);
		p[5 + stars] = '\0';
		to = p;
	} else {
		to = lu_arena_printf(d->arena, "lineup__cxx_%zu", d->rn->n);
		note(d, TYPEDEF, to, strlen(to), size, align, true, false);
	}
	d->rn->v = lu_grow(d->rn->v, &d->rn->cap, d->rn->n,
			   sizeof(*d->rn->v));
	d->rn->v[d->rn->n++] = (struct lu_sg_rename){
		printed(d->arena, t, m), printed(d->arena, to, m),
	};
}

/* The names member M's type needs declared, into D. */
static void member(struct defs *d, const struct lu_struct *s,
		   const struct lu_member *m)
{
	const char *t = m->type;
	size_t len = strlen(t);
	bool value = !strstr(t, "(*") && len && t[len - 1] != '*';
	uint64_t n = elements(m->dims);
	uint64_t size = n ? m->size / n : 0;
	uint64_t align = m->abi_align ? m->abi_align
			 : m->natural_align ? m->natural_align : natural(size);
	int after = -1;		/* the tag word before, as a sort */

	if (s->cplus && !strchr(t, '{') && !m->bit_size &&
	    (strchr(t, '<') || strstr(t, "::"))) {
		rename_cxx(d, m, size, align);
		return;
	}
	if (strchr(t, '{') || strchr(t, '<') || strstr(t, "::")) {
		if (!d->why)
			d->why = lu_arena_printf(d->arena, "member '%s' has a "
						 "type no stand-in can name "
						 "('%s')", m->name, t);
		return;
	}
	for (const char *p = t; *p;) {
		size_t w = strspn(p, "abcdefghijklmnopqrstuvwxyz"
				     "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");

		if (!w || (*p >= '0' && *p <= '9')) {
			p += w ? w : 1;
			continue;
		}
		if (!strncmp(p, "struct", w) || !strncmp(p, "class", w))
			after = TAG_STRUCT;
		else if (!strncmp(p, "union", w))
			after = TAG_UNION;
		else if (!strncmp(p, "enum", w))
			after = TAG_ENUM;
		if (keyword(p, w)) {
			p += w;
			continue;
		}
		enum sort sort = after < 0 ? TYPEDEF : (enum sort)after;

		/* the struct proposed is the body itself */
		if (sort != TAG_STRUCT || strlen(s->name) != w ||
		    strncmp(s->name, p, w))
			note(d, sort, p, w, size, align, value,
			     value && m->bit_size);
		after = -1;
		p += w;
	}
}

static void write_def(FILE *f, const struct def *d)
{
	static const char *const bytes = "unsigned char lineup__bytes";
	unsigned long long size = d->size, align = d->align;

	switch (d->sort) {
	case TAG_STRUCT:
	case TAG_UNION:
		if (!d->by_value)
			break;
		fprintf(f, "%s __attribute__((__aligned__(%llu))) %s { %s[%llu]; "
			   "};\n", d->sort == TAG_UNION ? "union" : "struct",
			align, d->name, bytes, size);
		break;
	case TAG_ENUM:
		/* an enum's size follows its largest enumerator; packed
		 * makes it the smallest that holds them (GCC, Clang) */
		fprintf(f, "enum %s%s { %s__lineup = %s };\n",
			size < 4 ? "__attribute__((__packed__)) " : "", d->name,
			d->name, size == 2 ? "0x100" : size == 8
					 ? "0x100000000ULL" : "0");
		break;
	case TYPEDEF:
		/* a name the C library's headers (which lineup.h includes)
		 * may define too (pid_t, size_t): renamed, so no stand-in
		 * conflicts with them; a member is never named so */
		fprintf(f, "#define %s lineup__t_%s\n", d->name, d->name);
		if (!d->by_value)
			fprintf(f, "typedef int %s;\n", d->name);
		else if (d->bits)
			fprintf(f, "typedef unsigned %s %s;\n",
				size == 1 ? "char" : size == 2 ? "short"
				: size == 4 ? "int" : "long long", d->name);
		else
			fprintf(f, "typedef struct __attribute__((__aligned__("
				   "%llu))) { %s[%llu]; } %s;\n",
				align, bytes, size, d->name);
		break;
	}
}

const char *lu_sg_standins(FILE *f, const struct lu_struct *s,
			   struct lu_arena *arena, struct lu_sg_renames *rn)
{
	struct defs d = { .arena = arena, .rn = rn };

	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];

		if (!m->depth && !m->marker && m->type &&
		    strncmp(m->name, "lineup__", 8))
			member(&d, s, m);
	}
	for (size_t i = 0; i < d.n && !d.why; i++) {
		if (!lu_c_ident_ok(d.v[i].name))
			d.why = lu_arena_printf(arena, "'%s' is no C name",
						d.v[i].name);
		else if (d.v[i].sort == TYPEDEF && d.v[i].bits &&
			 d.v[i].size != 1 && d.v[i].size != 2 &&
			 d.v[i].size != 4 && d.v[i].size != 8)
			d.why = lu_arena_printf(arena, "bit-field type '%s' "
						"is %llu bytes", d.v[i].name,
						(unsigned long long)d.v[i].size);
	}
	for (size_t i = 0; i < d.n && !d.why; i++)
		write_def(f, &d.v[i]);
	free(d.v);
	return d.why;
}
