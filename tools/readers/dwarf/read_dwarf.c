/* SPDX-License-Identifier: MIT */
/*
 * The DWARF reader's file half: struct layouts from ELF objects,
 * executables, shared libraries and archives through elfutils. libdwfl
 * applies the relocations that relocatable objects need and opens archives
 * member by member; libdw follows split DWARF's skeleton units to their
 * .dwo files. Each unit is walked by dwarf_unit.c, here one after the
 * other or, with -j N, on N threads (dwarf_jobs.c).
 */
#include "dwarf_reader.h"

#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ar.h"
#include "companion.h"
#include "read_formats.h"
#include "map_guard.h"

static const char *dwfl_why(void)
{
	int e = dwfl_errno();

	if (e)
		return dwfl_errmsg(e);
	e = elf_errno();
	return e ? elf_errmsg(e) : "malformed ELF file";
}

/* The file a module comes from, whose directory libdw looks in for the
 * .dwo and dwz files it names; found once, when first needed. */
struct module_file {
	const char *path;
	char *dir;
	bool dir_known;
};

static const char *module_dir(struct module_file *mf)
{
	if (!mf->dir_known)
		mf->dir = lu_companion_dir(mf->path);
	mf->dir_known = true;
	return mf->dir;
}

static void visit_units(struct dwarf_reader *r, Dwarf *dw,
			struct module_file *mf, bool in_dwo);

/*
 * A skeleton unit (-gsplit-dwarf) holds no types: its .dwo does, which
 * libdw finds and opens when asked for the split unit. Every unit of the
 * .dwo is read, the split unit and the type units it refers to.
 */
static void visit_split(struct dwarf_reader *r, Dwarf_CU *cu,
			Dwarf_Die *skel, struct module_file *mf)
{
	const char *dir = module_dir(mf);
	const char *label = r->path;
	struct lu_map_guard guard;
	struct lu_dwo dwo;
	Dwarf_Die split;

	if (lu_dwo_find(&dwo, cu, skel, dir, label, r->err) < 0) {
		r->failed = true;
		goto out;
	}
	lu_map_guard_arm(&guard);
	if (dwarf_cu_info(cu, NULL, NULL, NULL, &split, NULL, NULL, NULL) ||
	    !split.addr) {
		lu_dwo_missing(&dwo, label, r->err);
		r->failed = true;
	} else {
		Dwarf *dw = dwarf_cu_getdwarf(split.cu);

		r->path = lu_dwo_path(&dwo);
		if (lu_altlink_check(dw, r->path, r->path, r->err) < 0)
			r->failed = true;
		else
			visit_units(r, dw, mf, true);
		r->path = label;
	}
	if (lu_map_guard_disarm(&guard)) {
		lu_error_set(r->err, "failed to read %s: the file shrank while "
				     "being read", lu_dwo_path(&dwo));
		r->failed = true;
	}
out:
	lu_dwo_free(&dwo);
}

/*
 * elfutils 0.188's dwarf_decl_file takes a split unit's line table from
 * its skeleton, then asserts that the unit's own file table is there,
 * which only dwarf_getsrcfiles fills (from .debug_line.dwo, else from the
 * skeleton): fill it first. Where that fails and the lines do not, every
 * dwarf_decl_file in the unit would abort: the unit is refused instead.
 */
static bool split_files_ok(struct dwarf_reader *r, Dwarf_Die *cudie)
{
	Dwarf_Files *files;
	Dwarf_Lines *lines;
	size_t n;

	if (dwarf_getsrcfiles(cudie, &files, &n) == 0 ||
	    dwarf_getsrclines(cudie, &lines, &n) != 0)
		return true; /* no lines: dwarf_decl_file says NULL */
	lu_error_set(r->err, "failed to read DWARF from %s: malformed file "
			     "table of the split unit at DIE 0x%llx: %s",
		     r->path, (unsigned long long)dwarf_dieoffset(cudie),
		     lu_dw_why());
	r->failed = true;
	return false;
}

/* IN_DWO: DW is a .dwo, where a skeleton unit is malformed (and would
 * name a .dwo again, maybe itself). */
