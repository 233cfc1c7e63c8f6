/* SPDX-License-Identifier: MIT */
/* Whole-file reads for small inputs; see slurp.h. */
#include "slurp.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int lu_slurp(const char *path, size_t max, char **buf, size_t *len)
{
	/* O_NONBLOCK: a FIFO must not make the open wait for a writer */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct stat st;
	char *p = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;

	*buf = NULL;
	*len = 0;
	if (fd < 0)
		return errno;
	if (fstat(fd, &st) < 0) {
		rc = errno;
		goto out;
	}
	if (S_ISDIR(st.st_mode) || !S_ISREG(st.st_mode)) {
		rc = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
		goto out;
	}
	for (;;) {
		if (n + 4096 + 1 > cap) {
			cap = cap ? cap * 2 : 65536;
			char *q = realloc(p, cap);

			if (!q)
				abort();
			p = q;
		}
		ssize_t got = read(fd, p + n, cap - n - 1);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			rc = errno;
			goto out;
		}
		if (got == 0)
			break;
		n += (size_t)got;
		if (n > max) {
			rc = EFBIG;
			goto out;
		}
	}
	p[n] = '\0';
	*buf = p;
	*len = n;
	p = NULL;
out:
	free(p);
	close(fd);
	return rc;
}
