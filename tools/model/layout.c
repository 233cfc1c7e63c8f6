/* SPDX-License-Identifier: MIT */
/* The layout model's small helpers: lookup, names, line sizes. */
#include "layout.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "closest_name.h"
#include "cxx_names.h"
#include "error.h"

static const char *const kind_names[] = {
	[LU_KIND_NONE] = "none",
	[LU_KIND_WRITE] = "write",
	[LU_KIND_READ] = "read",
	[LU_KIND_COLD] = "cold",
};

const char *lu_kind_name(enum lu_kind kind)
{
	return kind_names[kind];
}

bool lu_kind_parse(const char *s, size_t len, enum lu_kind *out)
{
	for (size_t k = LU_KIND_WRITE; k <= LU_KIND_COLD; k++) {
		if (strlen(kind_names[k]) == len &&
		    !strncmp(kind_names[k], s, len)) {
			*out = (enum lu_kind)k;
			return true;
		}
	}
	return false;
}

const char *lu_origin_name(enum lu_origin origin)
{
	switch (origin) {
	case LU_ORIGIN_LINEUP:
		return "lineup";
	case LU_ORIGIN_KERNEL:
		return "kernel";
	case LU_ORIGIN_RULES:
		return "rules";
	}
	return "?";
}

void lu_set_init(struct lu_set *set, const char *path)
{
	memset(set, 0, sizeof(*set));
	set->path = path;
}

void lu_set_free(struct lu_set *set)
{
	free(set->structs);
	free(set->skipped);
	lu_strset_free(&set->names);
	lu_arena_free(&set->arena);
	memset(set, 0, sizeof(*set));
}

struct lu_struct *lu_set_add(struct lu_set *set)
{
	set->structs = lu_grow(set->structs, &set->cap_structs,
			       set->n_structs, sizeof(*set->structs));
	struct lu_struct *s = &set->structs[set->n_structs++];

	memset(s, 0, sizeof(*s));
	return s;
}

const char *lu_unqualified(const char *name)
{
	const char *last = name;

	for (const char *p; (p = lu_cxx_after_scope(last));)
		last = p;
	return last;
}

/* How NAME names the struct's tag or one of its typedefs, qualified or
 * without some outer scopes: as the compiler spells it, or leaving
 * defaulted C++ template arguments out (cxx_names.h). */
static enum lu_cxx_match named_as(const struct lu_struct *s, const char *name,
				  bool qualified)
{
	enum lu_cxx_match best = qualified ? lu_cxx_name_match(s->name, name)
					   : lu_cxx_scoped_match(s->name, name);

	for (size_t i = 0; i < s->n_typedefs && best != LU_CXX_EXACT; i++) {
		const char *t = s->typedefs[i];
		enum lu_cxx_match m = qualified ? lu_cxx_name_match(t, name)
						: lu_cxx_scoped_match(t, name);

		if (m == LU_CXX_EXACT || !best)
			best = m;
	}
	return best;
}

bool lu_struct_named(const struct lu_struct *s, const char *name)
{
	return named_as(s, name, true) || named_as(s, name, false);
}

size_t lu_set_candidates(const struct lu_set *set, const char *name,
			 const struct lu_struct **out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < set->n_structs; i++)
		if (named_as(&set->structs[i], name, true) == LU_CXX_EXACT) {
			if (out && max)
				out[0] = &set->structs[i];
			return 1;
		}
	/* unqualified, or with template arguments left out: each qualified
	 * name once, its first definition */
	for (size_t i = 0; i < set->n_structs; i++) {
		const struct lu_struct *s = &set->structs[i];
		bool seen = false;

		if (!lu_struct_named(s, name))
			continue;
		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(set->structs[j].name, s->name);
		if (seen)
			continue;
		if (out && n < max)
			out[n] = s;
		n++;
	}
	return n;
}

const struct lu_struct *lu_set_find(const struct lu_set *set, const char *name)
{
	const struct lu_struct *s = NULL;

	return lu_set_candidates(set, name, &s, 1) == 1 ? s : NULL;
}

const char *lu_set_closest(const struct lu_set *set, const char *name)
{
	return lu_closest_name(name, &set->names);
}

bool lu_set_ambiguous(const struct lu_set *set, const char *name, char *buf,
		      size_t size)
{
	const struct lu_struct *c[8];
	size_t n = lu_set_candidates(set, name, c, 8), len = 0;

	if (n < 2)
		return false;
	buf[0] = '\0';
	for (size_t i = 0; i < n && i < 8 && len < size; i++) {
		int w = snprintf(buf + len, size - len, "%s'%s'",
				 i ? ", " : "", c[i]->name);

		if (w < 0)
			break;
		len += (size_t)w;
	}
	if (n > 8 && len < size)
		snprintf(buf + len, size - len, " and %zu more", n - 8);
	return true;
}

const struct lu_struct *lu_set_find_or_error(const struct lu_set *set,
					     const char *name,
					     struct lu_error *err)
{
	const struct lu_struct *s = lu_set_find(set, name);
	const char *near;
	char which[512];

