/* SPDX-License-Identifier: MIT */
/* Drafts a rules file from c2c evidence; see c2c_rules.h. */
#include "c2c_rules.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_out.h"
#include "escape.h"
#include "escape_ini.h"
#include "report.h"

/* rules_ini.c refuses lines past 198 characters (doc/rules.md) */
#define MAX_INI_LINE 190

/* Each member once, with what it had over all windows. */
struct drafted {
	size_t member;
	double stores, loads;	/* summed shares: evidence, not a unit */
	const struct lu_c2c_window *win;	/* the first it was seen on */
	const struct lu_c2c_hit *hit;
};

static struct drafted *collect(const struct lu_c2c_map *map, size_t *n_out)
{
	struct drafted *d = NULL;
	size_t n = 0, cap = 0;

	for (size_t w = 0; w < map->n_windows; w++) {
		const struct lu_c2c_window *win = &map->windows[w];

		for (size_t h = 0; h < win->n_hits; h++) {
			const struct lu_c2c_hit *hit = &win->hits[h];
			struct drafted *e = NULL;

			for (size_t i = 0; i < n && !e; i++)
				if (d[i].member == hit->member)
					e = &d[i];
			if (!e) {
				d = lu_grow(d, &cap, n, sizeof(*d));
				e = &d[n++];
				*e = (struct drafted){ .member = hit->member,
						       .win = win, .hit = hit };
			}
			e->stores += hit->stores;
			e->loads += hit->hitm + hit->loads;
		}
	}
	*n_out = n;
	return d;
}

/*
 * "# load_avg: stores 100.0%, loads 67.9% of line 4 (bytes 256-319): ...",
 * names escaped (escape.h) and the line kept within MAX_INI_LINE: each
 * piece is cut to what is left, so a name of any length costs no more.
 */
static void comment(FILE *out, const struct lu_struct *s,
		    const struct drafted *e, unsigned line_size)
{
	char where[96], nums[96];
	const struct lu_c2c_hit *h = e->hit;
	size_t n_code = 0, col;
	int k = 0;

	/* a data-type report's site is the member itself, not code */
	for (size_t i = 0; i < h->n_sites; i++)
		n_code += h->sites[i].symbol || h->sites[i].site;
	/* the draft's comments: decimal, as rules files are written */
	lu_c2c_window_label(e->win, s, line_size, false, where, sizeof(where));
	if (h->stores > 0)
		k += snprintf(nums + k, sizeof(nums) - (size_t)k,
			      " stores %.1f%%", 100 * h->stores);
	if (h->hitm + h->loads > 0)
		snprintf(nums + k, sizeof(nums) - (size_t)k, "%s loads %.1f%%",
			 h->stores > 0 ? "," : "",
			 100 * (h->hitm + h->loads));
	fputs("# ", out);
	col = 2 + lu_ini_put_comment_text(out, s->members[e->member].name, 64);
	col += (size_t)fprintf(out, ":%s of %s%s", nums, where,
			       n_code ? ":" : "");
	for (size_t i = 0, j = 0; i < h->n_sites && col < MAX_INI_LINE - 40;
	     i++) {
		if (!h->sites[i].symbol && !h->sites[i].site)
			continue;
		col += (size_t)fprintf(out, "%s ", j++ ? "," : "");
		/* at most what is left of the line, "..." included */
		col += lu_ini_put_comment_text(out,
					       lu_c2c_site_name(&h->sites[i]),
					       MAX_INI_LINE - col - 3);
	}
	fputc('\n', out);
}

/* "write = a b" wrapped on indented lines, as rules_ini.c continues;
 * a name a rules file cannot hold is counted in *LEFT_OUT instead. */
static void key(FILE *out, const char *name, const struct lu_struct *s,
		const struct drafted *d, size_t n, bool want_write,
		size_t *left_out)
{
	size_t col = 0;
	bool any = false;

	for (size_t i = 0; i < n; i++) {
		bool written = d[i].stores > 0;
		const char *m = s->members[d[i].member].name;

		if (written != want_write || (!written && !(d[i].loads > 0)))
			continue;
		if (!lu_ini_name_ok(m, true)) {
			++*left_out;
			continue;
		}
		if (!any)
			col = (size_t)fprintf(out, "%s =", name);
		else if (col + strlen(m) + 1 > 78)
			col = (size_t)fprintf(out, "\n       ");
		col += (size_t)fprintf(out, " %s", m);
		any = true;
	}
	if (any)
		fputc('\n', out);
}

