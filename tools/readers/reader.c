/* SPDX-License-Identifier: MIT */
/*
 * The reader boundary: opens the input once, refuses what is not a regular
 * file, recognises ELF, archives, raw BTF and pahole text by their first
 * bytes, hands over to the reader for that format, and finishes the set.
 */
#include "reader.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ar.h"
#include "map_guard.h"
#include "read_formats.h"
#include "set_finish.h"

static bool is_btf_magic(const unsigned char *m)
{
	return (m[0] == 0x9f && m[1] == 0xeb) || (m[0] == 0xeb && m[1] == 0x9f);
}

static bool looks_like_pahole(const unsigned char *m, size_t n)
{
	size_t i = 0;

	while (i < n && (m[i] == ' ' || m[i] == '\t' || m[i] == '\n'))
		i++;
	return (n - i >= 6 && !memcmp(m + i, "struct", 6)) ||
	       (n - i >= 5 && !memcmp(m + i, "union", 5)) ||
	       (n - i >= 5 && !memcmp(m + i, "class", 5)) ||
	       (n - i >= 2 && !memcmp(m + i, "/*", 2)) || n - i == 0;
}

/*
 * Which sections an ELF file has decides DWARF or BTF. *END is how long
 * the file must be for its headers and sections: a truncated file shows as
 * one without sections to libelf, which would call it "no debug info".
 * *BTF_EMPTY: a .BTF without data (SHT_NOBITS), which libbpf 1.1 reads
 * from a NULL pointer. *MACHINE: e_machine, which sets the line size.
 */
static void elf_sections(int fd, bool *has_debug, bool *has_btf,
			 bool *btf_empty, uint64_t *end, unsigned *machine)
{
	*has_debug = *has_btf = *btf_empty = false;
	*end = 0;
	*machine = EM_NONE;
	elf_version(EV_CURRENT);
	/* ELF_C_READ: headers come by pread, the file is not mapped, so it
	 * may shrink under this look without a SIGBUS */
	Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
	size_t shstrndx;
	GElf_Ehdr eh;

	if (!elf)
		return;
	if (elf_kind(elf) == ELF_K_ELF && gelf_getehdr(elf, &eh)) {
		*machine = eh.e_machine;
		*end = eh.e_shoff + (uint64_t)eh.e_shentsize *
					    (eh.e_shnum ? eh.e_shnum : 1);
		if (!eh.e_shoff)
			*end = 0;
	}
	if (elf_kind(elf) == ELF_K_ELF && elf_getshdrstrndx(elf, &shstrndx) == 0) {
		for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn;
		     scn = elf_nextscn(elf, scn)) {
			GElf_Shdr sh;
			const char *name;

			if (!gelf_getshdr(scn, &sh))
				continue;
			if (sh.sh_type != SHT_NOBITS &&
			    sh.sh_offset + sh.sh_size > *end)
				*end = sh.sh_offset + sh.sh_size;
			name = elf_strptr(elf, shstrndx, sh.sh_name);
			if (!name)
				continue;
			if (!strcmp(name, ".debug_info") ||
			    !strcmp(name, ".zdebug_info"))
				*has_debug = true;
			else if (!strcmp(name, ".BTF") && sh.sh_type == SHT_NOBITS)
				*btf_empty = true;
			else if (!strcmp(name, ".BTF"))
				*has_btf = true;
		}
	}
	elf_end(elf);
}

static int read_elf(struct lu_read_ctx *ctx, int fd, const struct stat *st,
		    const unsigned char *magic, size_t n)
{
	bool has_debug, has_btf, btf_empty;
	uint64_t end;
	unsigned machine;
	uint64_t ehdr = n > EI_CLASS && magic[EI_CLASS] == ELFCLASS64
				? sizeof(Elf64_Ehdr)
				: sizeof(Elf32_Ehdr);

	elf_sections(fd, &has_debug, &has_btf, &btf_empty, &end, &machine);
	if (end < ehdr)
		end = ehdr;
	if (btf_empty && !has_debug) {
		lu_error_set(ctx->err, "failed to read %s: its .BTF section "
				       "holds no data (SHT_NOBITS)", ctx->path);
		close(fd);
		return -1;
	}
	if (end > (uint64_t)st->st_size) {
		lu_error_set(ctx->err,
			     "failed to read %s: truncated ELF file (%lld "
			     "bytes, its headers and sections need %llu)",
			     ctx->path, (long long)st->st_size,
			     (unsigned long long)end);
		close(fd);
		return -1;
	}
	unsigned line = lu_line_size_for_machine(machine, &ctx->set->machine);

	if (!ctx->set->line_size)
		ctx->set->line_size = line;
	if (!has_debug && has_btf) {
		close(fd);
		return lu_read_btf(ctx);
	}
	return lu_read_dwarf(ctx, fd);
}

static int read_archive(struct lu_read_ctx *ctx, int fd, const struct stat *st)
{
	if (st->st_size == 8) {
		lu_error_set(ctx->err, "failed to read %s: an empty archive",
			     ctx->path);
		close(fd);
		return -1;
	}
	/* the walk checks every header; the members are libdwfl's to open */
	if (lu_ar_walk(fd, ctx->path, (uint64_t)st->st_size, false, NULL,
		       NULL, ctx->err) < 0) {
		close(fd);
		return -1;
	}
	return lu_read_dwarf(ctx, fd);
}

