/* SPDX-License-Identifier: MIT */
/* The readers' one question: is this struct wanted? (read_ctx.h) */
#include "read_ctx.h"

#include <string.h>

#include "cxx_names.h"

bool lu_read_wants(struct lu_read_ctx *ctx, const char *name)
{
	lu_strset_add(&ctx->set->names, name);
	if (!ctx->opts->n_names || lu_strset_has(&ctx->wanted, name))
		return true;
	/* a C++ name as the user wrote it ("Ring<long, 4>", "Q<int>::Block")
	 * wants the type the compiler spelled its own way ("Ring<long int, 4,
	 * Traits>", "ns::Q<int, T>::Block") */
	if (!strchr(name, '<') && !strstr(name, "::"))
		return false;
	for (size_t i = 0; i < ctx->opts->n_names; i++)
		if (lu_cxx_name_match(name, ctx->opts->names[i]) ||
		    lu_cxx_scoped_match(name, ctx->opts->names[i]))
			return true;
	return false;
}
