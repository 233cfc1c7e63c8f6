/* SPDX-License-Identifier: MIT */
/*
 * `options = auto`; see kconfig_auto.h. Each configuration explored is
 * one job of the shell (jobs.h: its paths are positional parameters):
 * the .config written by lineup is resolved (`make olddefconfig`) and the
 * object's source preprocessed (`make OBJECT.i`) in a directory of its
 * own, which is then removed; the text, the resolved .config and the
 * command the tree recorded for the .i (kbuild's .FILE.i.cmd) are kept
 * under the hash of the .config written. A configuration that an earlier
 * round preprocessed costs a copy: every option's first value is the
 * base's, and only the values that differ from the base are written, so
 * the same configuration is the same .config whatever the round's
 * options.
 */
#include "kconfig_auto.h"

#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "error.h"
#include "matrix.h"
#include "slurp.h"
#include "tmpdir.h"

#define MAX_DOT_CONFIG (64u << 20)
#define MAX_CMD (1u << 20)

/*
 * One configuration: resolve, preprocess, keep what the sweep needs.
 * $1 the O= directory, $2 the text relevance.c reads, $3 the cache's
 * stem, $4 the tree, $5 the .i target, $6 the base's O=; then make's own
 * words. The first configuration is made in the base's directory, and
 * kept there: once it is, every other starts from a copy of it, so what
 * `make prepare` built (kconfig's conf, fixdep, objtool, generated
 * headers) is rebuilt only where the .config changes it, by the tree's
 * own make and its dependency files (bench/README.md). The
 * directory goes when the job ends (a kernel's is tens of MB), so the
 * headers it generated that the text came from (autoconf.h, and the
 * kernel's include/generated) are copied beside the text first, and its
 * line markers made to name the copies: relevance.c reads them after.
 */
static const char preprocess_script[] = LU_KCONFIG_COPY_SH
	"lu_pp() { d=$1 o=$2 c=$3 t=$4 i=$5 b=$6; shift 6; "
	"if [ \"$d\" != \"$b\" ] && [ -f \"$b/.lineup-prepared\" ]; "
	"then lu_copy \"$b\" \"$d\"; fi && "
	"mkdir -p \"$d\" \"$c.h\" && cp \"$c.in\" \"$d/.config\" && "
	"${MAKE:-make} -s -C \"$t\" O=\"$d\" \"$@\" olddefconfig && "
	"${MAKE:-make} -s -C \"$t\" O=\"$d\" \"$@\" \"$i\" && "
	"cp \"$d/.config\" \"$c.config\" && "
	"k=\"$d/$(dirname \"$i\")/.$(basename \"$i\").cmd\" && "
	"{ ! [ -f \"$k\" ] || head -n 1 \"$k\" > \"$c.cmd\"; } && "
	"sed -n 's|^# [0-9][0-9]* \"\\([^\"<][^\"]*\\)\".*|\\1|p' "
	"\"$d/$i\" | sort -u | while IFS= read -r f; do "
	"case $f in \"$d\"/*) g=${f#\"$d\"/};; /*) continue;; *) g=$f;; "
	"esac; ! [ -f \"$d/$g\" ] || (cd \"$d\" && cp --parents \"$g\" "
	"\"$c.h/\") || exit 1; done && "
	"sed -e \"s|^\\(# [0-9][0-9]* \\\"\\)$d/|\\1$c.h/|\" "
	"-e \"s|^\\(# [0-9][0-9]* \\\"\\)\\([^/<\\\"]\\)|\\1$c.h/\\2|\" "
	"\"$d/$i\" > \"$c.i\" && cp \"$c.i\" \"$o\"; "
	"r=$?; if [ \"$d\" = \"$b\" ]; then [ $r != 0 ] || "
	": > \"$b/.lineup-prepared\"; else rm -rf \"$d\"; fi; return $r; }; "
	"lu_pp";

struct auto_run {
	struct lu_matrix *mx;
	struct lu_kconfig_auto *ka;
	struct lu_matrix_rules rules;	/* the round's options */
	const char **base_of;		/* per option: the base's value */
	bool *also;			/* per option: what selects one */
	size_t arch;			/* in mx->arch, 0 without */
	/* make's own words: ARCH=, CROSS_COMPILE= and CC= as the sweep's
	 * (matrix_arch.h), or "CC=$CC" without `arch =` */
	const char *words[4];
	size_t n_words;
	size_t n_jobs;
};

