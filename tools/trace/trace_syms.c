/* SPDX-License-Identifier: MIT */
/* The program's DWARF and symbols for a trace; see trace_syms.h. */
#include "trace_syms.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "trace_demangle.h"

struct lu_trace_syms {
	Dwfl *dwfl;
	Dwfl_Module *mod;
	Dwarf *dbg;
	Dwarf_Addr dwarf_bias;	/* dwfl address = ELF address + this */
	uint64_t load_bias;	/* process address = ELF address + this */
	const struct lu_trace *trace;
	const char *exe;
	struct lu_trace_global *globals;
	size_t n_globals, cap_globals;
	bool globals_read;
	struct lu_trace_slot *slots;
	size_t n_slots, cap_slots;
	lu_demangle_fn demangle;	/* NULL: names stay mangled */
	void *demangle_lib;
	Dwarf_Die last_cu;	/* the CU the previous lookup found */
	bool has_last_cu;
	struct lu_arena arena;
};

static const Dwfl_Callbacks offline_callbacks = {
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
};

/* The process address of the ELF's first byte: the lowest mapping of the
 * program's file at offset 0, less the first PT_LOAD's page address. */
static uint64_t load_bias(Elf *elf, const struct lu_trace *t, const char *exe)
{
	GElf_Ehdr eh;
	uint64_t start = 0, first = 0;
	bool found = false;
	size_t n;

	if (!gelf_getehdr(elf, &eh) || eh.e_type != ET_DYN)
		return 0;
	for (size_t i = 0; i < t->n_maps; i++) {
		const struct lu_trace_map *m = &t->maps[i];

		if (m->offset == 0 && !strcmp(m->path, exe) &&
		    (!found || m->start < start)) {
			start = m->start;
			found = true;
		}
	}
	if (!found || elf_getphdrnum(elf, &n))
		return 0;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD) {
			first = ph.p_vaddr & ~(uint64_t)(ph.p_align ? ph.p_align - 1 : 0);
			break;
		}
	}
	return start - first;
}

int lu_trace_syms_open(const char *exe, const struct lu_trace *t,
		       struct lu_trace_syms **out, struct lu_error *err)
{
	struct lu_trace_syms *s = calloc(1, sizeof(*s));
	GElf_Addr bias;
	Elf *elf;

	if (!s)
		abort();
	s->trace = t;
	s->exe = exe ? exe : t->exe;
	*out = s;
	if (!s->exe) {
		lu_error_set(err, "failed to read %s: it names no program",
			     t->path);
		return -1;
	}
	s->dwfl = dwfl_begin(&offline_callbacks);
	if (s->dwfl)
		s->mod = dwfl_report_offline(s->dwfl, "", s->exe, -1);
	if (!s->mod || dwfl_report_end(s->dwfl, NULL, NULL) ||
	    !(elf = dwfl_module_getelf(s->mod, &bias))) {
		lu_error_set(err, "failed to read %s: %s", s->exe,
			     dwfl_errmsg(-1));
		return -1;
	}
	s->dbg = dwfl_module_getdwarf(s->mod, &s->dwarf_bias);
	if (!s->dbg) {
		lu_error_set(err, "failed to read DWARF from %s: no "
				  ".debug_info (compile with -g)", s->exe);
		return -1;
	}
	s->load_bias = load_bias(elf, t, t->exe ? t->exe : s->exe);
	s->demangle = lu_trace_demangler(&s->demangle_lib);
	return 0;
}

void lu_trace_syms_close(struct lu_trace_syms *s)
{
	if (!s)
		return;
	if (s->dwfl)
		dwfl_end(s->dwfl);
	free(s->globals);
	free(s->slots);
	lu_trace_demangler_close(s->demangle_lib);
	lu_arena_free(&s->arena);
	free(s);
}

static const char *basename_of(const char *p)
{
	const char *b = strrchr(p, '/');

	return b ? b + 1 : p;
}

/*
 * The CU holding ELF address A. libdw finds it through .debug_aranges,
 * which clang does not write: without them every CU's ranges are asked.
 */
