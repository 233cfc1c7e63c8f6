/* SPDX-License-Identifier: MIT */
/* lineup matrix's phases that read builds (cmd_matrix.c) and the layout
 * model's (cmd_matrix_model.c). */
#ifndef LINEUP_MATRIX_MODEL_CMD_H
#define LINEUP_MATRIX_MODEL_CMD_H

#include "error.h"
#include "jobs.h"
#include "matrix.h"

/* Reads and checks every build of MX. */
void lu_matrix_check_builds(struct lu_matrix *mx);

/*
 * Answers MX's sweep with the layout model when the configurations to
 * cover are more than it would compile (doc/layout-model.md): learns
 * from a few builds, computes every configuration's layout, checks each,
 * and builds one configuration of every verdict to confirm it. Returns 1
 * when it answered (MX's configurations, builds and model are filled), 0
 * when it did not (MX->model.refused says why, when it tried; the sweep
 * goes on as before), -1 when interrupted, -2 with ERR when a build
 * disagreed with the model.
 */
int lu_matrix_model_sweep(struct lu_matrix *mx, const struct lu_jobs_opts *o,
			  struct lu_error *err);

#endif
