/* SPDX-License-Identifier: MIT */
/*
 * lineup matrix over a Kconfig project; see matrix_kconfig.h.
 *
 * Everything goes through the tree's own make, with the user's CC, out of
 * tree in lineup's private directory (O=), one directory per
 * configuration:
 *  1. the base: `make O=TMP/base0 defconfig` (or the .config given);
 *     with `arch =`, one per architecture, each make of it with that
 *     architecture's ARCH= and CROSS_COMPILE= (matrix_arch.c);
 *  2. each configuration: the base with the options and debug info set,
 *     written as TMP/cN/.config, then `make O=TMP/cN olddefconfig`. What
 *     olddefconfig wrote back says whether Kconfig kept every option as
 *     asked: an option forced off by an unmet `depends on`, or on by a
 *     `select`, excludes the configuration;
 *  3. each configuration Kconfig allows: `make O=TMP/cN -jK OBJECT`; the
 *     object is kept and the rest of the directory removed at once (a
 *     kernel's is tens of MB).
 * Steps 1 and 2 are one pool of jobs, step 3 another: exclusions are known
 * before anything is built, so the builds are numbered as the report
 * numbers them. Jobs, timeouts and interrupts are jobs.h's, as for the
 * -D compiles: an interrupt ends the run and lineup removes its directory.
 * The report's part is matrix_kconfig_report.c.
 */
#include "matrix_kconfig.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "kconfig_auto.h"
#include "matrix.h"
#include "slurp.h"
#include "tmpdir.h"

/* A kernel's .config is some 300 KB; this is room and a bound. */
#define MAX_DOT_CONFIG (64u << 20)
/* The make lineup runs: the user's $MAKE, as make itself would. */
#define MAKE_COMMAND "${MAKE:-make}"

/*
 * Debug information in every configuration, in the kernel's symbols: DWARF
 * as the toolchain makes it, with struct types whole (REDUCED drops those
 * of headers) and in the object itself (SPLIT moves them to .dwo). Only
 * where the base has no debug info are the DWARF symbols added, so a
 * base that chose DWARF 5 keeps it. Options the user names win.
 */
static const char *const debug_on[] = {
	"CONFIG_DEBUG_INFO", "CONFIG_DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT",
};
static const char *const debug_off_if_none[] = { "CONFIG_DEBUG_INFO_NONE" };
static const char *const debug_off[] = {
	"CONFIG_DEBUG_INFO_REDUCED", "CONFIG_DEBUG_INFO_SPLIT",
};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* One assignment lineup makes in every .config it writes. */
struct assign {
	const char *name;
	char value;		/* 'y', 'm' or 'n' */
};

/* Where configurations start: one, or one per architecture (`arch =`). */
struct base {
	const char *target, *file;
	struct lu_job job;
	const char *text;	/* the base, less what lineup assigns */
	struct assign *fixed;	/* debug info, the same for all */
	size_t n_fixed;
};

struct kc {
	struct lu_matrix *mx;
	struct lu_error *err;
	bool failed;		/* err is set */
	const char *tree, *tmp;	/* absolute */
	const char *cc;		/* "CC=..." or NULL */
	size_t n;		/* configurations asked for */
	const char **dir;	/* per configuration: its O= */
	struct base *base;	/* per architecture */
	size_t n_bases, bases_started, bases_done;
	struct lu_job *resolve;
	size_t resolve_next, resolve_done;
	struct lu_job *build;	/* per allowed configuration */
	size_t build_next, build_done;
	unsigned jobs_per_make;
	/* per architecture: options = auto's prepared base O=, or NULL */
	const char **prepared;
};

/* The value, y, n or m, that option O has at index V. */
static char asked(const struct lu_matrix_option *o, size_t v)
{
	if (!o->values)
		return v ? 'y' : 'n';
	return o->values[v][0];
}

/* ---- .config text ------------------------------------------------------ */

