/* SPDX-License-Identifier: MIT */
/*
 * compile_commands.json, as meson and CMake write it: an array of
 * {directory, file, command | arguments, output}. Parsed with jansson.
 */
#include "compdb.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "slurp.h"

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

/* Single-quotes an argument for /bin/sh. */
static char *shell_quote(struct lu_arena *a, const char *arg)
{
	if (*arg && strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU"
				"VWXYZ0123456789_-+=/.,:@%") == strlen(arg))
		return lu_arena_strdup(a, arg);
	char *out = lu_arena_strdup(a, "'");

	for (const char *p = arg; *p; p++)
		out = *p == '\'' ? lu_arena_printf(a, "%s'\\''", out)
				 : lu_arena_printf(a, "%s%c", out, *p);
	return lu_arena_printf(a, "%s'", out);
}

/* Splits a command line on whitespace, keeping quoted words. */
static size_t split_command(struct lu_arena *a, const char *cmd, char ***out)
{
	size_t n = 0, cap = 0;
	char **words = NULL;
	const char *p = cmd;

	while (*p) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		char *w = lu_arena_alloc(a, strlen(p) + 1);
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
	}
	*out = words;
	return n;
}

/* Drops -o FILE and dependency-file flags: lineup adds its own -o. */
static const char *clean_command(struct lu_arena *a, char **words, size_t n)
{
	char *out = NULL;

	for (size_t i = 0; i < n; i++) {
		const char *w = words[i];

		if (!strcmp(w, "-o") || !strcmp(w, "-MF") || !strcmp(w, "-MT") ||
		    !strcmp(w, "-MQ")) {
			i++;
			continue;
		}
		if (!strcmp(w, "-MD") || !strcmp(w, "-MMD") ||
		    !strncmp(w, "-o", 2) || !strncmp(w, "-MF", 3))
			continue;
		char *q = shell_quote(a, w);

		out = out ? lu_arena_printf(a, "%s %s", out, q) : q;
	}
	return out ? out : "";
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
	/* meson's database for the Linux kernel is ~30 MiB */
	int e = lu_slurp(db, 256u << 20, &buf, &len);

	if (e) {
		lu_error_set(err, "failed to read compilation database %s: %s",
			     db, e == EFBIG ? "larger than 256 MiB"
				 : e == EINVAL ? "not a regular file"
					       : strerror(e));
		return -1;
	}
	int rc = lu_compdb_command_text(buf ? buf : "", len, db, src, a,
					command, dir, err);

	free(buf);
	return rc;
}
