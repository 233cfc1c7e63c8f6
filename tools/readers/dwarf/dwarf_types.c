/* SPDX-License-Identifier: MIT */
/*
 * What the DWARF reader needs to know about types: following typedefs and
 * qualifiers, sizes, ABI alignments (with packing detected), member
 * locations in every DWARF version, and C spellings of types as pahole
 * prints them.
 */
#include "dwarf_types.h"

#include <dwarf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

/* ---- types ---------------------------------------------------------- */

bool lu_dw_type_of(Dwarf_Die *die, Dwarf_Die *type)
{
	Dwarf_Attribute attr;

	return dwarf_attr_integrate(die, DW_AT_type, &attr) &&
	       dwarf_formref_die(&attr, type);
}

/* Follows typedefs and qualifiers to the type that decides the layout. */
bool lu_dw_strip_type(Dwarf_Die *die, Dwarf_Die *out)
{
	Dwarf_Die cur = *die;

	for (int depth = 0; depth < MAX_TYPE_DEPTH; depth++) {
		switch (dwarf_tag(&cur)) {
		case DW_TAG_typedef:
		case DW_TAG_const_type:
		case DW_TAG_volatile_type:
		case DW_TAG_restrict_type:
		case DW_TAG_atomic_type:
			if (!lu_dw_type_of(&cur, &cur))
				return false; /* void */
			break;
		default:
			*out = cur;
			return true;
		}
	}
	return false;
}

uint64_t lu_dw_udata(Dwarf_Die *die, int name, uint64_t dflt)
{
	Dwarf_Attribute attr;
	Dwarf_Word v;

	if (!dwarf_attr_integrate(die, name, &attr) ||
	    dwarf_formudata(&attr, &v))
		return dflt;
	return v;
}

bool lu_dw_is_data_member(Dwarf_Die *die)
{
	int tag = dwarf_tag(die);

	return (tag == DW_TAG_member || tag == DW_TAG_inheritance) &&
	       !dwarf_hasattr(die, DW_AT_external) &&
	       !dwarf_hasattr(die, DW_AT_declaration);
}

uint64_t lu_dw_type_size(Dwarf_Die *type)
{
	Dwarf_Word size;
	Dwarf_Die t;

	if (dwarf_aggregate_size(type, &size) == 0)
		return size;
	if (!lu_dw_strip_type(type, &t))
		return 0;
	switch (dwarf_tag(&t)) {
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
	case DW_TAG_ptr_to_member_type: {
		uint8_t addr = 8;
		Dwarf_Die to;

		dwarf_cu_info(t.cu, NULL, NULL, NULL, NULL, NULL, &addr, NULL);
		/* the Itanium C++ ABI (2.3): a pointer to member function is
		 * a function pointer and a this adjustment, two words */
		if (dwarf_tag(&t) == DW_TAG_ptr_to_member_type &&
		    lu_dw_type_of(&t, &to) &&
		    dwarf_tag(&to) == DW_TAG_subroutine_type)
			return lu_dw_udata(&t, DW_AT_byte_size, 2u * addr);
		return lu_dw_udata(&t, DW_AT_byte_size, addr);
	}
	default:
		return lu_dw_udata(&t, DW_AT_byte_size, 0);
	}
}

static uint64_t type_align(struct lu_dw_abi *abi, Dwarf_Die *type, int depth);

/*
 * A struct's alignment: the largest of its members', or 1 when it is packed,
 * which shows as a member off its natural alignment or a size that is not a
 * multiple of it.
 */
static uint64_t struct_natural_align(struct lu_dw_abi *abi, Dwarf_Die *s,
				     int depth)
{
	Dwarf_Die child, t;
	uint64_t align = 1;
	bool packed = false;

	if (lu_dw_memo_get(&abi->aligns, s->addr, &align))
		return align;
	if (dwarf_child(s, &child) == 0) {
		do {
			if (!lu_dw_is_data_member(&child))
				continue;
			uint64_t a = lu_dw_udata(&child, DW_AT_alignment, 0);
			uint64_t loc = 0;

			if (!a && lu_dw_type_of(&child, &t))
				a = type_align(abi, &t, depth + 1);
			if (!a)
				a = 1;
			if (!dwarf_hasattr(&child, DW_AT_bit_size) &&
			    lu_dw_member_location(&child, &loc) && loc % a)
				packed = true;
			if (a > align)
				align = a;
		} while (dwarf_siblingof(&child, &child) == 0);
	}
	if (lu_dw_udata(s, DW_AT_byte_size, 0) % align)
		packed = true;
	lu_dw_memo_put(&abi->aligns, s->addr, packed ? 1 : align);
	return packed ? 1 : align;
}

