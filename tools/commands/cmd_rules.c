/* SPDX-License-Identifier: MIT */
/*
 * `lineup rules --from-net-cachelines FILE.rst`: the kernel's own
 * statement of which fields each fast path touches, as a rules file on
 * stdout. Rows that cannot be placed are warnings naming their line; the
 * rules for the others are still written.
 */
#include <stdio.h>

#include "cli.h"
#include "error.h"
#include "net_cachelines.h"
#include "report.h"

int lu_cmd_rules(struct lu_cli *cli)
{
	struct lu_nc_table t;
	struct lu_error err;

	if (!cli->net_cachelines || cli->n_args) {
		static const char usage[] =
			"lineup rules --from-net-cachelines FILE.rst";

		if (!cli->net_cachelines)
			return lu_usage_error("rules", usage,
					      "no --from-net-cachelines "
					      "FILE.rst given");
		return lu_usage_error("rules", usage, "takes no FILE ('%s')",
				      cli->args[0]);
	}
	int parsed = lu_nc_parse_file(cli->net_cachelines, NULL, &t, &err);

	/* first the rows it could not place: they may be why it failed */
	for (size_t i = 0; i < t.n_warnings; i++)
		lu_eprintf("%s:%u: warning: %s\n", t.path,
			t.warnings[i].line, t.warnings[i].msg);
	if (parsed < 0) {
		fprintf(stderr, "lineup: %s\n", err.msg);
		lu_nc_free(&t);
		return LU_EXIT_USAGE;
	}
	bool wrote = lu_nc_write_rules(&t, stdout) &&
		     lu_output_flush(stdout) == 0;

	lu_nc_free(&t);
	if (!wrote) {
		perror("lineup: failed to write the output");
		return LU_EXIT_USAGE;
	}
	return LU_EXIT_OK;
}
