/* SPDX-License-Identifier: MIT */
/*
 * Fuzzes the pahole text reader (`pahole --hex -C NAME FILE | lineup check
 * --from-pahole -`), then checks and prints what was read.
 */
#include <stdio.h>

#include "fuzz.h"
#include "reader.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* glibc's fmemopen refuses an empty buffer; /dev/null is empty too */
	FILE *in = size ? fmemopen((void *)data, size, "r")
			: fopen("/dev/null", "r");

	if (!in)
		return 0;
	struct lu_read_opts opts = { .marked = true, .expand_depth = 1 };
	struct lu_set set;
	struct lu_error err;

	lu_set_init(&set, "fuzz.pahole");
	if (lu_read_pahole(in, "fuzz.pahole", &opts, &set, &err) == 0)
		fuzz_consume(&set, NULL);
	lu_set_free(&set);
	fclose(in);
	return 0;
}
