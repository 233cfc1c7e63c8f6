/* SPDX-License-Identifier: MIT */
/*
 * The architecture dimension; see matrix_arch.h.
 *
 * Each architecture is built by Debian's cross compiler for it, named by
 * its prefix (arm-linux-gnueabihf-, as CROSS_COMPILE takes it), or by the
 * host's own compiler for the host's architecture; `cross[A] = PREFIX`
 * names another. The kernel builds i386 with the host's gcc and -m32
 * (arch/x86/Makefile), so a Kconfig matrix on an x86-64 host needs no
 * i686 compiler; a compile matrix's user-space code needs the i686 one
 * and its C library's headers.
 *
 * A compile matrix's command is rewritten once per architecture: its
 * compiler word (the first word after VAR=value assignments and the
 * launchers ccache, distcc, icecc and sccache) is gcc, cc, g++, c++ or
 * clang, with or without a target prefix and a version suffix. gcc and cc
 * become PREFIXgcc (g++ and c++ PREFIXg++), the version kept; clang stays
 * clang and gets --target=TRIPLE. Any other first word is refused.
 */
#include "matrix_arch.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "error.h"
#include "escape.h"
#include "matrix.h"

struct known {
	const char *name, *alias;	/* as `arch =` may name it */
	const char *karch;		/* the kernel's ARCH= */
	const char *triple;		/* Debian's multiarch tuple */
	const char *machine;		/* uname's, on such a host */
	const char *package, *libc;	/* Debian's compiler and headers */
};

static const struct known known[] = {
	{ "x86_64", "amd64", "x86_64", "x86_64-linux-gnu", "x86_64",
	  "gcc-x86-64-linux-gnu", "libc6-dev-amd64-cross" },
	{ "i386", "i686", "i386", "i686-linux-gnu", "i686",
	  "gcc-i686-linux-gnu", "libc6-dev-i386-cross" },
	{ "arm", "armhf", "arm", "arm-linux-gnueabihf", "armv7l",
	  "gcc-arm-linux-gnueabihf", "libc6-dev-armhf-cross" },
	{ "arm64", "aarch64", "arm64", "aarch64-linux-gnu", "aarch64",
	  "gcc-aarch64-linux-gnu", "libc6-dev-arm64-cross" },
	{ "riscv64", "riscv", "riscv", "riscv64-linux-gnu", "riscv64",
	  "gcc-riscv64-linux-gnu", "libc6-dev-riscv64-cross" },
	{ "powerpc", "ppc64le", "powerpc", "powerpc64le-linux-gnu", "ppc64le",
	  "gcc-powerpc64le-linux-gnu", "libc6-dev-ppc64el-cross" },
	{ "s390", "s390x", "s390", "s390x-linux-gnu", "s390x",
	  "gcc-s390x-linux-gnu", "libc6-dev-s390x-cross" },
};

#define N_KNOWN (sizeof(known) / sizeof(known[0]))

static const char *const launchers[] = { "ccache", "distcc", "icecc",
					 "sccache" };

/* What to build one architecture with, while it is being decided. */
struct target {
	const struct known *k;	/* NULL: unknown, cross[A] given */
	const char *prefix;
	bool host, crossed;	/* the host's architecture; cross[A] given */
};

static const struct known *find_known(const char *name)
{
	for (size_t i = 0; i < N_KNOWN; i++)
		if (!strcmp(known[i].name, name) ||
		    !strcmp(known[i].alias, name))
			return &known[i];
	return NULL;
}

const struct lu_matrix_option *lu_arch_option(const struct lu_matrix_rules *m,
					       size_t *index)
{
	for (size_t o = 0; o < m->n_options; o++)
		if (m->options[o].kind == LU_OPTION_ARCH) {
			if (index)
				*index = o;
			return &m->options[o];
		}
	return NULL;
}

size_t lu_arch_of(const struct lu_matrix_rules *m, const unsigned char *row)
{
	size_t o;

	return lu_arch_option(m, &o) ? row[o] : 0;
}

