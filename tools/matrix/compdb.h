/* SPDX-License-Identifier: MIT */
/* The compile command for one source, from a compile_commands.json. */
#ifndef LINEUP_COMPDB_H
#define LINEUP_COMPDB_H

#include "arena.h"

struct lu_error;

/*
 * Finds SOURCE in the database at PATH (both relative to BASE_DIR when not
 * absolute) and returns its command, with dependency-file flags removed so
 * lineup's runs never touch the user's build tree, and its directory.
 */
int lu_compdb_command(const char *path, const char *source,
		      const char *base_dir, struct lu_arena *a,
		      const char **command, const char **dir,
		      struct lu_error *err);
/*
 * The [matrix]'s compile command and its directory: `compile` as written,
 * run beside the rules file (RULES_PATH), or the `source`'s command from
 * its `compdb`; -1 with ERR when the section names neither or both.
 */
struct lu_matrix_rules;
int lu_matrix_command(const struct lu_matrix_rules *m, const char *rules_path,
		      struct lu_arena *a, const char **command,
		      const char **dir, struct lu_error *err);
/* The same from memory, for tests and fuzzing. */
int lu_compdb_command_text(const char *text, size_t len, const char *name,
			   const char *source_real, struct lu_arena *a,
			   const char **command, const char **dir,
			   struct lu_error *err);

#endif
