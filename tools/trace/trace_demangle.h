/* SPDX-License-Identifier: MIT */
/*
 * C++ code sites as perf shows them: the Itanium ABI's __cxa_demangle
 * (libstdc++'s), found at run time with dlopen so that lineup links no
 * C++ runtime. Without libstdc++ the mangled name stays: still exact.
 */
#ifndef LINEUP_TRACE_DEMANGLE_H
#define LINEUP_TRACE_DEMANGLE_H

#include "arena.h"

typedef char *(*lu_demangle_fn)(const char *name, char *buf, size_t *len,
				int *status);

/* libstdc++'s __cxa_demangle, or NULL. The handle stays open. */
lu_demangle_fn lu_trace_demangler(void **handle);
void lu_trace_demangler_close(void *handle);

/* NAME demangled into A when it is a mangled C++ name, else NAME. */
const char *lu_trace_demangle(lu_demangle_fn fn, struct lu_arena *a,
			      const char *name);

#endif