const char *lu_arch_command(const struct lu_matrix *mx,
			    const struct lu_matrix_rules *m,
			    const unsigned char *row)
{
	if (!mx->arch || !mx->arch->command)
		return mx->command;
	return mx->arch->command[lu_arch_of(m, row)];
}

/* Whether NAME runs: a path that is executable, or a name in PATH. */
static bool runnable(struct lu_arena *a, const char *name)
{
	if (strchr(name, '/'))
		return access(name, X_OK) == 0;
	const char *path = getenv("PATH");

	for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t n = strcspn(p, ":");
		const char *f = lu_arena_printf(a, "%.*s/%s", (int)n, p, name);

		if (n && access(f, X_OK) == 0)
			return true;
		p += n + (p[n] == ':');
	}
	return false;
}

/* Words the shell reads as themselves: what lineup puts in a command. */
static bool plain(const char *s)
{
	return strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			 "0123456789_./+-") == strlen(s);
}

/* ---- the compiler word -------------------------------------------------- */

/* A compiler word: its tool (gcc, g++, clang) and version suffix. */
struct compiler {
	const char *tool, *version;	/* NULL tool: not a compiler */
	bool clang;
};

static struct compiler classify(struct lu_arena *a, const char *word)
{
	static const char *const tools[][2] = {
		{ "clang++", "clang++" }, { "clang", "clang" },
		{ "g++", "g++" }, { "gcc", "gcc" }, { "c++", "g++" },
		{ "cc", "gcc" },
	};
	struct compiler c = { 0 };
	const char *base = strrchr(word, '/') ? strrchr(word, '/') + 1 : word;
	size_t n = strlen(base);
	/* a version suffix, gcc-12 or clang-16 */
	const char *dash = strrchr(base, '-');

	if (dash && dash[1] && strspn(dash + 1, "0123456789.") ==
				       strlen(dash + 1)) {
		c.version = dash;
		n = (size_t)(dash - base);
	}
	for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
		size_t t = strlen(tools[i][0]);

		if (n < t || strncmp(base + n - t, tools[i][0], t) ||
		    (n > t && base[n - t - 1] != '-'))
			continue;
		c.tool = tools[i][1];
		c.clang = tools[i][1][0] == 'c';
		break;
	}
	c.version = lu_arena_strdup(a, c.version ? c.version : "");
	return c;
}

static bool launcher(const char *word)
{
	const char *base = strrchr(word, '/') ? strrchr(word, '/') + 1 : word;

	for (size_t i = 0; i < sizeof(launchers) / sizeof(launchers[0]); i++)
		if (!strcmp(base, launchers[i]))
			return true;
	return false;
}

/* VAR=value before a command. */
static bool assignment(const char *w, size_t n)
{
	size_t k = strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU"
			     "VWXYZ_0123456789");

	return k && k < n && w[k] == '=';
}

/*
 * Where CMD's compiler word starts and how long it is: after VAR=value
 * words and launchers. 1 when there is none (launchers alone, *AT their
 * end); -1 when the words before it or it are not plain.
 */
static int compiler_word(const char *cmd, size_t *at, size_t *len)
{
	for (const char *p = cmd + strspn(cmd, " \t"); *p;) {
		size_t n = strcspn(p, " \t");
		char w[256];

		if (n >= sizeof(w))
			return -1;
		memcpy(w, p, n);
		w[n] = '\0';
		if (!assignment(w, n) && !launcher(w)) {
			*at = (size_t)(p - cmd);
			*len = n;
			return plain(w) ? 0 : -1;
		}
		p += n;
		p += strspn(p, " \t");
	}
	*at = strlen(cmd);
	*len = 0;
	return 1;
}

/* ---- per architecture ------------------------------------------------- */

