/* SPDX-License-Identifier: MIT */
/*
 * `lineup trace-cc CC [ARGS]`: the compiler wrapper of lineup trace
 * (CC="lineup trace-cc gcc" make). It adds -fsanitize=thread (and -g when
 * no -g is given: the analysis needs DWARF) and links lineup's runtime in
 * place of libtsan:
 *
 * - gcc links -ltsan whenever -fsanitize=thread reaches the link and has
 *   no way to say no, so a directory of lineup's goes first on the library
 *   path, where libtsan.a is the runtime (an executable) or an empty
 *   archive (a shared library: the executable's runtime serves it).
 * - clang says no with -fno-sanitize-link-runtime; the runtime is then
 *   named on the link line.
 *
 * Every link also gets --wrap=pthread_create (the runtime's clock moves
 * before a thread starts) and exports the callbacks to shared libraries
 * loaded later. Anything else passes through untouched, so a build
 * system's compiler checks (meson's, CMake's) see a working compiler.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "trace_cc_inline.h"

#ifndef LINEUP_TRACE_RUNTIME_DIR
#define LINEUP_TRACE_RUNTIME_DIR "/usr/local/lib/lineup"
#endif
/* the same, from the prefix: BINDIR/../LIBDIR/lineup, for an install
 * that was moved (or staged with DESTDIR) */
#ifndef LINEUP_TRACE_RUNTIME_REL
#define LINEUP_TRACE_RUNTIME_REL "lib/lineup"
#endif

static bool exists(const char *path)
{
	return access(path, R_OK) == 0;
}

/*
 * The runtime's directory: $LINEUP_TRACE_RUNTIME, else the build tree's
 * (the binary is BUILD/tools/lineup, the runtime BUILD/runtime), else
 * the install's beside the binary, else where it was installed.
 */
static bool runtime_dir(char *buf, size_t size)
{
	const char *env = getenv("LINEUP_TRACE_RUNTIME");
	char exe[PATH_MAX], probe[PATH_MAX + 128];
	ssize_t n;

	if (env && *env) {
		snprintf(buf, size, "%s", env);
		return true;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			snprintf(probe, sizeof(probe),
				 "%s/../runtime/link/libtsan.a", exe);
			if (exists(probe)) {
				snprintf(buf, size, "%s/../runtime", exe);
				return true;
			}
			snprintf(probe, sizeof(probe), "%s/../%s/link/libtsan.a",
				 exe, LINEUP_TRACE_RUNTIME_REL);
			if (exists(probe)) {
				snprintf(buf, size, "%s/../%s", exe,
					 LINEUP_TRACE_RUNTIME_REL);
				return true;
			}
		}
	}
	snprintf(probe, sizeof(probe), "%s/link/libtsan.a",
		 LINEUP_TRACE_RUNTIME_DIR);
	if (exists(probe)) {
		snprintf(buf, size, "%s", LINEUP_TRACE_RUNTIME_DIR);
		return true;
	}
	return false;
}

/* Is CC clang? Its name says so, or its --version does. */
static bool is_clang(const char *cc)
{
	const char *base = strrchr(cc, '/');
	char cmd[PATH_MAX + 32], line[256];
	bool clang = false;
	FILE *p;

	base = base ? base + 1 : cc;
	if (strstr(base, "clang"))
		return true;
	if (strstr(base, "gcc") || strstr(base, "g++"))
		return false;
	if (strchr(cc, '\'') ||
	    snprintf(cmd, sizeof(cmd), "'%s' --version 2>/dev/null", cc) >=
		    (int)sizeof(cmd))
		return false;
	p = popen(cmd, "r");
	if (!p)
		return false;
	if (fgets(line, sizeof(line), p))
		clang = strstr(line, "clang") != NULL;
	while (fgets(line, sizeof(line), p))
		;
	pclose(p);
	return clang;
}

struct what {
	bool link;	/* the driver will run the linker */
	bool shared;
	bool has_g;
	bool has_input;
};

static struct what classify(int argc, char **argv)
{
	struct what w = { .link = true };

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-c") || !strcmp(a, "-S") || !strcmp(a, "-E") ||
		    !strcmp(a, "-M") || !strcmp(a, "-MM") ||
		    !strcmp(a, "-fsyntax-only") || !strcmp(a, "-r") ||
		    !strncmp(a, "-print-", 7) || !strncmp(a, "--print-", 8) ||
		    !strncmp(a, "-dump", 5) || !strcmp(a, "--version") ||
		    !strcmp(a, "-v") || !strcmp(a, "--help") ||
		    !strcmp(a, "-###"))
			w.link = false;
		else if (!strcmp(a, "-shared"))
			w.shared = true;
		else if (!strncmp(a, "-g", 2) && strncmp(a, "-gz", 3))
			w.has_g = true;
		else if (a[0] != '-')
			w.has_input = true;
	}
	if (!w.has_input)
		w.link = false;
	return w;
}

int lu_cmd_trace_cc(struct lu_cli *cli)
{
	int argc = (int)cli->n_args;
	char **argv = cli->args;
	char dir[PATH_MAX + 64], lib[PATH_MAX + 96], runtime[PATH_MAX + 96];
	struct what w;
	bool clang;
	char **av;
	int n = 0;

	if (argc < 1 || !strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
		fputs("usage: lineup trace-cc CC [ARGS]\n\n"
		      "Runs the compiler CC with ARGS, instrumented for "
		      "lineup trace: adds\n-fsanitize=thread (and -g) to "
		      "compiles and links lineup's runtime instead\nof libtsan. "
		      "Use it as the build's compiler: CC=\"lineup trace-cc "
		      "gcc\" make.\n",
		      argc < 1 ? stderr : stdout);
		return argc < 1 ? LU_EXIT_USAGE : LU_EXIT_OK;
	}
	if (!runtime_dir(dir, sizeof(dir))) {
		fprintf(stderr, "lineup trace-cc: failed to find the trace "
				"runtime (%s/link/libtsan.a): set "
				"LINEUP_TRACE_RUNTIME to its directory\n",
			LINEUP_TRACE_RUNTIME_DIR);
		return LU_EXIT_USAGE;
	}
	w = classify(argc, argv);
	clang = is_clang(argv[0]);
	av = calloc((size_t)argc + 16, sizeof(*av));
	if (!av)
		abort();
	for (int i = 0; i < argc; i++)
		av[n++] = argv[i];
	av[n++] = "-fsanitize=thread";
	if (!w.has_g)
		av[n++] = "-g";
	snprintf(lib, sizeof(lib), "-L%s/%s", dir, w.shared ? "shared" : "link");
	snprintf(runtime, sizeof(runtime), "%s/link/libtsan.a", dir);
	if (clang) {
		av[n++] = "-fno-sanitize-link-runtime";
		if (w.link && !w.shared)
			av[n++] = runtime;
	} else {
		av[n++] = lib;
	}
	if (w.link && !w.shared) {
		av[n++] = "-Wl,--wrap=pthread_create";
		av[n++] = "-Wl,--export-dynamic-symbol=__tsan_*";
		av[n++] = "-Wl,--export-dynamic-symbol=lineup__trace_object";
	}
	av[n] = NULL;
	/* a compile (and link): through assembly with the accesses
	 * counted inline, where it may be */
	if (w.has_input && !w.shared) {
		int rc = lu_trace_cc_inline(n, av, clang);

		if (rc >= 0) {
			free(av);
			return rc;
		}
	}
	execvp(av[0], av);
	fprintf(stderr, "lineup trace-cc: failed to run %s: %s\n", av[0],
		strerror(errno));
	free(av);
	return errno == ENOENT ? 127 : 126;
}
