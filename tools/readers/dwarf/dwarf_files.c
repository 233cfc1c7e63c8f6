/* SPDX-License-Identifier: MIT */
/*
 * A unit's file names from the header of its line table, without the
 * line program. elfutils 0.188's dwarf_getsrcfiles (and so
 * dwarf_decl_file) decodes and sorts a unit's whole line program to give
 * its file names, and keeps it until the file is closed: on a kernel's
 * vmlinux that is 0.4 s and 330 MiB (twice the mapped .debug_info) for
 * names that sit in the first few KiB of each table. (Later elfutils read
 * the header alone; 0.188 is Debian 12's.)
 *
 * So the header is read here, following libdw's read_srclines step for
 * step (DWARF 2-5, the same "dir/name" joins, the same index rules), and
 * libdw still decodes every string (dwarf_formstring). Anything this
 * reader does not know -- split units, 64-bit tables, string forms other
 * than string, strp and line_strp, a header that does not add up -- is
 * left to libdw, so the names are libdw's either way.
 */
#include "dwarf_files.h"

#include <dwarf.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

struct cursor {
	const unsigned char *p, *end;
	bool swap;	/* the file's byte order is not the host's */
	bool bad;
};

static uint64_t read_n(struct cursor *c, size_t n)
{
	uint64_t v = 0;

	if (c->bad || (size_t)(c->end - c->p) < n) {
		c->bad = true;
		return 0;
	}
	bool little = (*(const unsigned char *)&(uint16_t){ 1 } == 1) !=
		      c->swap;

	for (size_t i = 0; i < n; i++)
		v |= (uint64_t)c->p[little ? i : n - 1 - i] << (8 * i);
	c->p += n;
	return v;
}

static uint64_t read_uleb(struct cursor *c)
{
	uint64_t v = 0;

	for (unsigned shift = 0; !c->bad; shift += 7) {
		if (c->p >= c->end || shift > 63) {
			c->bad = true;
			break;
		}
		unsigned char b = *c->p++;

		v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			return v;
	}
	return 0;
}

/* A NUL-terminated string in place; NULL past the end. */
static const char *read_cstr(struct cursor *c)
{
	const unsigned char *nul;

	if (c->bad || !(nul = memchr(c->p, 0, (size_t)(c->end - c->p)))) {
		c->bad = true;
		return NULL;
	}
	const char *s = (const char *)c->p;

	c->p = nul + 1;
	return s;
}

/* The string at OFFSET of a string section, NULL past its end. */
static const char *section_str(const Elf_Data *d, uint64_t offset)
{
	if (!d || offset >= d->d_size ||
	    !memchr((const char *)d->d_buf + offset, 0, d->d_size - offset))
		return NULL;
	return (const char *)d->d_buf + offset;
}

/*
 * One DWARF 5 entry field of FORM: its string (DW_LNCT_path) or its
 * number; false for a form left to libdw. (dwarf_formstring cannot be
 * used here: it takes offsets only inside the unit's own section.)
 */
static bool read_field(struct cursor *c, const struct lu_dw_files *t,
		       unsigned form, const char **str, uint64_t *num)
{
	*str = NULL;
	*num = 0;
	switch (form) {
	case DW_FORM_string:
		*str = read_cstr(c);
		return !c->bad;
	case DW_FORM_strp:
	case DW_FORM_line_strp: {
		uint64_t off = read_n(c, 4); /* 64-bit tables are libdw's */

		*str = section_str(form == DW_FORM_strp ? t->str : t->line_str,
				   off);
		return !c->bad && *str;
	}
	case DW_FORM_udata:
		*num = read_uleb(c);
		return !c->bad;
	case DW_FORM_data1:
		*num = read_n(c, 1);
		return !c->bad;
	case DW_FORM_data2:
		*num = read_n(c, 2);
		return !c->bad;
	case DW_FORM_data4:
		*num = read_n(c, 4);
		return !c->bad;
	case DW_FORM_data8:
		*num = read_n(c, 8);
		return !c->bad;
	case DW_FORM_data16:
		read_n(c, 8);
		read_n(c, 8);
		return !c->bad;
	case DW_FORM_block: {
		uint64_t n = read_uleb(c);

		if (c->bad || n > (uint64_t)(c->end - c->p))
			return false;
		c->p += n;
		return true;
	}
	default:
		return false;
	}
}

#define LNCT_MAX_FORMS 32

/* A DWARF 5 directory or file table: paths and, for files, dir indexes. */
static bool read_v5_table(struct cursor *c, bool files,
			  struct lu_dw_files *t)
{
	unsigned content[LNCT_MAX_FORMS], form[LNCT_MAX_FORMS];
	size_t nforms = read_n(c, 1), path = SIZE_MAX, dir = SIZE_MAX;