const char *lu_kconfig_line_symbol(const char *line, size_t len, size_t *n,
				   char *value)
{
	static const char unset[] = " is not set";
	size_t u = sizeof(unset) - 1;

	if (len > 2 + u && !strncmp(line, "# ", 2) &&
	    !strncmp(line + len - u, unset, u)) {
		*n = len - 2 - u;
		*value = 'n';
		return line + 2;
	}
	if (!len || line[0] == '#')
		return NULL;
	const char *eq = memchr(line, '=', len);

	if (!eq || eq == line)
		return NULL;
	*n = (size_t)(eq - line);
	*value = eq + 1 < line + len ? eq[1] : '\0';
	return line;
}

static bool names(const char *s, size_t n, const char *name)
{
	return strlen(name) == n && !strncmp(s, name, n);
}

/* Whether the .config TEXT sets NAME=y. */
static bool sets_yes(const char *text, const char *name)
{
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n"), n;
		char v;
		const char *sym = lu_kconfig_line_symbol(p, len, &n, &v);

		if (sym && names(sym, n, name))
			return v == 'y';
		p += len + (p[len] == '\n');
	}
	return false;
}

static bool is_option(const struct lu_matrix_rules *m, const char *s,
		      size_t n)
{
	for (size_t o = 0; o < m->n_options; o++)
		if (names(s, n, m->options[o].name))
			return true;
	return false;
}

static void add_fixed(struct kc *s, struct base *b, const char *name,
		      char value)
{
	if (is_option(s->mx->m, name, strlen(name)))
		return;		/* the user's value wins */
	b->fixed[b->n_fixed++] = (struct assign){ name, value };
}

/*
 * The base as every configuration starts from it: its text less the lines
 * of the symbols lineup assigns (the options, debug info), which it then
 * writes once each at the end, so Kconfig reads no symbol twice.
 */
static void settle_base(struct kc *s, struct base *b, const char *text)
{
	struct lu_arena *a = &s->mx->arena;
	size_t cap = N_OF(debug_on) + N_OF(debug_off_if_none) +
		     N_OF(debug_off);
	bool has_debug = sets_yes(text, "CONFIG_DEBUG_INFO");

	b->fixed = lu_arena_alloc(a, cap * sizeof(*b->fixed));
	for (size_t i = 0; !has_debug && i < N_OF(debug_on); i++)
		add_fixed(s, b, debug_on[i], 'y');
	for (size_t i = 0; !has_debug && i < N_OF(debug_off_if_none); i++)
		add_fixed(s, b, debug_off_if_none[i], 'n');
	for (size_t i = 0; i < N_OF(debug_off); i++)
		add_fixed(s, b, debug_off[i], 'n');

	char *out = lu_arena_alloc(a, strlen(text) + 2), *w = out;

	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n"), n;
		char v;
		const char *sym = lu_kconfig_line_symbol(p, len, &n, &v);
		bool drop = sym && is_option(s->mx->m, sym, n);

		for (size_t i = 0; sym && !drop && i < b->n_fixed; i++)
			drop = names(sym, n, b->fixed[i].name);
		if (!drop) {
			memcpy(w, p, len);
			w += len;
			*w++ = '\n';
		}
		p += len + (p[len] == '\n');
	}
	*w = '\0';
	b->text = out;
}

static void put_assign(FILE *f, const char *name, char value)
{
	if (value == 'n')
		fprintf(f, "# %s is not set\n", name);
	else
		fprintf(f, "%s=%c\n", name, value);
}

void lu_kconfig_put_fixed(FILE *f, const char *base_text,
			  const struct lu_matrix_rules *m)
{
	bool has_debug = sets_yes(base_text, "CONFIG_DEBUG_INFO");

	for (size_t i = 0; !has_debug && i < N_OF(debug_on); i++)
		if (!is_option(m, debug_on[i], strlen(debug_on[i])))
			put_assign(f, debug_on[i], 'y');
	for (size_t i = 0; !has_debug && i < N_OF(debug_off_if_none); i++)
		if (!is_option(m, debug_off_if_none[i],
			       strlen(debug_off_if_none[i])))
			put_assign(f, debug_off_if_none[i], 'n');
	for (size_t i = 0; i < N_OF(debug_off); i++)
		if (!is_option(m, debug_off[i], strlen(debug_off[i])))
			put_assign(f, debug_off[i], 'n');
}

