/* SPDX-License-Identifier: MIT */
/*
 * Which configurations of a Kconfig matrix's options Kconfig allows,
 * asked of the tree's own Kconfig engine (kconfig_engine.c): what lets
 * the layout model answer for every valid configuration of a Kconfig
 * sweep, where a covering array would be refused most of its rows.
 */
#ifndef LINEUP_KCONFIG_ENGINE_H
#define LINEUP_KCONFIG_ENGINE_H

#include <stdint.h>

#include "configs.h"

struct lu_error;
struct lu_jobs_opts;
struct lu_matrix;

/*
 * Every configuration of MX's swept options (MX->m: Kconfig symbols,
 * other symbols as the base has them and as Kconfig resolves them) that
 * `make olddefconfig` keeps as asked, into OUT in odometer order (the
 * last option fastest, as lu_configs_make), and per configuration the
 * value Kconfig computes for each of the N_WATCH symbols WATCH names
 * (CONFIG_X), as a hash of its text, into *WATCHED (malloc'd: equal
 * hashes, equal values). Returns 1 with OUT filled, 0 with *WHY when no
 * engine can tell (OUT empty), -2 with ERR, or -1 when interrupted. The
 * base is made again in MX's directory.
 */
int lu_kconfig_valid(struct lu_matrix *mx, const struct lu_jobs_opts *o,
		     const char *const *watch, size_t n_watch,
		     struct lu_configs *out, uint64_t **watched,
		     const char **why, struct lu_error *err);

#endif