static int read_pahole_file(struct lu_read_ctx *ctx, int fd)
{
	FILE *f = fdopen(fd, "r");

	if (!f) {
		lu_error_set(ctx->err, "failed to read %s: %s", ctx->path,
			     strerror(errno));
		close(fd);
		return -1;
	}
	int rc = lu_read_pahole(ctx, f);

	fclose(f);
	return rc;
}

/* Refuses what cannot be read as a file; closes FD then. */
static int check_regular(struct lu_read_ctx *ctx, int fd, struct stat *st)
{
	const char *why = NULL;

	if (fstat(fd, st) != 0)
		why = strerror(errno);
	else if (S_ISDIR(st->st_mode))
		why = "is a directory";
	else if (S_ISFIFO(st->st_mode) && ctx->opts->pahole_text)
		return 0; /* <(pahole ...): read as a stream, EOF if no writer */
	else if (!S_ISREG(st->st_mode))
		why = "not a regular file (use - to read pahole text from "
		      "stdin)";
	else if (st->st_size == 0 && !ctx->opts->pahole_text)
		why = "the file is empty";
	if (!why)
		return 0;
	lu_error_set(ctx->err, "failed to read %s: %s", ctx->path, why);
	close(fd);
	return -1;
}

static int read_fd(struct lu_read_ctx *ctx, int fd)
{
	struct stat st;
	unsigned char magic[64];

	if (check_regular(ctx, fd, &st) < 0)
		return -1;
	if (ctx->opts->pahole_text)
		return read_pahole_file(ctx, fd);
	ssize_t n = pread(fd, magic, sizeof(magic), 0);

	if (n < 0) {
		lu_error_set(ctx->err, "failed to read %s: %s", ctx->path,
			     strerror(errno));
		close(fd);
		return -1;
	}
	if (n >= 4 && !memcmp(magic, ELFMAG, SELFMAG))
		return read_elf(ctx, fd, &st, magic, (size_t)n);
	if (n >= 8 && !memcmp(magic, "!<arch>\n", 8))
		return read_archive(ctx, fd, &st);
	if (n >= 8 && !memcmp(magic, "!<thin>\n", 8))
		return lu_read_thin_archive(ctx, fd, (uint64_t)st.st_size);
	if (n >= 4 && is_btf_magic(magic)) {
		close(fd);
		return lu_read_btf(ctx);
	}
	if (looks_like_pahole(magic, (size_t)n))
		return read_pahole_file(ctx, fd);
	close(fd);
	lu_error_set(ctx->err,
		     "failed to read %s: not an ELF file, an archive, raw BTF "
		     "or pahole text",
		     ctx->path);
	return -1;
}

static int read_path(struct lu_read_ctx *ctx)
{
	/* O_NONBLOCK: opening a FIFO must not wait for a writer. */
	int fd = open(ctx->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0) {
		lu_error_set(ctx->err, "failed to open %s: %s", ctx->path,
			     strerror(errno));
		return -1;
	}
	int flags = fcntl(fd, F_GETFL);

	if (flags >= 0)
		fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	return read_fd(ctx, fd);
}

int lu_read(const char *path, const struct lu_read_opts *opts,
	    struct lu_set *set, struct lu_error *err)
{
	/* LINEUP_DWARF_WALK=full: the DWARF reader walks every DIE even for
	 * a few names, as before its index (for tests and bench/ to
	 * compare: the output is the same) */
	const char *walk = getenv("LINEUP_DWARF_WALK");
	struct lu_read_opts o = *opts;

	o.full_walk = o.full_walk || (walk && !strcmp(walk, "full"));
	struct lu_read_ctx ctx = {
		.opts = &o, .set = set, .err = err,
		.path = strcmp(path, "-") ? path : "<stdin>",
	};
	struct lu_map_guard guard;
	int rc;

	for (size_t i = 0; i < opts->n_names; i++)
		lu_strset_add(&ctx.wanted, opts->names[i]);
	set->line_size = opts->line_size;
	set->path = ctx.path;	/* what reports call it: "<stdin>" for - */
	/* libelf and libdwfl map the input; the DWARF reader's own guards
	 * name the member or .dwo that shrank, this one the input */
	lu_map_guard_arm(&guard);
	rc = strcmp(path, "-") ? read_path(&ctx) : lu_read_pahole(&ctx, stdin);
	if (lu_map_guard_disarm(&guard)) {
		lu_error_set(err, "failed to read %s: the file shrank while "
				  "being read", ctx.path);
		rc = -1;
	}
	lu_strset_free(&ctx.wanted);
	if (rc == 0)
		lu_set_finish(set);
	/* one type the reader cannot lay out stops none of the others; one
	 * asked for by name is the asker's error (lu_set_find_or_error) */
	for (size_t i = 0; rc == 0 && !opts->n_names && i < set->n_skipped;
	     i++)
		fprintf(stderr, "lineup: note: %s: skipped struct %s: %s\n",
			ctx.path, set->skipped[i].name, set->skipped[i].why);
	return rc;
}