/*
 * _Atomic T of 1, 2, 4, 8 or 16 bytes is aligned to its size up to the
 * widest atomic the target promotes (GCC's atomic_align_for_mode, Clang's
 * MaxAtomicPromoteWidth: 16 bytes on 64-bit targets, 8 on 32-bit), above
 * T's own alignment: _Atomic struct { void *p; long tag; } is 16-aligned
 * on x86-64, _Atomic long long 8-aligned in an i386 struct. DWARF records
 * only the qualifier, so the struct holding one would otherwise look less
 * aligned than it is.
 */
static uint64_t atomic_align(const struct lu_dw_abi *abi, uint64_t size,
			     uint64_t align)
{
	uint64_t widest = abi->max_base_align < 8 ? 8 : abi->max_base_align;

	if (size && !(size & (size - 1)) && size <= widest && size > align)
		return size;
	return align;
}

static uint64_t unqualified_align(struct lu_dw_abi *abi, Dwarf_Die *t,
				  int depth);

/*
 * The ABI alignment of a type: DW_AT_alignment when the source asked for
 * one, else the natural alignment, with scalars capped by the ABI (i386
 * aligns 8-byte scalars to 4 inside structs) and _Atomic raising it.
 */
static uint64_t type_align(struct lu_dw_abi *abi, Dwarf_Die *type, int depth)
{
	Dwarf_Die t = *type, inner;
	uint64_t atomic_size = 0, align = 0;

	if (depth > MAX_TYPE_DEPTH)
		return 1;
	for (int i = 0; i < MAX_TYPE_DEPTH; i++) {
		align = lu_dw_udata(&t, DW_AT_alignment, 0);
		if (align)
			break;
		int tag = dwarf_tag(&t);

		if (tag == DW_TAG_atomic_type && !atomic_size)
			atomic_size = lu_dw_type_size(&t);
		if (tag != DW_TAG_typedef && tag != DW_TAG_const_type &&
		    tag != DW_TAG_volatile_type && tag != DW_TAG_atomic_type &&
		    tag != DW_TAG_restrict_type)
			break;
		if (!lu_dw_type_of(&t, &inner))
			return 1;
		t = inner;
	}
	if (!align)
		align = unqualified_align(abi, &t, depth);
	return atomic_size ? atomic_align(abi, atomic_size, align) : align;
}

/* The natural alignment of a type with no qualifiers or typedefs left. */
static uint64_t unqualified_align(struct lu_dw_abi *abi, Dwarf_Die *t,
				  int depth)
{
	Dwarf_Die inner;

	switch (dwarf_tag(t)) {
	case DW_TAG_structure_type:
	case DW_TAG_union_type:
	case DW_TAG_class_type:
		return struct_natural_align(abi, t, depth);
	case DW_TAG_array_type:
		return lu_dw_type_of(t, &inner) ? type_align(abi, &inner, depth + 1)
					  : 1;
	case DW_TAG_ptr_to_member_type: {
		/* one or two words (lu_dw_type_size), aligned as one */
		uint8_t addr = 8;

		dwarf_cu_info(t->cu, NULL, NULL, NULL, NULL, NULL, &addr, NULL);
		return addr < abi->max_base_align ? addr : abi->max_base_align;
	}
	default: {
		uint64_t size = lu_dw_type_size(t);

		if (!size)
			return 1;
		if (size > abi->max_base_align)
			size = abi->max_base_align;
		/* scalars are power-of-two sized except x87 long double */
		uint64_t a = 1;

		while (a * 2 <= size)
			a *= 2;
		return a;
	}
	}
}

/* ---- types that contain themselves ---------------------------------- */