static bool cu_at(struct lu_trace_syms *s, Dwarf_Addr a, Dwarf_Die *cu)
{
	Dwarf_Off off = 0, next;
	size_t hsize;

	if (dwarf_addrdie(s->dbg, a, cu))
		return true;
	/* sites cluster: the last CU found is the likeliest */
	if (s->has_last_cu && dwarf_haspc(&s->last_cu, a) == 1) {
		*cu = s->last_cu;
		return true;
	}
	while (dwarf_nextcu(s->dbg, off, &next, &hsize, NULL, NULL, NULL) ==
	       0) {
		if (dwarf_offdie(s->dbg, off + hsize, cu) &&
		    dwarf_haspc(cu, a) == 1) {
			s->last_cu = *cu;
			s->has_last_cu = true;
			return true;
		}
		off = next;
	}
	return false;
}

void lu_trace_syms_site(struct lu_trace_syms *s, uint64_t pc,
			struct lu_trace_site *out)
{
	memset(out, 0, sizeof(*out));
	if (!s)
		return;		/* no program to ask: the site is unknown */
	const struct lu_trace *t = s->trace;
	const char *exe = t->exe ? t->exe : s->exe;

	for (size_t i = 0; i < t->n_maps; i++) {
		const struct lu_trace_map *m = &t->maps[i];

		if (pc < m->start || pc >= m->end)
			continue;
		if (strcmp(m->path, exe)) {
			/* a library: named by its file and offset */
			out->module = m->path[0] ? basename_of(m->path) : NULL;
			out->offset = pc - m->start + m->offset;
			return;
		}
		break;
	}
	Dwarf_Addr a = pc - s->load_bias + s->dwarf_bias;
	GElf_Off off;
	GElf_Sym sym;
	const char *name = dwfl_module_addrinfo(s->mod, a - 1, &off, &sym,
						NULL, NULL, NULL);
	Dwarf_Die cu;
	Dwarf_Line *line = cu_at(s, a - 1 - s->dwarf_bias, &cu)
				   ? dwarf_getsrc_die(&cu, a - 1 - s->dwarf_bias)
				   : NULL;

	if (name) {
		out->function = lu_trace_demangle(s->demangle, &s->arena, name);
		out->offset = off + 1;
	} else {
		out->module = basename_of(exe);
		out->offset = pc - s->load_bias;
	}
	if (line) {
		int lineno = 0;
		const char *file = dwarf_linesrc(line, NULL, NULL);

		dwarf_lineno(line, &lineno);
		if (file && lineno > 0) {
			out->file = basename_of(file);
			out->line = (unsigned)lineno;
		}
	}
}

struct Dwfl_Module *lu_trace_syms_module(struct lu_trace_syms *s,
					 uint64_t *dwarf_bias,
					 uint64_t *load_bias)
{
	if (!s || !s->mod)
		return NULL;
	*dwarf_bias = s->dwarf_bias;
	*load_bias = s->load_bias;
	return s->mod;
}

/* ---- types -------------------------------------------------------------- */

static bool type_of(Dwarf_Die *die, Dwarf_Die *type)
{
	Dwarf_Attribute a;

	return dwarf_attr_integrate(die, DW_AT_type, &a) &&
	       dwarf_formref_die(&a, type);
}

/* Strips typedefs and qualifiers; the first typedef's name in *TYPEDEF. */
static int strip(Dwarf_Die *t, const char **typedef_name)
{
	for (int depth = 0; depth < 32; depth++) {
		int tag = dwarf_tag(t);

		if (tag == DW_TAG_typedef && typedef_name && !*typedef_name)
			*typedef_name = dwarf_diename(t);
		if (tag != DW_TAG_typedef && tag != DW_TAG_const_type &&
		    tag != DW_TAG_volatile_type && tag != DW_TAG_atomic_type &&
		    tag != DW_TAG_restrict_type)
			return tag;
		if (!type_of(t, t))
			return -1;
	}
	return -1;
}

static bool is_struct(int tag)
{
	return tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
	       tag == DW_TAG_class_type;
}

/* A struct's name as lineup's layouts have it: the tag, else the
 * typedef that named it. */
static const char *struct_name(Dwarf_Die *t, const char *typedef_name)
{
	const char *n = dwarf_diename(t);

	return n ? n : typedef_name;
}

/* ---- globals ------------------------------------------------------------ */

