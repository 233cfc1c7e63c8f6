/* SPDX-License-Identifier: MIT */
/* Prints what `lineup c2c` found; see c2c_report.h. */
#include "c2c_report.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report.h"
#include "text_buf.h"

static const char *kind_of(const struct lu_struct *s,
			   const struct lu_member *m)
{
	if (m->group < 0 || s->groups[m->group].kind == LU_KIND_NONE)
		return NULL;
	return lu_kind_name(s->groups[m->group].kind);
}

/* "cacheline 0xff1e8a0c43d71a80", or the type for data-type reports */
static void origin(const struct lu_c2c_out *o, const struct lu_c2c_window *w,
		   char *buf, size_t size)
{
	const struct lu_c2c_line *l = &o->report->lines[w->report_line];

	if (l->type)
		snprintf(buf, size, "%s samples", l->type);
	else if (l->has_address)
		snprintf(buf, size, "cacheline 0x%llx",
			 (unsigned long long)l->address);
	else
		snprintf(buf, size, "cacheline at report line %u",
			 l->text_line);
}

/* "12.3%", and "<0.1%" for a share that rounds to nothing but is not */
static void share(FILE *out, const char *sep, const char *what, double v)
{
	if (100 * v < 0.05)
		fprintf(out, "%s%s <0.1%%", sep, what);
	else
		fprintf(out, "%s%s %.1f%%", sep, what, 100 * v);
}

static void shares(FILE *out, double stores, double hitm, double loads)
{
	const char *sep = "";

	if (stores > 0) {
		share(out, sep, "stores", stores);
		sep = ", ";
	}
	if (hitm > 0) {
		share(out, sep, "HITM", hitm);
		sep = ", ";
	}
	if (loads > 0)
		share(out, sep, "loads", loads);
	if (!(stores > 0) && !(hitm > 0) && !(loads > 0))
		fprintf(out, "no contended access");
}

static void how_placed(FILE *out, const struct lu_c2c_out *o,
		       const struct lu_c2c_window *w)
{
	const unsigned ls = o->set->line_size;
	char label[96];

	if (o->map->how == LU_C2C_BY_BASE) {
		fprintf(out, ", at --base 0x%llx\n",
			(unsigned long long)o->base);
		return;
	}
	if (o->map->how == LU_C2C_BY_TYPE) {
		if (o->has_base)
			fprintf(out, ", at --base 0x%llx",
				(unsigned long long)o->base);
		else if (o->s->align < ls)
			/* the samples do not say where objects start */
			fprintf(out, ", lines counted from offset 0 (objects "
				     "aligned to %llu may start anywhere in a "
				     "line: --base ADDR places them)",
				(unsigned long long)o->s->align);
		fprintf(out, "\n");
		return;
	}
	fprintf(out, ", ranked first of %zu placements: %zu of %zu sampled "
		     "offsets start a member",
		w->n_candidates, w->n_starts, w->n_offsets);
	if (w->anchor >= 0) {
		const struct lu_c2c_window *a = &o->map->windows[w->anchor];

		origin(o, a, label, sizeof(label));
		fprintf(out, ", one object with %s", label);
	}
	for (size_t i = 0; i < w->n_tied && i < 3; i++) {
		struct lu_c2c_window t = *w;

		t.begin = w->tied[i];
		lu_c2c_window_label(&t, o->s, ls, o->hex, label, sizeof(label));
		fprintf(out, "%s%s", i ? ", " : "; also fits: ", label);
	}
	if (w->n_tied > 3)
		fprintf(out, " and %zu more", w->n_tied - 3);
	fprintf(out, " (a ranking: --base ADDR makes it exact)\n");
}

/*
 * The functions behind HITS' sites that store (or load), each once: the
 * diagnostic names code, the listing above it names sites.
 */
static void who(FILE *out, const struct lu_c2c_hit *const *hits, size_t n_hits,
		bool stores)
{
	const char *seen[8];
	size_t n = 0;

	fputs(stores ? "stored" : "loaded", out);

	for (size_t h = 0; h < n_hits; h++) {
		for (size_t i = 0; i < hits[h]->n_sites && n < 8; i++) {
			const struct lu_c2c_site *st = &hits[h]->sites[i];
			const char *name = st->symbol ? st->symbol : st->site;
			bool dup = false;

			/* data-type reports name no code: say nothing */
			bool did = stores ? st->stores > 0
					  : st->hitm > 0 || st->loads > 0;

			if (!name || !did)
				continue;
			for (size_t k = 0; k < n; k++)
				dup |= !strcmp(seen[k], name);
			if (dup)
				continue;
			fputs(n ? ", " : " by ", out);
			lu_text_put_escaped(out, name);
			seen[n++] = name;
		}
	}
}

