/* SPDX-License-Identifier: MIT */
/* lineup suggest: one struct per [matrix] configuration, compiled and read. */
#ifndef LINEUP_SUGGEST_MATRIX_H
#define LINEUP_SUGGEST_MATRIX_H

#include "options.h"
#include "configs.h"
#include "error.h"
#include "jobs.h"
#include "layout.h"
#include "rules.h"

struct lu_sg_matrix {
	struct lu_configs configs;
	const unsigned char **rows;	/* per configuration */
	const char **names;		/* "CONFIG_A=y CONFIG_B=n" */
	const char **objects;		/* removed once read */
	struct lu_set *sets;
	size_t n_sets;
	const struct lu_struct **structs;	/* the struct in each */
	struct lu_arena arena;
};

/*
 * Compiles RULES' [matrix] source under every configuration and reads
 * struct NAME from each. -1 with ERR naming the configuration that does
 * not compile or lacks the struct; an interrupt removes the temporary
 * files and kills lineup as the signal would.
 */
int lu_sg_matrix_build(struct lu_sg_matrix *mx, const struct lu_rules *rules,
		       const char *name, const struct lu_cli *cli,
		       struct lu_error *err);
void lu_sg_matrix_free(struct lu_sg_matrix *mx);

#endif
