/* SPDX-License-Identifier: MIT */
/* An output file replaced at once, regular files only; see atomic_out.h. */
#include "atomic_out.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


static const char *not_regular(mode_t mode)
{
	return S_ISDIR(mode)   ? "Is a directory"
	       : S_ISFIFO(mode) ? "not a regular file (a FIFO)"
	       : S_ISCHR(mode)	? "not a regular file (a character device)"
	       : S_ISBLK(mode)	? "not a regular file (a block device)"
	       : S_ISSOCK(mode) ? "not a regular file (a socket)"
				: "not a regular file";
}

int lu_atomic_open(struct lu_atomic_out *o, const char *path,
		   struct lu_error *err)
{
	size_t len = strlen(path);
	struct stat st;
	int fd;

	o->path = path;
	o->f = NULL;
	o->tmp = NULL;
	o->in.fd = -1;
	/* what PATH names (through a symbolic link) must be a file */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		lu_error_set(err, "failed to write %s: %s", path,
			     not_regular(st.st_mode));
		return -1;
	}
	if (lu_interrupt_init(&o->in) < 0) {
		lu_error_set(err, "failed to write %s: %s", path,
			     strerror(errno));
		return -1;
	}
	o->tmp = malloc(len + 16);
	if (!o->tmp)
		abort();
	/* same directory as PATH, so the rename cannot cross filesystems */
	snprintf(o->tmp, len + 16, "%s.tmp.XXXXXX", path);
	fd = mkstemp(o->tmp);
	if (fd < 0) {
		lu_error_set(err, "failed to write %s: %s", path,
			     strerror(errno));
		free(o->tmp);
		o->tmp = NULL;
		lu_interrupt_release(&o->in);
		return -1;
	}
	/* mkstemp makes it 0600; an output is as readable as any file */
	mode_t mask = umask(0);

	umask(mask);
	if (fchmod(fd, 0666 & ~mask) < 0 || !(o->f = fdopen(fd, "w"))) {
		lu_error_set(err, "failed to write %s: %s", path,
			     strerror(errno));
		close(fd);
		lu_atomic_abandon(o);
		return -1;
	}
	return 0;
}

/* Removes the temporary, releases the signals; dies of one that came. */
static void finish(struct lu_atomic_out *o, bool remove)
{
	int sig = lu_interrupt_check(&o->in);

	if (o->f)
		fclose(o->f);
	o->f = NULL;
	if (o->tmp && (remove || sig))
		unlink(o->tmp);
	free(o->tmp);
	o->tmp = NULL;
	lu_interrupt_release(&o->in);
	/* as matrix does: the files gone, die of the signal */
	if (sig)
		exit(lu_interrupt_die(sig));
}

void lu_atomic_abandon(struct lu_atomic_out *o)
{
	finish(o, true);
}

int lu_atomic_commit(struct lu_atomic_out *o, struct lu_error *err)
{
	int e = 0;

	if (fflush(o->f) != 0 || ferror(o->f) || fsync(fileno(o->f)) < 0)
		e = errno ? errno : EIO;
	if (fclose(o->f) != 0 && !e)
		e = errno ? errno : EIO;
	o->f = NULL;
	/* a signal now still wins over the rename */
	if (!e && !lu_interrupt_check(&o->in) && rename(o->tmp, o->path) < 0)
		e = errno;
	if (e) {
		lu_error_set(err, "failed to write %s: %s", o->path,
			     strerror(e));
		finish(o, true);
		return -1;
	}
	finish(o, false);
	return 0;
}