/* PTR (a pointer type) at ADDR, when it points to a struct. */
static void add_slot(struct lu_trace_syms *s, Dwarf_Die *ptr, uint64_t addr)
{
	Dwarf_Die t;
	const char *td = NULL, *name;
	Dwarf_Word size;

	if (!type_of(ptr, &t) || !is_struct(strip(&t, &td)) ||
	    dwarf_aggregate_size(&t, &size) || !size ||
	    !(name = struct_name(&t, td)))
		return;
	s->slots = lu_grow(s->slots, &s->cap_slots, s->n_slots,
			   sizeof(*s->slots));
	s->slots[s->n_slots++] = (struct lu_trace_slot){
		.addr = addr, .type = name, .type_size = size };
}

/* The pointer members of a global struct at ADDR: `h.conn = malloc(...)` */
static void member_slots(struct lu_trace_syms *s, Dwarf_Die *st,
			 uint64_t addr)
{
	Dwarf_Die c, t;

	if (dwarf_child(st, &c) != 0)
		return;
	do {
		Dwarf_Attribute a;
		Dwarf_Word off;

		if (dwarf_tag(&c) != DW_TAG_member ||
		    !dwarf_attr(&c, DW_AT_data_member_location, &a) ||
		    dwarf_formudata(&a, &off) || !type_of(&c, &t) ||
		    strip(&t, NULL) != DW_TAG_pointer_type)
			continue;
		add_slot(s, &t, addr + off);
	} while (dwarf_siblingof(&c, &c) == 0);
}

static void add_global(struct lu_trace_syms *s, Dwarf_Die *var)
{
	Dwarf_Attribute loc;
	Dwarf_Op *ops;
	size_t n_ops;
	Dwarf_Die t, elem;
	const char *td = NULL, *name;
	Dwarf_Word total, esize;
	int tag;

	Dwarf_Addr addr;

	if (!dwarf_attr(var, DW_AT_location, &loc) ||
	    dwarf_getlocation(&loc, &ops, &n_ops) || n_ops != 1 ||
	    !type_of(var, &t))
		return;
	if (ops[0].atom == DW_OP_addr) {
		addr = ops[0].number;
	} else if (ops[0].atom == DW_OP_addrx ||
		   ops[0].atom == DW_OP_GNU_addr_index) {
		/* DWARF 5 (clang): an index into .debug_addr */
		Dwarf_Attribute a;

		if (dwarf_getlocation_attr(&loc, &ops[0], &a) ||
		    dwarf_formaddr(&a, &addr))
			return;
	} else {
		return;
	}
	elem = t;
	tag = strip(&elem, &td);
	if (tag == DW_TAG_pointer_type) {
		add_slot(s, &elem, addr + s->load_bias);
		return;
	}
	if (dwarf_aggregate_size(&t, &total))
		return;
	while (tag == DW_TAG_array_type) {
		if (!type_of(&elem, &elem))
			return;
		td = NULL;
		tag = strip(&elem, &td);
	}
	if (!is_struct(tag) || dwarf_aggregate_size(&elem, &esize) || !esize ||
	    !(name = struct_name(&elem, td)))
		return;
	if (total == esize)	/* not an array: one struct's members */
		member_slots(s, &elem, addr + s->load_bias);
	s->globals = lu_grow(s->globals, &s->cap_globals, s->n_globals,
			     sizeof(*s->globals));
	s->globals[s->n_globals++] = (struct lu_trace_global){
		.var = dwarf_diename(var),
		.type = name,
		.addr = addr + s->load_bias,
		.size = total,
		.elem_size = esize,
	};
}

static void walk_globals(struct lu_trace_syms *s, Dwarf_Die *parent,
			 int depth)
{
	Dwarf_Die c;

	if (depth > 64 || dwarf_child(parent, &c) != 0)
		return;
	do {
		switch (dwarf_tag(&c)) {
		case DW_TAG_variable:
			add_global(s, &c);
			break;
		case DW_TAG_subprogram:
		case DW_TAG_lexical_block:
		case DW_TAG_namespace:
			walk_globals(s, &c, depth + 1);
			break;
		default:
			break;
		}
	} while (dwarf_siblingof(&c, &c) == 0);
}

