/* SPDX-License-Identifier: MIT */
/*
 * ar(5) headers: 16-byte name, dates and ids, a 10-digit decimal size and
 * "`\n"; data padded to an even offset. Long names live in the "//" table
 * and are referenced as "/OFFSET". A thin archive stores headers and
 * tables but not its members' data.
 */
#include "ar.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define AR_MAGIC 8
#define AR_HEADER 60
/* the long-name table is read whole; GNU ar's are a few KiB */
#define MAX_NAME_TABLE (64u << 20)

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
		return n ? strndup(names + off, n) : NULL;
	}
	const char *slash = memchr(h->name, '/', sizeof(h->name));

	if (!slash) { /* BSD-style or no terminator: trailing blanks */
		size_t n = sizeof(h->name);

		while (n && h->name[n - 1] == ' ')
			n--;
		return n ? strndup(h->name, n) : NULL;
	}
	if (slash == h->name)
		return NULL;
	return strndup(h->name, (size_t)(slash - h->name));
}

static bool is_table(const struct ar_header *h)
{
	return h->name[0] == '/' && (h->name[1] == ' ' || h->name[1] == '/' ||
				     !memcmp(h->name, "/SYM64/", 7));
}

int lu_ar_walk(int fd, const char *path, uint64_t file_size, bool thin,
	       int (*visit)(void *arg, const struct lu_ar_member *m),
	       void *arg, struct lu_error *err)
{
	char *names = NULL;
	uint64_t names_len = 0, pos = AR_MAGIC;
	int rc = 0;

	while (pos < file_size && rc == 0) {
		struct ar_header h;
		uint64_t size, data;

		if (file_size - pos < AR_HEADER) {
			lu_error_set(err, "failed to read %s: truncated archive "
					  "(%llu bytes, a member header at "
					  "byte %llu needs %u)",
				     path, (unsigned long long)file_size,
				     (unsigned long long)pos, AR_HEADER);
			rc = -1;
			break;
		}
		if (pread(fd, &h, sizeof(h), (off_t)pos) != (ssize_t)sizeof(h) ||
		    memcmp(h.fmag, "`\n", 2) ||
		    !parse_size(h.size, sizeof(h.size), &size)) {
			lu_error_set(err, "failed to read %s: malformed archive "
					  "member header at byte %llu",
				     path, (unsigned long long)pos);
			rc = -1;
			break;
		}
		data = pos + AR_HEADER;
		/* thin archives store their tables, not their members */
		bool stored = !thin || is_table(&h);

		if (stored && size > file_size - data) {
			lu_error_set(err, "failed to read %s: truncated archive "
					  "(%llu bytes, its members need %llu)",
				     path, (unsigned long long)file_size,
				     (unsigned long long)(data + size));
			rc = -1;
			break;
		}
		if (is_table(&h)) {
			if (h.name[1] == '/' && !names) {
				if (size > MAX_NAME_TABLE ||
				    !(names = malloc(size ? size : 1)) ||
				    pread(fd, names, size, (off_t)data) !=
					    (ssize_t)size) {
					lu_error_set(err, "failed to read %s: "
							  "its long-name table "
							  "(%llu bytes)",
						     path,
						     (unsigned long long)size);
					rc = -1;
					break;
				}
				names_len = size;
			}
		} else {
			char *name = member_name(&h, names, names_len);

			if (!name) {
				lu_error_set(err, "failed to read %s: bad member "
						  "name at byte %llu",
					     path, (unsigned long long)pos);
				rc = -1;
				break;
			}
			struct lu_ar_member m = { name, pos, size };

			rc = visit ? visit(arg, &m) : 0;
			free(name);
		}
		pos = data + (stored ? size + (size & 1) : 0);
	}
	free(names);
	return rc;
}

char *lu_ar_member_label(const char *archive, const char *member)
{
	char *label;

	if (asprintf(&label, "%s(%s)", archive, member) < 0)
		abort();
	return label;
}