static void visit_units(struct dwarf_reader *r, Dwarf *dw,
			struct module_file *mf, bool in_dwo)
{
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie;
	uint8_t unit_type;

	while (!r->failed && !lu_map_guard_shrank()) {
		/* no subdie: that would open a skeleton's .dwo unchecked */
		int rc = dwarf_get_units(dw, cu, &cu, NULL, &unit_type, &cudie,
					 NULL);

		if (rc > 0)
			return;
		if (rc < 0) {
			lu_error_set(r->err,
				     "failed to read DWARF from %s: %s",
				     r->path, lu_dw_why());
			r->failed = true;
			return;
		}
		if (unit_type == DW_UT_skeleton && !in_dwo) {
			visit_split(r, cu, &cudie, mf);
			continue;
		}
		if ((unit_type == DW_UT_split_compile ||
		     unit_type == DW_UT_split_type) &&
		    !split_files_ok(r, &cudie))
			return;
		lu_dwarf_read_unit(r, &cudie);
	}
	r->failed = true; /* the guard of the file that shrank says so */
}

static int visit_dwarf(struct dwarf_reader *r, Dwarf *dw,
		       struct module_file *mf)
{
	visit_units(r, dw, mf, false);
	return r->failed ? -1 : 0;
}

/* ---- files ---------------------------------------------------------- */

/*
 * What the module's user data slot says to find_debuginfo: the module's
 * own file has DWARF (the fast, ordinary path: nothing to look for but a
 * dwz file, which libdw and companion.c find), or it has none.
 */
static char own_debug_info;

/*
 * A file without DWARF of its own (a distribution's stripped library):
 * libdwfl's standard search, which follows .gnu_debuglink (next to the
 * file, .debug/, /usr/lib/debug/), the build-id tree
 * (/usr/lib/debug/.build-id/xx/....debug) and, when DEBUGINFOD_URLS is
 * set, debuginfod through libdebuginfod, as pahole and gdb do.
 */
/* The path open file FD was opened by, malloc'd, or NULL (no /proc). */
static char *fd_path(int fd)
{
	char link[64], buf[4096];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, buf, sizeof(buf) - 1);
	if (n <= 0 || buf[0] != '/')
		return NULL;
	buf[n] = '\0';
	return strdup(buf);
}

static int find_debuginfo(Dwfl_Module *mod, void **userdata,
			  const char *modname, Dwarf_Addr base,
			  const char *file_name, const char *debuglink_file,
			  GElf_Word debuglink_crc, char **debuginfo_file_name)
{
	*debuginfo_file_name = NULL;
	if (*userdata == &own_debug_info)
		return -1;
	int fd = dwfl_standard_find_debuginfo(mod, userdata, modname, base,
					      file_name, debuglink_file,
					      debuglink_crc,
					      debuginfo_file_name);

	/* libdwfl names the file it found on disk, but not the one
	 * debuginfod fetched into its cache (elfutils 0.188): the fd says
	 * which, so show and JSON can name it as they name the others */
	if (fd >= 0 && !*debuginfo_file_name)
		*debuginfo_file_name = fd_path(fd);
	return fd;
}

static const Dwfl_Callbacks offline_callbacks = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = find_debuginfo,
	.section_address = dwfl_offline_section_address,
};

/* Does ELF carry DWARF itself (.debug_info, or compressed .zdebug_info)? */
static bool has_debug_info(Elf *elf)
{
	size_t shstrndx;

	if (!elf || elf_getshdrstrndx(elf, &shstrndx) != 0)
		return false;
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn;
	     scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS)
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name && (!strcmp(name, ".debug_info") ||
			     !strcmp(name, ".zdebug_info")))
			return true;
	}
	return false;
}

static unsigned max_base_align_for(Elf *elf)
{
	GElf_Ehdr ehdr;

	if (!gelf_getehdr(elf, &ehdr))
		return 8;
	if (ehdr.e_machine == EM_386)
		return 4; /* i386 SysV ABI: 8-byte scalars are 4-aligned */
	return ehdr.e_ident[EI_CLASS] == ELFCLASS64 ? 16 : 8;
}

