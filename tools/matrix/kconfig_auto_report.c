/* SPDX-License-Identifier: MIT */
/*
 * What `options = auto` reports (kconfig_auto.h): per checked struct,
 * the Kconfig symbols that can change it, and for each why (the #if,
 * #define or line of the text that names it, --verbose) and what lineup
 * did with it: swept, held at the base's value (int, hex, string), or
 * left to Kconfig (no prompt: what selects it). Kept per struct, so an
 * architecture dimension can set the lists side by side.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "kconfig_auto.h"
#include "matrix.h"

/* What selects a symbol, named at most this many in its text line. */
#define MAX_SELECTERS 4

/* Symbol S's first identifier for NAME (or that of the symbol it is
 * swept for), or -1. */
static long first_id(const struct lu_kconfig_auto *ka, size_t name, long s)
{
	if (ka->found[s].via >= 0)
		s = ka->found[s].via;
	for (size_t i = 0; i < ka->n_ids; i++)
		if (ka->ids[i].name == name && ka->id_sym[i] == s)
			return (long)i;
	return -1;
}

/* What lineup did with S, for people: "" when swept. */
static const char *use_text(struct lu_arena *a,
			    const struct lu_kconfig_auto *ka,
			    const struct lu_kauto_sym *s)
{
	if (s->use == LU_KAUTO_VALUE)
		return lu_arena_printf(a, " (%s, held at the base's %s%s%s)",
				       lu_ksym_type_name(s->type),
				       s->base ? s->base : "(unset)",
				       s->ks && s->ks->range ? "; range "
							     : "",
				       s->ks && s->ks->range ? s->ks->range
							     : "");
	if (s->via >= 0)
		return lu_arena_printf(a, " (selects %s)",
				       ka->found[s->via].name);
	if (s->use == LU_KAUTO_NO_PROMPT && !s->ks->n_selected_by)
		return " (no prompt: set by its default)";
	if (!s->ks || !s->ks->n_selected_by)
		return "";
	/* a symbol the user sets may be forced on too: say by what */
	size_t n = s->ks->n_selected_by;
	size_t shown = n > MAX_SELECTERS ? MAX_SELECTERS : n;
	const char *more = n > shown ? lu_arena_printf(a, " and %zu more)",
						       n - shown)
				     : ")";

	return lu_config_join(a, s->use == LU_KAUTO_NO_PROMPT
					 ? " (no prompt: selected by "
					 : " (also selected by ",
			      s->ks->selected_by, shown, " ", more);
}

/* FILE as people know it: relative to the tree, or to the build
 * directory for what make generated there (copied beside the texts). */
static const char *shown(const struct lu_kconfig_auto *ka, const char *file)
{
	size_t t = strlen(ka->tree), d = strlen(ka->dir);

	if (!strncmp(file, ka->tree, t) && file[t] == '/')
		return file + t + 1;
	if (!strncmp(file, ka->dir, d) && file[d] == '/') {
		const char *h = strstr(file + d, ".h/");

		return h ? h + 3 : file;
	}
	return file;
}

static void put_name(FILE *out, const char *name)
{
	lu_text_put_escaped(out, name ? name : "the structs with lineup.h's "
					       "markers");
}

/* Whether KA and the first search name the same symbols for each
 * struct, in the same order. */
static bool same_symbols(const struct lu_matrix *mx,
			 const struct lu_kconfig_auto *ka)
{
	const struct lu_kconfig_auto *first = mx->kauto;

	for (size_t k = 0; k < mx->n_names; k++) {
		size_t i = 0, j = 0;

		for (;;) {
			while (i < first->n_found &&
			       first_id(first, k, (long)i) < 0)
				i++;
			while (j < ka->n_found && first_id(ka, k, (long)j) < 0)
				j++;
			if (i == first->n_found || j == ka->n_found)
				break;
			if (strcmp(first->found[i].name, ka->found[j].name))
				return false;
			i++, j++;
		}
		if (i != first->n_found || j != ka->n_found)
			return false;
	}
	return true;
}

