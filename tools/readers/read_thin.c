/* SPDX-License-Identifier: MIT */
/*
 * GNU thin archives ("!<thin>\n", what meson and `ar --thin` make) hold only
 * the members' names; the objects stay next to the archive. libelf reads
 * ordinary archives but not these, so the ar walker names the members and
 * their files are handed to the DWARF reader as one input.
 */
#include "read_formats.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ar.h"

#define MAX_MEMBERS 100000

struct thin_walk {
	struct lu_read_ctx *ctx;
	const char *dir;
	struct lu_dwarf_file *files;
	size_t n_files, cap;
};

/*
 * A member must be a regular file: a FIFO would block the read forever
 * and a device could be endless. O_NONBLOCK keeps the open itself from
 * waiting for a FIFO's writer.
 */
static int open_member(const char *label, const char *file,
		       struct lu_error *err)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct stat st;

	if (fd < 0) {
		lu_error_set(err, "failed to read %s: %s", label,
			     strerror(errno));
		return -1;
	}
	const char *why = NULL;

	if (fstat(fd, &st) < 0)
		why = strerror(errno);
	else if (S_ISDIR(st.st_mode))
		why = "is a directory";
	else if (!S_ISREG(st.st_mode))
		why = "not a regular file";
	if (why) {
		lu_error_set(err, "failed to read %s: %s", label, why);
		close(fd);
		return -1;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

static int add_member(void *arg, const struct lu_ar_member *m)
{
	struct thin_walk *w = arg;
	struct lu_read_ctx *ctx = w->ctx;
	char *label = lu_ar_member_label(ctx->path, m->name);
	char *file = NULL;
	int fd = -1;

	if (w->n_files >= MAX_MEMBERS)
		lu_error_set(ctx->err, "failed to read %s: more than %u members",
			     ctx->path, MAX_MEMBERS);
	else if (m->name[0] != '/' &&
		 asprintf(&file, "%s/%s", w->dir, m->name) < 0)
		abort();
	else
		fd = open_member(label, file ? file : m->name, ctx->err);
	if (fd >= 0) {
		w->files = lu_grow(w->files, &w->cap, w->n_files,
				   sizeof(*w->files));
		w->files[w->n_files].fd = fd;
		w->files[w->n_files++].name =
			lu_arena_strdup(&ctx->set->arena, file ? file : m->name);
	}
	free(file);
	free(label);
	return fd < 0 ? -1 : 0;
}

int lu_read_thin_archive(struct lu_read_ctx *ctx, int fd, uint64_t size)
{
	const char *slash = strrchr(ctx->path, '/');
	char *dir = slash ? strndup(ctx->path, (size_t)(slash - ctx->path))
			  : strdup(".");
	struct thin_walk w = { .ctx = ctx, .dir = dir };
	int rc;

	if (!dir)
		abort();
	rc = lu_ar_walk(fd, ctx->path, size, true, add_member, &w, ctx->err);
	close(fd);
	if (rc == 0 && !w.n_files) {
		lu_error_set(ctx->err, "failed to read %s: a thin archive "
				       "without members", ctx->path);
		rc = -1;
	}
	if (rc == 0) {
		rc = lu_read_dwarf_files(ctx, w.files, w.n_files, true);
		w.n_files = 0;	/* the DWARF reader closed them */
	}
	for (size_t i = 0; i < w.n_files; i++)
		close(w.files[i].fd);
	free(w.files);
	free(dir);
	return rc;
}
