/* SPDX-License-Identifier: MIT */
/*
 * Input dispatch: opens the file once, refuses what is not a regular file,
 * recognises ELF, archives, raw BTF and pahole text by their first bytes,
 * and hands over to the reader for that format.
 */
#include "reader.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void lu_error_set(struct lu_error *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
}

bool lu_opts_wants(const struct lu_read_opts *opts, const char *name)
{
	if (opts->seen_names) {
		lu_strset_add(opts->seen_names, name);
		return false;
	}
	if (!opts->n_names)
		return true;
	for (size_t i = 0; i < opts->n_names; i++)
		if (!strcmp(opts->names[i], name))
			return true;
	return false;
}

bool lu_is_begin_marker_name(const char *name)
{
	return name && (!strncmp(name, "lineup__begin__", 15) ||
			!strncmp(name, "__cacheline_group_begin__", 25));
}

static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t *row = calloc(lb + 1, sizeof(*row));

	if (!row)
		return (size_t)-1;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	size_t d = row[lb];

	free(row);
	return d;
}

const char *lu_closest_name(const char *name, const struct lu_strset *cands)
{
	const char *best = NULL;
	size_t best_d = strlen(name) / 3 + 1;

	if (best_d < 2)
		best_d = 2;
	best_d++;
	for (size_t i = 0; i < cands->cap; i++) {
		const char *c = cands->slots[i];

		if (!c)
			continue;
		size_t lc = strlen(c), ln = strlen(name);

		if ((lc > ln ? lc - ln : ln - lc) >= best_d)
			continue;
		size_t d = edit_distance(name, c);

		if (d < best_d || (d == best_d && best && strcmp(c, best) < 0)) {
			best = c;
			best_d = d;
		}
	}
	return best;
}

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
 * from a NULL pointer.
 */
