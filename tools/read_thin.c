/* SPDX-License-Identifier: MIT */
/*
 * GNU thin archives ("!<thin>\n", what meson and `ar --thin` make) hold only
 * the members' names; the objects stay next to the archive. libelf reads
 * ordinary archives but not these, so this file walks the 60-byte ar headers
 * (the format is in ar(5)) and hands the member files to the DWARF reader.
 */
#include "reader.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define AR_HEADER 60
#define MAX_MEMBERS 100000

struct ar_header {
	char name[16], date[12], uid[6], gid[6], mode[8], size[10], fmag[2];
};

static bool parse_size(const char *field, size_t len, uint64_t *out)
{
	uint64_t v = 0;
	size_t i = 0;

	while (i < len && field[i] >= '0' && field[i] <= '9')
		v = v * 10 + (uint64_t)(field[i++] - '0');
	while (i < len && field[i] == ' ')
		i++;
	*out = v;
	return i == len && len && field[0] != ' ';
}

/* A member's name: "name/" inline, or "/OFFSET" into the "//" table. */
static char *member_name(const struct ar_header *h, const char *names,
			 uint64_t names_len)
{
	if (h->name[0] == '/' && h->name[1] >= '0' && h->name[1] <= '9') {
		uint64_t off = strtoull(h->name + 1, NULL, 10);

		if (!names || off >= names_len)
			return NULL;
		const char *end = memchr(names + off, '\n', names_len - off);

		if (!end || end == names + off)
			return NULL;
		size_t n = (size_t)(end - (names + off));

		if (names[off + n - 1] == '/')
			n--;
		return strndup(names + off, n);
	}
	const char *slash = memchr(h->name, '/', sizeof(h->name));

	if (!slash || slash == h->name)
		return NULL;
	return strndup(h->name, (size_t)(slash - h->name));
}

int lu_read_thin_archive(int fd, const char *path,
			 const struct lu_read_opts *opts, struct lu_set *set,
			 struct lu_error *err)
{
	struct stat st;
	char *buf = NULL, *names = NULL, *dir = NULL;
	uint64_t names_len = 0;
	struct lu_dwarf_file *files = NULL;
	size_t n_files = 0, cap = 0;
	int rc = -1;

	if (fstat(fd, &st) < 0 || st.st_size > (64 << 20)) {
		lu_error_set(err, "failed to read thin archive %s: %s", path,
			     errno ? strerror(errno) : "larger than 64 MiB");
		goto out;
	}
	buf = malloc((size_t)st.st_size + 1);
	if (!buf || pread(fd, buf, (size_t)st.st_size, 0) != st.st_size) {
		lu_error_set(err, "failed to read thin archive %s: %s", path,
			     strerror(errno ? errno : EIO));
		goto out;
	}
	const char *slash = strrchr(path, '/');

	dir = slash ? strndup(path, (size_t)(slash - path)) : strdup(".");
	for (uint64_t pos = 8; pos < (uint64_t)st.st_size;) {
		const struct ar_header *h = (const void *)(buf + pos);
		uint64_t size;

		if ((uint64_t)st.st_size - pos < AR_HEADER ||
		    memcmp(h->fmag, "`\n", 2) ||
		    !parse_size(h->size, sizeof(h->size), &size)) {
			lu_error_set(err, "failed to read thin archive %s: "
					  "malformed member header at byte %llu",
				     path, (unsigned long long)pos);
			goto out;
		}
		pos += AR_HEADER;
		/* Symbol and name tables are stored; members are not. */
		if (h->name[0] == '/' && (h->name[1] == ' ' || h->name[1] == '/' ||
					  !memcmp(h->name, "/SYM64/", 7))) {
			if (size > (uint64_t)st.st_size - pos) {
				lu_error_set(err, "failed to read thin archive "
						  "%s: truncated table", path);
				goto out;
			}
			if (h->name[1] == '/') {
				names = buf + pos;
				names_len = size;
			}
			pos += size + (size & 1);
			continue;
		}
		char *name = member_name(h, names, names_len);

		if (!name || n_files >= MAX_MEMBERS) {
			free(name);
			lu_error_set(err, "failed to read thin archive %s: bad "
					  "member name", path);
			goto out;
		}
		char *member = name[0] == '/' ? name : NULL;

		if (!member && asprintf(&member, "%s/%s", dir, name) < 0)
			abort();
		if (member != name)
			free(name);
		int mfd = open(member, O_RDONLY | O_CLOEXEC);

		if (mfd < 0) {
			lu_error_set(err, "failed to read thin archive %s: "
					  "member %s: %s", path, member,
				     strerror(errno));
			free(member);
			goto out;
		}
		files = lu_grow(files, &cap, n_files, sizeof(*files));
		files[n_files].fd = mfd;
		files[n_files++].name =
			lu_arena_strdup(&set->arena, member);
		free(member);
	}
	if (!n_files) {
		lu_error_set(err, "failed to read thin archive %s: no members",
			     path);
		goto out;
	}
	rc = lu_read_dwarf_files(files, n_files, path, true, opts, set, err);
	n_files = 0;	/* the DWARF reader closed them */
out:
	for (size_t i = 0; i < n_files; i++)
		close(files[i].fd);
	free(files);
	free(buf);
	free(dir);
	close(fd);
	return rc;
}
