/* SPDX-License-Identifier: MIT */
/*
 * Line tables name files relative to the compilation directory: a build
 * in build/ that compiled ../src/x.c says "../src/x.c" (gcc) or
 * "/abs/build/../src/x.c" (clang). Joined with DW_AT_comp_dir and folded,
 * the name resolves from wherever lineup runs; reports then print it
 * relative to the working directory when it is under it.
 *
 * Folding ".." is lexical, as gdb and the compilers' own diagnostics do:
 * the machine reading the DWARF need not have the tree the build had.
 */
#include "path_join.h"

#include <stdbool.h>
#include <string.h>
#include <unistd.h>

/* Appends component C (N bytes) to BUF at *LEN, folding "." and "..". */
static bool push(char *buf, size_t size, size_t *len, size_t root,
		 const char *c, size_t n)
{
	if (!n || (n == 1 && c[0] == '.'))
		return true;
	if (n == 2 && c[0] == '.' && c[1] == '.') {
		size_t at = *len;

		while (at > root && buf[at - 1] != '/')
			at--;
		/* a relative path keeps the ".." it cannot fold */
		bool up = at < *len && !(*len - at == 2 && buf[at] == '.' &&
					 buf[at + 1] == '.');

		if (up) {
			*len = at > root ? at - 1 : root;
			return true;
		}
		if (root) /* "/.." is "/" */
			return true;
	}
	size_t sep = *len > root;

	if (*len + sep + n + 1 > size)
		return false;
	if (sep)
		buf[(*len)++] = '/';
	memcpy(buf + *len, c, n);
	*len += n;
	return true;
}

static bool push_all(char *buf, size_t size, size_t *len, size_t root,
		     const char *path)
{
	while (*path) {
		size_t n = strcspn(path, "/");

		if (!push(buf, size, len, root, path, n))
			return false;
		path += n;
		while (*path == '/')
			path++;
	}
	return true;
}

const char *lu_path_join(const char *comp_dir, const char *name,
			    char *buf, size_t size)
{
	size_t len = 0, root = 0;

	if (!name || !size)
		return name;
	const char *first = name[0] == '/' ? name : comp_dir;

	if (!first)
		return name;
	if (first[0] == '/') {
		buf[0] = '/';
		len = root = 1;
	}
	if (first != name && !push_all(buf, size, &len, root, comp_dir))
		return name;
	if (!push_all(buf, size, &len, root, name))
		return name;
	if (!len)
		buf[len++] = '.';
	buf[len] = '\0';
	return buf;
}

const char *lu_path_under(const char *path, const char *cwd)
{
	size_t n = cwd ? strlen(cwd) : 0;

	if (!path || path[0] != '/' || !n)
		return path;
	if (n == 1 && cwd[0] == '/')
		return path[1] ? path + 1 : path;
	if (!strncmp(path, cwd, n) && path[n] == '/' && path[n + 1])
		return path + n + 1;
	return path;
}

const char *lu_display_path(const char *path)
{
	char cwd[4096];

	if (!path || path[0] != '/' || !getcwd(cwd, sizeof(cwd)))
		return path;
	return lu_path_under(path, cwd);
}
