/* SPDX-License-Identifier: MIT */
/*
 * The Kconfig symbols of a tree; see kconfig_syms.h. A line reader over
 * the Kconfig language's entries: `config`/`menuconfig` starts one, its
 * type line (`bool "prompt"`, `def_bool`) and `prompt` say its type and
 * prompt, `select`/`range` what they say; `help` text runs while it is
 * indented deeper than the `help` line, and every other keyword ends the
 * entry. A file sourced twice (the kernel's arch Kconfigs) is read once.
 */
#include "kconfig_syms.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "slurp.h"
#include "strset.h"

#define MAX_KCONFIG (16u << 20)
/* sources nest a few deep in Linux; more is a loop */
#define MAX_DEPTH 32

struct reader {
	const char *tree, *srcarch;
	struct lu_arena *a;
	struct lu_ksyms *k;
	struct lu_strset files;
};

static size_t name_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	return (size_t)(h ^ h >> 29);
}

static void reindex(struct lu_ksyms *k)
{
	free(k->slot);
	k->mask = 63;
	while (k->mask < 2 * k->n)
		k->mask = 2 * k->mask + 1;
	k->slot = calloc(k->mask + 1, sizeof(*k->slot));
	if (!k->slot)
		abort();
	for (size_t i = 0; i < k->n; i++) {
		size_t h = name_hash(k->syms[i].name) & k->mask;

		while (k->slot[h])
			h = (h + 1) & k->mask;
		k->slot[h] = i + 1;
	}
}

const struct lu_ksym *lu_ksyms_find(const struct lu_ksyms *k,
				    const char *name)
{
	if (!k->slot)
		return NULL;
	for (size_t h = name_hash(name) & k->mask; k->slot[h];
	     h = (h + 1) & k->mask)
		if (!strcmp(k->syms[k->slot[h] - 1].name, name))
			return &k->syms[k->slot[h] - 1];
	return NULL;
}

/* NAME (bare, N bytes), made if new. */
static struct lu_ksym *symbol(struct reader *r, const char *name, size_t n,
			      const char *file, unsigned line)
{
	struct lu_ksyms *k = r->k;
	char *full = lu_arena_printf(r->a, "CONFIG_%.*s", (int)n, name);
	const struct lu_ksym *had = lu_ksyms_find(k, full);

	if (had)
		return (struct lu_ksym *)had;
	k->syms = lu_grow(k->syms, &k->cap, k->n, sizeof(*k->syms));
	k->syms[k->n++] = (struct lu_ksym){
		.name = full, .file = file, .line = line,
	};
	if (2 * k->n > k->mask)
		reindex(k);
	else {
		size_t h = name_hash(full) & k->mask;

		while (k->slot[h])
			h = (h + 1) & k->mask;
		k->slot[h] = k->n;
	}
	return &k->syms[k->n - 1];
}

