/* SPDX-License-Identifier: MIT */
/*
 * What a Kconfig [matrix] may say (matrix_kconfig.h): no compile command,
 * an object to build, and Kconfig symbols taking y, n or m.
 */
#include <string.h>

#include "error.h"
#include "matrix_kconfig.h"
#include "rules.h"

static bool kconfig_value(const char *v)
{
	return !strcmp(v, "y") || !strcmp(v, "n") || !strcmp(v, "m");
}

int lu_kconfig_validate(const struct lu_matrix_rules *m,
			const char *rules_path, struct lu_error *err)
{
	unsigned line = m->ini_line;

	if (m->compile || m->compdb || m->source) {
		lu_error_set(err, "%s:%u: error: [matrix] with kconfig builds "
				  "through the tree's make: give no compile, "
				  "compdb or source", rules_path, line);
		return -1;
	}
	if (!m->object || !*m->object) {
		lu_error_set(err, "%s:%u: error: kconfig needs object = FILE, "
				  "what each configuration builds (e.g. "
				  "kernel/sched/core.o)", rules_path, line);
		return -1;
	}
	for (size_t i = 0; i < m->n_options; i++) {
		const struct lu_matrix_option *o = &m->options[i];

		if (o->kind == LU_OPTION_ARCH)
			continue;	/* matrix_arch.c's */
		if (o->kind != LU_OPTION_DEFINE) {
			lu_error_set(err, "%s:%u: error: %s is for compile "
					  "matrices; a kconfig matrix varies "
					  "Kconfig symbols only", rules_path,
				     line, o->name);
			return -1;
		}
		if (strncmp(o->name, "CONFIG_", 7) || !o->name[7]) {
			lu_error_set(err, "%s:%u: error: kconfig options are "
					  "named as in .config, CONFIG_%s, not "
					  "%s", rules_path, line, o->name,
				     o->name);
			return -1;
		}
		for (size_t v = 0; v < o->n_values; v++)
			if (!kconfig_value(o->values[v])) {
				lu_error_set(err, "%s:%u: error: %s=%s: a "
						  "Kconfig option takes y, n "
						  "or m", rules_path, line,
					     o->name, o->values[v]);
				return -1;
			}
	}
	return 0;
}

