/* SPDX-License-Identifier: MIT */
/*
 * The companion files of companion.h. The paths are libdw's own, as
 * elfutils 0.188 builds them (libdw_find_split_unit.c, dwarf_getalt.c,
 * __libdw_filepath): a name that is absolute as it is, else under an
 * absolute directory (DW_AT_comp_dir), else under the object's directory.
 * What is found at them is looked at with stat(2) just before libdw opens
 * them; a file swapped for a FIFO in between is not caught (nothing short
 * of opening the file for libdw would catch it, and libdw has no way in).
 */
#include "companion.h"

#include <dwarf.h>
#include <elfutils/libdwelf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *lu_companion_dir(const char *file)
{
	char *real = realpath(file, NULL);
	char *slash = real ? strrchr(real, '/') : NULL;

	if (!slash) {
		free(real);
		return NULL;
	}
	slash[1] = '\0';
	return real;
}

/* __libdw_filepath: FILE as libdw resolves it from DIR and DEBUGDIR. */
static char *libdw_path(const char *debugdir, const char *dir,
			const char *file)
{
	char *p = NULL;
	int n = 0;

	if (file[0] == '/')
		n = asprintf(&p, "%s", file);
	else if (dir && dir[0] == '/')
		n = asprintf(&p, "%s%s%s", dir,
			     dir[strlen(dir) - 1] == '/' ? "" : "/", file);
	else if (debugdir)
		n = asprintf(&p, "%s%s%s%s", debugdir, dir ? dir : "",
			     dir && *dir && dir[strlen(dir) - 1] != '/' ? "/"
									: "",
			     file);
	else
		return NULL;
	if (n < 0)
		abort();
	return p;
}

/* Why PATH must not reach libdw's open(2), or NULL when it may. */
static const char *not_regular(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0 || S_ISREG(st.st_mode))
		return NULL;	/* absent (libdw tries the next) or fine */
	if (S_ISFIFO(st.st_mode))
		return "is a FIFO, not a regular file"; /* open(2) waits */
	if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
		return "is a device, not a regular file";
	if (S_ISSOCK(st.st_mode))
		return "is a socket, not a regular file";
	if (S_ISDIR(st.st_mode))
		return "is a directory";
	return "is not a regular file";
}

static void add_path(struct lu_dwo *dwo, char *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < dwo->n_paths; i++) {
		if (!strcmp(dwo->paths[i], p)) {
			free(p);
			return;
		}
	}
	dwo->paths[dwo->n_paths++] = p;
}

int lu_dwo_find(struct lu_dwo *dwo, Dwarf_CU *cu, Dwarf_Die *skel,
		const char *dir, const char *label, struct lu_error *err)
{
	Dwarf_Attribute attr;

	memset(dwo, 0, sizeof(*dwo));
	dwarf_cu_info(cu, NULL, NULL, NULL, NULL, &dwo->id, NULL, NULL);
	if (dwarf_attr(skel, DW_AT_dwo_name, &attr) ||
	    dwarf_attr(skel, DW_AT_GNU_dwo_name, &attr))
		dwo->name = dwarf_formstring(&attr);
	if (!dwo->name || !*dwo->name) {
		lu_error_set(err, "failed to read DWARF from %s: a split DWARF "
				  "skeleton unit without a .dwo file name "
				  "(malformed DWARF)", label);
		return -1;
	}
	const char *comp_dir = NULL;

	if (dwarf_attr(skel, DW_AT_comp_dir, &attr))
		comp_dir = dwarf_formstring(&attr);
	/* libdw's order: beside the object, then under DW_AT_comp_dir */
	add_path(dwo, libdw_path(dir, NULL, dwo->name));
	if (comp_dir)
		add_path(dwo, libdw_path(dir, comp_dir, dwo->name));
	for (size_t i = 0; i < dwo->n_paths; i++) {
		const char *why = not_regular(dwo->paths[i]);

		if (why) {
			lu_error_set(err, "failed to read DWARF from %s: its "
					  "split DWARF file %s %s",
				     label, dwo->paths[i], why);
			return -1;
		}
	}
	return 0;
}

