/* SPDX-License-Identifier: MIT */
/*
 * Every configuration of a Kconfig matrix's options that Kconfig keeps
 * as asked (kconfig_engine.h), from the tree's own Kconfig engine: the
 * one `make olddefconfig` runs, asked once for all of them.
 *
 * A kernel tree's base make builds scripts/kconfig's objects; lineup
 * links a small main of its own (engine/kconfig_engine_lkc.c) with them
 * and runs it inside the tree's make, through a rule given with --eval,
 * so Kconfig sees the environment the kernel's Makefile exports (srctree,
 * ARCH, SRCARCH, CC, HOSTCC). A tree that builds no engine of its own
 * (lineup's Kconfig fixtures, kconfiglib's users) is asked through
 * python3-kconfiglib (engine/kconfig_engine_kconfiglib.py), inside the
 * tree's make as well. With `arch =`, each architecture's engine is
 * asked in turn, from its own base and make words. Without
 * either, there is no answer, and the sweep builds instead.
 *
 * An engine is a program outside lineup: its answer is trusted only as
 * far as real builds confirm it (every configuration the layout model
 * builds is resolved by olddefconfig, and one it changes is an error).
 */
#include "kconfig_engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "matrix.h"
#include "matrix_arch.h"
#include "slurp.h"

/* The engines' texts, embedded at build time (meson.build). */
extern const char lu_kconfig_engine_lkc[];
extern const char lu_kconfig_engine_kconfiglib[];

#define KCONFIGLIB "/usr/lib/python3/dist-packages/kconfiglib.py"
#define MAX_ANSWER (256u << 20)
#define MAX_DOT_CONFIG (64u << 20)

/*
 * The base: $1 the O= directory, $2 the tree, $3 a .config to start from
 * or "" for the make target $4; then make's own words.
 */
static const char base_script[] =
	"lu_base() { o=$1 t=$2 f=$3 g=$4; shift 4; mkdir -p \"$o\" && "
	"if [ -n \"$f\" ]; then cp \"$f\" \"$o/.config\" && g=olddefconfig; "
	"fi && ${MAKE:-make} -s -C \"$t\" O=\"$o\" \"$@\" \"$g\"; }; lu_base";

/*
 * The tree's engine: $1 its source, $2 the answer, $3 the base's O=, $4
 * the tree, $5 the .config to start from, $6 the symbols; then make's
 * words. The rule's recipe runs in the O= directory with make's
 * environment; it links every object of scripts/kconfig but conf's own
 * main.
 */
static const char lkc_script[] =
	"lu_engine() { export LU_ENGINE_SRC=\"$1\" LU_ENGINE_OUT=\"$2\" "
	"LU_ENGINE_BASE=\"$5\" LU_ENGINE_SYMS=\"$6\"; o=$3 t=$4; shift 6; "
	"LU_ENGINE_RUN='set --; for f in scripts/kconfig/*.o; do case $f in "
	"*/conf.o) ;; *) set -- \"$@\" \"$f\";; esac; done; "
	"\"${HOSTCC:-cc}\" -O2 -I\"$srctree/scripts/kconfig\" "
	"-Iscripts/kconfig -o lu-kconfig-engine \"$LU_ENGINE_SRC\" \"$@\" && "
	"./lu-kconfig-engine Kconfig \"$LU_ENGINE_BASE\" \"$LU_ENGINE_SYMS\" "
	"> \"$LU_ENGINE_OUT\"; r=$?; rm -f lu-kconfig-engine; exit $r'; "
	"export LU_ENGINE_RUN; ${MAKE:-make} -s -C \"$t\" O=\"$o\" \"$@\" "
	"--eval='lu-kconfig-engine: ; @sh -c \"$$LU_ENGINE_RUN\"' "
	"lu-kconfig-engine; }; lu_engine";

/* kconfiglib's: the same arguments, run inside the tree's make too, so
 * that its Kconfig sees what the Makefile exports (ARCH, SRCARCH). */
static const char kconfiglib_script[] =
	"lu_engine() { export LU_ENGINE_SRC=\"$1\" LU_ENGINE_OUT=\"$2\" "
	"LU_ENGINE_TREE=\"$4\" LU_ENGINE_BASE=\"$5\" LU_ENGINE_SYMS=\"$6\"; "
	"o=$3 t=$4; shift 6; LU_ENGINE_RUN='cd \"$LU_ENGINE_TREE\" && "
	"srctree=\"$LU_ENGINE_TREE\" python3 \"$LU_ENGINE_SRC\" Kconfig "
	"\"$LU_ENGINE_BASE\" \"$LU_ENGINE_SYMS\" > \"$LU_ENGINE_OUT\"'; "
	"export LU_ENGINE_RUN; ${MAKE:-make} -s -C \"$t\" O=\"$o\" \"$@\" "
	"--eval='lu-kconfig-engine: ; @sh -c \"$$LU_ENGINE_RUN\"' "
	"lu-kconfig-engine; }; lu_engine";

static bool exists(const char *path)
{
	return access(path, F_OK) == 0;
}