static uint64_t fnv(const char *s, size_t n)
{
	return lu_kconfig_text_hash(s, n);
}

/* ---- the base -------------------------------------------------------- */

/* The base's value of NAME (the text after '=', "n" when not set), or
 * NULL when the base does not name it. */
static const char *base_value(struct lu_arena *a, const char *text,
			      const char *name)
{
	size_t len = strlen(name);

	for (const char *p = text; *p;) {
		size_t l = strcspn(p, "\n"), n;
		char v;
		const char *sym = lu_kconfig_line_symbol(p, l, &n, &v);

		if (sym && n == len && !strncmp(sym, name, n))
			return v == 'n' && sym != p
				       ? "n"
				       : lu_arena_strndup(a, sym + n + 1,
							  l - n - 1);
		p += l + (p[l] == '\n');
	}
	return NULL;
}

static size_t count_symbols(const char *text)
{
	size_t k = 0;

	for (const char *p = text; *p;) {
		size_t l = strcspn(p, "\n"), n;
		char v;

		k += lu_kconfig_line_symbol(p, l, &n, &v) != NULL;
		p += l + (p[l] == '\n');
	}
	return k;
}

static int run_one(struct lu_job *job, const struct lu_jobs_opts *o)
{
	int sig = lu_jobs_run(job, 1, o);

	if (sig)
		return -2;
	return job->state == LU_JOB_DONE && !job->status ? 0 : -1;
}

/* The base .config's text, made (`make O=DIR/base defconfig`) or read. */
static int load_base(struct auto_run *r, const struct lu_jobs_opts *o,
		     struct lu_error *err)
{
	struct lu_matrix *mx = r->mx;
	struct lu_arena *a = &mx->arena;
	const struct lu_matrix_rules *m = &mx->rules.matrix;
	const char *base = mx->arch && mx->arch->base[r->arch]
				   ? mx->arch->base[r->arch]
			   : m->base && *m->base ? m->base
						 : "defconfig";
	const char *file = lu_kconfig_beside_rules(mx, base), *path;
	struct stat st;
	char *text, why[64];
	size_t len;

	if (file && stat(file, &st) == 0 && !S_ISDIR(st.st_mode)) {
		path = file;
	} else {
		const char *dir = lu_arena_printf(a, "%s/base", r->ka->dir);
		const char *args[10] = {
			"-s", "-C", r->ka->tree,
			lu_arena_printf(a, "O=%s", dir),
		};
		size_t n = 4;

		for (size_t w = 0; w < r->n_words; w++)
			args[n++] = r->words[w];
		args[n++] = base;
		struct lu_job job = {
			.command = "${MAKE:-make}", .args = args,
			.n_args = n, .fd = -1,
		};
		int rc = run_one(&job, o);

		if (rc == -2)
			return -2;
		if (rc < 0) {
			struct lu_build b = { 0 };

			lu_matrix_fail_build(mx, &b, &job);
			lu_error_set(err, "failed to make %s in %s: %s", base,
				     r->ka->tree, b.message);
			return -1;
		}
		path = lu_arena_printf(a, "%s/.config", dir);
	}
	int e = lu_slurp(path, MAX_DOT_CONFIG, &text, &len);

	if (e || memchr(text ? text : "", '\0', len)) {
		lu_error_set(err, "failed to read the base configuration %s: "
				  "%s", path,
			     e ? lu_slurp_reason(e, MAX_DOT_CONFIG, why,
						 sizeof(why))
			       : "not a text file");
		free(text);
		return -1;
	}
	r->ka->base_text = lu_arena_strdup(a, text ? text : "");
	free(text);
	return 0;
}

/* ---- one configuration's job --------------------------------------- */

/* The value option O asks at index V. */
static const char *asked(const struct lu_matrix_option *o, size_t v)
{
	if (!o->values)
		return v ? "y" : "n";
	return o->values[v];
}

/* The .config lineup writes for ROW: the base, debug info, and the
 * options whose value is not the base's. */
