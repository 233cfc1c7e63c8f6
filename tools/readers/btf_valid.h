/* SPDX-License-Identifier: MIT */
/* Checks BTF that libbpf parsed before anything walks it; see btf_valid.c. */
#ifndef LINEUP_BTF_VALID_H
#define LINEUP_BTF_VALID_H

#include "error.h"

struct btf;

/* 0 when BTF is safe to walk; -1 with err naming PATH and the problem. */
int lu_btf_validate(const struct btf *btf, const char *path,
		    struct lu_error *err);

#endif