static int write_file(const char *path, const char *text,
		      struct lu_error *err)
{
	FILE *f = fopen(path, "we");

	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		if (f)
			fclose(f);
		lu_error_set(err, "failed to write %s", path);
		return -1;
	}
	return 0;
}

/* Runs JOB alone; 1 when interrupted, -1 when it failed (ERR says). */
static int run(struct lu_matrix *mx, struct lu_job *job, const char *what,
	       const struct lu_jobs_opts *o, struct lu_error *err)
{
	if (lu_jobs_run(job, 1, o))
		return 1;
	if (job->state == LU_JOB_DONE && !job->status)
		return 0;

	struct lu_build b = { 0 };

	lu_matrix_fail_build(mx, &b, job);
	lu_error_set(err, "%s: error: %s failed: %s", mx->rules.path, what,
		     b.message);
	return -1;
}

/* "NAME=VALUES" per Kconfig option (ARCH is the make's, not Kconfig's),
 * one a line, then "?NAME" per symbol WATCH names: what the engines
 * read. */
static char *symbols_text(const struct lu_matrix_rules *m,
			  const char *const *watch, size_t n_watch)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		abort();
	for (size_t o = 0; o < m->n_options; o++) {
		const struct lu_matrix_option *opt = &m->options[o];

		if (opt->kind == LU_OPTION_ARCH)
			continue;
		fprintf(f, "%s=", opt->name);
		if (!opt->values)
			fputs("ny", f);
		for (size_t v = 0; opt->values && v < opt->n_values; v++)
			fputc(opt->values[v][0], f);
		fputc('\n', f);
	}
	for (size_t i = 0; i < n_watch; i++)
		fprintf(f, "?%s\n", watch[i]);
	if (fclose(f) != 0)
		abort();
	return text;
}

static uint64_t fnv(const char *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 0x100000001b3ull;
	return h;
}

/* The engine's answer at PATH (W values a line) into OUT, and N_WATCH
 * values a line into *WATCHED (each a hash of its text); false when it
 * is not whole. */
static bool read_answer(const char *path, size_t w, size_t n_watch,
			struct lu_configs *out, uint64_t **watched)
{
	size_t len, n = 0;
	char *text;

	if (lu_slurp(path, MAX_ANSWER, &text, &len) != 0 || !text) {
		free(text);
		return false;
	}
	bool whole = false;

	/* a line is at least W bytes and 2 a value watched */
	size_t most = len / (w + 2 * n_watch + 1) + 1;

	out->values = malloc(most * w + 1);
	*watched = malloc((most * n_watch + 1) * sizeof(**watched));
	if (!out->values || !*watched)
		abort();
	for (char *p = text; p < text + len;) {
		size_t l = strcspn(p, "\n");

		if (l == 3 && !strncmp(p, "end", 3)) {
			whole = true;
			break;
		}
		if (l < w || n == most)
			break;
		for (size_t o = 0; o < w; o++)
			out->values[n * w + o] = (unsigned char)(p[o] - '0');
		const char *q = p + w, *end = p + l;
		size_t k = 0;

		for (; k < n_watch && q < end && *q == ' '; k++) {
			size_t t = strcspn(q + 1, " \n");

			(*watched)[n * n_watch + k] = fnv(q + 1, t);
			q += 1 + t;
		}
		if (k != n_watch || q != end)
			break;
		n++;
		p += l + 1;
	}
	free(text);
	out->n_configs = n;
	return whole;
}

/* Where M's ARCH option is (W when it has none). */
static size_t arch_column(const struct lu_matrix_rules *m)
{
	size_t at;

	return lu_arch_option(m, &at) ? at : m->n_options;
}

/*
 * What architecture A's engine allows (A 0 without `arch =`), as
 * lu_kconfig_valid, its rows without the ARCH column: each architecture
 * has its own base, Kconfig and make words, in a directory of its own.
 */
