/* SPDX-License-Identifier: MIT */
/*
 * SARIF URIs relative to the repository (--source-root): code-scanning
 * services match results to files by repository-relative paths, which a
 * build's absolute or cwd-relative names are not. Each location under the
 * root gets a relative uri and uriBaseId SRCROOT; the run says where
 * SRCROOT is (originalUriBaseIds), as SARIF 2.1.0 §3.14.14 has it.
 */
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "path_join.h"
#include "report.h"

#define SRCROOT "SRCROOT"

/* One artifactLocation: its uri relative to ROOT when under it. */
static void rebase_artifact(json_t *art, const char *root, const char *cwd)
{
	const char *uri = json_string_value(json_object_get(art, "uri"));
	char abs[PATH_MAX];

	if (!uri)
		return;
	const char *path = lu_path_join(cwd, uri, abs, sizeof(abs));
	const char *rel = lu_path_under(path, root);

	if (rel == path || rel[0] == '/')
		return; /* outside the root: as printed */
	json_object_set_new(art, "uri", json_string(rel));
	json_object_set_new(art, "uriBaseId", json_string(SRCROOT));
}

static void rebase_location(json_t *loc, const char *root, const char *cwd)
{
	json_t *phys = json_object_get(loc, "physicalLocation");
	json_t *art = phys ? json_object_get(phys, "artifactLocation") : NULL;

	if (art)
		rebase_artifact(art, root, cwd);
}

void lu_sarif_rebase(json_t *result, const char *root)
{
	char *cwd = getcwd(NULL, 0);
	json_t *v;
	size_t i;

	if (!root || !cwd) {
		free(cwd);
		return;
	}
	json_array_foreach(json_object_get(result, "locations"), i, v)
		rebase_location(v, root, cwd);
	json_array_foreach(json_object_get(result, "relatedLocations"), i, v)
		rebase_location(v, root, cwd);
	free(cwd);
}

void lu_sarif_base_ids(json_t *log, const char *root)
{
	json_t *run = json_array_get(json_object_get(log, "runs"), 0);

	if (!root || !run)
		return;
	/* a directory's URI ends in a slash, or its last name is dropped */
	size_t n = strlen(root);
	char *text = malloc(n + sizeof("file:///"));

	if (!text)
		abort();
	memcpy(text, "file://", 7);
	memcpy(text + 7, root, n);
	strcpy(text + 7 + n, n && root[n - 1] == '/' ? "" : "/");
	json_object_set_new(run, "originalUriBaseIds",
			    json_pack("{s:{s:s}}", SRCROOT, "uri", text));
	free(text);
}