/* The header: what drafted it, from what, and how to read it. */
static void header(FILE *out, const char *tool, const char *report,
		   enum lu_c2c_how how)
{
	/* the report's name may be long: it stays within the line limit */
	fprintf(out, "# Drafted by lineup %s from ", tool);
	lu_ini_put_comment_text(out, report, 120);
	fputc('\n', out);
	fprintf(out, "# Members stored on a contended line are write, members "
		     "only loaded there\n# are read%s.\n# Review before use: "
		     "a sample is not a hot path.\n",
		how == LU_C2C_BY_RANK ? " (lines placed by ranking, no --base)"
				      : "");
	/* trace's numbers are not perf's shares of a line's samples */
	if (!strcmp(tool, "trace"))
		fputs("# The percentages are each member's own stores and loads "
		      "as shares of its\n# accesses in the trace (all threads), "
		      "not of the line's contention.\n", out);
}

static void section(FILE *out, const struct lu_struct *s,
		    const struct lu_c2c_map *map, unsigned line_size)
{
	size_t n, left_out = 0;
	struct drafted *d = collect(map, &n);

	fprintf(out, "[%s %s]\n", s->is_union ? "union" : "struct", s->name);
	for (size_t i = 0; i < n; i++)
		if (d[i].stores > 0 || d[i].loads > 0)
			comment(out, s, &d[i], line_size);
	key(out, "write", s, d, n, true, &left_out);
	key(out, "read", s, d, n, false, &left_out);
	if (left_out)
		fprintf(out, "# %zu member%s left out: a rules file cannot hold "
			     "%s name%s (see the comments above)\n",
			left_out, left_out == 1 ? "" : "s",
			left_out == 1 ? "its" : "their",
			left_out == 1 ? "" : "s");
	free(d);
}

/* The first of DRAFTS whose struct a section cannot name, or NULL. */
static const struct lu_struct *unnamable(const struct lu_c2c_draft *drafts,
					 size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!lu_ini_struct_name_ok(drafts[i].s->name))
			return drafts[i].s;
	return NULL;
}

int lu_c2c_rules_print(FILE *out, const char *report,
		       const struct lu_struct *s, const struct lu_c2c_map *map,
		       unsigned line_size)
{
	struct lu_c2c_draft d = { s, map };

	return lu_c2c_rules_print_n(out, "c2c", report, &d, 1, line_size);
}

int lu_c2c_rules_print_n(FILE *out, const char *tool, const char *report,
			 const struct lu_c2c_draft *drafts, size_t n,
			 unsigned line_size)
{
	/* a section the file cannot hold is refused before anything */
	if (unnamable(drafts, n)) {
		errno = EINVAL;
		return -1;
	}
	header(out, tool, report, n ? drafts[0].map->how : LU_C2C_BY_BASE);
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputc('\n', out);
		section(out, drafts[i].s, drafts[i].map, line_size);
	}
	return lu_output_flush(out);
}

int lu_c2c_rules_write(const char *path, const char *report,
		       const struct lu_struct *s, const struct lu_c2c_map *map,
		       unsigned line_size, struct lu_error *err)
{
	struct lu_c2c_draft d = { s, map };

	return lu_c2c_rules_write_n(path, "c2c", report, &d, 1, line_size,
				    err);
}

int lu_c2c_rules_write_n(const char *path, const char *tool,
			 const char *report, const struct lu_c2c_draft *drafts,
			 size_t n, unsigned line_size, struct lu_error *err)
{
	const struct lu_struct *bad = unnamable(drafts, n);
	struct lu_atomic_out o;
	char name[96];

	if (bad) {
		lu_text_escape(name, sizeof(name), bad->name);
		lu_error_set(err, "failed to write %s: a rules file cannot "
				  "name struct '%s' (a section names a C or C++ "
				  "type of at most %d characters, no ']')",
			     path, name, LU_INI_NAME_MAX);
		return -1;
	}
	if (lu_atomic_open(&o, path, err) < 0)
		return -1;
	if (lu_c2c_rules_print_n(o.f, tool, report, drafts, n, line_size) <
	    0) {
		lu_error_set(err, "failed to write %s: %s", path,
			     strerror(errno));
		lu_atomic_abandon(&o);
		return -1;
	}
	return lu_atomic_commit(&o, err);
}
