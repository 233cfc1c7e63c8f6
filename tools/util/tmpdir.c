/* SPDX-License-Identifier: MIT */
/* lineup's private temporary directory; see tmpdir.h. */
#include "tmpdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"
#include "error.h"

char *lu_tmpdir_make(struct lu_arena *a, const char *prefix,
		     struct lu_error *err)
{
	const char *tmpdir = getenv("TMPDIR");
	char *path;

	if (!tmpdir || !*tmpdir)
		tmpdir = "/tmp";
	path = lu_arena_printf(a, "%s/%s.XXXXXX", tmpdir, prefix);
	if (!mkdtemp(path)) {
		lu_error_set(err, "failed to create a temporary directory in "
				  "%s: %s", tmpdir, strerror(errno));
		return NULL;
	}
	return path;
}

/*
 * Empties the directory open as FD (and closes it), never following a
 * symbolic link: the compiles have this directory as their TMPDIR, and
 * what they leave there may hold directories of its own.
 */
static void empty_dir(int fd)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;

	if (!d) {
		close(fd);
		return;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (unlinkat(dirfd(d), e->d_name, 0) == 0 || errno != EISDIR)
			continue;
		int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY |
						      O_NOFOLLOW | O_CLOEXEC);

		if (sub >= 0)
			empty_dir(sub);
		unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR);
	}
	closedir(d);
}

void lu_tmpdir_remove(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd >= 0)
		empty_dir(fd);
	rmdir(path);
}