struct module_walk {
	struct dwarf_reader *r;
	size_t n_modules, n_with_dwarf;
	bool is_archive;
	const char *archive;	/* the ar file whose members are modules */
	/* a parallel read lists the units here; NULL: reads them */
	struct lu_dw_tasks *tasks;
};

/* *LABEL, the module's name in errors, goes to W's tasks if it has any. */
static int read_module(struct module_walk *w, Dwfl_Module *mod,
		       const char *name, char **label)
{
	struct dwarf_reader *r = w->r;
	Dwarf_Addr bias;
	Elf *elf = dwfl_module_getelf(mod, &bias);

	if (elf) {
		GElf_Ehdr ehdr;

		r->abi.max_base_align = max_base_align_for(elf);
		if (gelf_getehdr(elf, &ehdr)) {
			unsigned line = lu_line_size_for_machine(
				ehdr.e_machine, &r->set->machine);

			r->big_endian = ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
			if (!r->set->line_size)
				r->set->line_size = line;
		}
	}
	void **slot = NULL;
	const char *debugfile = NULL;
	bool own = has_debug_info(elf);

	dwfl_module_info(mod, &slot, NULL, NULL, NULL, NULL, NULL, NULL);
	if (slot && own)
		*slot = &own_debug_info;
	Dwarf *dw = dwfl_module_getdwarf(mod, &bias);

	if (!dw)
		return 0; /* an archive member without -g */
	w->n_with_dwarf++;
	r->unit = w->is_archive ? name : NULL;
	/* the file read, when not the input: named in show and JSON */
	dwfl_module_info(mod, NULL, NULL, NULL, NULL, NULL, NULL, &debugfile);
	if (!w->is_archive && debugfile && !own && !r->set->debug_path)
		r->set->debug_path = lu_arena_strdup(&r->set->arena, debugfile);
	/* an archive's members are in the archive's directory; a separate
	 * debug file's dwz file is relative to it */
	struct module_file mf = { .path = w->archive ? w->archive : name };

	if (!w->is_archive && debugfile && !own)
		mf.path = debugfile;
	int rc = -1;

	if (lu_altlink_check(dw, mf.path, r->path, r->err) < 0) {
		r->failed = true;
	} else if (w->tasks) {
		lu_dw_tasks_add(w->tasks, r, dw, *label);
		*label = NULL;
		rc = r->failed ? -1 : 0;
	} else {
		rc = visit_dwarf(r, dw, &mf);
	}
	free(mf.dir);
	return rc;
}

static int visit_module(Dwfl_Module *mod, void **userdata, const char *name,
			Dwarf_Addr start, void *arg)
{
	struct module_walk *w = arg;
	struct dwarf_reader *r = w->r;
	struct lu_map_guard guard;

	(void)userdata, (void)start;
	w->n_modules++;
	char *label = w->is_archive ? lu_ar_member_label(r->ctx->path, name)
				    : NULL;

	r->path = label ? label : r->ctx->path;
	lu_map_guard_arm(&guard);
	int rc = read_module(w, mod, name, &label);

	if (lu_map_guard_disarm(&guard)) {
		lu_error_set(r->err, "failed to read %s: the file shrank while "
				     "being read", r->path);
		r->failed = true;
		rc = -1;
	}
	free(label);	/* the error, if any, holds a copy; or the tasks' */
	r->path = r->ctx->path;
	return rc < 0 ? DWARF_CB_ABORT : DWARF_CB_OK;
}

static bool is_ar(int fd)
{
	char magic[8] = { 0 };

	return pread(fd, magic, sizeof(magic), 0) == sizeof(magic) &&
	       !memcmp(magic, "!<arch>\n", 8);
}

/*
 * With -j N, N threads read the units (dwarf_jobs.c): the modules are
 * opened and their units listed here first, then read. 1 when the units
 * are still to be read, by the serial walk: also when the parallel read
 * declines (a unit only the serial walk reads, a worker's failure, which
 * the serial walk reports as it always does). 0 when they were read, or
 * when listing them failed (R says why) and the units before the failure
 * were read without one: the serial walk would have stopped there too.
 */
