/* SPDX-License-Identifier: MIT */
/*
 * trace-cc's compile through assembly: one C or C++ source compiled with
 * -S, the assembly's access calls rewritten to count inline
 * (trace/trace_inline.c), then assembled into the object the build
 * asked for. Taken only where the rewrite is known to hold: an x86-64
 * compile (-m32, -mx32, another --target, Intel syntax are not), of code
 * for an executable (not -c with -fPIC or -fpic, an object that may go
 * into a shared library, which cannot address the sites' TLS records
 * from the thread pointer), one source with -c, or sources linked into
 * an executable in the same command (with objects and
 * archives beside them, and no dependency file), nothing that wants the compiler's
 * own intermediate files (-save-temps, -flto, -E, -S) and no option this
 * file does not know to take a separate value. Anything else compiles as before, with a call per access, and so
 * does a rewrite that does not assemble (said in one line).
 * LINEUP_TRACE_INLINE=0 turns it off.
 */
#include "trace_cc_inline.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arena.h"
#include "error.h"
#include "slurp.h"
#include "tmpdir.h"
#include "trace_inline.h"

#if defined(__x86_64__)
#define HOST_X86_64 true
#else
#define HOST_X86_64 false
#endif

/* Options that take the next argument as their value. */
static const char *const separate[] = {
	"-o", "-I", "-D", "-U", "-include", "-imacros", "-isystem",
	"-idirafter", "-iquote", "-iprefix", "-iwithprefix",
	"-iwithprefixbefore", "-isysroot", "-MF", "-MT", "-MQ", "-Xassembler",
	"-Xpreprocessor", "-Xlinker", "-L", "--param", "-aux-info",
	"-dumpdir", "-dumpbase", "-dumpbase-ext", "-Xclang", "-z", "-T",
	"-u", "-e",
};

static bool takes_value(const char *a)
{
	for (size_t i = 0; i < sizeof(separate) / sizeof(separate[0]); i++)
		if (!strcmp(a, separate[i]))
			return true;
	return false;
}

/* Does PATH's name end in one of the N extensions EXT? */
static bool has_ext(const char *path, const char *const *ext, size_t n)
{
	const char *dot = strrchr(path, '.');

	if (!dot || strchr(dot, '/'))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(dot, ext[i]))
			return true;
	return false;
}

/* An object or archive a compile-and-link command links as it is. */
static bool is_object(const char *path)
{
	static const char *const ext[] = { ".o", ".a", ".so", ".lo" };

	return has_ext(path, ext, sizeof(ext) / sizeof(ext[0]));
}

static bool is_source(const char *path)
{
	static const char *const ext[] = { ".c",   ".cc", ".cp",  ".cxx",
					   ".cpp", ".CPP", ".c++", ".C" };

	return has_ext(path, ext, sizeof(ext) / sizeof(ext[0]));
}

/* Options that rule the rewrite out, by prefix. */
static const char *const refused[] = {
	"-S", "-E", "-M", "-fsyntax-only", "-save-temps", "-flto", "-shared", "-m32", "-mx32", "-m16", "-masm=intel", "--target",
	"-target", "-x", "-emit-llvm", "-###", "-no-integrated-as",
	"-fno-integrated-as", "-wrapper", "-B",
};

static bool is_refused(const char *a)
{
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		if (!strncmp(a, refused[i], strlen(refused[i])))
			return true;
	return false;
}

/* Sources compiled and linked in one command, at most. */
#define MAX_SOURCES 64

/* What the compile line holds, when it is one the rewrite takes. */
struct compile {
	int sources[MAX_SOURCES];	/* their indexes in the arguments */
	int n_sources;
	bool link;		/* no -c: compiled, then linked */
	const char *out;	/* -o's, NULL: SOURCE's base name with .o */
	bool deps;		/* -MD or -MMD */
	bool deps_file;		/* -MF given */
	bool deps_target;	/* -MT or -MQ given */
	bool pic;		/* -fPIC or -fpic */
};

