/* SPDX-License-Identifier: MIT */
/*
 * Which Kconfig symbols can change how a kernel object is compiled
 * (kconfig_flags.c). A symbol reaches a struct's layout through its text
 * (relevance.h) or through the compiler's flags: CONFIG_64BIT's -m64,
 * arm's CONFIG_AEABI and -mabi=aapcs-linux, CONFIG_RANDSTRUCT's plugin.
 * Flags come from the Makefiles: the tree's own, the architecture's, the
 * object's directory's and scripts/Makefile.*. Every CONFIG_ symbol they
 * name is one that can change every member of every struct, so the
 * layout model keys the whole struct by the values Kconfig gives them
 * (layout_model.h): more than it needs, never less.
 */
#ifndef LINEUP_KCONFIG_FLAGS_H
#define LINEUP_KCONFIG_FLAGS_H

#include <stddef.h>

#include "arena.h"

/* The CONFIG_ names the Makefiles of TREE that build OBJECT (relative to
 * TREE) on SRCARCH name, each once, into *OUT (in A); how many. */
size_t lu_kconfig_flag_symbols(const char *tree, const char *srcarch,
			       const char *object, struct lu_arena *a,
			       const char ***out);

#endif
