/* SPDX-License-Identifier: MIT */
/*
 * A rules file drafted from c2c evidence: members stored on a contended
 * line are `write`, members only loaded there are `read`, each with its
 * evidence in a comment, so `lineup check --rules` reports the conflict
 * the measurement showed and guards it from then on.
 */
#ifndef LINEUP_C2C_RULES_H
#define LINEUP_C2C_RULES_H

#include <stdio.h>

#include "c2c_map.h"
#include "error.h"

/* The draft as text on OUT; REPORT names the evidence in its header. */
int lu_c2c_rules_print(FILE *out, const char *report,
		       const struct lu_struct *s, const struct lu_c2c_map *map,
		       unsigned line_size);

/*
 * Writes the draft to PATH atomically: a temporary file in PATH's
 * directory, renamed over PATH once complete; nothing is left on error.
 */
int lu_c2c_rules_write(const char *path, const char *report,
		       const struct lu_struct *s, const struct lu_c2c_map *map,
		       unsigned line_size, struct lu_error *err);

#endif
