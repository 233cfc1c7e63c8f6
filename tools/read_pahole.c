/* SPDX-License-Identifier: MIT */
/* The pahole text reader (being written: see the pahole reader task). */
#include "reader.h"

int lu_read_pahole(FILE *in, const char *path, const struct lu_read_opts *opts,
		   struct lu_set *set, struct lu_error *err)
{
	(void)in, (void)opts, (void)set;
	lu_error_set(err, "failed to read %s: pahole text is not supported yet",
		     path);
	return -1;
}