static const char *setting(const struct lu_matrix_rules *m, const char *key,
			   const char *arch)
{
	for (const struct lu_arch_setting *s = m->per_arch; s; s = s->next)
		if (!strcmp(s->key, key) && !strcmp(s->arch, arch))
			return s->value;
	return NULL;
}

/* Every cross[A] and base[A] names an architecture of `arch =`. */
static int check_settings(const struct lu_matrix *mx,
			  const struct lu_matrix_option *o,
			  struct lu_error *err)
{
	const struct lu_matrix_rules *m = mx->m;

	for (const struct lu_arch_setting *s = m->per_arch; s; s = s->next) {
		bool listed = false;

		for (size_t v = 0; o && v < o->n_values; v++)
			listed |= !strcmp(o->values[v], s->arch);
		if (!listed) {
			lu_error_set(err, "%s:%u: error: %s[%s]: %s is not in "
					  "arch =", mx->rules.path, m->ini_line,
				     s->key, s->arch, s->arch);
			return -1;
		}
		if (!strcmp(s->key, "cross") && !plain(s->value)) {
			lu_error_set(err, "%s:%u: error: cross[%s] = %s: a "
					  "prefix is one word, such as "
					  "arm-linux-gnueabihf-",
				     mx->rules.path, m->ini_line, s->arch,
				     s->value);
			return -1;
		}
	}
	return 0;
}

static int decide(struct lu_matrix *mx, const char *name,
		  const char *machine, struct target *t, struct lu_error *err)
{
	const char *cross = setting(mx->m, "cross", name);

	t->k = find_known(name);
	t->crossed = cross != NULL;
	if (!t->k && !cross) {
		lu_error_set(err, "%s:%u: error: arch = %s: lineup does not "
				  "know this architecture (it knows x86_64 i386 arm "
				  "arm64 riscv64 powerpc s390); name its "
				  "compiler with cross[%s] = PREFIX",
			     mx->rules.path, mx->m->ini_line, name, name);
		return -1;
	}
	t->host = t->k && !strcmp(t->k->machine, machine);
	/* the kernel builds i386 with an x86-64 host's gcc and -m32 */
	if (t->k && mx->m->kconfig && !strcmp(t->k->karch, "i386") &&
	    !strcmp(machine, "x86_64"))
		t->host = true;
	t->prefix = cross ? cross
		    : t->host ? ""
			      : lu_arena_printf(&mx->arena, "%s-",
						t->k->triple);
	return 0;
}

/* ERR: COMPILER is missing for architecture NAME; what to install. */
static int missing(const struct lu_matrix *mx, const char *name,
		   const struct target *t, const char *compiler,
		   struct lu_error *err)
{
	const char *path = mx->rules.path;
	unsigned line = mx->m->ini_line;
	bool clang = !strncmp(compiler, "clang", 5);

	if (t->crossed && !clang)
		lu_error_set(err, "%s:%u: error: arch = %s: no %s in PATH "
				  "(cross[%s] = %s)", path, line, name,
			     compiler, name, t->prefix);
	else
		lu_error_set(err, "%s:%u: error: arch = %s: no %s in PATH; "
				  "install Debian's %s (or name another "
				  "compiler with cross[%s] = PREFIX)",
			     path, line, name, compiler,
			     clang ? "clang" : t->host ? "gcc" : t->k->package,
			     name);
	return -1;
}

/* A compile matrix's user-space code needs the target's C headers. */
static int libc_headers(struct lu_matrix *mx, const char *name,
			const struct target *t, struct lu_error *err)
{
	struct stat st;

	if (t->host || t->crossed ||
	    stat(lu_arena_printf(&mx->arena, "/usr/%s/include",
				 t->k->triple), &st) == 0)
		return 0;
	lu_error_set(err, "%s:%u: error: arch = %s: no C library headers in "
			  "/usr/%s/include; install Debian's %s",
		     mx->rules.path, mx->m->ini_line, name, t->k->triple,
		     t->k->libc);
	return -1;
}

