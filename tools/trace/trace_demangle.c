/* SPDX-License-Identifier: MIT */
/* C++ names demangled through libstdc++; see trace_demangle.h. */
#include "trace_demangle.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

lu_demangle_fn lu_trace_demangler(void **handle)
{
	void *sym;

	*handle = dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
	if (!*handle)
		return NULL;
	sym = dlsym(*handle, "__cxa_demangle");
	if (!sym) {
		dlclose(*handle);
		*handle = NULL;
		return NULL;
	}
	/* POSIX: a data pointer from dlsym may be converted so */
	lu_demangle_fn fn;

	memcpy(&fn, &sym, sizeof(fn));
	return fn;
}

void lu_trace_demangler_close(void *handle)
{
	if (handle)
		dlclose(handle);
}

const char *lu_trace_demangle(lu_demangle_fn fn, struct lu_arena *a,
			      const char *name)
{
	const char *out;
	int status = -1;
	char *d;

	if (!fn || !name || strncmp(name, "_Z", 2))
		return name;
	d = fn(name, NULL, NULL, &status);
	if (!d || status)
		return name;
	out = lu_arena_strdup(a, d);
	free(d);
	return out;
}