/* Where check would point for the member: the same path, relative under
 * the current directory, so editors jump to it from either command. */
static void location(FILE *out, const struct lu_struct *s, size_t member)
{
	struct lu_finding f = {
		.type = LU_FIND_CONFLICT, .s = s, .members = &member,
		.n_members = 1,
	};
	struct lu_report_ctx ctx = { 0 };
	struct lu_location loc;

	lu_finding_location(&f, &ctx, &loc);
	lu_text_put_escaped(out, loc.file ? loc.file : loc.where);
	if (loc.file)
		fprintf(out, ":%u:%u: ", loc.decl_line,
			loc.decl_column ? loc.decl_column : 1);
	else
		fputs(": ", out);
}

/* The compiler-style line a false-sharing window ends with. */
static void diagnostic(FILE *out, const struct lu_c2c_out *o,
		       const struct lu_c2c_window *w, const char *label)
{
	const struct lu_struct *s = o->s;
	const struct lu_c2c_hit **readers = calloc(w->n_hits + 1,
						   sizeof(*readers));

	if (!readers)
		abort();
	for (size_t i = 0; i < w->n_hits; i++) {
		const struct lu_c2c_hit *h = &w->hits[i];
		size_t n = 0;

		if (!(h->stores > 0))
			continue;
		for (size_t j = 0; j < w->n_hits; j++)
			if (j != i && (w->hits[j].hitm > 0 ||
				       w->hits[j].loads > 0))
				readers[n++] = &w->hits[j];
		if (!n)
			continue;
		location(out, s, h->member);
		fputs("error: '", out);
		lu_text_put_escaped(out, s->members[h->member].name);
		fputs("' (", out);
		who(out, &h, 1, true);
		fprintf(out, ") shares %s with ", label);
		for (size_t j = 0; j < n; j++) {
			fprintf(out, "%s'", j ? ", " : "");
			lu_text_put_escaped(out,
					    s->members[readers[j]->member].name);
			fputc('\'', out);
		}
		fprintf(out, " (");
		who(out, readers, n, false);
		fprintf(out, ") in %s", lu_struct_tag_word(s));
		lu_text_put_escaped(out, s->name);
		fprintf(out, ": false sharing [%s]\n",
			lu_rule_id(LU_RULE_SEEN_SHARING));
	}
	free(readers);
}

static void window_text(FILE *out, const struct lu_c2c_out *o,
			const struct lu_c2c_window *w)
{
	const struct lu_struct *s = o->s;
	char from[128], label[96];

	origin(o, w, from, sizeof(from));
	lu_c2c_window_label(w, s, o->set->line_size, o->hex, label,
			    sizeof(label));
	lu_text_put_escaped(out, from);
	fprintf(out, ": %s of %s", label, lu_struct_tag_word(s));
	lu_text_put_escaped(out, s->name);
	how_placed(out, o, w);
	for (size_t i = 0; i < w->n_hits; i++) {
		const struct lu_c2c_hit *h = &w->hits[i];
		const struct lu_member *m = &s->members[h->member];
		const char *kind = kind_of(s, m);

		fprintf(out, "  %5s  ", lu_num(m->offset, o->hex).s);
		lu_text_put_escaped(out, m->name);
		fputs(" (", out);
		lu_text_put_escaped(out, m->type);
		lu_text_put_escaped(out, m->dims);
		fprintf(out, ", %s byte%s%s%s): ", lu_num(m->size, o->hex).s,
			m->size == 1 ? "" : "s",
			kind ? ", " : "", kind ? kind : "");
		shares(out, h->stores, h->hitm, h->loads);
		fputc('\n', out);
		for (size_t k = 0; k < h->n_sites; k++) {
			const struct lu_c2c_site *st = &h->sites[k];

			/* a data-type site is the member itself */
			if (!st->symbol && !st->site)
				continue;
			char site[256];

			lu_text_escape(site, sizeof(site), lu_c2c_site_name(st));
			fprintf(out, "           %-32s ", site);
			shares(out, st->stores, st->hitm, st->loads);
			if (st->source) {
				fputs("  ", out);
				lu_text_put_escaped(out, st->source);
			}
			fputc('\n', out);
		}
	}
	if (w->n_outside) {
		fprintf(out, "  (%zu rows on no member of ", w->n_outside);
		lu_text_put_escaped(out, s->name);
		fputs(": a hole, or the line's other objects)\n", out);
	}
	if (w->false_sharing)
		diagnostic(out, o, w, label);
}

