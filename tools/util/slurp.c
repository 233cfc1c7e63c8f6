/* SPDX-License-Identifier: MIT */
/* Whole-file reads for small inputs; see slurp.h. */
#include "slurp.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int lu_slurp_fd(int fd, size_t max, char **buf, size_t *len)
{
	char *p = NULL;
	size_t n = 0, cap = 0;

	*buf = NULL;
	*len = 0;
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
		if (got < 0 || n + (size_t)(got > 0 ? got : 0) > max) {
			int rc = got < 0 ? errno : EFBIG;

			free(p);
			return rc;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	p[n] = '\0';
	*buf = p;
	*len = n;
	return 0;
}

int lu_slurp(const char *path, size_t max, char **buf, size_t *len)
{
	/* O_NONBLOCK: a FIFO must not make the open wait for a writer */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct stat st;
	int rc;

	*buf = NULL;
	*len = 0;
	if (fd < 0)
		return errno;
	if (fstat(fd, &st) < 0)
		rc = errno;
	else if (!S_ISREG(st.st_mode))
		rc = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
	else
		rc = lu_slurp_fd(fd, max, buf, len);
	close(fd);
	return rc;
}

const char *lu_slurp_reason(int e, size_t max, char *buf, size_t size)
{
	if (e == EFBIG)
		snprintf(buf, size, "larger than %zu MiB", max >> 20);
	else
		snprintf(buf, size, "%s",
			 e == EINVAL ? "not a regular file" : strerror(e));
	return buf;
}
