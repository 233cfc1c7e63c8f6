/* SPDX-License-Identifier: MIT */
/*
 * compile_commands.json, as meson and CMake write it: an array of
 * {directory, file, command | arguments, output}. Parsed with jansson.
 */
#include "compdb.h"

#include <errno.h>
#include <jansson.h>
#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "rules.h"
#include "slurp.h"

/* the largest database read: meson's for the Linux kernel is ~30 MiB */
#define MAX_COMPDB (256u << 20)

static char *join_path(struct lu_arena *a, const char *dir, const char *file)
{
	if (file[0] == '/' || !dir || !*dir)
		return lu_arena_strdup(a, file);
	return lu_arena_printf(a, "%s/%s", dir, file);
}

/* Resolves . and .. without touching the file system when it is absent. */
static char *canonical(struct lu_arena *a, const char *path)
{
	char buf[PATH_MAX];

	if (realpath(path, buf))
		return lu_arena_strdup(a, buf);
	return lu_arena_strdup(a, path);
}

/* Words that /bin/sh reads as themselves. */
static bool plain_word(const char *arg, size_t n)
{
	return n && strspn(arg, "abcdefghijklmnopqrstuvwxyz"
				"ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				"0123456789_-+=/.,:@%") == n;
}

/* ARG as /bin/sh reads it back: quoted when needed, 'it'\''s'. */
static size_t quoted_len(const char *arg)
{
	size_t n = strlen(arg), len = n + 2;

	if (plain_word(arg, n))
		return n;
	for (const char *p = arg; (p = strchr(p, '\'')); p++)
		len += 3;
	return len;
}

/* Writes ARG quoted at P (quoted_len bytes); returns the end. */
static char *put_quoted(char *p, const char *arg)
{
	size_t n = strlen(arg);

	if (plain_word(arg, n)) {
		memcpy(p, arg, n);
		return p + n;
	}
	*p++ = '\'';
	for (; *arg; arg++) {
		if (*arg == '\'') {
			memcpy(p, "'\\''", 4);
			p += 4;
		} else {
			*p++ = *arg;
		}
	}
	*p++ = '\'';
	return p;
}

/* Splits a command line on whitespace, keeping quoted words. */
static size_t split_command(struct lu_arena *a, const char *cmd, char ***out)
{
	size_t n = 0, cap = 0;
	char **words = NULL;
	const char *p = cmd;
	/* every word fits in one copy of the line: no copy per word */
	char *w = lu_arena_alloc(a, strlen(cmd) + 1);

	while (*p) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		size_t k = 0;
		char quote = 0;

		for (; *p && (quote || (*p != ' ' && *p != '\t')); p++) {
			if (quote) {
				if (*p == quote)
					quote = 0;
				else if (*p == '\\' && quote == '"' && p[1])
					w[k++] = *++p;
				else
					w[k++] = *p;
			} else if (*p == '\'' || *p == '"') {
				quote = *p;
			} else if (*p == '\\' && p[1]) {
				w[k++] = *++p;
			} else {
				w[k++] = *p;
			}
		}
		w[k] = '\0';
		words = lu_grow(words, &cap, n, sizeof(*words));
		words[n++] = w;
		w += k + 1;
	}
	*out = words;
	return n;
}

/* Is WORDS[I] one lineup drops? *SKIP: it takes the next word along. */
static bool dropped(char **words, size_t i, bool *skip)
{
	const char *w = words[i];

	*skip = !strcmp(w, "-o") || !strcmp(w, "-MF") || !strcmp(w, "-MT") ||
		!strcmp(w, "-MQ");
	return *skip || !strcmp(w, "-MD") || !strcmp(w, "-MMD") ||
	       !strncmp(w, "-o", 2) || !strncmp(w, "-MF", 3);
}

/*
 * Drops -o FILE and dependency-file flags (lineup adds its own -o) and
 * joins the rest, quoted, in one pass: a compile_commands.json argument
 * can be megabytes long.
 */
