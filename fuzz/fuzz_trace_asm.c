/* SPDX-License-Identifier: MIT */
/*
 * Fuzzes trace-cc's rewrite of the assembly -fsanitize=thread makes
 * (tools/trace/trace_inline.c), with the functions' fast copies
 * (trace_fast.c: a function's extent, its labels renamed, the pairs) and
 * without. The input is the text as the compiler wrote it, given by its
 * length with no NUL after it, as trace-cc slurps it: a read past the end
 * is a bug ASan sees. A rewrite it makes is held to what trace-cc writes
 * out: LEN bytes and a NUL after them, at least one site counted, and
 * as many with the copies as without.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"
#include "trace_inline.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	return 0;
}

/* The sites counted, whatever the copies: a copy adds none. */
static size_t rewrite(const uint8_t *data, size_t size, bool fast_copies)
{
	size_t len = 0, sites = 1;
	char *out = lu_trace_inline_asm((const char *)data, size, fast_copies,
					&len, &sites);

	if (!out) {
		/* trace-cc compiles the unit with its calls then */
		if (sites) {
			fprintf(stderr, "no rewrite, yet %zu sites\n", sites);
			abort();
		}
		return 0;
	}
	if (!sites || out[len] != '\0') {
		fprintf(stderr, "a rewrite of %zu bytes, %zu sites, ends in "
				"%#x\n", len, sites, (unsigned char)out[len]);
		abort();
	}
	free(out);
	return sites;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t with = rewrite(data, size, true);
	size_t without = rewrite(data, size, false);

	if (with != without) {
		fprintf(stderr, "%zu sites with the copies, %zu without\n", with,
			without);
		abort();
	}
	return 0;
}