/* KA's lines: per struct the symbols, and with VERBOSE where each is
 * named. ON: "ARCH=arm: " when architectures differ, "" otherwise;
 * EVERY: the same symbols on every architecture. */
static void report_search(const struct lu_matrix *mx,
			  const struct lu_kconfig_auto *ka, bool verbose,
			  const char *on, bool every, FILE *out)
{
	struct lu_arena a = { 0 };

	for (size_t k = 0; k < mx->n_names; k++) {
		size_t n = 0;

		for (size_t s = 0; s < ka->n_found; s++)
			n += first_id(ka, k, (long)s) >= 0;
		if (!n && !mx->names[k])
			continue;
		fputs("lineup matrix: ", out);
		lu_text_put_escaped(out, on);
		if (every)
			fprintf(out, "%zu Kconfig symbol%s can change ", n,
				n == 1 ? "" : "s");
		else
			fprintf(out, "%zu of %zu Kconfig symbols can change ",
				n, ka->n_symbols);
		put_name(out, mx->names[k]);
		fputs(every ? " on every architecture" : "", out);
		fputs(n ? ":" : "", out);
		for (size_t s = 0; s < ka->n_found; s++)
			if (first_id(ka, k, (long)s) >= 0) {
				fputc(' ', out);
				lu_text_put_escaped(out, ka->found[s].name);
				lu_text_put_escaped(out, use_text(
						&a, ka, &ka->found[s]));
			}
		fputc('\n', out);
		for (size_t s = 0; verbose && s < ka->n_found; s++) {
			long i = first_id(ka, k, (long)s);

			if (i < 0 || ka->found[s].via >= 0)
				continue;
			fputs("lineup matrix:   ", out);
			lu_text_put_escaped(out, ka->found[s].name);
			fputs(": ", out);
			lu_text_put_escaped(out, shown(ka, ka->ids[i].file));
			fprintf(out, ":%u\n", ka->ids[i].line);
		}
	}
	if (ka->syms.missed) {
		fputs("lineup matrix: ", out);
		lu_text_put_escaped(out, on);
		fputs("options = auto read the tree's Kconfig without ", out);
		lu_text_put_escaped(out, ka->syms.missed);
		fputs(" (a source it could not name or read): symbols "
		      "defined there show no type or prompt\n", out);
	}
	lu_arena_free(&a);
}

void lu_kconfig_auto_report_text(const struct lu_matrix *mx, bool verbose,
				 FILE *out)
{
	const struct lu_kconfig_auto *ka;
	size_t explored = 0, reused = 0, rounds = 0, n_arch = 0;
	bool every = mx->kauto && mx->kauto->next;
	struct lu_arena a = { 0 };

	for (ka = mx->kauto; ka; ka = ka->next) {
		explored += ka->explored;
		reused += ka->reused;
		rounds = ka->rounds > rounds ? ka->rounds : rounds;
		n_arch++;
		every &= same_symbols(mx, ka);
	}
	if (!mx->kauto)
		return;
	/* per architecture where the symbols differ */
	for (ka = mx->kauto; ka; ka = every ? NULL : ka->next)
		report_search(mx, ka, verbose,
			      ka->arch && !every
				      ? lu_arena_printf(&a, "ARCH=%s: ",
							ka->arch)
				      : "",
			      every, out);
	for (ka = mx->kauto; ka; ka = ka->next)
		if (ka->seeded) {
			fputs("lineup matrix: ARCH=", out);
			lu_text_put_escaped(out, ka->arch);
			fputs(": its base defines none of the checked structs: "
			      "explored from the symbols the other "
			      "architectures found\n", out);
		}
	fprintf(out, "lineup matrix: options = auto: %zu configurations "
		     "explored in %zu round%s, %zu preprocessed",
		explored, rounds, rounds == 1 ? "" : "s", explored - reused);
	if (n_arch > 1)
		fprintf(out, ", on %zu architectures", n_arch);
	fputc('\n', out);
	if (mx->rel.bounded)
		fprintf(out, "lineup matrix: options = auto: more than %d "
			     "configurations of the symbols found: a covering "
			     "array of them was explored, so a symbol that "
			     "only a configuration left out shows may be "
			     "missing "
			     "(pin some: options = auto CONFIG_X=y)\n",
			LU_EXHAUSTIVE_LIMIT);
	lu_arena_free(&a);
}

