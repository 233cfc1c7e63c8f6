/* SPDX-License-Identifier: MIT */
/*
 * What the fuzz targets share: the libFuzzer entry points (also driven by
 * replay.c where libFuzzer is missing) and the steps every target runs on
 * a set it read, so the checker and the printers see hostile layouts too.
 */
#ifndef LINEUP_FUZZ_H
#define LINEUP_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "layout.h"
#include "rules.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * An anonymous in-memory file holding DATA; -1 when the kernel refuses.
 * PATH receives "/proc/self/fd/N" for readers that open by name.
 */
int fuzz_memfd(const uint8_t *data, size_t size, char *path, size_t path_size);

/* Checks SET (markers, and RULES when not NULL), prints it and the findings
 * to /dev/null in every format, then forgets it all. */
void fuzz_consume(const struct lu_set *set, const struct lu_rules *rules);

#endif