/* A compile matrix's command for architecture T. */
static int compile_command(struct lu_matrix *mx, const char *name,
			   const struct target *t, const char **out,
			   struct lu_error *err)
{
	struct lu_arena *a = &mx->arena;
	const char *cmd = mx->command;
	size_t at, len;
	struct compiler c = { 0 };

	if (compiler_word(cmd, &at, &len) == 0)
		c = classify(a, lu_arena_strndup(a, cmd + at, len));
	if (!c.tool) {
		lu_error_set(err, "%s:%u: error: arch = %s: the compile "
				  "command must start with its compiler (cc, gcc, "
				  "g++, clang...) for lineup to swap it per "
				  "architecture: %s", mx->rules.path,
			     mx->m->ini_line, name, cmd);
		return -1;
	}
	const char *word = lu_arena_strndup(a, cmd + at, len);
	const char *triple = t->crossed ? lu_arena_strndup(
						  a, t->prefix,
						  strlen(t->prefix) -
						  (t->prefix[0] != '\0'))
				       : t->k->triple;

	if (c.clang)
		word = *triple ? lu_arena_printf(a, "%s --target=%s", word,
						 triple)
			       : word;
	else if (!t->host)
		word = lu_arena_printf(a, "%s%s%s", t->prefix, c.tool,
				       c.version);
	const char *tool = lu_arena_strndup(a, word, strcspn(word, " "));

	if (!runnable(a, tool))
		return missing(mx, name, t, tool, err);
	if (libc_headers(mx, name, t, err) < 0)
		return -1;
	*out = lu_arena_printf(a, "%.*s%s%s", (int)at, cmd, word,
			       cmd + at + len);
	return 0;
}

/*
 * A Kconfig make's compiler for T: CC=, when the environment's CC names
 * a launcher (distcc, ccache) or clang, with the architecture's compiler
 * in place of its own; the compiler word checked either way.
 */
static int make_cc(struct lu_matrix *mx, const char *name,
		   const struct target *t, const char **out,
		   struct lu_error *err)
{
	struct lu_arena *a = &mx->arena;
	const char *env = getenv("CC");
	bool llvm = mx->arch->llvm;
	size_t at = 0, len = 0;
	struct compiler c = { 0 };
	const char *tool;

	int w = env && *env ? compiler_word(env, &at, &len) : 1;

	if (w == 0)
		c = classify(a, lu_arena_strndup(a, env + at, len));
	if (w < 0 || (w == 0 && !c.tool)) {
		lu_error_set(err, "%s:%u: error: arch = %s: CC=%s: lineup puts "
				  "each architecture's compiler in place of "
				  "CC's, which must be gcc, cc or clang after "
				  "launchers (CC=distcc, CC=\"ccache gcc\")",
			     mx->rules.path, mx->m->ini_line, name, env);
		return -1;
	}
	if (llvm || c.clang)
		tool = c.clang ? lu_arena_strndup(a, env + at, len) : "clang";
	else
		tool = lu_arena_printf(a, "%sgcc%s", t->prefix,
				       c.tool ? c.version : "");
	if (!runnable(a, tool))
		return missing(mx, name, t, tool, err);
	*out = NULL;
	if (env && *env)
		*out = lu_arena_printf(a, "CC=%.*s%s%s%s", (int)at, env,
				       at && env[at - 1] != ' ' ? " " : "",
				       tool, env + at + len);
	return 0;
}

