/* SPDX-License-Identifier: MIT */
/*
 * Layouts held against the kernel's own CACHELINE_ASSERT_GROUP_SIZE and
 * CACHELINE_ASSERT_GROUP_MEMBER (kernel_asserts.h), per input: the
 * question the kernel's BUILD_BUG_ON asks at build time, asked of an
 * object built for any architecture, and a group at its bound named
 * before one more byte breaks the build there.
 */
#ifndef LINEUP_CHECK_KERNEL_ASSERTS_H
#define LINEUP_CHECK_KERNEL_ASSERTS_H

#include "findings.h"
#include "kernel_asserts.h"

/*
 * Holds every struct of the N_SETS inputs an assert of A names against
 * it, appending to OUT call by call and, for each call, input by input, so
 * that the architectures' answers to one bound are read together: a group
 * above its bound is an error, at it or under it a note; a member outside
 * its group an error. Under an #if the assert may not apply to an input's
 * configuration: an error becomes a warning that says so. A group or
 * member an input's struct lacks is a warning (a note under an #if).
 * Calls whose WHY is set are not checked (the command says so once).
 */
void lu_kasserts_check_sets(const struct lu_set *sets, size_t n_sets,
			    const struct lu_kasserts *a,
			    const struct lu_check_opts *opts,
			    struct lu_findings *out);

/* S's kernel marker group NAME (__cacheline_group_begin(NAME)), or NULL:
 * its bytes, as the kernel counts them, are end - begin. */
const struct lu_group *lu_kernel_group(const struct lu_struct *s,
				       const char *name);

#endif