/* KA's symbols per struct into STRUCTS (an object of arrays), those
 * another search put there already left out. */
static void relevant_json(const struct lu_matrix *mx,
			  const struct lu_kconfig_auto *ka, json_t *structs)
{
	static const char *const uses[] = { "swept", "held", "kconfig" };

	for (size_t k = 0; k < mx->n_names; k++) {
		const char *key = mx->names[k] ? mx->names[k] : "";
		json_t *syms = json_object_get(structs, key);
		bool made = !syms;

		if (made)
			syms = json_array();
		for (size_t s = 0; s < ka->n_found; s++) {
			long i = first_id(ka, k, (long)s);
			const struct lu_kauto_sym *y = &ka->found[s];
			bool there = false;
			size_t e;
			json_t *v;

			if (i < 0)
				continue;
			json_array_foreach(syms, e, v)
				there |= !strcmp(json_string_value(json_object_get(
							 v, "symbol")),
						 y->name);
			if (there)
				continue;
			json_t *by = json_array();

			for (size_t b = 0; y->ks && b < y->ks->n_selected_by;
			     b++)
				json_array_append_new(
					by,
					lu_json_text(y->ks->selected_by[b]));
			json_array_append_new(syms, json_pack(
				"{s:o, s:s, s:s, s:o, s:o, s:I, s:o}",
				"symbol", lu_json_text(y->name),
				"type", lu_ksym_type_name(y->type),
				"use", uses[y->use],
				"base", y->base ? lu_json_text(y->base)
						: json_null(),
				"file",
				lu_json_text(shown(ka, ka->ids[i].file)),
				"line", (json_int_t)ka->ids[i].line,
				"selected_by", by));
		}
		if (made && (json_array_size(syms) || mx->names[k]))
			json_object_set_new(structs, key, syms);
		else if (made)
			json_decref(syms);
	}
}

static json_t *search_json(const struct lu_matrix *mx,
			   const struct lu_kconfig_auto *ka)
{
	json_t *structs = json_object();

	relevant_json(mx, ka, structs);
	return json_pack("{s:I, s:I, s:I, s:I, s:o}",
			 "symbols", (json_int_t)ka->n_symbols,
			 "rounds", (json_int_t)ka->rounds,
			 "explored", (json_int_t)ka->explored,
			 "preprocessed",
			 (json_int_t)(ka->explored - ka->reused),
			 "relevant", structs);
}

void lu_kconfig_auto_report_json(const struct lu_matrix *mx, json_t *root)
{
	const struct lu_kconfig_auto *ka = mx->kauto;

	if (!ka)
		return;
	if (!ka->next) {
		json_object_set_new(root, "auto", search_json(mx, ka));
		return;
	}
	/* with arch =: every architecture's symbols, and each one's own */
	json_t *structs = json_object(), *per = json_array();
	size_t symbols = 0, rounds = 0, explored = 0, reused = 0;

	for (; ka; ka = ka->next) {
		json_t *one = search_json(mx, ka);

		json_object_set_new(one, "arch", lu_json_text(ka->arch));
		json_array_append_new(per, one);
		relevant_json(mx, ka, structs);
		symbols = ka->n_symbols > symbols ? ka->n_symbols : symbols;
		rounds = ka->rounds > rounds ? ka->rounds : rounds;
		explored += ka->explored;
		reused += ka->reused;
	}
	json_object_set_new(root, "auto", json_pack(
		"{s:I, s:I, s:I, s:I, s:o, s:o}",
		"symbols", (json_int_t)symbols, "rounds", (json_int_t)rounds,
		"explored", (json_int_t)explored,
		"preprocessed", (json_int_t)(explored - reused),
		"relevant", structs, "architectures", per));
}