static char *config_text(struct auto_run *r, const unsigned char *row,
			 size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	if (!f)
		abort();
	fputs(r->ka->base_text, f);
	lu_kconfig_put_fixed(f, r->ka->base_text, &r->rules);
	for (size_t o = 0; o < r->rules.n_options; o++) {
		const char *v = asked(&r->rules.options[o], row[o]);
		const char *b = r->base_of[o] ? r->base_of[o] : "n";

		if (!strcmp(v, b))
			continue;
		if (!strcmp(v, "n"))
			fprintf(f, "# %s is not set\n",
				r->rules.options[o].name);
		else
			fprintf(f, "%s=%s\n", r->rules.options[o].name, v);
	}
	if (fclose(f) != 0)
		abort();
	return text;
}

static const char *stem_of(struct auto_run *r, uint64_t h)
{
	return lu_arena_printf(&r->mx->arena, "%s/k%016llx", r->ka->dir,
			       (unsigned long long)h);
}

static const char *base_dir(struct auto_run *r)
{
	return lu_arena_printf(&r->mx->arena, "%s/base", r->ka->dir);
}

static bool exists(const char *path)
{
	return access(path, F_OK) == 0;
}

static void preprocess_job(void *ctx, const unsigned char *row,
			   const char *out, struct lu_job *job)
{
	struct auto_run *r = ctx;
	struct lu_arena *a = &r->mx->arena;
	size_t len;
	char *text = config_text(r, row, &len);
	const char *stem = stem_of(r, fnv(text, len));
	const char **args = lu_arena_alloc(a, 11 * sizeof(*args));
	const char *in = lu_arena_printf(a, "%s.in", stem);
	size_t n = 0;
	FILE *f;

	r->ka->explored++;
	if (exists(lu_arena_printf(a, "%s.i", stem))) {
		r->ka->reused++;
		args[n++] = lu_arena_printf(a, "%s.i", stem);
		args[n++] = out;
		*job = (struct lu_job){
			.command = "cp", .args = args, .n_args = n, .fd = -1,
		};
		free(text);
		return;
	}
	f = fopen(in, "we");
	if (f) {
		fwrite(text, 1, len, f);
		fclose(f);
	}
	free(text);
	args[n++] = r->n_jobs ? lu_arena_printf(a, "%s/o%zu", r->ka->dir,
						r->n_jobs)
			      : base_dir(r);
	r->n_jobs++;
	args[n++] = out;
	args[n++] = stem;
	args[n++] = r->ka->tree;
	args[n++] = r->ka->target;
	args[n++] = base_dir(r);
	for (size_t w = 0; w < r->n_words; w++)
		args[n++] = r->words[w];
	*job = (struct lu_job){
		.command = preprocess_script, .args = args, .n_args = n,
		.fd = -1,
	};
}

/* ---- the symbols ------------------------------------------------------ */

static enum lu_ksym_type type_of_value(const char *v)
{
	if (!v || !strcmp(v, "y") || !strcmp(v, "n"))
		return LU_KSYM_BOOL;
	if (!strcmp(v, "m"))
		return LU_KSYM_TRISTATE;
	if (v[0] == '"')
		return LU_KSYM_STRING;
	if (!strncmp(v, "0x", 2))
		return LU_KSYM_HEX;
	return LU_KSYM_INT;
}

static long find_sym(const struct lu_kconfig_auto *ka, const char *name)
{
	for (size_t i = 0; i < ka->n_found; i++)
		if (!strcmp(ka->found[i].name, name))
			return (long)i;
	return -1;
}

/*
 * The symbol identifier ID stands for (CONFIG_X_MODULE is CONFIG_X's when
 * the tree has no symbol of that name): its index in found, added if
 * new, or -1 when it is no Kconfig symbol (neither the tree nor the base
 * knows it).
 */
static long symbol_of(struct auto_run *r, const char *id)
{
	struct lu_kconfig_auto *ka = r->ka;
	struct lu_arena *a = &r->mx->arena;
	const struct lu_ksym *ks = lu_ksyms_find(&ka->syms, id);
	const char *name = id, *base;
	size_t n = strlen(id);
	bool module = false;

	if (!ks && n > 7 && !strcmp(id + n - 7, "_MODULE")) {
		const char *bare = lu_arena_strndup(a, id, n - 7);
		const struct lu_ksym *k2 = lu_ksyms_find(&ka->syms, bare);

		if (k2 || base_value(a, ka->base_text, bare)) {
			name = bare;
			ks = k2;
			module = true;
		}
	}
	long i = find_sym(ka, name);

	if (i >= 0) {
		ka->found[i].module |= module;
		return i;
	}
	base = base_value(a, ka->base_text, name);
	if (!ks && !base)
		return -1;

	struct lu_kauto_sym s = {
		.name = name, .base = base, .ks = ks, .module = module,
		.via = -1,
		.type = ks && ks->type ? ks->type : type_of_value(base),
	};

	if (s.type != LU_KSYM_BOOL && s.type != LU_KSYM_TRISTATE)
		s.use = LU_KAUTO_VALUE;
	else if (ks && !ks->prompt)
		s.use = LU_KAUTO_NO_PROMPT;
	ka->found = lu_grow(ka->found, &ka->cap, ka->n_found,
			    sizeof(*ka->found));
	ka->found[ka->n_found] = s;
	return (long)ka->n_found++;
}

