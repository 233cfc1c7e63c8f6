/* SPDX-License-Identifier: MIT */
/*
 * A layout the model gave against the one a build gave, member by member
 * (layout_model.h's lu_model_same): what every confirming build of
 * lineup matrix is held to.
 */
#include <stdio.h>
#include <string.h>

#include "layout_model.h"

bool lu_model_same(const struct lu_struct *model, const struct lu_struct *real,
		   char *buf, size_t size)
{
	if (model->size != real->size) {
		snprintf(buf, size, "size %llu, compiled %llu",
			 (unsigned long long)model->size,
			 (unsigned long long)real->size);
		return false;
	}
	for (size_t i = 0; i < model->n_members || i < real->n_members; i++) {
		const struct lu_member *x =
			i < model->n_members ? &model->members[i] : NULL;
		const struct lu_member *y =
			i < real->n_members ? &real->members[i] : NULL;

		if (!x || !y || strcmp(x->name, y->name)) {
			snprintf(buf, size, "member %zu is '%s', compiled '%s'",
				 i, x ? x->name : "(none)",
				 y ? y->name : "(none)");
			return false;
		}
		if (x->offset != y->offset || x->size != y->size) {
			snprintf(buf, size, "'%s' at %llu (%llu bytes), "
					    "compiled at %llu (%llu bytes)",
				 x->name, (unsigned long long)x->offset,
				 (unsigned long long)x->size,
				 (unsigned long long)y->offset,
				 (unsigned long long)y->size);
			return false;
		}
	}
	return true;
}