/* DONE's values; a DIE absent from it is new. */
#define WALK_OPEN 1
#define WALK_DONE 2

/* A DIE on the walk's stack and how far through what it leads to. */
struct layout_frame {
	Dwarf_Die die;
	Dwarf_Die child;	/* an aggregate's member last looked at */
	bool started;
};

/*
 * The next type F holds by value: the type of a typedef, qualifier or
 * array element, or of a struct's next member; false when there is none.
 */
static bool layout_next(struct layout_frame *f, Dwarf_Die *to)
{
	switch (dwarf_tag(&f->die)) {
	case DW_TAG_typedef:
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
	case DW_TAG_restrict_type:
	case DW_TAG_atomic_type:
	case DW_TAG_array_type:
		if (f->started)
			return false;
		f->started = true;
		return lu_dw_type_of(&f->die, to);
	case DW_TAG_structure_type:
	case DW_TAG_union_type:
	case DW_TAG_class_type:
		break;
	default:
		return false;
	}
	for (;;) {
		int rc = f->started ? dwarf_siblingof(&f->child, &f->child)
				    : dwarf_child(&f->die, &f->child);

		f->started = true;
		if (rc != 0)
			return false;
		/* as add_members and struct_natural_align see them */
		if (lu_dw_is_data_member(&f->child) &&
		    lu_dw_type_of(&f->child, to))
			return true;
	}
}

/*
 * Depth-first, without recursion (a hostile chain of nested structs can be
 * as deep as the input is long): a DIE met again while still open is a
 * cycle.
 */
int lu_dw_check_layout(struct lu_dw_memo *done, Dwarf_Die *type,
		       Dwarf_Die *bad)
{
	struct layout_frame *stack = NULL;
	size_t top = 0, cap = 0;
	uint64_t state;
	Dwarf_Die to;
	int rc = 0;

	if (lu_dw_memo_get(done, type->addr, &state) && state == WALK_DONE)
		return 0;
	stack = lu_grow(stack, &cap, top, sizeof(*stack));
	stack[top++] = (struct layout_frame){ .die = *type };
	lu_dw_memo_put(done, type->addr, WALK_OPEN);
	while (top) {
		struct layout_frame *f = &stack[top - 1];

		if (!layout_next(f, &to)) {
			lu_dw_memo_put(done, f->die.addr, WALK_DONE);
			top--;
			continue;
		}
		if (!lu_dw_memo_get(done, to.addr, &state)) {
			stack = lu_grow(stack, &cap, top, sizeof(*stack));
			stack[top++] = (struct layout_frame){ .die = to };
			lu_dw_memo_put(done, to.addr, WALK_OPEN);
		} else if (state == WALK_OPEN) {
			*bad = to;
			rc = -1;
			break;
		}
	}
	free(stack);
	return rc;
}

void lu_dw_describe(Dwarf_Die *die, char *buf, size_t size)
{
	const char *name = dwarf_diename(die);
	const char *what;

	switch (dwarf_tag(die)) {
	case DW_TAG_structure_type:
		what = "struct";
		break;
	case DW_TAG_union_type:
		what = "union";
		break;
	case DW_TAG_class_type:
		what = "class";
		break;
	case DW_TAG_typedef:
		what = "typedef";
		break;
	case DW_TAG_array_type:
		what = "array type";
		break;
	case DW_TAG_pointer_type:
		what = "pointer type";
		break;
	case DW_TAG_subroutine_type:
		what = "function type";
		break;
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
	case DW_TAG_restrict_type:
	case DW_TAG_atomic_type:
		what = "qualified type";
		break;
	default:
		what = "type";
		break;
	}
	if (name && *name)
		snprintf(buf, size, "%s %.64s", what, name);
	else if (!strcmp(what, "struct") || !strcmp(what, "union") ||
		 !strcmp(what, "class"))
		snprintf(buf, size, "anonymous %s", what);
	else
		snprintf(buf, size, "%s", what);
	/* the name is the input's: keep the message on one line */
	for (char *p = buf; *p; p++)
		if ((unsigned char)*p < ' ' || *p == 0x7f)
			*p = '?';
}

/* ---- type names, in the way pahole prints them ---------------------- */


