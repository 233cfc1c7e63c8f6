/* SPDX-License-Identifier: MIT */
/*
 * LD_PRELOAD shim for run_matrix_tests.py: in a process named lineup, the
 * first read-only open of an object in lineup's temporary directory sends
 * the signal numbered RAISE_ON_OPEN. That is the moment lineup starts
 * reading what it compiled, caught without a timer and without a test
 * hook in lineup itself. Built by the test with `cc -shared -fPIC`.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h> /* program_invocation_short_name */
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static void maybe_raise(const char *path, int flags)
{
	static int done;
	const char *sig = getenv("RAISE_ON_OPEN");
	size_t n = path ? strlen(path) : 0;

	if (done || !sig || (flags & O_ACCMODE) != O_RDONLY || n < 2 ||
	    strcmp(path + n - 2, ".o") || !strstr(path, "/lineup-matrix.") ||
	    strcmp(program_invocation_short_name, "lineup"))
		return;
	done = 1;
	/* to the process, as a terminal's hangup or a kill is sent */
	kill(getpid(), atoi(sig));
}

/* The mode argument, there only when the flags create a file. */
#define MODE_OF(flags, mode)                                                 \
	do {                                                                 \
		va_list ap;                                                  \
									     \
		va_start(ap, flags);                                         \
		mode = flags & (O_CREAT | O_TMPFILE) ? va_arg(ap, mode_t) : 0; \
		va_end(ap);                                                  \
	} while (0)

typedef int (*open_fn)(const char *, int, ...);
typedef int (*openat_fn)(int, const char *, int, ...);

#define OPEN(name)                                                           \
	int name(const char *path, int flags, ...)                           \
	{                                                                    \
		mode_t mode;                                                 \
									     \
		MODE_OF(flags, mode);                                        \
		maybe_raise(path, flags);                                    \
		return ((open_fn)dlsym(RTLD_NEXT, #name))(path, flags, mode); \
	}

#define OPENAT(name)                                                         \
	int name(int dir, const char *path, int flags, ...)                  \
	{                                                                    \
		mode_t mode;                                                 \
									     \
		MODE_OF(flags, mode);                                        \
		maybe_raise(path, flags);                                    \
		return ((openat_fn)dlsym(RTLD_NEXT, #name))(dir, path, flags, \
							    mode);           \
	}

OPEN(open)
OPEN(open64)
OPENAT(openat)
OPENAT(openat64)
