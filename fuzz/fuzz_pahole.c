/* SPDX-License-Identifier: MIT */
/*
 * Fuzzes the pahole text reader (`pahole --hex -C NAME FILE | lineup check
 * --from-pahole -`), then checks and prints what was read.
 */
#include <unistd.h>

#include "fuzz.h"
#include "reader.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd = fuzz_memfd(data, size, path, sizeof(path));

	if (fd < 0)
		return 0;
	/* --from-pahole: whatever the first bytes, the text reader reads */
	struct lu_read_opts opts = {
		.marked = true, .expand_depth = 1, .pahole_text = true,
	};
	struct lu_set set;
	struct lu_error err;

	lu_set_init(&set, path);
	if (lu_read(path, &opts, &set, &err) == 0)
		fuzz_consume(&set, NULL);
	lu_set_free(&set);
	close(fd);
	return 0;
}