int lu_arch_setup(struct lu_matrix *mx, struct lu_error *err)
{
	struct lu_arena *a = &mx->arena;
	const struct lu_matrix_option *o = lu_arch_option(mx->m, NULL);

	if (check_settings(mx, o, err) < 0)
		return -1;
	if (!o)
		return 0;

	struct lu_arch *r = lu_arena_alloc(a, sizeof(*r));
	size_t n = o->n_values, sz = (n + 1) * sizeof(const char *);
	const char *llvm = getenv("LLVM");
	struct utsname u;
	const char *machine = uname(&u) == 0 ? lu_arena_strdup(a, u.machine)
					     : "x86_64";
	int rc = 0;

	memset(r, 0, sizeof(*r));
	r->n = n;
	r->name = o->values;
	r->karch = lu_arena_alloc(a, sz);
	r->prefix = lu_arena_alloc(a, sz);
	r->base = lu_arena_alloc(a, sz);
	r->make_cc = lu_arena_alloc(a, sz);
	r->command = mx->m->kconfig ? NULL : lu_arena_alloc(a, sz);
	r->llvm = llvm && *llvm && strcmp(llvm, "0");
	mx->arch = r;
	for (size_t v = 0; rc == 0 && v < n; v++) {
		struct target t;

		rc = decide(mx, o->values[v], machine, &t, err);
		if (rc < 0)
			break;
		r->karch[v] = t.k ? t.k->karch : o->values[v];
		r->prefix[v] = t.prefix;
		r->base[v] = setting(mx->m, "base", o->values[v]);
		if (mx->m->kconfig)
			rc = make_cc(mx, o->values[v], &t, &r->make_cc[v], err);
		else
			rc = compile_command(mx, o->values[v], &t,
					     &r->command[v], err);
	}
	return rc;
}

size_t lu_arch_make_words(struct lu_matrix *mx, size_t a,
			  const char **words)
{
	const struct lu_arch *r = mx->arch;
	struct lu_arena *ar = &mx->arena;
	size_t n = 0;

	if (!r)
		return 0;
	words[n++] = lu_arena_printf(ar, "ARCH=%s", r->karch[a]);
	words[n++] = lu_arena_printf(ar, "CROSS_COMPILE=%s", r->prefix[a]);
	if (r->make_cc[a])
		words[n++] = r->make_cc[a];
	return n;
}

/* Whether rows A and B differ in nothing but option SKIP. */
static bool same_but(const unsigned char *a, const unsigned char *b,
		     size_t n, size_t skip)
{
	for (size_t o = 0; o < n; o++)
		if (o != skip && a[o] != b[o])
			return false;
	return true;
}

bool lu_arch_same_everywhere(const struct lu_matrix *mx, const bool *failing)
{
	const struct lu_configs *c = &mx->configs;
	size_t o;

	if (!mx->arch || mx->arch->n < 2 || !lu_arch_option(mx->m, &o))
		return false;
	for (size_t i = 0; i < c->n_configs; i++) {
		const unsigned char *row = lu_config_row(c, i);
		size_t twins = 0;

		for (size_t j = 0; j < c->n_configs; j++) {
			const unsigned char *other = lu_config_row(c, j);

			if (!same_but(row, other, c->n_options, o))
				continue;
			if (failing[i] != failing[j])
				return false;
			twins++;
		}
		if (twins != mx->arch->n)
			return false;
	}
	return true;
}

const char *lu_arch_note(struct lu_matrix *mx, const char *cond,
			 const bool *in)
{
	if (!cond || !strcmp(cond, "always") ||
	    !lu_arch_same_everywhere(mx, in))
		return cond;
	return lu_arena_printf(&mx->arena, "%s, on every architecture", cond);
}

void lu_arch_json(const struct lu_matrix *mx, json_t *obj, const bool *in,
		  bool root)
{
	if (!mx->arch)
		return;
	json_object_set_new(obj, "every_arch",
			    json_boolean(lu_arch_same_everywhere(mx, in)));
	if (!root)
		return;
	json_t *names = json_array();

	for (size_t a = 0; a < mx->arch->n; a++)
		json_array_append_new(names, lu_json_text(mx->arch->name[a]));
	json_object_set_new(obj, "architectures", names);
}

void lu_arch_config_json(const struct lu_matrix *mx, json_t *obj, size_t c)
{
	if (mx->arch)
		json_object_set_new(obj, "arch", lu_json_text(mx->arch->name[
			lu_arch_of(mx->m, mx->cfg[c].row)]));
}