static bool is_option(const struct lu_matrix_rules *m, const char *name)
{
	for (size_t o = 0; o < m->n_options; o++)
		if (!strcmp(m->options[o].name, name))
			return true;
	return false;
}

/* Symbol S as an option: its base value first, then the others. */
static void add_option(struct auto_run *r, const struct lu_kauto_sym *s,
		       size_t *cap)
{
	struct lu_arena *a = &r->mx->arena;
	const char *b = s->base ? s->base : "n";
	const char **v = lu_arena_alloc(a, 3 * sizeof(*v));
	size_t n = 0;

	v[n++] = b;
	if (strcmp(b, "y"))
		v[n++] = "y";
	if (strcmp(b, "n"))
		v[n++] = "n";
	/* m only where the text tells it from y (CONFIG_X_MODULE) */
	if (s->type == LU_KSYM_TRISTATE && s->module && strcmp(b, "m"))
		v[n++] = "m";
	n = n > 3 ? 3 : n;
	r->rules.options = lu_grow(r->rules.options, cap, r->rules.n_options,
				   sizeof(*r->rules.options));
	r->rules.options[r->rules.n_options++] = (struct lu_matrix_option){
		.name = s->name, .kind = LU_OPTION_DEFINE, .values = v,
		.n_values = n,
	};
}

/* Symbol S, without a prompt: the few symbols with one that select it
 * become options in its place; the number added. */
static size_t add_selecters(struct auto_run *r, long s, size_t *cap)
{
	struct lu_kconfig_auto *ka = r->ka;
	const struct lu_ksym *ks = ka->found[s].ks;
	size_t added = 0, k = 0;

	for (size_t i = 0; i < ks->n_selected_by; i++) {
		const struct lu_ksym *by = lu_ksyms_find(&ka->syms,
							 ks->selected_by[i]);

		k += by && by->prompt;
	}
	if (!k || k > LU_KCONFIG_AUTO_SELECTERS)
		return 0;
	for (size_t i = 0; i < ks->n_selected_by; i++) {
		long b = symbol_of(r, ks->selected_by[i]);

		if (b < 0 || ka->found[b].use != LU_KAUTO_SWEPT ||
		    is_option(&r->rules, ka->found[b].name))
			continue;
		ka->found[b].via = s;
		add_option(r, &ka->found[b], cap);
		added++;
	}
	return added;
}

/* The round's identifiers as symbols; the number of new options. */
static size_t take_ids(struct auto_run *r, const struct lu_relevance *rel,
		       size_t *cap)
{
	struct lu_kconfig_auto *ka = r->ka;
	size_t added = 0;

	ka->ids = rel->ids;
	ka->n_ids = rel->n_ids;
	ka->id_sym = lu_arena_alloc(&r->mx->arena,
				    (rel->n_ids + 1) * sizeof(*ka->id_sym));
	for (size_t i = 0; i < rel->n_ids; i++) {
		long s = symbol_of(r, rel->ids[i].id);

		ka->id_sym[i] = s;
		if (s >= 0 && ka->found[s].use == LU_KAUTO_NO_PROMPT)
			added += add_selecters(r, s, cap);
		if (s < 0 || ka->found[s].use != LU_KAUTO_SWEPT ||
		    is_option(&r->rules, ka->found[s].name))
			continue;
		add_option(r, &ka->found[s], cap);
		added++;
	}
	return added;
}