const char *lu_dwo_path(const struct lu_dwo *dwo)
{
	struct stat st;

	/* libdw does not say which it opened: the first file there is */
	for (size_t i = 0; i < dwo->n_paths; i++)
		if (stat(dwo->paths[i], &st) == 0)
			return dwo->paths[i];
	return dwo->name;
}

void lu_dwo_missing(const struct lu_dwo *dwo, const char *label,
		    struct lu_error *err)
{
	for (size_t i = 0; i < dwo->n_paths; i++) {
		int fd = open(dwo->paths[i], O_RDONLY | O_CLOEXEC | O_NONBLOCK);

		if (fd < 0 && errno == ENOENT)
			continue;
		if (fd < 0) {
			lu_error_set(err, "failed to read DWARF from %s: its "
					  "split DWARF file %s: %s",
				     label, dwo->paths[i], strerror(errno));
			return;
		}
		close(fd);
		lu_error_set(err, "failed to read DWARF from %s: its split "
				  "DWARF file %s does not hold its unit "
				  "(dwo_id 0x%llx): from another build, or "
				  "damaged",
			     label, dwo->paths[i],
			     (unsigned long long)dwo->id);
		return;
	}
	if (dwo->n_paths == 2)
		lu_error_set(err, "failed to read DWARF from %s: its types are "
				  "in split DWARF (-gsplit-dwarf) and its .dwo "
				  "is missing: neither %s nor %s exists",
			     label, dwo->paths[0], dwo->paths[1]);
	else if (dwo->n_paths == 1)
		lu_error_set(err, "failed to read DWARF from %s: its types are "
				  "in split DWARF (-gsplit-dwarf) and its .dwo "
				  "is missing: no %s",
			     label, dwo->paths[0]);
	else
		lu_error_set(err, "failed to read DWARF from %s: its types are "
				  "in split DWARF (-gsplit-dwarf) and its .dwo, "
				  "%s, cannot be found (no absolute "
				  "DW_AT_comp_dir)",
			     label, dwo->name);
}

void lu_dwo_free(struct lu_dwo *dwo)
{
	for (size_t i = 0; i < dwo->n_paths; i++)
		free(dwo->paths[i]);
	dwo->n_paths = 0;
}

int lu_altlink_check(Dwarf *dw, const char *file, const char *label,
		     struct lu_error *err)
{
	const char *name;
	const void *id;
	ssize_t n = dwelf_dwarf_gnu_debugaltlink(dw, &name, &id);
	char *paths[2] = { NULL, NULL };
	int rc = 0;

	if (n <= 0 || !name)
		return 0;
	/* dwarf_getalt.c: the build-id tree first, for 3 to 64 id bytes */
	if (n >= 3 && n <= 64) {
		char hex[129];
		const unsigned char *b = id;

		for (ssize_t i = 0; i < n; i++)
			snprintf(hex + 2 * i, 3, "%02x", b[i]);
		if (asprintf(&paths[0], "/usr/lib/debug/.build-id/%.2s/%s.debug",
			     hex, hex + 2) < 0)
			abort();
	}
	char *dir = lu_companion_dir(file);

	paths[1] = libdw_path(dir, NULL, name);
	free(dir);
	bool found = false;
	struct stat st;

	for (size_t i = 0; i < 2 && !rc; i++) {
		const char *why = paths[i] ? not_regular(paths[i]) : NULL;

		if (why) {
			lu_error_set(err, "failed to read DWARF from %s: its dwz "
					  "file (.gnu_debugaltlink) %s %s",
				     label, paths[i], why);
			rc = -1;
		}
		found |= paths[i] && stat(paths[i], &st) == 0;
	}
	/* without it, the names it holds read as none: structs vanish */
	if (!rc && !found) {
		lu_error_set(err, "failed to read DWARF from %s: it was "
				  "compressed with dwz, and its common file %s "
				  "(.gnu_debugaltlink) is missing",
			     label, paths[1] ? paths[1] : name);
		rc = -1;
	}
	free(paths[0]);
	free(paths[1]);
	return rc;
}
