/* SPDX-License-Identifier: MIT */
/*
 * The sweep's configurations start from what `options = auto` prepared
 * (kconfig_auto.h). The search made its base's configuration in the
 * base's O= and kept it there, prepared: kconfig's conf, fixdep, the host
 * tools and the generated headers. A configuration's directory that
 * starts as a copy of it has the tree's own make rebuild only what its
 * .config changes, through kbuild's dependency files, as the search's
 * own configurations do (bench/README.md measures what that saves). The
 * object is removed from the copy, so it is always compiled in the
 * configuration's directory, whatever the tree's dependencies miss.
 */
#include <string.h>
#include <unistd.h>

#include "jobs.h"
#include "kconfig_auto.h"
#include "matrix.h"

/*
 * $1 the prepared O=, $2 the configuration's, $3 the object; then the
 * command's own words. The .config lineup wrote is kept over the copy's.
 */
static const char from_prepared[] =
	"lu_from() { b=$1 d=$2 o=$3; c=$4; shift 4; "
	"mv \"$d/.config\" \"$d/.lineup-config\" && cp -a \"$b/.\" \"$d/\" && "
	"mv \"$d/.lineup-config\" \"$d/.config\" && "
	"rm -f \"$d/$o\" \"$d/.lineup-prepared\" && "
	"eval \"$c \\\"\\$@\\\"\"; }; lu_from";

const char **lu_kconfig_prepared(struct lu_matrix *mx, size_t n)
{
	const char **dirs = lu_arena_alloc(&mx->arena, (n + 1) * sizeof(*dirs));
	size_t i = 0;

	memset(dirs, 0, (n + 1) * sizeof(*dirs));
	/* one search per architecture, in `arch =`'s order */
	for (const struct lu_kconfig_auto *ka = mx->kauto; ka && i < n;
	     ka = ka->next, i++) {
		const char *dir = lu_arena_printf(&mx->arena, "%s/base",
						  ka->dir);

		if (access(lu_arena_printf(&mx->arena, "%s/.lineup-prepared",
					   dir), F_OK) == 0)
			dirs[i] = dir;
	}
	return dirs;
}

void lu_kconfig_from_prepared(struct lu_matrix *mx, struct lu_job *job,
			      const char *prepared, const char *dir)
{
	const char **args = lu_arena_alloc(&mx->arena, (job->n_args + 5) *
							       sizeof(*args));

	args[0] = prepared;
	args[1] = dir;
	args[2] = mx->m->object;
	args[3] = job->command;
	memcpy(args + 4, job->args, job->n_args * sizeof(*args));
	args[job->n_args + 4] = NULL;
	job->command = from_prepared;
	job->args = args;
	job->n_args += 4;
}
