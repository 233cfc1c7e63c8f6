/* SPDX-License-Identifier: MIT */
/*
 * A Kconfig sweep builds what differs only (matrix_kconfig.h): an allowed
 * configuration whose resolved .config another has already is not built
 * again, nor, under `options = auto`, one whose checked structs' text the
 * exploration found equal to another's (kconfig_auto.h: the keys are by
 * resolved .config, so the text is the one that .config makes). Built
 * .configs are few (every option Kconfig kept as asked tells two allowed
 * ones apart), so the search is linear. Under `arch =`, a build stands
 * only for configurations of its own architecture: the same text is
 * another layout under another ABI.
 */
#include <stdint.h>

#include "kconfig_auto.h"
#include "matrix.h"
#include "matrix_arch.h"

uint64_t lu_kconfig_text_hash(const char *text, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)text[i]) * 0x100000001b3ull;
	return h;
}

long lu_kconfig_same_build(struct lu_matrix *mx, size_t k, uint64_t resolved)
{
	struct lu_kconfig_result *kr = &mx->kconfig;
	struct lu_config *c = &mx->cfg[k];

	size_t arch = lu_arch_of(mx->m, c->row);

	kr->built_hash[k] = resolved;
	c->keyed = lu_kconfig_auto_key(mx->kauto, resolved, &c->key);
	/* one text is another layout on another architecture (its ABI):
	 * a build stands for its own architecture's configurations only */
	for (size_t j = 0; j < k; j++)
		if (kr->built_hash[j] == resolved &&
		    lu_arch_of(mx->m, mx->cfg[j].row) == arch) {
			kr->n_same_config++;
			return (long)mx->cfg[j].build;
		}
	for (size_t j = 0; c->keyed && j < k; j++)
		if (mx->cfg[j].keyed && mx->cfg[j].key == c->key &&
		    lu_arch_of(mx->m, mx->cfg[j].row) == arch) {
			kr->n_same_text++;
			return (long)mx->cfg[j].build;
		}
	return -1;
}

void lu_kconfig_count_covered(struct lu_matrix *mx)
{
	struct lu_kconfig_result *kr = &mx->kconfig;

	for (size_t c = 0; c < kr->all.n_configs; c++) {
		if (!kr->excluded[c])
			continue;
		size_t arch = lu_arch_of(mx->m, lu_config_row(&kr->all, c));

		for (size_t k = 0; k < mx->configs.n_configs; k++)
			if (kr->built_hash[k] == kr->hash[c] &&
			    lu_arch_of(mx->m, mx->cfg[k].row) == arch) {
				kr->n_covered++;
				break;
			}
	}
}