static int by_slot_addr(const void *a, const void *b)
{
	const struct lu_trace_slot *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

size_t lu_trace_syms_globals(struct lu_trace_syms *s,
			     const struct lu_trace_global **out)
{
	*out = NULL;
	if (!s)
		return 0;
	if (!s->globals_read) {
		Dwarf_Off off = 0, next;
		size_t hsize;

		s->globals_read = true;
		while (dwarf_nextcu(s->dbg, off, &next, &hsize, NULL, NULL,
				    NULL) == 0) {
			Dwarf_Die cu;

			if (dwarf_offdie(s->dbg, off + hsize, &cu))
				walk_globals(s, &cu, 0);
			off = next;
		}
		if (s->n_slots)
			qsort(s->slots, s->n_slots, sizeof(*s->slots),
			      by_slot_addr);
	}
	*out = s->globals;
	return s->n_globals;
}

size_t lu_trace_syms_slots(struct lu_trace_syms *s,
			   const struct lu_trace_slot **out)
{
	const struct lu_trace_global *g;

	*out = NULL;
	if (!s)
		return 0;
	lu_trace_syms_globals(s, &g);
	*out = s->slots;
	return s->n_slots;
}

/* ---- allocation sites --------------------------------------------------- */

struct candidate {
	const char *type;
	uint64_t size;
	int score;
};

struct pick {
	const struct candidate *best;
	int best_score;
	bool tie;
	struct candidate c[64];
	size_t n;
	uint64_t alloc_size;
	unsigned call_line;
	unsigned own_line;	/* the allocating statement's, and its file */
	const char *own_file;
	bool veto;		/* it stores into a pointer to a non-struct */
	const char *const *wanted;
	size_t n_wanted;
};

static bool wanted(const struct pick *p, const char *name)
{
	if (!p->n_wanted)
		return true;
	for (size_t i = 0; i < p->n_wanted; i++)
		if (!strcmp(p->wanted[i], name))
			return true;
	return false;
}

/* A pointer-to-struct type on DIE (a variable, parameter or function) */
static void consider(struct pick *p, Dwarf_Die *die, bool on_line)
{
	Dwarf_Die t;
	const char *td = NULL, *name;
	Dwarf_Word size;
	int score;

	if (!type_of(die, &t) || strip(&t, NULL) != DW_TAG_pointer_type ||
	    !type_of(&t, &t) || !is_struct(strip(&t, &td)) ||
	    dwarf_aggregate_size(&t, &size) || !size ||
	    !(name = struct_name(&t, td)) || !wanted(p, name))
		return;
	if (p->alloc_size == size)
		score = 4;
	else if (p->alloc_size > size && p->alloc_size % size == 0)
		score = 2;	/* an array of them */
	else if (p->alloc_size > size && p->alloc_size - size < 4096)
		score = 1;	/* rounded up to an alignment */
	else
		return;
	if (on_line)
		score += 8;
	for (size_t i = 0; i < p->n; i++) {
		if (!strcmp(p->c[i].type, name)) {
			if (score > p->c[i].score)
				p->c[i].score = score;
			return;
		}
	}
	if (p->n < sizeof(p->c) / sizeof(p->c[0]))
		p->c[p->n++] = (struct candidate){ name, size, score };
}

/*
 * `char *buf = malloc(n)`, `pthread_t *t = calloc(...)`: a pointer to
 * something other than a struct (or void) declared on the allocating
 * statement says what the memory is, whatever struct of that size the
 * function also has.
 */
static void check_veto(struct pick *p, Dwarf_Die *var)
{
	const char *file = dwarf_decl_file(var);
	Dwarf_Die t;
	int tag;

	if (!file || !p->own_file || strcmp(basename_of(file), p->own_file) ||
	    !type_of(var, &t) || strip(&t, NULL) != DW_TAG_pointer_type ||
	    !type_of(&t, &t))
		return;		/* not a pointer, or void * */
	tag = strip(&t, NULL);
	if (!is_struct(tag) && tag != -1)
		p->veto = true;
}

static void walk_locals(struct pick *p, Dwarf_Die *parent, int depth)
{
	Dwarf_Die c;

	if (depth > 64 || dwarf_child(parent, &c) != 0)
		return;
	do {
		int tag = dwarf_tag(&c);
		Dwarf_Word line = 0;
		Dwarf_Attribute a;

		if (tag == DW_TAG_variable || tag == DW_TAG_formal_parameter) {
			if (dwarf_attr_integrate(&c, DW_AT_decl_line, &a))
				dwarf_formudata(&a, &line);
			if (p->own_line && line == p->own_line)
				check_veto(p, &c);
			consider(p, &c, p->call_line && line == p->call_line);
		} else if (tag == DW_TAG_lexical_block ||
			   tag == DW_TAG_inlined_subroutine) {
			if (tag == DW_TAG_inlined_subroutine)
				consider(p, &c, false);
			walk_locals(p, &c, depth + 1);
		}
	} while (dwarf_siblingof(&c, &c) == 0);
}

/* The out-of-line function holding EA: dwarf_getscopes stops at the
 * outermost inlined call, whose caller is what allocated. */
static bool subprogram_at(Dwarf_Die *parent, Dwarf_Addr ea, Dwarf_Die *out,
			  int depth)
{
	Dwarf_Die c;

	if (depth > 8 || dwarf_child(parent, &c) != 0)
		return false;
	do {
		int tag = dwarf_tag(&c);

		if (tag == DW_TAG_subprogram && dwarf_haspc(&c, ea) == 1) {
			*out = c;
			return true;
		}
		if ((tag == DW_TAG_namespace || tag == DW_TAG_class_type ||
		     tag == DW_TAG_structure_type) &&
		    subprogram_at(&c, ea, out, depth + 1))
			return true;
	} while (dwarf_siblingof(&c, &c) == 0);
	return false;
}

/* The candidates of the function that holds the code at A (dwfl). */
static void frame_candidates(struct lu_trace_syms *s, Dwarf_Addr a,
			     struct pick *p)
{
	Dwarf_Die cu, *scopes = NULL;
	Dwarf_Addr ea = a - s->dwarf_bias;
	int n;

	if (!cu_at(s, ea, &cu))
		return;
	n = dwarf_getscopes(&cu, ea, &scopes);
	p->call_line = 0;
	for (int i = 0; i < n; i++) {
		Dwarf_Attribute at;
		Dwarf_Word line;

		/* the outermost inlined call is a line of the function */
		if (dwarf_tag(&scopes[i]) == DW_TAG_inlined_subroutine &&
		    dwarf_attr(&scopes[i], DW_AT_call_line, &at) &&
		    !dwarf_formudata(&at, &line))
			p->call_line = (unsigned)line;
	}
	Dwarf_Line *own = dwarf_getsrc_die(&cu, ea);
	int lineno;

	p->own_line = 0;
	p->own_file = NULL;
	p->veto = false;
	if (own && !dwarf_lineno(own, &lineno) && lineno > 0) {
		const char *f = dwarf_linesrc(own, NULL, NULL);

		p->own_line = (unsigned)lineno;
		p->own_file = f ? basename_of(f) : NULL;
	}
	if (!p->call_line)
		p->call_line = p->own_line;
	free(scopes);
	Dwarf_Die fn;

	if (subprogram_at(&cu, ea, &fn, 0)) {
		consider(p, &fn, false);
		walk_locals(p, &fn, 0);
	}
}

const char *lu_trace_syms_alloc_type(struct lu_trace_syms *s,
				     const uint64_t *sites, size_t n_sites,
				     uint64_t size, const char *const *want,
				     size_t n_wanted, uint64_t *elem_size)
{
	struct pick p = { .alloc_size = size, .wanted = want,
			  .n_wanted = n_wanted };

	if (!s)
		return NULL;

	for (size_t f = 0; f < n_sites && sites[f]; f++) {
		struct lu_trace_site where;
		const struct candidate *best = NULL;
		bool tie = false;

		lu_trace_syms_site(s, sites[f], &where);
		if (where.module)
			continue;	/* not the program's code */
		p.n = 0;
		frame_candidates(s, sites[f] - s->load_bias + s->dwarf_bias - 1,
				 &p);
		if (p.veto)
			return NULL;
		for (size_t i = 0; i < p.n; i++) {
			if (!best || p.c[i].score > best->score) {
				best = &p.c[i];
				tie = false;
			} else if (p.c[i].score == best->score) {
				tie = true;
			}
		}
		if (best) {
			if (tie)
				return NULL;
			*elem_size = best->size;
			return lu_arena_strdup(&s->arena, best->type);
		}
	}
	return NULL;
}