static const char *skip_space(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

static size_t word_len(const char *p, const char *end)
{
	const char *w = p;

	while (w < end && *w != ' ' && *w != '\t' && *w != '#' && *w != '"')
		w++;
	return (size_t)(w - p);
}

static bool is(const char *w, size_t n, const char *kw)
{
	return strlen(kw) == n && !strncmp(w, kw, n);
}

static enum lu_ksym_type type_of(const char *w, size_t n)
{
	if (is(w, n, "bool") || is(w, n, "def_bool"))
		return LU_KSYM_BOOL;
	if (is(w, n, "tristate") || is(w, n, "def_tristate"))
		return LU_KSYM_TRISTATE;
	if (is(w, n, "int"))
		return LU_KSYM_INT;
	if (is(w, n, "hex"))
		return LU_KSYM_HEX;
	if (is(w, n, "string"))
		return LU_KSYM_STRING;
	return LU_KSYM_UNKNOWN;
}

static void read_file(struct reader *r, const char *path, unsigned depth);

/* `source "PATH"` (REL: relative to DIR): PATH with $(SRCARCH) set. */
static void source(struct reader *r, const char *p, const char *end,
		   const char *dir, bool rel, unsigned depth)
{
	const char *q = memchr(p, '"', (size_t)(end - p));
	const char *close = q ? memchr(q + 1, '"', (size_t)(end - q - 1))
			      : NULL;

	if (!close)
		return;
	char *path = lu_arena_strndup(r->a, q + 1, (size_t)(close - q - 1));
	const char *mac = strstr(path, "$(SRCARCH)");

	if (mac)
		path = lu_arena_printf(r->a, "%.*s%s%s", (int)(mac - path),
				       path, r->srcarch, mac + 10);
	if (strchr(path, '$') || strchr(path, '*')) {
		if (!r->k->missed)
			r->k->missed = path;
		return;
	}
	read_file(r, rel ? lu_arena_printf(r->a, "%s/%s", dir, path) : path,
		  depth + 1);
}

static void read_text(struct reader *r, const char *file, const char *text,
		      size_t len, unsigned depth)
{
	const char *p = text, *end = text + len;
	const char *slash = strrchr(file, '/');
	const char *dir = slash ? lu_arena_strndup(r->a, file,
						   (size_t)(slash - file))
				: ".";
	struct lu_ksym *cur = NULL;
	unsigned line = 0;
	int help = -1;		/* the help line's indent; -1: none */
	int help_text = -1;	/* its text's indent, once seen */

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *le = eol ? eol : end;
		const char *w = skip_space(p, le);
		int indent = 0;

		line++;
		for (const char *i = p; i < w; i++)
			indent += *i == '\t' ? 8 - indent % 8 : 1;
		p = eol ? eol + 1 : end;
		if (help >= 0) {
			if (w == le)
				continue;
			if (help_text < 0 && indent > help)
				help_text = indent;
			if (help_text >= 0 && indent >= help_text)
				continue;
			help = help_text = -1;
		}
		size_t n = word_len(w, le);
		const char *arg = skip_space(w + n, le);
		size_t an = word_len(arg, le);

		if (!n)
			continue;
		if (is(w, n, "config") || is(w, n, "menuconfig")) {
			cur = an ? symbol(r, arg, an, file, line) : NULL;
			continue;
		}
		if (is(w, n, "help") || is(w, n, "---help---")) {
			help = indent;
			continue;
		}
		if (is(w, n, "source") || is(w, n, "osource") ||
		    is(w, n, "rsource") || is(w, n, "orsource")) {
			cur = NULL;
			source(r, arg, le, dir, w[0] == 'r' || w[1] == 'r',
			       depth);
			continue;
		}
		enum lu_ksym_type t = type_of(w, n);

		if (cur && t != LU_KSYM_UNKNOWN) {
			cur->type = t;
			/* `bool "Prompt"`; def_bool's argument is a value */
			cur->prompt |= w[0] != 'd' && arg < le && *arg == '"';
		} else if (cur && is(w, n, "prompt")) {
			cur->prompt = true;
		} else if (cur && is(w, n, "range") && an) {
			const char *b = skip_space(arg + an, le);

			cur->range = lu_arena_printf(r->a, "%.*s %.*s",
						     (int)an, arg,
						     (int)word_len(b, le), b);
		} else if (cur && is(w, n, "select") && an) {
			const char *from = cur->name;
			struct lu_ksym *to = symbol(r, arg, an, file, line);

			/* symbol() may move the array */
			to->selected_by = lu_grow(to->selected_by, &to->cap,
						  to->n_selected_by,
						  sizeof(*to->selected_by));
			to->selected_by[to->n_selected_by++] = from;
			cur = (struct lu_ksym *)lu_ksyms_find(r->k, from);
		} else if (!is(w, n, "depends") && !is(w, n, "default") &&
			   !is(w, n, "imply") && !is(w, n, "visible") &&
			   !is(w, n, "option") && !is(w, n, "modules") &&
			   !is(w, n, "transitional") && w[0] != '#') {
			cur = NULL;
		}
	}
}

static void read_file(struct reader *r, const char *path, unsigned depth)
{
	char *text = NULL;
	size_t len = 0;
	const char *full = path[0] == '/' ? path
					  : lu_arena_printf(r->a, "%s/%s",
							    r->tree, path);

	if (depth > MAX_DEPTH || !lu_strset_add(&r->files, full))
		return;
	if (lu_slurp(full, MAX_KCONFIG, &text, &len) != 0) {
		if (!r->k->missed)
			r->k->missed = lu_arena_strdup(r->a, path);
		free(text);
		return;
	}
	r->k->n_files++;
	read_text(r, lu_arena_strdup(r->a, path), text ? text : "", len,
		  depth);
	free(text);
}

void lu_ksyms_read(const char *tree, const char *srcarch, struct lu_arena *a,
		   struct lu_ksyms *out)
{
	struct reader r = {
		.tree = tree, .srcarch = srcarch, .a = a, .k = out,
	};

	*out = (struct lu_ksyms){ 0 };
	reindex(out);
	read_file(&r, "Kconfig", 0);
	lu_strset_free(&r.files);
}

void lu_ksyms_free(struct lu_ksyms *k)
{
	for (size_t i = 0; i < k->n; i++)
		free(k->syms[i].selected_by);
	free(k->syms);
	free(k->slot);
	*k = (struct lu_ksyms){ 0 };
}

const char *lu_ksym_type_name(enum lu_ksym_type t)
{
	static const char *const names[] = {
		"unknown", "bool", "tristate", "int", "hex", "string",
	};

	return names[t];
}
