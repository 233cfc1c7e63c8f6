/* SPDX-License-Identifier: MIT */
/*
 * --stamp FILE: the output a build system needs to run a check once per
 * change and again after a failure, with no wrapper script around lineup.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int lu_stamp_remove(const struct lu_cli *cli)
{
	if (!cli->stamp || !unlink(cli->stamp) || errno == ENOENT)
		return 0;
	fprintf(stderr, "lineup: failed to remove %s: %s\n", cli->stamp,
		strerror(errno));
	return -1;
}

int lu_stamp_settle(const struct lu_cli *cli, int rc)
{
	int fd;

	if (!cli->stamp || rc != LU_EXIT_OK)
		return rc;
	fd = open(cli->stamp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0 || close(fd) < 0) {
		fprintf(stderr, "lineup: failed to write %s: %s\n", cli->stamp,
			strerror(errno));
		return LU_EXIT_USAGE;
	}
	return rc;
}
