/* SPDX-License-Identifier: MIT */
/* `lineup matrix`: see matrix.c. */
#include <stdio.h>

#include "cli.h"

int lu_cmd_matrix(struct lu_cli *cli)
{
	(void)cli;
	fprintf(stderr, "lineup matrix: not built yet in this revision\n");
	return 2;
}