static void elf_sections(int fd, bool *has_debug, bool *has_btf,
			 bool *btf_empty, uint64_t *end)
{
	*has_debug = *has_btf = *btf_empty = false;
	*end = 0;
	elf_version(EV_CURRENT);
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	size_t shstrndx;
	GElf_Ehdr eh;

	if (!elf)
		return;
	if (elf_kind(elf) == ELF_K_ELF && gelf_getehdr(elf, &eh)) {
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

/*
 * Where the last member of an ar archive ends, by its 60-byte headers (a
 * decimal size each, data padded to even); UINT64_MAX when a header is
 * malformed. libdwfl skips a truncated member without a word.
 */
static uint64_t archive_end(int fd, uint64_t file_size)
{
	uint64_t off = 8;

	while (off < file_size) {
		char h[60], num[11];
		char *end;

		if (file_size - off < sizeof(h))
			return off + sizeof(h);
		if (pread(fd, h, sizeof(h), (off_t)off) != (ssize_t)sizeof(h) ||
		    memcmp(h + 58, "`\n", 2))
			return UINT64_MAX;
		memcpy(num, h + 48, 10);
		num[10] = '\0';
		unsigned long long size = strtoull(num, &end, 10);

		if (end == num || (*end && *end != ' '))
			return UINT64_MAX;
		off += sizeof(h) + size;
		if (off < size) /* wrapped */
			return UINT64_MAX;
		if (off == file_size)
			return off;
		off += size & 1;
	}
	return off;
}

static int read_fd(int fd, const char *path, const struct lu_read_opts *opts,
		   struct lu_set *set, struct lu_error *err)
{
	struct stat st;
	unsigned char magic[64];

	if (fstat(fd, &st) != 0) {
		lu_error_set(err, "failed to read %s: %s", path,
			     strerror(errno));
		close(fd);
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		lu_error_set(err, "failed to read %s: is a directory", path);
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		lu_error_set(err,
			     "failed to read %s: not a regular file (use - to "
			     "read pahole text from stdin)",
			     path);
		close(fd);
		return -1;
	}
	if (st.st_size == 0) {
		lu_error_set(err, "failed to read %s: the file is empty", path);
		close(fd);
		return -1;
	}
	ssize_t n = pread(fd, magic, sizeof(magic), 0);

	if (n < 0) {
		lu_error_set(err, "failed to read %s: %s", path,
			     strerror(errno));
		close(fd);
		return -1;
	}
	if (n >= 4 && !memcmp(magic, ELFMAG, SELFMAG)) {
		bool has_debug, has_btf, btf_empty;
		uint64_t end;
		uint64_t ehdr = n > EI_CLASS && magic[EI_CLASS] == ELFCLASS64
					? sizeof(Elf64_Ehdr)
					: sizeof(Elf32_Ehdr);

		elf_sections(fd, &has_debug, &has_btf, &btf_empty, &end);
		if (end < ehdr)
			end = ehdr;
		if (btf_empty && !has_debug) {
			lu_error_set(err, "failed to read %s: its .BTF section "
					  "holds no data (SHT_NOBITS)", path);
			close(fd);
			return -1;
		}
		if (end > (uint64_t)st.st_size) {
			lu_error_set(err,
				     "failed to read %s: truncated ELF file (%lld "
				     "bytes, its headers and sections need %llu)",
				     path, (long long)st.st_size,
				     (unsigned long long)end);
			close(fd);
			return -1;
		}
		if (!has_debug && has_btf) {
			close(fd);
			return lu_read_btf(path, opts, set, err);
		}
		return lu_read_dwarf(fd, path, opts, set, err);
	}
	if (n >= 8 && !memcmp(magic, "!<arch>\n", 8)) {
		uint64_t end = archive_end(fd, (uint64_t)st.st_size);

		if (st.st_size == 8) {
			lu_error_set(err, "failed to read %s: an empty archive",
				     path);
			close(fd);
			return -1;
		}
		if (end > (uint64_t)st.st_size) {
			if (end == UINT64_MAX)
				lu_error_set(err, "failed to read %s: malformed "
						  "archive member header", path);
			else
				lu_error_set(err,
					     "failed to read %s: truncated "
					     "archive (%lld bytes, its members "
					     "need %llu)",
					     path, (long long)st.st_size,
					     (unsigned long long)end);
			close(fd);
			return -1;
		}
		return lu_read_dwarf(fd, path, opts, set, err);
	}
	if (n >= 8 && !memcmp(magic, "!<thin>\n", 8))
		return lu_read_thin_archive(fd, path, opts, set, err);
	if (n >= 4 && is_btf_magic(magic)) {
		close(fd);
		return lu_read_btf(path, opts, set, err);
	}
	if (looks_like_pahole(magic, (size_t)n)) {
		FILE *f = fdopen(fd, "r");

		if (!f) {
			close(fd);
			lu_error_set(err, "failed to read %s: %s", path,
				     strerror(errno));
			return -1;
		}
		int rc = lu_read_pahole(f, path, opts, set, err);

		fclose(f);
		return rc;
	}
	close(fd);
	lu_error_set(err,
		     "failed to read %s: not an ELF file, an archive, raw BTF "
		     "or pahole text",
		     path);
	return -1;
}

static int read_once(const char *path, const struct lu_read_opts *opts,
		     struct lu_set *set, struct lu_error *err)
{
	if (!strcmp(path, "-"))
		return lu_read_pahole(stdin, "<stdin>", opts, set, err);
	/* O_NONBLOCK: opening a FIFO must not wait for a writer. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0) {
		lu_error_set(err, "failed to open %s: %s", path,
			     strerror(errno));
		return -1;
	}
	int flags = fcntl(fd, F_GETFL);

	if (flags >= 0)
		fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	return read_fd(fd, path, opts, set, err);
}

void lu_struct_names(const struct lu_set *set, bool rereadable,
		     struct lu_strset *names)
{
	struct lu_read_opts scan = { .seen_names = names };
	struct lu_set tmp;
	struct lu_error ignored;

	if (!rereadable) {
		for (size_t k = 0; k < set->n_structs; k++)
			lu_strset_add(names, set->structs[k].name);
		return;
	}
	lu_set_init(&tmp, set->path);
	read_once(set->path, &scan, &tmp, &ignored);
	lu_set_free(&tmp);
}

int lu_read(const char *path, const struct lu_read_opts *opts,
	    struct lu_set *set, struct lu_error *err)
{
	if (read_once(path, opts, set, err) < 0)
		return -1;
	/* Every wanted struct must be there; name the closest otherwise. */
	for (size_t i = 0; !opts->allow_missing && i < opts->n_names; i++) {
		if (lu_set_find(set, opts->names[i]))
			continue;
		struct lu_strset names = { 0 };
		const char *close_name;

		lu_struct_names(set, strcmp(path, "-") != 0, &names);
		close_name = lu_closest_name(opts->names[i], &names);
		if (close_name)
			lu_error_set(err,
				     "failed to find struct %s in %s (did you "
				     "mean '%s'?)",
				     opts->names[i], path, close_name);
		else
			lu_error_set(err, "failed to find struct %s in %s",
				     opts->names[i], path);
		lu_strset_free(&names);
		return -1;
	}
	return 0;
}
