/* SPDX-License-Identifier: MIT */
/*
 * Fuzzes the generated-text writers with hostile names (issue 20): the
 * input is one name, any bytes but NUL. Each format's escaping function
 * must keep it data:
 *   INI   a drafted section and comment re-parse as one section whose
 *         one member is the name, or the name is refused;
 *   C     a struct the C writers accept has a name that cannot start a
 *         line, a directive, a comment or a string;
 *   text  a diagnostic line carrying it is one line, no control byte;
 *   JSON  the name always becomes a JSON string (marked, never lost).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "escape.h"
#include "escape_c.h"
#include "escape_ini.h"
#include "fuzz.h"
#include "report.h"
#include "rules.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	return 0;
}

static void check_ini(const char *name)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct lu_rules r;
	struct lu_error err;
	bool ok = lu_ini_name_ok(name, true);

	if (!f)
		abort();
	fputs("[struct s]\n# ", f);
	lu_ini_put_comment_text(f, name, 120);
	fputs("\n", f);
	if (ok)
		fprintf(f, "write = %s\n", name);
	else
		fputs("write = a\n", f);
	fclose(f);
	if (lu_rules_parse_string(text, len, "fuzz.ini", &r, &err) < 0) {
		fprintf(stderr, "a draft does not parse: %s\n%s", err.msg, text);
		abort();
	}
	if (r.n_structs != 1 || r.matrix.present ||
	    r.structs[0].n_groups != 1 ||
	    r.structs[0].groups[0].n_members != 1 ||
	    strcmp(r.structs[0].groups[0].members[0], ok ? name : "a")) {
		fprintf(stderr, "a draft reads back otherwise:\n%s", text);
		abort();
	}
	lu_rules_free(&r);
	free(text);
}

static void check_c(const char *name)
{
	struct lu_member m = { .name = name, .type = "int", .dims = "",
			       .size = 4, .group = -1 };
	struct lu_struct s = { .name = "s", .size = 4, .align = 4,
			       .members = &m, .n_members = 1 };
	struct lu_error err;

	if (lu_c_struct_writable(&s, "fuzz", &err) == 0 &&
	    strpbrk(name, "\n\r#/\"'\\;{} \t")) {
		fprintf(stderr, "C accepts a member named '%s'\n", name);
		abort();
	}
	s.name = name;
	m.name = "m";
	if (lu_c_struct_writable(&s, "fuzz", &err) == 0 &&
	    strpbrk(name, "\n\r#/\"'\\;")) {
		fprintf(stderr, "C accepts a struct named '%s'\n", name);
		abort();
	}
}

static void check_text(const char *name)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct lu_location loc = { .file = name, .decl_line = 1 };

	if (!f)
		abort();
	lu_report_line(f, false, &loc, LU_ERROR, name, name, "LU001");
	fclose(f);
	for (size_t i = 0; i < len; i++)
		if (((unsigned char)text[i] < 0x20 && text[i] != '\n') ||
		    text[i] == 0x7f || (text[i] == '\n' && i + 1 != len)) {
			fprintf(stderr, "a diagnostic is not one plain line\n");
			abort();
		}
	free(text);
}

static void check_json(const char *name)
{
	json_t *j = lu_json_text(name);
	char *dump = json_dumps(j, JSON_ENCODE_ANY);
	json_t *back = dump ? json_loads(dump, JSON_DECODE_ANY, NULL) : NULL;

	if (!back || !json_is_string(back)) {
		fprintf(stderr, "a name is lost in JSON\n");
		abort();
	}
	json_decref(back);
	free(dump);
	json_decref(j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *name = malloc(size + 1);

	if (!name)
		abort();
	memcpy(name, data, size);
	name[size] = '\0';	/* a name stops at its first NUL, as in DWARF */
	check_ini(name);
	check_c(name);
	check_text(name);
	check_json(name);
	free(name);
	return 0;
}