static void sb_add(struct lu_dw_buf *b, const char *s, size_t n)
{
	static const char more[] = "...";

	if (b->full)
		return;
	if (n > LU_DW_MAX_TEXT - b->len) {
		/* room for what fits and the "..." that says so */
		n = LU_DW_MAX_TEXT - b->len;
		b->full = true;
	}
	if (b->len + n + sizeof(more) > b->cap) {
		size_t cap = b->cap ? b->cap : 64;

		while (b->len + n + sizeof(more) > cap)
			cap *= 2;
		char *p = realloc(b->p, cap);

		if (!p)
			abort();
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
	if (b->full) {
		memcpy(b->p + b->len, more, sizeof(more));
		b->len += sizeof(more) - 1;
	}
}

void lu_dw_buf_puts(struct lu_dw_buf *b, const char *s)
{
	sb_add(b, s, strlen(s));
}

static void sb_printf(struct lu_dw_buf *b, const char *fmt, ...)
	__attribute__((__format__(__printf__, 2, 3)));
static void sb_printf(struct lu_dw_buf *b, const char *fmt, ...)
{
	char tmp[64];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n > 0)
		sb_add(b, tmp, (size_t)n < sizeof(tmp) ? (size_t)n
						       : sizeof(tmp) - 1);
}

void lu_dw_array_dims(Dwarf_Die *array, struct lu_dw_buf *dims)
{
	Dwarf_Die sub;

	if (dwarf_child(array, &sub) != 0) {
		lu_dw_buf_puts(dims, "[]");
		return;
	}
	do {
		if (dwarf_tag(&sub) != DW_TAG_subrange_type)
			continue;
		Dwarf_Attribute attr;
		Dwarf_Word v;
		Dwarf_Sword sv;

		if (dwarf_attr_integrate(&sub, DW_AT_count, &attr) &&
		    !dwarf_formudata(&attr, &v))
			sb_printf(dims, "[%llu]", (unsigned long long)v);
		else if (dwarf_attr_integrate(&sub, DW_AT_upper_bound, &attr) &&
			 !dwarf_formsdata(&attr, &sv))
			sb_printf(dims, "[%lld]", (long long)sv + 1);
		else
			lu_dw_buf_puts(dims, "[]");
	} while (!dims->full && dwarf_siblingof(&sub, &sub) == 0);
}

/*
 * One spelling under way: where it goes, and the DIEs on the way down from
 * the member's type, to tell a cycle from a long chain.
 */
struct spelling {
	struct lu_dw_buf *out;
	const struct lu_dw_scopes *scopes;	/* NULL: spell as C */
	const void *path[MAX_TYPE_DEPTH + 1];
	Dwarf_Die cycle;
	bool cyclic;
};

static void type_name(struct spelling *sp, Dwarf_Die *die, int depth);

static void subroutine_name(struct spelling *sp, Dwarf_Die *fn,
			    const char *inner, int depth)
{
	struct lu_dw_buf *out = sp->out;
	Dwarf_Die ret, param;

	if (lu_dw_type_of(fn, &ret))
		type_name(sp, &ret, depth + 1);
	else
		lu_dw_buf_puts(out, "void");
	sb_printf(out, " (%s)(", inner);
	bool first = true;

	if (dwarf_child(fn, &param) == 0) {
		do {
			Dwarf_Die pt;

			if (dwarf_tag(&param) == DW_TAG_unspecified_parameters) {
				lu_dw_buf_puts(out, first ? "..." : ", ...");
				first = false;
				continue;
			}
			/* C++'s implicit this is not spelled */
			if (dwarf_tag(&param) != DW_TAG_formal_parameter ||
			    dwarf_hasattr(&param, DW_AT_artificial))
				continue;
			if (!first)
				lu_dw_buf_puts(out, ", ");
			first = false;
			if (lu_dw_type_of(&param, &pt))
				type_name(sp, &pt, depth + 1);
			else
				lu_dw_buf_puts(out, "void");
		} while (!out->full && !sp->cyclic &&
			 dwarf_siblingof(&param, &param) == 0);
	}
	if (first)
		lu_dw_buf_puts(out, "void");
	lu_dw_buf_puts(out, ")");
}