	if (c->bad || nforms > LNCT_MAX_FORMS)
		return false;
	for (size_t i = 0; i < nforms; i++) {
		content[i] = (unsigned)read_uleb(c);
		form[i] = (unsigned)read_uleb(c);
		if (content[i] == DW_LNCT_path)
			path = i;
		else if (content[i] == DW_LNCT_directory_index)
			dir = i;
	}
	uint64_t count = read_uleb(c);

	if (c->bad || (nforms && (path == SIZE_MAX ||
				  (files && dir == SIZE_MAX))) ||
	    (!nforms && count) ||
	    (nforms && count > (uint64_t)(c->end - c->p) / nforms))
		return false;
	for (uint64_t n = 0; n < count; n++) {
		const char *name = NULL;
		uint64_t d = 0;

		for (size_t m = 0; m < nforms; m++) {
			const char *s;
			uint64_t v;

			if (!read_field(c, t, form[m], &s, &v))
				return false;
			if (m == path)
				name = s;
			else if (m == dir)
				d = v;
		}
		if (!name)
			return false;
		if (files) {
			if (d >= t->n_dirs)
				return false;
			t->files = lu_grow(t->files, &t->cap_files,
					   t->n_files, sizeof(*t->files));
			t->files[t->n_files++] =
				(struct lu_dw_file_entry){ name, d };
		} else {
			t->dirs = lu_grow(t->dirs, &t->cap_dirs, t->n_dirs,
					  sizeof(*t->dirs));
			t->dirs[t->n_dirs++] = name;
		}
	}
	return true;
}

/* DWARF 2-4: directories, then files, each list ending in a NUL. */
static bool read_v4_tables(struct cursor *c, const char *comp_dir,
			   struct lu_dw_files *t)
{
	t->dirs = lu_grow(t->dirs, &t->cap_dirs, 0, sizeof(*t->dirs));
	t->dirs[t->n_dirs++] = comp_dir;	/* directory 0 */
	while (!c->bad && c->p < c->end && *c->p) {
		const char *d = read_cstr(c);

		t->dirs = lu_grow(t->dirs, &t->cap_dirs, t->n_dirs,
				  sizeof(*t->dirs));
		t->dirs[t->n_dirs++] = d;
	}
	read_n(c, 1);
	while (!c->bad && c->p < c->end && *c->p) {
		const char *name = read_cstr(c);
		uint64_t d = read_uleb(c);

		read_uleb(c);	/* modification time */
		read_uleb(c);	/* length */
		if (c->bad || d >= t->n_dirs)
			return false;
		t->files = lu_grow(t->files, &t->cap_files, t->n_files,
				   sizeof(*t->files));
		t->files[t->n_files++] = (struct lu_dw_file_entry){ name, d };
	}
	read_n(c, 1);
	return !c->bad;
}

/*
 * The sections of DW's file that the tables use, as libdw loaded them
 * (decompressed, and relocated by libdwfl in relocatable objects): libdw
 * keeps the first of each name. False when the line table is not there
 * as plain data.
 */
static bool find_sections(struct lu_dw_files *t, Dwarf *dw)
{
	Elf *elf = dwarf_getelf(dw);
	size_t shstrndx;
	GElf_Ehdr eh;

	t->dw = dw;
	t->line = t->line_str = t->str = NULL;
	if (!elf || !gelf_getehdr(elf, &eh) ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0)
		return false;
	t->swap = (eh.e_ident[EI_DATA] == ELFDATA2MSB) !=
		  (*(const unsigned char *)&(uint16_t){ 1 } == 0);
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn;
	     scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data **slot;

		if (!gelf_getshdr(scn, &sh) ||
		    !(name = elf_strptr(elf, shstrndx, sh.sh_name)))
			continue;
		if (!strncmp(name, ".zdebug", 7))
			name += 2; /* ".zdebug_x": ".debug_x", GNU-compressed */
		else if (!strncmp(name, ".debug", 6))
			name += 1;
		else
			continue;
		if (!strcmp(name, "debug_line"))
			slot = &t->line;
		else if (!strcmp(name, "debug_line_str"))
			slot = &t->line_str;
		else if (!strcmp(name, "debug_str"))
			slot = &t->str;
		else
			continue;
		if (*slot)
			continue;
		/* still compressed, or no data: not as libdw sees it */
		if (sh.sh_type == SHT_NOBITS || (sh.sh_flags & SHF_COMPRESSED))
			return false;
		*slot = elf_getdata(scn, NULL);
	}
	return t->line != NULL;
}