static int valid_on(struct lu_matrix *mx, const struct lu_jobs_opts *o,
		    size_t arch, const char *const *watch, size_t n_watch,
		    struct lu_configs *out, uint64_t **watched,
		    const char **why, struct lu_error *err)
{
	struct lu_arena *a = &mx->arena;
	const struct lu_matrix_rules *m = mx->m;
	const char *tree = lu_kconfig_beside_rules(mx, m->kconfig);
	const char *dir = mx->arch ? lu_arena_printf(a, "%s/engine-%zu",
						     mx->tmp, arch)
				   : lu_arena_printf(a, "%s/engine", mx->tmp);
	const char *base = mx->arch && mx->arch->base[arch]
				   ? mx->arch->base[arch]
			   : m->base && *m->base ? m->base
						 : "defconfig";
	const char *file = lu_kconfig_beside_rules(mx, base);
	const char *words[4] = { NULL };
	size_t n_words = lu_arch_make_words(mx, arch, words);
	size_t w = m->n_options - (arch_column(m) < m->n_options);
	struct stat st;
	char *raw;
	size_t len;
	int r;

	*out = (struct lu_configs){ 0 };
	*watched = NULL;
	if (file && (stat(file, &st) != 0 || S_ISDIR(st.st_mode)))
		file = NULL;
	const char *cc = getenv("CC");

	if (!mx->arch && cc && *cc)
		words[n_words++] = lu_arena_printf(a, "CC=%s", cc);
	const char *args[8] = { dir, tree, file ? file : "", base };

	memcpy(args + 4, words, n_words * sizeof(*words));
	struct lu_job job = {
		.command = base_script, .args = args,
		.n_args = 4 + n_words, .fd = -1,
	};

	r = run(mx, &job, lu_arena_printf(a, "making the base %s for "
					     "Kconfig's engine", base), o, err);
	if (r)
		return r > 0 ? -1 : -2;
	if (lu_slurp(file ? file : lu_arena_printf(a, "%s/.config", dir),
		     MAX_DOT_CONFIG, &raw, &len) != 0) {
		free(raw);
		lu_error_set(err, "failed to read the base for Kconfig's "
				  "engine in %s", dir);
		return -2;
	}
	const char *start = lu_kconfig_start_text(mx, raw ? raw : "");

	free(raw);
	const char *start_path = lu_arena_printf(a, "%s/lineup-start.config",
						 dir);
	const char *syms_path = lu_arena_printf(a, "%s/lineup-symbols", dir);
	const char *answer = lu_arena_printf(a, "%s/lineup-answer", dir);
	char *syms = symbols_text(m, watch, n_watch);
	bool lkc = exists(lu_arena_printf(a, "%s/scripts/kconfig/confdata.o",
					  dir));
	const char *src = lu_arena_printf(a, "%s/lineup-engine.%s", dir,
					  lkc ? "c" : "py");

	r = write_file(start_path, start, err);
	if (!r)
		r = write_file(syms_path, syms, err);
	free(syms);
	if (!r && !lkc && !exists(KCONFIGLIB)) {
		*why = "the tree builds no Kconfig engine of its own "
		       "(scripts/kconfig) and python3-kconfiglib is not "
		       "installed, so nothing tells which configurations "
		       "Kconfig allows";
		return 0;
	}
	if (!r)
		r = write_file(src, lkc ? lu_kconfig_engine_lkc
					: lu_kconfig_engine_kconfiglib, err);
	if (r)
		return -2;
	const char *eargs[12] = {
		src, answer, dir, tree, start_path, syms_path,
	};

	memcpy(eargs + 6, words, n_words * sizeof(*words));
	struct lu_job ejob = {
		.command = lkc ? lkc_script : kconfiglib_script,
		.args = eargs, .n_args = 6 + n_words, .fd = -1,
	};

	r = run(mx, &ejob, "asking Kconfig's engine which configurations it "
			   "allows", o, err);
	if (r)
		return r > 0 ? -1 : -2;
	if (!read_answer(answer, w, n_watch, out, watched)) {
		lu_error_set(err, "%s: error: Kconfig's engine gave no whole "
				  "answer in %s", mx->rules.path, answer);
		return -2;
	}
	return 1;
}

int lu_kconfig_valid(struct lu_matrix *mx, const struct lu_jobs_opts *o,
		     const char *const *watch, size_t n_watch,
		     struct lu_configs *out, uint64_t **watched,
		     const char **why, struct lu_error *err)
{
	const struct lu_matrix_rules *m = mx->m;
	size_t w = m->n_options, at = arch_column(m);
	size_t n_arch = mx->arch ? mx->arch->n : 1, n = 0, cap = 0;

	*out = (struct lu_configs){ .n_options = w };
	*watched = NULL;
	*why = NULL;
	/* arch-major: the ARCH option is the sweep's first, its slowest */
	for (size_t arch = 0; arch < n_arch; arch++) {
		struct lu_configs part;
		uint64_t *pw;
		int r = valid_on(mx, o, arch, watch, n_watch, &part, &pw, why,
				 err);

		if (r <= 0) {
			free(part.values);
			free(pw);
			lu_configs_free(out);
			free(*watched);
			*watched = NULL;
			return r;
		}
		size_t pn = part.n_configs, pwid = w - (at < w);

		if (n + pn > cap) {
			cap = n + pn;
			out->values = realloc(out->values, cap * w + 1);
			*watched = realloc(*watched, (cap * n_watch + 1) *
							     sizeof(**watched));
			if (!out->values || !*watched)
				abort();
		}
		for (size_t i = 0; i < pn; i++) {
			unsigned char *row = out->values + (n + i) * w;
			const unsigned char *from = part.values + i * pwid;

			for (size_t k = 0, j = 0; k < w; k++)
				row[k] = k == at ? (unsigned char)arch
						 : from[j++];
		}
		if (pn && n_watch)
			memcpy(*watched + n * n_watch, pw,
			       pn * n_watch * sizeof(*pw));
		n += pn;
		free(part.values);
		free(pw);
	}
	out->n_configs = n;
	out->n_values = calloc(m->n_options + 1, sizeof(*out->n_values));
	if (!out->n_values)
		abort();
	for (size_t k = 0; k < m->n_options; k++)
		out->n_values[k] = lu_option_n_values(&m->options[k]);
	out->exhaustive = true;
	return 1;
}
