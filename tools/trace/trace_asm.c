/* SPDX-License-Identifier: MIT */
/* Inline-assembly atomics in the units that touched a struct; see
 * trace_asm.h. */
#include "trace_asm.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

/* The sites named per struct: enough to point at the culprit. */
#define LU_ASM_MAX 8

struct asm_scan {
	struct lu_trace_syms *syms;
	struct lu_trace_result *r;
	struct lu_trace_type *ty;
	Elf *elf;
	uint64_t load_bias;
};

/*
 * Is B[I] within the 32-bit offset of an %fs:OFFSET operand (prefix
 * 0x64, an opcode, ModRM with a SIB, SIB 0x25: no base, no index), or of
 * a branch? The TLS offsets trace-cc's counts use are small negative
 * numbers, whose bytes are often 0xf0: not a prefix there. A lock right
 * after such bytes is missed: this only names a likely cause.
 */
static bool in_offset(const unsigned char *b, size_t i)
{
	/* or of a call, jmp or jcc with a 32-bit displacement (0xf0 is a
	 * jump 240 bytes on) */
	for (size_t k = 1; k <= 4 && k <= i; k++)
		if (b[i - k] == 0xe8 || b[i - k] == 0xe9 ||
		    (k < i && b[i - k - 1] == 0x0f &&
		     (b[i - k] & 0xf0) == 0x80))
			return true;
	for (size_t k = 1; k <= 4 && k + 2 <= i; k++) {
		size_t sib = i - k;

		if (b[sib] != 0x25 || (b[sib - 1] & 0xc7) != 0x04)
			continue;
		/* the prefix before the opcode (one or two bytes), or before
		 * a REX */
		for (size_t back = 3; back <= 5 && back <= sib; back++)
			if (b[sib - back] == 0x64)
				return true;
	}
	return false;
}

/*
 * Is there a lock-prefixed read-modify-write at B[I]? The prefix, an
 * operand-size or REX prefix, then an opcode the Intel SDM (vol. 2, LOCK)
 * allows it on, with a memory operand (ModRM mod != 3). A stray 0xf0
 * inside another instruction rarely passes all three.
 */
static bool locked_at(const unsigned char *b, size_t n, size_t i)
{
	size_t j = i + 1;
	unsigned op, modrm, reg;

	if (b[i] != 0xf0 || in_offset(b, i))
		return false;
	if (j < n && b[j] == 0x66)
		j++;
	if (j < n && (b[j] & 0xf0) == 0x40)
		j++;
	if (j + 1 >= n)
		return false;
	op = b[j];
	if (op == 0x0f) {
		op = 0x100 | b[++j];
		if (j + 1 >= n)
			return false;
	}
	modrm = b[j + 1];
	reg = modrm >> 3 & 7;
	if (modrm >> 6 == 3)
		return false;
	switch (op) {
	case 0x00: case 0x01: case 0x08: case 0x09: case 0x10: case 0x11:
	case 0x18: case 0x19: case 0x20: case 0x21: case 0x28: case 0x29:
	case 0x30: case 0x31: case 0x80: case 0x81: case 0x83: case 0x86:
	case 0x87:
	case 0x1ab: case 0x1b0: case 0x1b1: case 0x1b3: case 0x1bb:
	case 0x1c0: case 0x1c1:
		return true;
	case 0xf6: case 0xf7:	/* not, neg */
		return reg == 2 || reg == 3;
	case 0xfe: case 0xff:	/* inc, dec */
		return reg <= 1;
	case 0x1ba:		/* bts, btr, btc with an immediate */
		return reg >= 5;
	case 0x1c7:		/* cmpxchg8b, cmpxchg16b */
		return reg == 1;
	default:
		return false;
	}
}

/* The bytes of the code at ELF addresses [LO, HI), or NULL. */
static const unsigned char *code_at(Elf *elf, uint64_t lo, uint64_t hi)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
		    !(sh.sh_flags & SHF_EXECINSTR) || lo < sh.sh_addr ||
		    hi > sh.sh_addr + sh.sh_size)
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || !d->d_buf || d->d_size < sh.sh_size)
			return NULL;
		return (const unsigned char *)d->d_buf + (lo - sh.sh_addr);
	}
	return NULL;
}

