/* SPDX-License-Identifier: MIT */
/* Reads a small text input (rules, compile_commands.json) whole. */
#ifndef LINEUP_SLURP_H
#define LINEUP_SLURP_H

#include <stddef.h>

/*
 * Reads PATH into a NUL-terminated malloc'd buffer of at most MAX bytes.
 * Returns 0, an errno value, or EFBIG when the file is larger than MAX.
 * A FIFO or a directory is refused (EINVAL, EISDIR): nothing blocks.
 */
int lu_slurp(const char *path, size_t max, char **buf, size_t *len);

#endif