static int read_parallel(struct dwarf_reader *r, Dwfl *dwfl,
			 struct module_walk *w)
{
	struct lu_dw_tasks tasks = { .n = 0 };
	struct module_walk serial = *w;
	int rc = 1;

	if (r->opts->jobs < 2)
		return 1;
	w->tasks = &tasks;
	dwfl_getmodules(dwfl, visit_module, w, 0);
	if (!tasks.serial && r->failed) {
		rc = 0;
		if (tasks.n) {
			/* a worker's own failure comes first in unit order */
			struct lu_error listed = *r->err;

			r->failed = false;
			rc = lu_dwarf_run_tasks(r, &tasks, r->opts->jobs);
			*r->err = listed;
			r->failed = true;
		}
	} else if (!tasks.serial && tasks.n > 1) {
		rc = lu_dwarf_run_tasks(r, &tasks, r->opts->jobs);
	}
	w->tasks = NULL;
	if (rc) {
		/* as if nothing was listed: the walk opens what it needs */
		*w = serial;
		r->failed = false;
		r->path = r->ctx->path;
	}
	lu_dw_tasks_free(&tasks);
	return rc;
}

/* Reports every file to one libdwfl session, so duplicates across files are
 * recognised as across compilation units. Takes ownership of the fds. */
int lu_read_dwarf_files(struct lu_read_ctx *ctx,
			const struct lu_dwarf_file *files, size_t n,
			bool is_archive)
{
	struct dwarf_reader r = {
		.ctx = ctx, .opts = ctx->opts, .set = ctx->set,
		.err = ctx->err, .path = ctx->path,
		.abi.max_base_align = 16,
		/* NULL if it cannot be had: names then stay absolute */
		.cwd = getcwd(NULL, 0),
	};
	struct lu_set *set = ctx->set;
	struct lu_error *err = ctx->err;
	const char *path = ctx->path;
	Dwfl *dwfl = dwfl_begin(&offline_callbacks);
	int ret = -1;
	size_t i = 0;

	if (!dwfl) {
		lu_error_set(err, "failed to read DWARF from %s: %s", path,
			     dwfl_errmsg(-1));
		goto close_rest;
	}
	set->format = "dwarf";
	dwfl_report_begin(dwfl);
	struct module_walk w = { .r = &r, .is_archive = is_archive };

	for (; i < n; i++) {
		/* libdwfl names an archive's members "NAME:member" unless
		 * NAME is empty; lineup calls them "archive.a(member)" */
		bool ar = is_ar(files[i].fd);

		if (ar && n == 1)
			w.archive = files[i].name;
		/* dwfl owns the fd from here, also on failure */
		if (!dwfl_report_offline(dwfl, ar ? "" : files[i].name,
					 files[i].name, files[i].fd)) {
			lu_error_set(err, "failed to read %s: %s",
				     files[i].name, dwfl_why());
			i++;
			dwfl_report_end(dwfl, NULL, NULL);
			goto out;
		}
	}
	dwfl_report_end(dwfl, NULL, NULL);
	if (!read_parallel(&r, dwfl, &w) ? r.failed :
	    dwfl_getmodules(dwfl, visit_module, &w, 0) != 0 && r.failed)
		goto out;
	if (!w.n_with_dwarf) {
		lu_error_set(err,
			     "failed to read DWARF from %s: no debug info "
			     "(compile with -g, or install the -dbg/-dbgsym "
			     "package)",
			     path);
		goto out;
	}
	set->no_types = !r.n_types;
	ret = 0;
out:
	free(r.cwd);
	free(r.members);
	free(r.blocks);
	lu_dw_abi_free(&r.abi);
	free(r.kept.slots);
	free(r.placed.slots);
	lu_dw_memo_free(&r.built);
	lu_strset_free(&r.unmarked);
	lu_dwarf_free_memos(&r);
	if (dwfl)
		dwfl_end(dwfl);
close_rest:
	for (; i < n; i++)
		close(files[i].fd);
	return ret;
}

int lu_read_dwarf(struct lu_read_ctx *ctx, int fd)
{
	struct lu_dwarf_file file = { fd, ctx->path };

	return lu_read_dwarf_files(ctx, &file, 1, is_ar(fd));
}

