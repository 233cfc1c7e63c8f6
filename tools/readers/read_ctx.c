/* SPDX-License-Identifier: MIT */
/* The readers' one question: is this struct wanted? (read_ctx.h) */
#include "read_ctx.h"

bool lu_read_wants(struct lu_read_ctx *ctx, const char *name)
{
	lu_strset_add(&ctx->set->names, name);
	return !ctx->opts->n_names || lu_strset_has(&ctx->wanted, name);
}
