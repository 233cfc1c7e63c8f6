/* SPDX-License-Identifier: MIT */
/*
 * Fuzzes the kernel-assert scanner (check/kernel_asserts.c) and holds it
 * to what check --kernel-asserts relies on: every call it keeps has a
 * place, one it could read has its names, and a bound it evaluated
 * evaluates again to the same value from the text it reports.
 */
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "fuzz.h"
#include "kernel_asserts.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lu_kasserts a;
	struct lu_error err;

	if (lu_kasserts_parse((const char *)data, size, "fuzz.c", &a,
			      &err) < 0) {
		lu_kasserts_free(&a);
		return 0;
	}
	for (size_t i = 0; i < a.n; i++) {
		const struct lu_kassert *k = &a.items[i];
		uint64_t v;

		if (!k->line || !k->column)
			abort();
		if (k->under && !k->under_line)
			abort();
		if (k->why)
			continue;
		if (!k->struct_name || !k->group ||
		    (k->kind == LU_KASSERT_MEMBER && !k->member))
			abort();
		/* a bound cut for messages ends in "..." and is not
		 * evaluated again */
		size_t n = k->expr ? strlen(k->expr) : 0;

		if (k->kind == LU_KASSERT_SIZE &&
		    (!k->evaluated || n > 120 ||
		     (n < 120 && (!lu_kassert_eval(k->expr, n, &v) ||
				  v != k->bound))))
			abort();
	}
	lu_kasserts_free(&a);
	return 0;
}
