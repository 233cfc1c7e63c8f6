/* SPDX-License-Identifier: MIT */
/*
 * Runs a fuzz target over saved inputs, without libFuzzer: every file named
 * on the command line, and every file in every directory named there. This
 * is how `meson test --suite fuzz` replays the corpora on any compiler.
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"
#include "slurp.h"

static int run_file(const char *path)
{
	char *buf;
	size_t len;
	int e = lu_slurp(path, 64u << 20, &buf, &len);

	if (e) {
		fprintf(stderr, "replay: failed to read %s: %s\n", path,
			strerror(e));
		return -1;
	}
	/* an exact-size copy, so ASan sees reads past the end */
	unsigned char *exact = malloc(len ? len : 1);

	if (!exact)
		abort();
	if (len)
		memcpy(exact, buf, len);
	free(buf);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Files of DIR in name order, so a replay is repeatable. */
static int run_dir(const char *dir, size_t *count)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;

	if (!d) {
		fprintf(stderr, "replay: failed to open %s: %s\n", dir,
			strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			names = realloc(names, cap * sizeof(*names));
			if (!names)
				abort();
		}
		size_t len = strlen(dir) + strlen(e->d_name) + 2;

		names[n] = malloc(len);
		if (!names[n])
			abort();
		snprintf(names[n++], len, "%s/%s", dir, e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_str);
	for (size_t i = 0; i < n; i++) {
		struct stat st;

		if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
			if (run_file(names[i]) < 0)
				rc = -1;
			else
				(*count)++;
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	size_t count = 0;
	int rc = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		struct stat st;

		if (stat(argv[i], &st) != 0) {
			fprintf(stderr, "replay: failed to open %s: %s\n",
				argv[i], strerror(errno));
			rc = 1;
		} else if (S_ISDIR(st.st_mode)) {
			if (run_dir(argv[i], &count) < 0)
				rc = 1;
		} else if (run_file(argv[i]) < 0) {
			rc = 1;
		} else {
			count++;
		}
	}
	printf("replay: %zu input%s, no crash\n", count, count == 1 ? "" : "s");
	return rc;
}
