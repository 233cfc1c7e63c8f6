/* SPDX-License-Identifier: MIT */
/*
 * Fuzzes the net_cachelines table parser, and holds what it makes to a
 * promise: whatever the table, the rules written from it are a rules file
 * lineup's own parser accepts (a generated file that cannot be read back
 * would fail in the user's CI, far from its cause).
 */
#include <stdio.h>
#include <stdlib.h>

#include "error.h"
#include "fuzz.h"
#include "net_cachelines.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lu_nc_table t;
	struct lu_error err;
	char *text = NULL;
	size_t len = 0;

	if (lu_nc_parse((const char *)data, size, "fuzz.rst", NULL, &t,
			&err) < 0) {
		lu_nc_free(&t);
		return 0;
	}
	FILE *out = open_memstream(&text, &len);

	if (!out || !lu_nc_write_rules(&t, out) || fclose(out))
		abort();
	struct lu_rules rules;

	if (lu_rules_parse_string(text, len, "fuzz.ini", &rules, &err) < 0) {
		fprintf(stderr, "generated rules do not parse: %s\n%s",
			err.msg, text);
		abort();
	}
	lu_rules_free(&rules);
	free(text);
	lu_nc_free(&t);
	return 0;
}
