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

/* The same read from an open FD to its end (standard input, a pipe). */
int lu_slurp_fd(int fd, size_t max, char **buf, size_t *len);

/* What lu_slurp's error E means, for "failed to read X: REASON"; MAX is
 * the limit it was given (a whole number of MiB). Returns BUF. */
const char *lu_slurp_reason(int e, size_t max, char *buf, size_t size);

#endif
