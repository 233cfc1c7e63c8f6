/* SPDX-License-Identifier: MIT */
/*
 * Fuzzes the input dispatch and the DWARF reader (ELF objects, archives,
 * and whatever else lu_read recognises by its first bytes), then checks and
 * prints what was read. The bytes go to a memfd so the readers see a real
 * file, the way lineup sees one.
 */
#include <gelf.h>
#include <unistd.h>

#include "fuzz.h"
#include "reader.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	elf_version(EV_CURRENT); /* libelf refuses to work before this */
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd = fuzz_memfd(data, size, path, sizeof(path));

	if (fd < 0)
		return 0;
	/* every struct, and named members expanded one level deep */
	struct lu_read_opts opts = { .marked = true, .expand_depth = 1 };
	struct lu_set set;
	struct lu_error err;

	lu_set_init(&set, path);
	if (lu_read(path, &opts, &set, &err) == 0)
		fuzz_consume(&set, NULL);
	lu_set_free(&set);

	/* A wanted struct that is absent: the "did you mean" rescan. */
	static const char *const wanted[] = { "task_grop" };
	struct lu_read_opts named = { .names = wanted, .n_names = 1 };

	lu_set_init(&set, path);
	lu_read(path, &named, &set, &err);
	lu_set_free(&set);
	close(fd);
	return 0;
}