static const char *clean_command(struct lu_arena *a, char **words, size_t n)
{
	size_t len = 1;
	bool skip;

	for (size_t i = 0; i < n; i++) {
		if (dropped(words, i, &skip))
			i += skip;
		else
			len += quoted_len(words[i]) + 1;
	}
	char *out = lu_arena_alloc(a, len), *p = out;

	for (size_t i = 0; i < n; i++) {
		if (dropped(words, i, &skip)) {
			i += skip;
			continue;
		}
		if (p != out)
			*p++ = ' ';
		p = put_quoted(p, words[i]);
	}
	*p = '\0';
	return out;
}

int lu_compdb_command_text(const char *text, size_t len, const char *name,
			   const char *source_real, struct lu_arena *a,
			   const char **command, const char **dir,
			   struct lu_error *err)
{
	json_error_t jerr;
	json_t *root = json_loadb(text, len, 0, &jerr);
	int rc = -1;

	if (!root) {
		lu_error_set(err, "failed to read %s:%d: %s", name, jerr.line,
			     jerr.text);
		return -1;
	}
	if (!json_is_array(root)) {
		lu_error_set(err, "failed to read %s: not a JSON array of "
				  "compile commands", name);
		goto out;
	}
	size_t i;
	json_t *e;

	json_array_foreach(root, i, e) {
		const char *d = json_string_value(json_object_get(e, "directory"));
		const char *f = json_string_value(json_object_get(e, "file"));

		if (!d || !f)
			continue;
		char *file = canonical(a, join_path(a, d, f));

		if (strcmp(file, source_real))
			continue;
		const char *cmd = json_string_value(json_object_get(e, "command"));
		json_t *args = json_object_get(e, "arguments");
		char **words = NULL;
		size_t n = 0;

		if (cmd) {
			n = split_command(a, cmd, &words);
		} else if (json_is_array(args)) {
			size_t k, cap = 0;
			json_t *arg;

			json_array_foreach(args, k, arg) {
				if (!json_is_string(arg))
					continue;
				words = lu_grow(words, &cap, n, sizeof(*words));
				words[n++] = lu_arena_strdup(
					a, json_string_value(arg));
			}
		}
		if (!n) {
			free(words);
			lu_error_set(err, "failed to read %s: the entry for %s "
					  "has no command", name, f);
			goto out;
		}
		*command = clean_command(a, words, n);
		*dir = lu_arena_strdup(a, d);
		free(words);
		rc = 0;
		goto out;
	}
	lu_error_set(err, "failed to find %s in %s", source_real, name);
out:
	json_decref(root);
	return rc;
}

int lu_compdb_command(const char *path, const char *source,
		      const char *base_dir, struct lu_arena *a,
		      const char **command, const char **dir,
		      struct lu_error *err)
{
	const char *db = join_path(a, base_dir, path);
	const char *src = canonical(a, join_path(a, base_dir, source));
	char *buf;
	size_t len;
	int e = lu_slurp(db, MAX_COMPDB, &buf, &len);
	char why[64];

	if (e) {
		lu_error_set(err, "failed to read compilation database %s: %s",
			     db,
			     lu_slurp_reason(e, MAX_COMPDB, why, sizeof(why)));
		return -1;
	}
	int rc = lu_compdb_command_text(buf ? buf : "", len, db, src, a,
					command, dir, err);

	free(buf);
	return rc;
}

int lu_matrix_command(const struct lu_matrix_rules *m, const char *rules_path,
		      struct lu_arena *a, const char **command,
		      const char **dir, struct lu_error *err)
{
	const char *base = dirname(lu_arena_strdup(a, rules_path));

	if (!m->compile == !m->compdb) {
		lu_error_set(err, "%s:%u: error: [matrix] needs either compile "
				  "or compdb (with source)", rules_path,
			     m->ini_line);
		return -1;
	}
	if (m->compile) {
		*command = m->compile;
		*dir = base;
		return 0;
	}
	if (!m->source) {
		lu_error_set(err, "%s:%u: error: compdb needs source = FILE",
			     rules_path, m->ini_line);
		return -1;
	}
	return lu_compdb_command(m->compdb, m->source, base, a, command, dir,
				 err);
}