int lu_c2c_print_text(FILE *out, const struct lu_c2c_out *o)
{
	const struct lu_c2c_map *map = o->map;

	fputs(lu_struct_tag_word(o->s), out);
	lu_text_put_escaped(out, o->s->name);
	fprintf(out, " (%s bytes, align %llu) in ", lu_num(o->s->size, o->hex).s,
		(unsigned long long)o->s->align);
	lu_text_put_escaped(out, o->set->path);
	fprintf(out, "; %s from ", lu_c2c_format_name(o->report->format));
	lu_text_put_escaped(out, o->report_path);
	fputc('\n', out);
	if (o->report->double_cl)
		fprintf(out, "offsets within %llu-byte line pairs "
			     "(--double-cl)\n",
			(unsigned long long)map->unit);
	for (size_t i = 0; i < map->n_windows; i++)
		window_text(out, o, &map->windows[i]);
	for (size_t i = 0; i < map->n_skipped; i++) {
		struct lu_c2c_window w = {
			.report_line = map->skipped[i].report_line,
		};
		char from[128];

		origin(o, &w, from, sizeof(from));
		fprintf(out, "%s: skipped: %s\n", from, map->skipped[i].why);
	}
	if (map->n_false_sharing)
		fprintf(out, "lineup c2c: %zu of %zu lines show false sharing: "
			     "a member stored, another loaded\n",
			map->n_false_sharing, map->n_windows);
	else
		fprintf(out, "lineup c2c: no writer shares a line with a "
			     "reader of another member (%zu line%s placed)\n",
			map->n_windows, map->n_windows == 1 ? "" : "s");
	return lu_output_flush(out);
}

/* perf's text and the input's names are not always UTF-8 (escape.h) */
static json_t *text_json(const char *s)
{
	return lu_json_text(s);
}

static json_t *hex_json(bool has, uint64_t v)
{
	return has ? json_sprintf("0x%llx", (unsigned long long)v)
		   : json_null();
}

static json_t *site_json(const struct lu_c2c_site *st)
{
	json_t *j = json_object();

	json_object_set_new(j, "site", text_json(lu_c2c_site_name(st)));
	json_object_set_new(j, "symbol", text_json(st->symbol));
	json_object_set_new(j, "source", text_json(st->source));
	json_object_set_new(j, "field", text_json(st->field));
	json_object_set_new(j, "code_address",
			    hex_json(st->code_address != 0, st->code_address));
	json_object_set_new(j, "stores", json_real(st->stores));
	json_object_set_new(j, "hitm", json_real(st->hitm));
	json_object_set_new(j, "loads", json_real(st->loads));
	return j;
}

static json_t *hit_json(const struct lu_struct *s, const struct lu_c2c_hit *h)
{
	const struct lu_member *m = &s->members[h->member];
	const char *kind = kind_of(s, m);
	json_t *j = json_object(), *sites = json_array();

	json_object_set_new(j, "name", text_json(m->name));
	char *type = NULL;

	if (asprintf(&type, "%s%s", m->type, m->dims) < 0)
		abort();
	json_object_set_new(j, "type", text_json(type));
	free(type);
	json_object_set_new(j, "offset", json_integer((json_int_t)m->offset));
	json_object_set_new(j, "size", json_integer((json_int_t)m->size));
	json_object_set_new(j, "kind", kind ? text_json(kind) : json_null());
	json_object_set_new(j, "group", m->group >= 0
				? text_json(s->groups[m->group].name)
				: json_null());
	json_object_set_new(j, "stores", json_real(h->stores));
	json_object_set_new(j, "hitm", json_real(h->hitm));
	json_object_set_new(j, "loads", json_real(h->loads));
	for (size_t i = 0; i < h->n_sites; i++)
		json_array_append_new(sites, site_json(&h->sites[i]));
	json_object_set_new(j, "sites", sites);
	return j;
}

static json_t *line_json(const struct lu_c2c_out *o, ptrdiff_t index)
{
	const struct lu_c2c_line *l = &o->report->lines[index];
	json_t *j = json_object();

	json_object_set_new(j, "index", l->index >= 0 ? json_integer(l->index)
						      : json_null());
	json_object_set_new(j, "address", hex_json(l->has_address, l->address));
	json_object_set_new(j, "type", text_json(l->type));
	json_object_set_new(j, "report_line", json_integer(l->text_line));
	return j;
}