/* The values of the options in the base, in the rules' order. */
static void base_values(struct auto_run *r)
{
	size_t n = r->rules.n_options;

	r->base_of = lu_arena_alloc(&r->mx->arena,
				    (n + 1) * sizeof(*r->base_of));
	r->also = lu_arena_alloc(&r->mx->arena, (n + 1) * sizeof(*r->also));
	for (size_t o = 0; o < n; o++) {
		long s = find_sym(r->ka, r->rules.options[o].name);

		r->base_of[o] = base_value(&r->mx->arena, r->ka->base_text,
					   r->rules.options[o].name);
		r->also[o] = s >= 0 && (r->ka->found[s].via >= 0 ||
					r->ka->found[s].seed);
	}
}

/* ---- after the last round ------------------------------------------- */

/* Each explored row's key, by the hash of the .config it resolved to. */
static void keep_keys(struct auto_run *r, const struct lu_relevance *rel)
{
	struct lu_kconfig_auto *ka = r->ka;
	struct lu_arena *a = &r->mx->arena;
	size_t n = rel->n_options;

	ka->rhash = lu_arena_alloc(a, (rel->n_rows + 1) * sizeof(uint64_t));
	ka->key = lu_arena_alloc(a, (rel->n_rows + 1) * sizeof(uint64_t));
	for (size_t i = 0; i < rel->n_rows; i++) {
		size_t len, clen;
		char *text = config_text(r, rel->rows + i * n, &len), *conf;
		char *cmd = NULL;
		const char *stem = stem_of(r, fnv(text, len));

		free(text);
		if (!rel->ok[i] ||
		    lu_slurp(lu_arena_printf(a, "%s.config", stem),
			     MAX_DOT_CONFIG, &conf, &clen) != 0)
			continue;
		uint64_t key = rel->keys[i];

		/* the command tells ABIs apart that the text does not */
		if (lu_slurp(lu_arena_printf(a, "%s.cmd", stem), MAX_CMD, &cmd,
			     &len) == 0 && cmd)
			key ^= fnv(cmd, len) * 31;
		free(cmd);
		ka->rhash[ka->n_keys] = lu_kconfig_text_hash(conf ? conf : "",
							     clen);
		ka->key[ka->n_keys++] = key;
		free(conf);
	}
}

bool lu_kconfig_auto_key(const struct lu_kconfig_auto *ka, uint64_t resolved,
			 uint64_t *key)
{
	/* each architecture's resolved .configs are its own */
	for (; ka; ka = ka->next)
		for (size_t i = 0; i < ka->n_keys; i++)
			if (ka->rhash[i] == resolved) {
				*key = ka->key[i];
				return true;
			}
	return false;
}

int lu_kconfig_auto_configs(struct lu_matrix *mx, const bool *any,
			    struct lu_error *err)
{
	const struct lu_matrix_rules *g = mx->given;
	size_t k = 0;

	mx->swept = *g;
	mx->swept.options = lu_arena_alloc(
		&mx->arena, (g->n_options + 1) * sizeof(*g->options));
	for (size_t o = 0; o < g->n_options; o++)
		if (any[o] || is_option(&mx->rules.matrix, g->options[o].name))
			mx->swept.options[k++] = g->options[o];
	mx->swept.n_options = k;
	mx->m = &mx->swept;
	/* the sweep's configurations are those explored: a build costs a
	 * make, so past the Kconfig sweep's own limit, a covering array */
	if (lu_configs_make_or_error(mx->m, mx->cli->exhaustive,
				     mx->rules.path, &mx->configs, err) < 0)
		return -1;
	lu_kconfig_name_configs(mx);
	return 0;
}

void lu_kconfig_name_configs(struct lu_matrix *mx)
{
	size_t n = mx->configs.n_configs;

	mx->cfg = lu_arena_alloc(&mx->arena, (n + 1) * sizeof(*mx->cfg));
	for (size_t i = 0; i < n; i++) {
		struct lu_config *c = &mx->cfg[i];

		c->row = lu_config_row(&mx->configs, i);
		c->name = lu_config_name(&mx->arena, mx->m, c->row);
		c->flags = "";
	}
}

/* A named struct the exploration could not see: no symbols to find
 * (-3 when it was defined in no configuration explored, -1 otherwise). */
