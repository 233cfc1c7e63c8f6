/* SPDX-License-Identifier: MIT */
/*
 * lineup's question to a kernel tree's own Kconfig engine: which
 * configurations of some symbols does `make olddefconfig` keep as asked?
 * Not part of lineup's build: lineup writes this file out and compiles it
 * with the tree's HOSTCC against the tree's own scripts/kconfig objects
 * (those its base `make defconfig` built), inside the tree's make, so
 * that Kconfig sees the environment the kernel's Makefile exports
 * (tools/matrix/kconfig_engine.c).
 *
 * usage: engine KCONFIG BASE SYMBOLS
 *   KCONFIG  the top Kconfig file, as conf takes it
 *   BASE     the .config every configuration starts from
 *   SYMBOLS  a file of lines NAME=VALUES: a symbol (with its CONFIG_
 *            prefix) and its values in the sweep's order, letters of y,
 *            n and m; and lines ?NAME: a symbol whose value Kconfig
 *            computes is wanted too
 * Prints each combination Kconfig keeps, the first symbol slowest, as
 * one line of value indices ('0' + index), then for each wanted symbol
 * a space, '=' and its value in hex, two digits a byte ("-": no such
 * symbol); then "end".
 *
 * A user value is what a .config line gives (def[S_DEF_USER]); the value
 * Kconfig computes from it is what olddefconfig writes back: keeping a
 * configuration is every symbol computing the value asked. One process
 * parses Kconfig once and asks every combination, where conf would
 * parse it again for each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lkc.h"

#define MAX_SYMBOLS 64

static tristate tri_of(char c)
{
	return c == 'y' ? yes : c == 'm' ? mod : no;
}

int main(int argc, char **argv)
{
	static char specs[MAX_SYMBOLS][256];
	struct symbol *sym[MAX_SYMBOLS], **wanted = NULL;
	const char *values[MAX_SYMBOLS];
	size_t idx[MAX_SYMBOLS] = { 0 }, n = 0, n_wanted = 0;
	char line[MAX_SYMBOLS + 2], spec[256];
	FILE *f;

	if (argc != 4 || !(f = fopen(argv[3], "r"))) {
		fprintf(stderr, "usage: %s KCONFIG BASE SYMBOLS\n", argv[0]);
		return 2;
	}
	conf_parse(argv[1]);
	while (fgets(spec, sizeof(spec), f)) {
		if (spec[0] == '?') {
			spec[strcspn(spec, "\n")] = '\0';
			wanted = realloc(wanted, (n_wanted + 1) *
							 sizeof(*wanted));
			if (!wanted || strncmp(spec + 1, "CONFIG_", 7)) {
				fprintf(stderr, "bad symbol %s\n", spec);
				return 2;
			}
			wanted[n_wanted++] = sym_find(spec + 8);
		} else if (n < MAX_SYMBOLS) {
			strcpy(specs[n++], spec);
		}
	}
	fclose(f);
	if (conf_read(argv[2])) {
		fprintf(stderr, "cannot read %s\n", argv[2]);
		return 2;
	}
	for (size_t i = 0; i < n; i++) {
		char *spec = specs[i], *eq = strchr(spec, '=');

		spec[strcspn(spec, "\n")] = '\0';
		if (!eq || strncmp(spec, "CONFIG_", 7)) {
			fprintf(stderr, "bad symbol %s\n", spec);
			return 2;
		}
		*eq = '\0';
		sym[i] = sym_find(spec + 7);	/* NULL: no such symbol */
		values[i] = eq + 1;
		if (!*values[i] || strlen(values[i]) > 3) {
			fprintf(stderr, "bad values for %s\n", spec);
			return 2;
		}
	}
	for (;;) {
		int kept = 1;

		for (size_t i = 0; i < n; i++) {
			if (!sym[i])
				continue;
			sym[i]->def[S_DEF_USER].tri = tri_of(values[i][idx[i]]);
			sym[i]->flags |= SYMBOL_DEF_USER;
		}
		sym_clear_all_valid();
		for (size_t i = 0; i < n && kept; i++) {
			tristate want = tri_of(values[i][idx[i]]);

			if (sym[i])
				sym_calc_value(sym[i]);	/* curr, as asked */
			kept = sym[i] ? sym_get_tristate_value(sym[i]) == want
				      : want == no;
			line[i] = (char)('0' + idx[i]);
		}
		if (kept) {
			line[n] = '\0';
			fputs(line, stdout);
			for (size_t w = 0; w < n_wanted; w++) {
				const char *v = "";

				if (!wanted[w]) {
					fputs(" -", stdout);
					continue;
				}
				sym_calc_value(wanted[w]);
				v = sym_get_string_value(wanted[w]);
				fputs(" =", stdout);
				for (; v && *v; v++)
					printf("%02x", (unsigned char)*v);
			}
			putchar('\n');
		}
		size_t i = n;

		while (i > 0 && !values[i - 1][++idx[i - 1]])
			idx[--i] = 0;
		if (i == 0)
			break;
	}
	puts("end");
	return fflush(stdout) ? 2 : 0;
}