static bool take(int argc, char **argv, struct compile *c)
{
	bool compile_only = false;

	memset(c, 0, sizeof(*c));
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-c")) {
			compile_only = true;
		} else if (!strcmp(a, "-fPIC") || !strcmp(a, "-fpic")) {
			c->pic = true;
		} else if (!strcmp(a, "-MD") || !strcmp(a, "-MMD")) {
			c->deps = true;
		} else if (!strncmp(a, "-MF", 3)) {
			c->deps_file = true;
			i += !a[3];
		} else if (!strncmp(a, "-MT", 3) || !strncmp(a, "-MQ", 3)) {
			c->deps_target = true;
			i += !a[3];
		} else if (!strcmp(a, "-o")) {
			if (++i >= argc)
				return false;
			c->out = argv[i];
		} else if (!strncmp(a, "-o", 2)) {
			c->out = a + 2;
		} else if (is_refused(a) || !strcmp(a, "-")) {
			return false;
		} else if (takes_value(a)) {
			i++;
		} else if (a[0] != '-') {
			if (is_object(a))
				continue; /* a link's, checked below */
			if (c->n_sources == MAX_SOURCES || !is_source(a))
				return false;
			c->sources[c->n_sources++] = i;
		}
	}
	if (!compile_only) {
		/* a link: its objects are linked as they are; a
		 * dependency file would be named for the executable */
		c->link = true;
		if (c->deps || c->deps_file || c->deps_target)
			return false;
	} else {
		/* an object for a shared library, perhaps: its sites'
		 * records cannot be reached from the thread pointer */
		if (c->pic)
			return false;
		for (int i = 1; i < argc; i++)
			if (argv[i][0] != '-' && is_object(argv[i]) &&
			    !(i > 1 && takes_value(argv[i - 1])))
				return false;
	}
	return (c->link ? c->n_sources > 0 : c->n_sources == 1) &&
	       !(c->out && !strcmp(c->out, "-"));
}

/* Runs ARGV, its standard error to /dev/null when QUIET; its exit status,
 * or -1 when it could not run or died of a signal. */
static int run(char **argv, bool quiet)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (quiet && !freopen("/dev/null", "w", stderr))
			_exit(127);
		execvp(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* OUT with its extension replaced by EXT ("a/b.o" -> "a/b.d"), in A. */
static char *with_ext(struct lu_arena *a, const char *out, const char *ext)
{
	const char *slash = strrchr(out, '/');
	const char *dot = strrchr(slash ? slash + 1 : out, '.');
	size_t n = dot ? (size_t)(dot - out) : strlen(out);

	return lu_arena_printf(a, "%.*s%s", (int)n, out, ext);
}

static bool is_source_at(const struct compile *c, int i)
{
	for (int k = 0; k < c->n_sources; k++)
		if (c->sources[k] == i)
			return true;
	return false;
}

/* The -S compile of source K into ASM: ARGV without the other sources
 * (and a link's objects), -c as -S and -o as ASM, and the dependency
 * file named and targeted as the -c compile would have. */
static char **to_assembly(struct lu_arena *a, int argc, char **argv,
			  const struct compile *c, int k, const char *out,
			  const char *asm_path, bool clang)
{
	char **av = lu_arena_alloc(a, ((size_t)argc + 8) * sizeof(*av));
	int n = 0;

	for (int i = 0; i < argc; i++) {
		if (i && argv[i][0] != '-' && !takes_value(argv[i - 1]) &&
		    (is_object(argv[i]) ||
		     (is_source_at(c, i) && i != c->sources[k]))) {
			continue;
		} else if (i && !strcmp(argv[i], "-c")) {
			av[n++] = "-S";
		} else if (i && !strcmp(argv[i], "-o")) {
			i++;
		} else if (i && !strncmp(argv[i], "-o", 2)) {
			continue;
		} else {
			av[n++] = argv[i];
		}
	}
	if (c->link)
		av[n++] = "-S";
	if (clang) /* a link's options, unused in a compile */
		av[n++] = "-Wno-unused-command-line-argument";
	av[n++] = "-o";
	av[n++] = (char *)asm_path;
	if (c->deps && !c->deps_file) {
		av[n++] = "-MF";
		av[n++] = with_ext(a, out, ".d");
	}
	if (c->deps && !c->deps_target) {
		av[n++] = "-MT";
		av[n++] = (char *)out;
	}
	av[n] = NULL;
	return av;
}

/* Assembling ASM into OUT with the assembler options of ARGV. */
static char **to_object(struct lu_arena *a, int argc, char **argv,
			const char *asm_path, const char *out)
{
	char **av = lu_arena_alloc(a, ((size_t)argc + 8) * sizeof(*av));
	int n = 0;

	av[n++] = argv[0];
	for (int i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "-Wa,", 4))
			av[n++] = argv[i];
		else if (!strcmp(argv[i], "-Xassembler") && i + 1 < argc) {
			av[n++] = argv[i++];
			av[n++] = argv[i];
		}
	}
	av[n++] = "-c";
	av[n++] = "-x";
	av[n++] = "assembler";
	av[n++] = (char *)asm_path;
	av[n++] = "-o";
	av[n++] = (char *)out;
	av[n] = NULL;
	return av;
}