static int check_found(struct auto_run *r, struct lu_error *err)
{
	struct lu_matrix *mx = r->mx;
	const char *on = r->ka->arch ? lu_arena_printf(&mx->arena, " with "
							"ARCH=%s", r->ka->arch)
				     : "";

	for (size_t k = 0; k < mx->n_names; k++)
		if (mx->names[k] && mx->rel.unsure[k]) {
			lu_error_set(err, "%s:%u: error: options = auto cannot "
					  "tell which symbols change %s%s: %s",
				     mx->rules.path, mx->rules.matrix.ini_line,
				     mx->names[k], on, mx->rel.unsure[k]);
			return mx->rel.found[k] ? -1 : -3;
		}
	if (mx->rel.failed == mx->rel.explored) {
		lu_error_set(err, "%s:%u: error: options = auto: make %s "
				  "failed in every configuration explored%s",
			     mx->rules.path, mx->rules.matrix.ini_line,
			     mx->rules.matrix.object, on);
		return -1;
	}
	return 0;
}

/* ---- the search ------------------------------------------------------- */

/* The tree's arch directory for ARCH (the kernel's ARCH=, NULL without
 * `arch =`: $SRCARCH, else $ARCH or the host's), as the kernel's
 * Makefile maps them. */
static const char *srcarch(struct lu_arena *a, const char *arch)
{
	static const char *const map[][2] = {
		{ "x86_64", "x86" }, { "i386", "x86" }, { "i686", "x86" },
		{ "aarch64", "arm64" }, { "armv7l", "arm" },
		{ "sparc64", "sparc" }, { "ppc64le", "powerpc" },
		{ "ppc64", "powerpc" }, { "riscv64", "riscv" },
		{ "s390x", "s390" },
	};
	const char *v = arch ? NULL : getenv("SRCARCH");
	struct utsname u;

	if (v && *v)
		return v;
	v = arch ? arch : getenv("ARCH");
	if (!v || !*v)
		v = uname(&u) == 0 ? lu_arena_strdup(a, u.machine) : "x86";
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(v, map[i][0]))
			return map[i][1];
	return v;
}

static int locate(struct auto_run *r, struct lu_error *err)
{
	struct lu_matrix *mx = r->mx;
	struct lu_arena *a = &mx->arena;
	const struct lu_matrix_rules *m = &mx->rules.matrix;
	const char *obj = m->object;
	size_t n = strlen(obj);
	struct stat st;

	r->ka->tree = lu_kconfig_beside_rules(mx, m->kconfig);
	if (!r->ka->tree ||
	    stat(lu_arena_printf(a, "%s/Kconfig", r->ka->tree), &st) != 0) {
		lu_error_set(err, "%s:%u: error: kconfig = %s: no Kconfig "
				  "file there", mx->rules.path, m->ini_line,
			     m->kconfig);
		return -1;
	}
	if (n < 3 || strcmp(obj + n - 2, ".o")) {
		lu_error_set(err, "%s:%u: error: options = auto preprocesses "
				  "the object's source as make OBJECT.i: "
				  "object = %s is no .o", mx->rules.path,
			     m->ini_line, obj);
		return -1;
	}
	r->ka->target = lu_arena_printf(a, "%.*si", (int)(n - 1), obj);
	/* one directory per architecture: each its own base and cache */
	r->ka->dir = mx->arch ? lu_arena_printf(a, "%s/auto%zu%s", mx->tmp,
						r->arch,
						r->ka->seeded ? "s" : "")
			      : lu_arena_printf(a, "%s/auto", mx->tmp);
	if (mkdir(r->ka->dir, 0700) != 0) {
		lu_error_set(err, "failed to make %s: %s", r->ka->dir,
			     strerror(errno));
		return -1;
	}
	const char *cc = getenv("CC");

	r->n_words = 0;
	if (mx->arch) {
		r->ka->arch = mx->arch->name[r->arch];
		r->n_words = lu_arch_make_words(mx, r->arch, r->words);
	} else if (cc && *cc) {
		r->words[r->n_words++] = lu_arena_printf(a, "CC=%s", cc);
	}
	r->ka->srcarch = srcarch(a, mx->arch ? mx->arch->karch[r->arch]
					     : NULL);
	lu_ksyms_read(r->ka->tree, r->ka->srcarch, a, &r->ka->syms);
	return 0;
}

/* The search on architecture ARCH (0 without `arch =`) into KA: the
 * symbols, round after round, then what the last round explored. */
/* The swept symbols another architecture's search found (SEED: the
 * searches, those that failed without rules) as options of R, where R's
 * architecture has them: what it explores from, when its own base does
 * not define the struct at all. */