const char *lu_kconfig_start_text(struct lu_matrix *mx, const char *raw)
{
	struct kc s = { .mx = mx };
	struct base b = { 0 };
	char *text = NULL;
	size_t len;
	FILE *f;

	settle_base(&s, &b, raw);
	f = open_memstream(&text, &len);
	if (!f)
		abort();
	fputs(b.text, f);
	for (size_t i = 0; i < b.n_fixed; i++)
		put_assign(f, b.fixed[i].name, b.fixed[i].value);
	if (fclose(f) != 0)
		abort();
	const char *kept = lu_arena_strdup(&mx->arena, text);

	free(text);
	return kept;
}

/* Writes configuration C's .config into its directory; -1 with err. */
static int write_config(struct kc *s, size_t c)
{
	struct lu_matrix *mx = s->mx;
	const char *path = lu_arena_printf(&mx->arena, "%s/.config", s->dir[c]);
	const unsigned char *row = lu_config_row(&mx->configs, c);
	const struct base *b = &s->base[lu_arch_of(mx->m, row)];
	FILE *f = NULL;

	if (mkdir(s->dir[c], 0700) == 0)
		f = fopen(path, "we");
	if (!f) {
		lu_error_set(s->err, "failed to write %s: %s", path,
			     strerror(errno));
		return -1;
	}
	fputs(b->text, f);
	for (size_t i = 0; i < b->n_fixed; i++)
		put_assign(f, b->fixed[i].name, b->fixed[i].value);
	for (size_t o = 0; o < mx->m->n_options; o++)
		if (mx->m->options[o].kind == LU_OPTION_DEFINE)
			put_assign(f, mx->m->options[o].name,
				   asked(&mx->m->options[o], row[o]));
	if (fclose(f) != 0) {
		lu_error_set(s->err, "failed to write %s: %s", path,
			     strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Reads what olddefconfig made of configuration C: for each option, the
 * value Kconfig gave it where that is not the one asked (a symbol absent
 * from .config has unmet dependencies: it is n). Marks it excluded then.
 */
static int read_resolved(struct kc *s, size_t c)
{
	struct lu_matrix *mx = s->mx;
	struct lu_kconfig_result *kr = &mx->kconfig;
	const struct lu_matrix_rules *m = mx->m;
	const char *path = lu_arena_printf(&mx->arena, "%s/.config", s->dir[c]);
	const unsigned char *row = lu_config_row(&mx->configs, c);
	char *got = &kr->resolved[c * m->n_options];
	char *text, why[64];
	size_t len;
	int e = lu_slurp(path, MAX_DOT_CONFIG, &text, &len);

	if (e) {
		lu_error_set(s->err, "failed to read %s after make olddefconfig"
				     ": %s", path,
			     lu_slurp_reason(e, MAX_DOT_CONFIG, why,
					     sizeof(why)));
		free(text);
		return -1;
	}
	for (size_t o = 0; o < m->n_options; o++)
		got[o] = 'n';
	kr->hash[c] = lu_kconfig_text_hash(text ? text : "", len);
	for (const char *p = text ? text : ""; p < text + len;) {
		size_t l = strcspn(p, "\n"), n;
		char v;
		const char *sym = lu_kconfig_line_symbol(p, l, &n, &v);

		for (size_t o = 0; sym && o < m->n_options; o++)
			if (names(sym, n, m->options[o].name)) {
				got[o] = v;
				kr->seen[o] = true;
			}
		p += l + 1;
	}
	free(text);
	for (size_t o = 0; o < m->n_options; o++) {
		if (m->options[o].kind == LU_OPTION_ARCH) {
			kr->seen[o] = true;	/* make's ARCH=, no symbol */
			got[o] = 0;
			continue;
		}
		if (got[o] == asked(&m->options[o], row[o])) {
			got[o] = 0;
			continue;
		}
		if (!kr->excluded[c])
			kr->n_excluded++;
		kr->excluded[c] = true;
	}
	return 0;
}

/* ---- jobs --------------------------------------------------------------- */

/*
 * `make -s -C TREE O=DIR [ARCH=... CROSS_COMPILE=...] [CC=...] WORDS...`
 * as JOB, for architecture ARCH (0 without `arch =`).
 */
static void make_job(struct kc *s, struct lu_job *job, const char *dir,
		     const char *const *words, size_t n_words, size_t arch)
{
	struct lu_arena *a = &s->mx->arena;
	const char **args = lu_arena_alloc(a, (n_words + 9) * sizeof(*args));
	size_t n = 0;

	args[n++] = "-s";
	args[n++] = "-C";
	args[n++] = s->tree;
	args[n++] = lu_arena_printf(a, "O=%s", dir);
	n += lu_arch_make_words(s->mx, arch, args + n);
	if (s->cc && !s->mx->arch)
		args[n++] = s->cc;
	memcpy(args + n, words, n_words * sizeof(*words));
	n += n_words;
	args[n] = NULL;
	*job = (struct lu_job){
		.command = MAKE_COMMAND, .args = args, .n_args = n, .fd = -1,
	};
}

/* The first line of a failed job's output that says "error", or its
 * first line: what the report quotes. */
static const char *failure(struct kc *s, const struct lu_job *job)
{
	struct lu_build b = { 0 };

	lu_matrix_fail_build(s->mx, &b, job);
	return b.message;
}

/* " for ARCH=arm" for base I of an `arch =` sweep, "" otherwise. */
static const char *arch_note(struct kc *s, size_t i)
{
	if (!s->mx->arch)
		return "";
	return lu_arena_printf(&s->mx->arena, " for ARCH=%s",
			       s->mx->arch->name[i]);
}

static void draw(struct kc *s, bool force)
{
	struct lu_matrix *mx = s->mx;
	/* until the builds are planned, one per configuration allowed */
	size_t allowed = s->resolve_done < s->n || !mx->builds
				 ? s->n - mx->kconfig.n_excluded
				 : mx->n_builds;
	char what[160];

	if (!mx->progress.out)
		return;
	if (s->resolve_done < s->n)
		snprintf(what, sizeof(what), "lineup matrix: %zu "
			 "configurations: %zu resolved by Kconfig", s->n,
			 s->resolve_done);
	else
		snprintf(what, sizeof(what), "lineup matrix: %zu "
			 "configurations: %zu excluded by Kconfig, %zu of %zu "
			 "built", s->n, mx->kconfig.n_excluded, s->build_done,
			 allowed);
	/* a build costs some ten resolutions */
	lu_progress_draw(&mx->progress, force, what,
			 (double)s->resolve_done + 10.0 * (double)s->build_done,
			 (double)s->n + 10.0 * (double)allowed);
}

static void tick(void *ctx)
{
	draw(ctx, false);
}

static struct lu_job *next_resolve(void *ctx)
{
	struct kc *s = ctx;

	if (s->failed)
		return NULL;
	while (s->bases_started < s->n_bases) {
		size_t i = s->bases_started++;
		struct base *b = &s->base[i];
		const char *w[] = { b->target };

		if (!b->target)
			continue;	/* a file, read already */
		make_job(s, &b->job, lu_arena_printf(&s->mx->arena,
						     "%s/base%zu", s->tmp, i),
			 w, 1, i);
		return &b->job;
	}
	if (s->bases_done != s->n_bases || s->resolve_next == s->n)
		return NULL;

	size_t c = s->resolve_next++;
	const char *w[] = { "olddefconfig" };

	if (write_config(s, c) < 0) {
		s->failed = true;
		return NULL;
	}
	size_t arch = lu_arch_of(s->mx->m, lu_config_row(&s->mx->configs, c));
	struct lu_job *job = &s->resolve[c];

	make_job(s, job, s->dir[c], w, 1, arch);
	if (s->prepared[arch])
		lu_kconfig_from_prepared(s->mx, job, s->prepared[arch],
					 s->dir[c]);
	return job;
}

/* Reads base B's .config (made, or given) into its text; -1 with err. */
static int load_base(struct kc *s, struct base *b, const char *path)
{
	char *text, why[64];
	size_t len;
	int e = lu_slurp(path, MAX_DOT_CONFIG, &text, &len);

	if (e) {
		lu_error_set(s->err, "failed to read the base configuration "
				     "%s: %s", path,
			     lu_slurp_reason(e, MAX_DOT_CONFIG, why,
					     sizeof(why)));
		free(text);
		return -1;
	}
	if (memchr(text ? text : "", '\0', len)) {
		lu_error_set(s->err, "failed to read the base configuration "
				     "%s: not a text file", path);
		free(text);
		return -1;
	}
	settle_base(s, b, text ? text : "");
	free(text);
	return 0;
}

static void done_resolve(void *ctx, struct lu_job *job)
{
	struct kc *s = ctx;
	struct lu_arena *a = &s->mx->arena;

	if (s->failed)
		return;
	for (size_t i = 0; i < s->n_bases; i++) {
		struct base *b = &s->base[i];
		const char *dir = lu_arena_printf(a, "%s/base%zu", s->tmp, i);

		if (job != &b->job)
			continue;
		if (job->state != LU_JOB_DONE || job->status) {
			lu_error_set(s->err, "failed to make %s in %s%s: %s",
				     b->target, s->tree, arch_note(s, i),
				     failure(s, job));
			s->failed = true;
			return;
		}
		s->failed = load_base(s, b, lu_arena_printf(a, "%s/.config",
							    dir)) < 0;
		lu_tmpdir_remove(dir);
		s->bases_done++;
		return;
	}
	size_t c = (size_t)(job - s->resolve);

	s->resolve_done++;
	if (job->state != LU_JOB_DONE || job->status) {
		lu_error_set(s->err, "failed to resolve configuration %s with "
				     "make olddefconfig in %s: %s",
			     s->mx->cfg[c].name, s->tree, failure(s, job));
		s->failed = true;
		return;
	}
	s->failed = read_resolved(s, c) < 0;
	draw(s, false);
}

static struct lu_job *next_build(void *ctx)
{
	struct kc *s = ctx;
	struct lu_matrix *mx = s->mx;

	if (s->build_next == mx->n_builds)
		return NULL;

	size_t b = s->build_next++;
	const char *w[] = {
		lu_arena_printf(&mx->arena, "-j%u", s->jobs_per_make),
		mx->m->object,
	};

	make_job(s, &s->build[b], mx->builds[b].object, w, 2,
		 lu_arch_of(mx->m, mx->cfg[b].row));
	return &s->build[b];
}

/*
 * Build B ended: its object is kept as TMP/bB.o, and its directory (a
 * kernel's is tens of MB) removed at once.
 */
static void done_build(void *ctx, struct lu_job *job)
{
	struct kc *s = ctx;
	struct lu_matrix *mx = s->mx;
	size_t b = (size_t)(job - s->build);
	struct lu_build *bd = &mx->builds[b];
	const char *dir = bd->object;
	const char *made = lu_arena_printf(&mx->arena, "%s/%s", dir,
					   mx->m->object);

	s->build_done++;
	bd->object = lu_arena_printf(&mx->arena, "%s/b%zu.o", s->tmp, b);
	if (job->state != LU_JOB_DONE || job->status) {
		lu_matrix_fail_build(mx, bd, job);
	} else if (rename(made, bd->object) != 0) {
		bd->state = LU_BUILD_FAILED;
		bd->message = lu_arena_printf(&mx->arena, "make %s left no "
					      "%s: %s", mx->m->object, made,
					      strerror(errno));
	}
	lu_tmpdir_remove(dir);
	draw(s, false);
}

/* ---- the sweep ---------------------------------------------------------- */

/* PATH relative to the rules file's directory, made absolute. */
const char *lu_kconfig_beside_rules(struct lu_matrix *mx, const char *path)
{
	struct lu_arena *a = &mx->arena;
	const char *dir = dirname(lu_arena_strdup(a, mx->rules.path));
	const char *p = path[0] == '/' ? path
					: lu_arena_printf(a, "%s/%s", dir, path);
	char *real = realpath(p, NULL);

	if (!real)
		return NULL;
	p = lu_arena_strdup(a, real);
	free(real);
	return p;
}

/*
 * Base I: `base[A]`, or `base`, or defconfig (each architecture's own,
 * as the tree's make gives it for ARCH=A). A file beside the rules is a
 * .config; a word, a make target. -1 with err.
 */
static int locate_base(struct kc *s, size_t i)
{
	struct lu_matrix *mx = s->mx;
	const struct lu_matrix_rules *m = mx->m;
	const char *base = mx->arch && mx->arch->base[i] ? mx->arch->base[i]
			   : m->base && *m->base	       ? m->base
							       : "defconfig";
	struct base *b = &s->base[i];
	struct stat st;

	b->file = lu_kconfig_beside_rules(mx, base);
	if (b->file && stat(b->file, &st) == 0 && S_ISDIR(st.st_mode))
		b->file = NULL;
	if (!b->file && strchr(base, '/')) {
		lu_error_set(s->err, "%s:%u: error: base%s = %s: no such file",
			     mx->rules.path, m->ini_line,
			     mx->arch && mx->arch->base[i]
				     ? lu_arena_printf(&mx->arena, "[%s]",
						       mx->arch->name[i])
				     : "",
			     base);
		return -1;
	}
	if (!b->file)
		b->target = base;
	return 0;
}

/* The tree, the bases and the CC; -1 with err. */
static int locate(struct kc *s)
{
	struct lu_matrix *mx = s->mx;
	const struct lu_matrix_rules *m = mx->m;
	char *tmp = realpath(mx->tmp, NULL);
	struct stat st;

	s->tree = lu_kconfig_beside_rules(mx, m->kconfig);
	if (!s->tree || stat(lu_arena_printf(&mx->arena, "%s/Kconfig",
					     s->tree), &st) != 0) {
		lu_error_set(s->err, "%s:%u: error: kconfig = %s: no Kconfig "
				     "file there", mx->rules.path, m->ini_line,
			     m->kconfig);
		free(tmp);
		return -1;
	}
	s->tmp = lu_arena_strdup(&mx->arena, tmp ? tmp : mx->tmp);
	free(tmp);
	s->n_bases = mx->arch ? mx->arch->n : 1;
	s->base = lu_arena_alloc(&mx->arena, s->n_bases * sizeof(*s->base));
	memset(s->base, 0, s->n_bases * sizeof(*s->base));
	for (size_t i = 0; i < s->n_bases; i++)
		if (locate_base(s, i) < 0)
			return -1;
	s->prepared = lu_kconfig_prepared(mx, s->n_bases);
	const char *cc = getenv("CC");

	if (cc && *cc)
		s->cc = lu_arena_printf(&mx->arena, "CC=%s", cc);
	return 0;
}

/* Keeps in KR's all a copy of the configurations asked. */
static void keep_asked(struct lu_matrix *mx)
{
	struct lu_kconfig_result *kr = &mx->kconfig;
	struct lu_configs *c = &mx->configs;
	size_t row = c->n_options, n = c->n_configs;

	kr->all = *c;
	/* room for one more: an empty copy is still an allocation */
	kr->all.values = lu_arena_alloc(&mx->arena, n * row + 1);
	memcpy(kr->all.values, c->values, n * row);
	kr->all.n_values = lu_arena_alloc(&mx->arena,
					  (row + 1) * sizeof(*c->n_values));
	memcpy(kr->all.n_values, c->n_values, row * sizeof(*c->n_values));
}

/* Keeps in MX's configurations only those Kconfig allows. */
static void compact(struct lu_matrix *mx)
{
	struct lu_kconfig_result *kr = &mx->kconfig;
	struct lu_configs *c = &mx->configs;
	size_t row = c->n_options, k = 0, n = c->n_configs;

	for (size_t i = 0; i < n; i++) {
		if (kr->excluded[i])
			continue;
		memmove(c->values + k * row, c->values + i * row, row);
		mx->cfg[k] = mx->cfg[i];
		mx->cfg[k].row = lu_config_row(c, k);
		k++;
	}
	c->n_configs = k;
}

/* A sweep of nothing but exclusions is an error: every configuration
 * refused, and none resolved to one the options can say. */
static int check_allowed(struct kc *s)
{
	const struct lu_matrix_rules *m = s->mx->m;

	if (s->mx->kconfig.n_excluded == s->n && !s->mx->kconfig.n_reached) {
		lu_error_set(s->err, "%s:%u: error: Kconfig refuses all %zu "
				     "configurations of the options",
			     s->mx->rules.path, m->ini_line, s->n);
		return -1;
	}
	return 0;
}

int lu_kconfig_sweep(struct lu_matrix *mx, const struct lu_jobs_opts *o,
		     struct lu_error *err)
{
	struct lu_kconfig_result *kr = &mx->kconfig;
	struct lu_arena *a = &mx->arena;
	size_t n = mx->configs.n_configs, n_opt = mx->m->n_options;
	struct kc s = { .mx = mx, .err = err, .n = n };
	struct lu_jobs_feed feed = {
		.next = next_resolve, .done = done_resolve,
		.tick = mx->progress.out ? tick : NULL, .tick_ms = 500,
		.ctx = &s,
	};

	/* the layout model's builds ran sweeps before this one */
	*kr = (struct lu_kconfig_result){ .present = true };
	kr->excluded = lu_arena_alloc(a, n + 1);
	memset(kr->excluded, 0, n + 1);
	kr->resolved = lu_arena_alloc(a, n * n_opt + 1);
	kr->hash = lu_arena_alloc(a, (n + 1) * sizeof(*kr->hash));
	kr->seen = lu_arena_alloc(a, n_opt + 1);
	memset(kr->seen, 0, n_opt + 1);
	s.resolve = lu_arena_alloc(a, (n + 1) * sizeof(*s.resolve));
	s.dir = lu_arena_alloc(a, (n + 1) * sizeof(*s.dir));
	if (locate(&s) < 0)
		return -2;
	for (size_t c = 0; c < n; c++)
		s.dir[c] = lu_arena_printf(a, "%s/c%zu", s.tmp, c);
	for (size_t i = 0; i < s.n_bases; i++) {
		if (!s.base[i].file)
			continue;
		if (load_base(&s, &s.base[i], s.base[i].file) < 0)
			return -2;
		s.bases_done++;
	}
	draw(&s, true);

	int sig = lu_jobs_pump(&feed, o);

	if (sig)
		return -1;
	if (s.failed)
		return -2;
	keep_asked(mx);
	lu_kconfig_add_reached(mx, &s.dir);
	if (check_allowed(&s) < 0)
		return -2;
	n = mx->configs.n_configs;
	compact(mx);

	/* step 3: one build per configuration Kconfig allows */
	size_t allowed = mx->configs.n_configs;

	kr->built_hash = lu_arena_alloc(a, (allowed + 1) *
						   sizeof(*kr->built_hash));

	mx->n_builds = 0;
	mx->builds = lu_arena_alloc(a, (allowed + 1) * sizeof(*mx->builds));
	memset(mx->builds, 0, (allowed + 1) * sizeof(*mx->builds));
	s.build = lu_arena_alloc(a, (allowed + 1) * sizeof(*s.build));
	for (size_t b = 0, k = 0, c = 0; c < n; c++) {
		if (kr->excluded[c])
			continue;
		/* the same .config, or the same text of the structs, as a
		 * configuration built already: no build of its own */
		long same = lu_kconfig_same_build(mx, k, kr->hash[c]);

		if (same >= 0) {
			mx->cfg[k++].build = (size_t)same;
			lu_tmpdir_remove(s.dir[c]);
			continue;
		}
		mx->builds[b].first_config = k;
		mx->builds[b].object = s.dir[c];	/* its O= until built */
		mx->cfg[k++].build = b++;
		mx->n_builds = b;
	}
	lu_kconfig_count_covered(mx);
	/* the slots are shared among the builds that run at once */
	s.jobs_per_make = o->parallel > mx->n_builds
				  ? (unsigned)(o->parallel / mx->n_builds)
				  : 1;
	feed.next = next_build;
	feed.done = done_build;
	draw(&s, true);
	sig = lu_jobs_pump(&feed, o);
	if (sig)
		return -1;
	draw(&s, true);
	return 0;
}