static void add_site(struct asm_scan *sc, uint64_t elf_addr)
{
	struct lu_trace_type *ty = sc->ty;
	struct lu_trace_site w;

	if (ty->n_asm_sites == LU_ASM_MAX)
		return;
	/* a site lookup takes a return address: the byte after */
	lu_trace_syms_site(sc->syms, elf_addr + sc->load_bias + 1, &w);
	for (size_t i = 0; i < ty->n_asm_sites; i++) {
		const struct lu_trace_site *o = &ty->asm_sites[i];

		if (o->line == w.line && o->function && w.function &&
		    !strcmp(o->function, w.function) &&
		    (o->file == w.file || (o->file && w.file &&
					    !strcmp(o->file, w.file))))
			return;	/* the same asm statement, inlined twice */
	}
	if (!ty->asm_sites)
		ty->asm_sites = lu_arena_alloc(&sc->r->arena,
					       LU_ASM_MAX * sizeof(w));
	ty->asm_sites[ty->n_asm_sites++] = w;
}

static void scan_function(struct asm_scan *sc, Dwarf_Die *fn)
{
	Dwarf_Addr base, lo, hi;
	ptrdiff_t off = 0;

	while ((off = dwarf_ranges(fn, off, &base, &lo, &hi)) > 0) {
		const unsigned char *b;

		if (hi <= lo || !(b = code_at(sc->elf, lo, hi)))
			continue;
		for (size_t i = 0; i < hi - lo; i++)
			if (locked_at(b, hi - lo, i))
				add_site(sc, lo + i);
	}
}

/* Every function defined in the unit, in namespaces and classes too. */
static void scan_scope(struct asm_scan *sc, Dwarf_Die *parent, int depth)
{
	Dwarf_Die c;

	if (depth > 8 || dwarf_child(parent, &c))
		return;
	do {
		int tag = dwarf_tag(&c);

		if (tag == DW_TAG_subprogram)
			scan_function(sc, &c);
		else if (tag == DW_TAG_namespace || tag == DW_TAG_class_type ||
			 tag == DW_TAG_structure_type)
			scan_scope(sc, &c, depth + 1);
	} while (dwarf_siblingof(&c, &c) == 0);
}

/* Does a site of TY (return addresses in the process) lie in CU? */
static bool touches(const struct lu_trace_type *ty, Dwarf_Die *cu,
		    uint64_t load_bias)
{
	for (size_t m = 0; m < ty->s->n_members; m++) {
		const struct lu_trace_member *tm = &ty->members[m];

		for (size_t u = 0; u < tm->n_uses; u++)
			if (tm->uses[u].pc > load_bias &&
			    dwarf_haspc(cu, tm->uses[u].pc - load_bias - 1) == 1)
				return true;
	}
	return false;
}

static bool has_hot_group(const struct lu_struct *s)
{
	for (size_t i = 0; i < s->n_groups; i++)
		if (s->groups[i].kind == LU_KIND_WRITE ||
		    s->groups[i].kind == LU_KIND_READ)
			return true;
	return false;
}

void lu_trace_find_asm(struct lu_trace_result *r, struct lu_trace_syms *s)
{
	uint64_t dwarf_bias, load_bias;
	Dwfl_Module *mod = lu_trace_syms_module(s, &dwarf_bias, &load_bias);
	Dwarf_Addr bias;
	Dwarf *dbg;
	Elf *elf;

	GElf_Ehdr eh;

	if (!mod || !(dbg = dwfl_module_getdwarf(mod, &bias)) ||
	    !(elf = dwarf_getelf(dbg)) || !gelf_getehdr(elf, &eh))
		return;
	/* the lock prefix is x86's: elsewhere its byte means nothing */
	if (eh.e_machine != EM_X86_64 && eh.e_machine != EM_386)
		return;
	for (size_t i = 0; i < r->n_types; i++) {
		struct asm_scan sc = { s, r, &r->types[i], elf, load_bias };
		Dwarf_Off off = 0, next;
		size_t hsize;

		if (!sc.ty->s || !has_hot_group(sc.ty->s))
			continue;
		while (dwarf_nextcu(dbg, off, &next, &hsize, NULL, NULL,
				    NULL) == 0) {
			Dwarf_Die cu;

			if (dwarf_offdie(dbg, off + hsize, &cu) &&
			    touches(sc.ty, &cu, load_bias))
				scan_scope(&sc, &cu, 0);
			off = next;
		}
	}
}