static void add_seed(struct auto_run *r, const struct lu_kconfig_auto *seed,
		     size_t *cap)
{
	for (; seed; seed = seed->next)
		for (size_t i = 0; seed->explored_rules &&
				   i < seed->explored_rules->n_options;
		     i++) {
			const char *name = seed->explored_rules->options[i].name;
			long s = symbol_of(r, name);

			if (s < 0 || r->ka->found[s].use != LU_KAUTO_SWEPT ||
			    is_option(&r->rules, name))
				continue;
			/* explored whatever the base's text says of it */
			r->ka->found[s].seed = true;
			add_option(r, &r->ka->found[s], cap);
		}
}

int lu_kconfig_auto_search(struct lu_matrix *mx, const struct lu_jobs_opts *o,
			   struct lu_kconfig_auto *ka, size_t arch,
			   const struct lu_kconfig_auto *seed,
			   struct lu_error *err)
{
	struct auto_run r = { .mx = mx, .ka = ka, .arch = arch };
	size_t cap = 0;
	int rc;

	if (locate(&r, err) < 0)
		return -1;
	rc = load_base(&r, o, err);
	if (rc < 0)
		return rc == -2 ? -2 : -1;
	ka->n_symbols = ka->syms.n_files ? ka->syms.n
					 : count_symbols(ka->base_text);
	/* the options the user gave first, as given (ARCH is the sweep's) */
	r.rules = mx->rules.matrix;
	r.rules.options = NULL;
	r.rules.n_options = 0;
	for (size_t i = 0; i < mx->rules.matrix.n_options; i++) {
		if (mx->rules.matrix.options[i].kind == LU_OPTION_ARCH)
			continue;
		r.rules.options = lu_grow(r.rules.options, &cap,
					  r.rules.n_options,
					  sizeof(*r.rules.options));
		r.rules.options[r.rules.n_options++] =
			mx->rules.matrix.options[i];
		long s = symbol_of(&r, mx->rules.matrix.options[i].name);

		if (s >= 0)
			ka->found[s].given = true;
	}
	add_seed(&r, seed, &cap);
	for (;;) {
		struct lu_relevance_in in = {
			.m = &r.rules, .names = mx->names,
			.n_names = mx->n_names, .dir = ka->tree,
			.tmp = ka->dir, .limit = LU_EXHAUSTIVE_LIMIT,
			.job = preprocess_job, .ctx = &r, .jobs = o,
			.arena = &mx->arena, .collect = "CONFIG_",
			.subs = !mx->cli->exhaustive,
		};

		base_values(&r);
		in.also = r.also;
		ka->rounds++;
		if (lu_relevance_find(&in, &mx->rel) < 0) {
			free(r.rules.options);
			return -2;
		}
		if ((rc = check_found(&r, err)) < 0) {
			free(r.rules.options);
			return rc;
		}
		if (!take_ids(&r, &mx->rel, &cap) ||
		    ka->rounds == LU_KCONFIG_AUTO_ROUNDS)
			break;
	}
	keep_keys(&r, &mx->rel);
	mx->n_preprocessed += ka->explored - ka->reused;
	/* the rules the last round explored, for the sweep and the report */
	struct lu_matrix_rules *explored = lu_arena_alloc(&mx->arena,
							  sizeof(*explored));

	*explored = r.rules;
	explored->options = lu_arena_alloc(&mx->arena,
					   (r.rules.n_options + 1) *
						   sizeof(*r.rules.options));
	if (r.rules.n_options)
		memcpy(explored->options, r.rules.options,
		       r.rules.n_options * sizeof(*r.rules.options));
	free(r.rules.options);
	ka->explored_rules = explored;
	ka->rel = mx->rel;
	if (exists(lu_arena_printf(&mx->arena, "%s/.lineup-prepared",
				   base_dir(&r))))
		ka->prepared = base_dir(&r);
	return 0;
}

void lu_kconfig_auto_restart(struct lu_kconfig_auto *ka)
{
	struct lu_kconfig_auto *next = ka->next;
	size_t explored = ka->explored, reused = ka->reused;

	lu_ksyms_free(&ka->syms);
	free(ka->found);
	memset(ka, 0, sizeof(*ka));
	ka->next = next;
	ka->explored = explored;
	ka->reused = reused;
}

void lu_kconfig_auto_free(struct lu_kconfig_auto *ka)
{
	for (; ka; ka = ka->next) {
		lu_ksyms_free(&ka->syms);
		free(ka->found);
	}
}