/*
 * A named class, struct, union, enum or typedef of a C++ unit: its
 * qualified name and no keyword, as C++ spells it. False for the rest.
 */
static bool cplus_name(struct spelling *sp, Dwarf_Die *die, const char *name)
{
	switch (dwarf_tag(die)) {
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
	case DW_TAG_union_type:
	case DW_TAG_enumeration_type:
	case DW_TAG_typedef:
		break;
	default:
		return false;
	}
	if (!name)
		return false;
	const char *scope = lu_dw_scope_of(sp->scopes, die);

	if (scope)
		lu_dw_buf_puts(sp->out, scope);
	lu_dw_buf_puts(sp->out, name);
	return true;
}

/* "int S::*", "void (S::*)(int)": the class from DW_AT_containing_type. */
static void member_pointer_name(struct spelling *sp, Dwarf_Die *die, int depth)
{
	struct lu_dw_buf *out = sp->out;
	struct lu_dw_buf cls = { 0 };
	Dwarf_Attribute a;
	Dwarf_Die c, t;

	if (dwarf_attr_integrate(die, DW_AT_containing_type, &a) &&
	    dwarf_formref_die(&a, &c)) {
		struct spelling inner = { .out = &cls, .scopes = sp->scopes };
		int tag = dwarf_tag(&c);

		/* the class without its keyword, in C as in C++ */
		if ((tag == DW_TAG_structure_type || tag == DW_TAG_class_type ||
		     tag == DW_TAG_union_type) && dwarf_diename(&c)) {
			const char *scope = lu_dw_scope_of(sp->scopes, &c);

			if (scope)
				lu_dw_buf_puts(&cls, scope);
			lu_dw_buf_puts(&cls, dwarf_diename(&c));
		} else {
			type_name(&inner, &c, 0);
		}
	}
	lu_dw_buf_puts(&cls, "::*");
	if (!lu_dw_type_of(die, &t)) {
		lu_dw_buf_puts(out, "void ");
		lu_dw_buf_puts(out, cls.p);
	} else if (dwarf_tag(&t) == DW_TAG_subroutine_type) {
		subroutine_name(sp, &t, cls.p, depth);
	} else {
		type_name(sp, &t, depth + 1);
		lu_dw_buf_puts(out, " ");
		lu_dw_buf_puts(out, cls.p);
	}
	free(cls.p);
}