/* Reads the table of DIE's unit; false: ask libdw. */
static bool read_table(struct lu_dw_files *t, Dwarf_CU *cu)
{
	Dwarf_Die cudie;
	Dwarf_Half version;
	uint8_t unit_type, addr_size, off_size;
	Dwarf_Attribute a;
	Dwarf_Word stmt_list;

	t->n_files = t->n_dirs = 0;
	t->has_table = false;
	if (dwarf_cu_info(cu, &version, &unit_type, &cudie, NULL, NULL,
			  NULL, NULL) != 0 ||
	    unit_type == DW_UT_split_compile || unit_type == DW_UT_split_type ||
	    unit_type == DW_UT_skeleton ||
	    !dwarf_cu_die(cu, &cudie, NULL, NULL, &addr_size, &off_size,
			  NULL, NULL) ||
	    off_size != 4)
		return false;
	if (!dwarf_attr(&cudie, DW_AT_stmt_list, &a))
		return true; /* no table: no names, as libdw says */
	Dwarf *dw = dwarf_cu_getdwarf(cu);

	if (dw != t->dw)
		t->sections_ok = dw && find_sections(t, dw);
	Elf_Data *data = t->line;

	if (!t->sections_ok || dwarf_formudata(&a, &stmt_list) != 0 ||
	    stmt_list >= data->d_size)
		return false;
	struct cursor c = { .p = (const unsigned char *)data->d_buf +
				 stmt_list,
			    .end = (const unsigned char *)data->d_buf +
				   data->d_size,
			    .swap = t->swap };
	uint64_t unit_length = read_n(&c, 4);

	if (c.bad || unit_length >= 0xfffffff0u ||
	    unit_length > (uint64_t)(c.end - c.p))
		return false;
	c.end = c.p + unit_length;
	unsigned lversion = (unsigned)read_n(&c, 2);

	if (lversion < 2 || lversion > 5)
		return false;
	if (lversion >= 5 && (read_n(&c, 1) != addr_size || read_n(&c, 1)))
		return false;
	uint64_t header_length = read_n(&c, 4);
	const unsigned char *header_start = c.p;

	read_n(&c, 1);				/* minimum_instruction_length */
	if (lversion >= 4 && !read_n(&c, 1))	/* max ops per instruction */
		return false;
	read_n(&c, 3);		/* default_is_stmt, line_base, line_range */
	unsigned opcode_base = (unsigned)read_n(&c, 1);

	if (c.bad || opcode_base < 1 ||
	    (size_t)(c.end - c.p) < opcode_base - 1)
		return false;
	c.p += opcode_base - 1;			/* standard_opcode_lengths */
	bool ok;

	if (lversion < 5) {
		const char *comp_dir = NULL;

		if (dwarf_attr(&cudie, DW_AT_comp_dir, &a))
			comp_dir = dwarf_formstring(&a);
		ok = read_v4_tables(&c, comp_dir, t);
	} else {
		ok = read_v5_table(&c, false, t) && read_v5_table(&c, true, t);
	}
	/* libdw's own check that the header adds up (4 more bytes: CUBIN) */
	if (!ok || c.bad || (c.p != header_start + header_length &&
			     c.p != header_start + header_length - 4))
		return false;
	t->from_one = lversion < 5;
	t->has_table = true;
	return true;
}

const char *lu_dw_file_name(struct lu_dw_files *t, Dwarf_CU *cu,
			    uint64_t idx, bool *libdw)
{
	if (cu != t->cu) {
		t->cu = cu;
		t->ok = read_table(t, cu);
	}
	if (!t->ok) {
		*libdw = true;
		return NULL;
	}
	/* libdw's file 0 is "???" before DWARF 5 (and in a DWARF 5 table
	 * without files), the first entry from 5 */
	if (idx == 0 && (t->from_one || !t->n_files))
		return t->has_table ? "???" : NULL;
	if (t->from_one)
		idx--;
	if (idx >= t->n_files)
		return NULL;
	const struct lu_dw_file_entry *f = &t->files[idx];
	const char *dir = t->dirs[f->dir];

	if (f->name[0] == '/' || !dir)
		return f->name;
	size_t nd = strlen(dir), nf = strlen(f->name);

	if (nd + nf + 2 > t->cap_text) {
		free(t->text);
		t->cap_text = nd + nf + 2;
		t->text = malloc(t->cap_text);
		if (!t->text)
			abort();
	}
	memcpy(t->text, dir, nd);
	t->text[nd] = '/';
	memcpy(t->text + nd + 1, f->name, nf + 1);
	return t->text;
}

void lu_dw_files_free(struct lu_dw_files *t)
{
	free(t->files);
	free(t->dirs);
	free(t->text);
	memset(t, 0, sizeof(*t));
}
