/* SPDX-License-Identifier: MIT */
/*
 * The values options take, read strictly: a count is digits only, an
 * address 0x hex or decimal, a struct list splits at commas outside C++
 * template arguments. CMD names the command in the one-line errors.
 */
#ifndef LINEUP_OPTION_VALUES_H
#define LINEUP_OPTION_VALUES_H

#include <stdbool.h>

#include "options.h"

/* 1..MAX, digits only (strtoul would take " 5", "+5" and "-5"). */
bool lu_parse_count(const char *s, unsigned max, unsigned *out);
/* --base: an address as perf prints it. */
bool lu_parse_base(const char *cmd, const char *arg, struct lu_cli *cli);
/* --fail-on: "size", "moves", or both comma-separated; repeatable. */
bool lu_parse_fail_on(const char *cmd, const char *arg, struct lu_cli *cli);
/* Threads reading DWARF, into CLI->read_jobs: -j, else (for a command
 * that TAKES -j) LINEUP_JOBS, else one per CPU; false after one line on
 * a bad LINEUP_JOBS. */
bool lu_read_jobs(const char *cmd, bool takes, struct lu_cli *cli);
/* -C/--struct NAME[,NAME...], into CLI->structs (ARG is cut in place). */
bool lu_add_structs(struct lu_cli *cli, char *arg);

#endif