/* A unit's assembly larger than this is compiled with calls. */
#define MAX_ASM ((size_t)1 << 30)

/* The rewrite of the assembly at FROM into TO, with the functions' fast
 * copies or not; false when there is none. */
static bool rewrite(const char *from, const char *to, bool fast_copies)
{
	size_t n = 0, len = 0, sites;
	char *text = NULL;
	char *out = lu_slurp(from, MAX_ASM, &text, &n)
			    ? NULL
			    : lu_trace_inline_asm(text, n, fast_copies, &len,
						  &sites);
	FILE *f = out ? fopen(to, "w") : NULL;
	bool ok = f && fwrite(out, 1, len, f) == len;

	if (f && fclose(f))
		ok = false;
	free(out);
	free(text);
	return ok;
}

/* The link of a compile-and-link: ARGV with each source as its object
 * in OBJECTS. */
static char **to_link(struct lu_arena *a, int argc, char **argv,
		      const struct compile *c, char **objects, bool clang)
{
	char **av = lu_arena_alloc(a, ((size_t)argc + 2) * sizeof(*av));
	int n = 0;

	for (int i = 0; i < argc; i++) {
		av[n] = argv[i];
		for (int k = 0; k < c->n_sources; k++)
			if (c->sources[k] == i)
				av[n] = objects[k];
		n++;
	}
	if (clang) /* the compile's options, unused in a link */
		av[n++] = "-Wno-unused-command-line-argument";
	av[n] = NULL;
	return av;
}

/* Source K of C compiled through rewritten assembly into OUT, in DIR:
 * the compiler's status, or -1 when the rewrite did not assemble. */
static int compile_one(struct lu_arena *a, int argc, char **argv,
		       const struct compile *c, int k, const char *dir,
		       const char *out, bool clang)
{
	char *s = lu_arena_printf(a, "%s/%d.s", dir, k);
	char *rewritten = lu_arena_printf(a, "%s/%d.rewritten.s", dir, k);
	const char *source = argv[c->sources[k]];
	/* the compile itself: its errors are the user's, its status ours */
	int rc = run(to_assembly(a, argc, argv, c, k, out, s, clang), false);

	if (rc)
		return rc;
	/* with the fast copies; without, when the unit's inline assembly
	 * may not be copied (a label of its own); else with calls */
	if (!rewrite(s, rewritten, true))
		rewritten = s; /* nothing to count */
	if (!run(to_object(a, argc, argv, rewritten, out), true))
		return 0;
	if (rewritten != s && rewrite(s, rewritten, false) &&
	    !run(to_object(a, argc, argv, rewritten, out), true)) {
		fprintf(stderr, "lineup trace-cc: %s: its functions could not "
				"be copied for sampled bursts; --sample records "
				"its accesses at random intervals\n",
			source);
		return 0;
	}
	fprintf(stderr, "lineup trace-cc: %s: the inline counts did "
			"not assemble; compiled with a call per access "
			"(LINEUP_TRACE_INLINE=0 does so always)\n",
		source);
	return -1;
}

int lu_trace_cc_inline(int argc, char **argv, bool clang)
{
	const char *env = getenv("LINEUP_TRACE_INLINE");
	struct compile c;
	struct lu_arena a = { 0 };
	struct lu_error err;
	char *objects[MAX_SOURCES];
	char *dir;
	int rc = 0;

	/* the compiler's default target is the machine's */
	if (!HOST_X86_64 || (env && !strcmp(env, "0")) ||
	    !take(argc, argv, &c))
		return -1;
	dir = lu_tmpdir_make(&a, "lineup-trace-cc", &err);
	if (!dir) {
		lu_arena_free(&a);
		return -1;
	}
	for (int k = 0; k < c.n_sources && !rc; k++) {
		const char *src = argv[c.sources[k]];
		const char *base = strrchr(src, '/');

		if (c.link)
			objects[k] = lu_arena_printf(&a, "%s/%d.o", dir, k);
		else if (c.out)
			objects[k] = (char *)c.out;
		else
			objects[k] = with_ext(&a, base ? base + 1 : src, ".o");
		rc = compile_one(&a, argc, argv, &c, k, dir, objects[k],
				 clang);
	}
	if (rc == 0 && c.link)
		rc = run(to_link(&a, argc, argv, &c, objects, clang), false);
	lu_tmpdir_remove(dir);
	lu_arena_free(&a);
	return rc < 0 ? -1 : rc;
}