	if (s)
		return s;
	if (lu_set_ambiguous(set, name, which, sizeof(which))) {
		lu_error_set(err, "struct %s is ambiguous in %s: it names %s "
				  "(name one as it is spelled here)",
			     name, set->path, which);
		return NULL;
	}
	for (size_t i = 0; i < set->n_skipped; i++)
		if (!strcmp(set->skipped[i].name, name) ||
		    !strcmp(lu_unqualified(set->skipped[i].name), name)) {
			lu_error_set(err, "failed to lay out struct %s in %s: %s",
				     set->skipped[i].name, set->path,
				     set->skipped[i].why);
			return NULL;
		}
	near = lu_set_closest(set, name);
	lu_error_set(err, "failed to find struct %s in %s%s%s%s", name,
		     set->path, near ? " (did you mean '" : "",
		     near ? near : "", near ? "'?)" : "");
	return NULL;
}

void lu_set_skip(struct lu_set *set, const char *name, const char *why)
{
	for (size_t i = 0; i < set->n_skipped; i++)
		if (!strcmp(set->skipped[i].name, name))
			return;
	set->skipped = lu_grow(set->skipped, &set->cap_skipped,
			       set->n_skipped, sizeof(*set->skipped));
	set->skipped[set->n_skipped++] = (struct lu_skipped){
		lu_arena_strdup(&set->arena, name),
		lu_arena_strdup(&set->arena, why),
	};
}

uint64_t lu_member_bytes(const struct lu_member *m)
{
	if (m->size || m->marker || m->bit_size)
		return m->size;
	return m->dims && *m->dims ? 1 : 0;
}

ptrdiff_t lu_struct_member(const struct lu_struct *s, const char *name)
{
	for (size_t i = 0; i < s->n_members; i++)
		if (!s->members[i].marker && !strcmp(s->members[i].name, name))
			return (ptrdiff_t)i;
	return -1;
}

void lu_struct_add_unit(struct lu_struct *s, struct lu_arena *a,
			const char *unit)
{
	size_t kept = s->n_units < LU_UNITS_KEPT ? s->n_units : LU_UNITS_KEPT;

	if (!unit)
		return;
	for (size_t i = 0; i < kept; i++)
		if (s->units[i] == unit)
			return;
	if (!s->units)
		s->units = lu_arena_alloc(a, LU_UNITS_KEPT * sizeof(*s->units));
	if (s->n_units < LU_UNITS_KEPT)
		s->units[s->n_units] = unit;
	s->n_units++;
}

ptrdiff_t lu_struct_group(const struct lu_struct *s, const char *name)
{
	for (size_t i = 0; i < s->n_groups; i++)
		if (!strcmp(s->groups[i].name, name))
			return (ptrdiff_t)i;
	return -1;
}

/*
 * L1 data cache line sizes by ELF machine, the value Linux builds with
 * (L1_CACHE_SHIFT in arch/<arch>/include/asm/cache.h) for the common
 * configuration of each architecture.
 */
unsigned lu_line_size_for_machine(unsigned e_machine, const char **name)
{
	static const struct {
		unsigned machine, line;
		const char *name;
	} table[] = {
		{ EM_X86_64, 64, "x86-64" },	/* x86/include/asm/cache.h */
		{ EM_386, 64, "i386" },		/* X86_L1_CACHE_SHIFT 6 */
		{ EM_AARCH64, 64, "aarch64" },	/* arm64: L1_CACHE_SHIFT 6 */
		{ EM_ARM, 64, "arm" },		/* ARM_L1_CACHE_SHIFT 6 (v7) */
		{ EM_PPC64, 128, "ppc64" },	/* powerpc: 7 on 64-bit */
		{ EM_PPC, 32, "ppc" },		/* powerpc: 5 on 32-bit */
		{ EM_S390, 256, "s390x" },	/* s390: L1_CACHE_SHIFT 8 */
		{ EM_RISCV, 64, "riscv" },	/* riscv: L1_CACHE_SHIFT 6 */
		{ 258 /* EM_LOONGARCH */, 64, "loongarch" },
		{ EM_MIPS, 32, "mips" },	/* MIPS_L1_CACHE_SHIFT 5 */
		{ EM_SPARCV9, 64, "sparc64" },	/* sparc: L1_CACHE_SHIFT 5..6 */
	};

	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		if (table[i].machine == e_machine) {
			if (name)
				*name = table[i].name;
			return table[i].line;
		}
	}
	if (name)
		*name = NULL;
	return 0;
}

void lu_struct_keep_members(struct lu_struct *s, struct lu_arena *arena,
			    const struct lu_member *members, size_t n_members,
			    const struct lu_block *blocks, size_t n_blocks)
{
	s->members = lu_arena_memdup(arena, members,
				     n_members * sizeof(*members));
	s->n_members = n_members;
	s->blocks = n_blocks ? lu_arena_memdup(arena, blocks,
					       n_blocks * sizeof(*blocks))
			     : NULL;
	s->n_blocks = n_blocks;
}

const char *lu_struct_tag_word(const struct lu_struct *s)
{
	return s->tagless    ? ""
	       : s->is_union ? "union "
	       : s->is_class ? "class "
			     : "struct ";
}