static void type_name(struct spelling *sp, Dwarf_Die *die, int depth)
{
	struct lu_dw_buf *out = sp->out;
	Dwarf_Die t;
	const char *name = dwarf_diename(die);

	/* Every step below writes something, so a full buffer also bounds
	 * the walk, however the DIEs are shared. */
	if (out->full || sp->cyclic)
		return;
	if (depth > MAX_TYPE_DEPTH) {
		lu_dw_buf_puts(out, "<too deep>");
		return;
	}
	for (int i = 0; i < depth; i++) {
		if (sp->path[i] == die->addr) {
			sp->cycle = *die;
			sp->cyclic = true;
			return;
		}
	}
	sp->path[depth] = die->addr;
	if (sp->scopes && sp->scopes->cplus && cplus_name(sp, die, name))
		return;
	switch (dwarf_tag(die)) {
	case DW_TAG_ptr_to_member_type:
		member_pointer_name(sp, die, depth);
		return;
	case DW_TAG_base_type:
	case DW_TAG_typedef:
	case DW_TAG_unspecified_type:
		lu_dw_buf_puts(out, name ? name : "<anon>");
		return;
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
		lu_dw_buf_puts(out, dwarf_tag(die) == DW_TAG_class_type ? "class "
								 : "struct ");
		lu_dw_buf_puts(out, name ? name : "{...}");
		return;
	case DW_TAG_union_type:
		lu_dw_buf_puts(out, "union ");
		lu_dw_buf_puts(out, name ? name : "{...}");
		return;
	case DW_TAG_enumeration_type:
		lu_dw_buf_puts(out, "enum ");
		lu_dw_buf_puts(out, name ? name : "{...}");
		return;
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
	case DW_TAG_atomic_type:
	case DW_TAG_restrict_type: {
		const char *q = dwarf_tag(die) == DW_TAG_const_type ? "const"
			      : dwarf_tag(die) == DW_TAG_volatile_type
				      ? "volatile"
			      : dwarf_tag(die) == DW_TAG_atomic_type
				      ? "_Atomic"
				      : "restrict";
		bool is_ptr = lu_dw_type_of(die, &t) &&
			      dwarf_tag(&t) == DW_TAG_pointer_type;

		if (!lu_dw_type_of(die, &t)) {
			sb_printf(out, "%s void", q);
		} else if (is_ptr) {
			type_name(sp, &t, depth + 1);
			sb_printf(out, " %s", q);
		} else {
			sb_printf(out, "%s ", q);
			type_name(sp, &t, depth + 1);
		}
		return;
	}
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type: {
		const char *sigil = dwarf_tag(die) == DW_TAG_pointer_type ? "*"
			: dwarf_tag(die) == DW_TAG_reference_type	  ? "&"
									  : "&&";
		if (!lu_dw_type_of(die, &t)) {
			sb_printf(out, "void %s", sigil);
		} else if (dwarf_tag(&t) == DW_TAG_subroutine_type) {
			subroutine_name(sp, &t, sigil, depth);
		} else {
			type_name(sp, &t, depth + 1);
			sb_printf(out, " %s", sigil);
		}
		return;
	}
	case DW_TAG_array_type: {
		struct lu_dw_buf dims = { 0 };

		if (lu_dw_type_of(die, &t))
			type_name(sp, &t, depth + 1);
		else
			lu_dw_buf_puts(out, "void");
		lu_dw_array_dims(die, &dims);
		if (dims.p)
			lu_dw_buf_puts(out, dims.p);
		free(dims.p);
		return;
	}
	case DW_TAG_subroutine_type:
		subroutine_name(sp, die, "", depth);
		return;
	default:
		lu_dw_buf_puts(out, name ? name : "<unknown>");
		return;
	}
}

bool lu_dw_location_value(Dwarf_Attribute *attr, uint64_t *offset)
{
	Dwarf_Word v;

	if (dwarf_formudata(attr, &v) == 0) {
		*offset = v;
		return true;
	}
	/*
	 * DWARF 2: a location expression of one DW_OP_plus_uconst N, decoded
	 * here: dwarf_getlocation keeps what it decodes in a per-unit tree
	 * that threads reading a shared type unit would fill at once.
	 */
	Dwarf_Block b;
	unsigned shift = 0;

	v = 0;

	if (dwarf_formblock(attr, &b) != 0 || b.length < 2 ||
	    b.data[0] != DW_OP_plus_uconst)
		return false;
	for (Dwarf_Word i = 1; i < b.length; i++, shift += 7) {
		if (shift > 63)
			return false;
		v |= (Dwarf_Word)(b.data[i] & 0x7f) << shift;
		if (!(b.data[i] & 0x80)) {
			if (i + 1 != b.length)
				return false; /* more than one operation */
			*offset = v;
			return true;
		}
	}
	return false;
}

bool lu_dw_member_location(Dwarf_Die *m, uint64_t *offset)
{
	Dwarf_Attribute attr;

	*offset = 0;
	if (!dwarf_attr_integrate(m, DW_AT_data_member_location, &attr))
		return true; /* union members, and bit-fields in DWARF 4+ */
	return lu_dw_location_value(&attr, offset);
}


uint64_t lu_dw_type_align(struct lu_dw_abi *abi, Dwarf_Die *type)
{
	return type_align(abi, type, 0);
}

uint64_t lu_dw_struct_align(struct lu_dw_abi *abi, Dwarf_Die *s)
{
	return struct_natural_align(abi, s, 0);
}

bool lu_dw_type_name(Dwarf_Die *type, const struct lu_dw_scopes *scopes,
		     struct lu_dw_buf *out, Dwarf_Die *cycle)
{
	struct spelling sp = { .out = out, .scopes = scopes };

	type_name(&sp, type, 0);
	if (sp.cyclic)
		*cycle = sp.cycle;
	return !sp.cyclic;
}

void lu_dw_abi_free(struct lu_dw_abi *abi)
{
	lu_dw_memo_free(&abi->aligns);
}