static json_t *window_json(const struct lu_c2c_out *o,
			   const struct lu_c2c_window *w)
{
	const unsigned ls = o->set->line_size;
	json_t *j = json_object(), *hits = json_array();

	json_object_set_new(j, "report", line_json(o, w->report_line));
	json_object_set_new(j, "begin", json_integer(w->begin));
	json_object_set_new(j, "end", json_integer(w->begin +
						   (int64_t)w->unit));
	json_object_set_new(j, "line", w->begin >= 0 && w->begin % ls == 0
				? json_integer(w->begin / ls)
				: json_null());
	if (o->map->how == LU_C2C_BY_RANK) {
		json_t *r = json_object(), *tied = json_array();

		json_object_set_new(r, "candidates",
				    json_integer((json_int_t)w->n_candidates));
		json_object_set_new(r, "offsets",
				    json_integer((json_int_t)w->n_offsets));
		json_object_set_new(r, "starts",
				    json_integer((json_int_t)w->n_starts));
		for (size_t i = 0; i < w->n_tied; i++)
			json_array_append_new(tied, json_integer(w->tied[i]));
		json_object_set_new(r, "tied", tied);
		json_object_set_new(j, "rank", r);
	} else {
		json_object_set_new(j, "rank", json_null());
	}
	for (size_t i = 0; i < w->n_hits; i++)
		json_array_append_new(hits, hit_json(o->s, &w->hits[i]));
	json_object_set_new(j, "members", hits);
	json_object_set_new(j, "unattributed",
			    json_integer((json_int_t)w->n_outside));
	json_object_set_new(j, "false_sharing", json_boolean(w->false_sharing));
	/* the check id text ends the line's diagnostic with */
	json_object_set_new(j, "id", w->false_sharing
			    ? text_json(lu_rule_id(LU_RULE_SEEN_SHARING))
			    : json_null());
	return j;
}

int lu_c2c_print_json(FILE *out, const struct lu_c2c_out *o)
{
	static const char *const how[] = {
		[LU_C2C_BY_BASE] = "base",
		[LU_C2C_BY_RANK] = "ranked",
		[LU_C2C_BY_TYPE] = "type",
	};
	const struct lu_c2c_map *map = o->map;
	json_t *root = json_object(), *in = json_object(), *rep = json_object();
	json_t *st = json_object(), *lines = json_array(), *skipped;

	skipped = json_array();
	json_object_set_new(root, "lineup", json_integer(1));
	json_object_set_new(in, "path", text_json(o->set->path));
	json_object_set_new(in, "format", text_json(o->set->format));
	json_object_set_new(in, "line_size", json_integer(o->set->line_size));
	json_object_set_new(root, "input", in);
	json_object_set_new(rep, "path", text_json(o->report_path));
	json_object_set_new(rep, "format",
			    text_json(lu_c2c_format_id(o->report->format)));
	json_object_set_new(rep, "header", json_boolean(o->report->header));
	json_object_set_new(rep, "double_cl",
			    json_boolean(o->report->double_cl));
	json_object_set_new(rep, "unit", json_integer((json_int_t)map->unit));
	json_object_set_new(rep, "malformed_lines",
			    json_integer((json_int_t)o->report->n_bad));
	json_object_set_new(root, "report", rep);
	json_object_set_new(st, "name", text_json(o->s->name));
	json_object_set_new(st, "kind", text_json(o->s->is_union ? "union"
								   : "struct"));
	json_object_set_new(st, "size", json_integer((json_int_t)o->s->size));
	json_object_set_new(st, "align", json_integer((json_int_t)o->s->align));
	json_object_set_new(root, "struct", st);
	json_object_set_new(root, "mapping", text_json(how[map->how]));
	json_object_set_new(root, "base", hex_json(o->has_base, o->base));
	for (size_t i = 0; i < map->n_windows; i++)
		json_array_append_new(lines, window_json(o, &map->windows[i]));
	json_object_set_new(root, "lines", lines);
	for (size_t i = 0; i < map->n_skipped; i++) {
		json_t *k = json_object();

		json_object_set_new(k, "report",
				    line_json(o, map->skipped[i].report_line));
		json_object_set_new(k, "why",
				    text_json(map->skipped[i].why));
		json_array_append_new(skipped, k);
	}
	json_object_set_new(root, "skipped", skipped);
	json_object_set_new(root, "false_sharing_lines",
			    json_integer((json_int_t)map->n_false_sharing));
	return lu_output_json(out, root);
}
