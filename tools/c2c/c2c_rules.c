/* SPDX-License-Identifier: MIT */
/* Drafts a rules file from c2c evidence; see c2c_rules.h. */
#include "c2c_rules.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* "# load_avg: stores 100.0%, loads 67.9% of line 4 (bytes 256-319): ..." */
static void comment(FILE *out, const struct lu_struct *s,
		    const struct drafted *e, unsigned line_size)
{
	char where[96], buf[MAX_INI_LINE + 64];
	const struct lu_c2c_hit *h = e->hit;
	int n;

	size_t n_code = 0;

	/* a data-type report's site is the member itself, not code */
	for (size_t i = 0; i < h->n_sites; i++)
		n_code += h->sites[i].symbol || h->sites[i].site;
	lu_c2c_window_label(e->win, s, line_size, where, sizeof(where));
	n = snprintf(buf, sizeof(buf), "# %s:", s->members[e->member].name);
	if (h->stores > 0)
		n += snprintf(buf + n, sizeof(buf) - (size_t)n,
			      " stores %.1f%%", 100 * h->stores);
	if (h->hitm + h->loads > 0)
		n += snprintf(buf + n, sizeof(buf) - (size_t)n,
			      "%s loads %.1f%%", h->stores > 0 ? "," : "",
			      100 * (h->hitm + h->loads));
	n += snprintf(buf + n, sizeof(buf) - (size_t)n, " of %s%s", where,
		      n_code ? ":" : "");
	for (size_t i = 0, k = 0;
	     i < h->n_sites && n > 0 && n < MAX_INI_LINE - 40; i++) {
		if (!h->sites[i].symbol && !h->sites[i].site)
			continue;
		n += snprintf(buf + n, sizeof(buf) - (size_t)n, "%s %s",
			      k++ ? "," : "", lu_c2c_site_name(&h->sites[i]));
	}
	if (n > MAX_INI_LINE)
		n = MAX_INI_LINE;
	fprintf(out, "%.*s\n", n, buf);
}

/* "write = a b" wrapped on indented lines, as rules_ini.c continues. */
static void key(FILE *out, const char *name, const struct lu_struct *s,
		const struct drafted *d, size_t n, bool want_write)
{
	size_t col = 0;
	bool any = false;

	for (size_t i = 0; i < n; i++) {
		bool written = d[i].stores > 0;
		const char *m = s->members[d[i].member].name;

		if (written != want_write || (!written && !(d[i].loads > 0)))
			continue;
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

int lu_c2c_rules_print(FILE *out, const char *report,
		       const struct lu_struct *s, const struct lu_c2c_map *map,
		       unsigned line_size)
{
	size_t n;
	struct drafted *d = collect(map, &n);

	/* the report's name may be long: it stays within the line limit */
	fprintf(out, "# Drafted by lineup c2c from %.*s%s\n", 120, report,
		strlen(report) > 120 ? "..." : "");
	fprintf(out, "# Members stored on a contended line are write, members "
		     "only loaded there\n# are read%s.\n# Review before use: "
		     "a sample is not a hot path.\n",
		map->how == LU_C2C_BY_RANK ? " (lines placed by ranking, "
					     "no --base)"
					   : "");
	fprintf(out, "[%s %s]\n", s->is_union ? "union" : "struct", s->name);
	for (size_t i = 0; i < n; i++)
		if (d[i].stores > 0 || d[i].loads > 0)
			comment(out, s, &d[i], line_size);
	key(out, "write", s, d, n, true);
	key(out, "read", s, d, n, false);
	free(d);
	return lu_output_flush(out);
}

int lu_c2c_rules_write(const char *path, const char *report,
		       const struct lu_struct *s, const struct lu_c2c_map *map,
		       unsigned line_size, struct lu_error *err)
{
	size_t len = strlen(path);
	char *tmp = malloc(len + 16);
	int fd;
	FILE *out;

	if (!tmp)
		abort();
	/* same directory as PATH, so the rename cannot cross filesystems */
	snprintf(tmp, len + 16, "%s.tmp.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		lu_error_set(err, "failed to write %s: %s", path,
			     strerror(errno));
		free(tmp);
		return -1;
	}
	/* mkstemp makes it 0600; a rules file is as readable as any */
	mode_t mask = umask(0);

	umask(mask);
	if (fchmod(fd, 0666 & ~mask) < 0) {
		lu_error_set(err, "failed to write %s: %s", path,
			     strerror(errno));
		close(fd);
		goto fail;
	}
	out = fdopen(fd, "w");
	if (!out) {
		lu_error_set(err, "failed to write %s: %s", path,
			     strerror(errno));
		close(fd);
		goto fail;
	}
	if (lu_c2c_rules_print(out, report, s, map, line_size) < 0 ||
	    fsync(fileno(out)) < 0) {
		lu_error_set(err, "failed to write %s: %s", path,
			     strerror(errno));
		fclose(out);
		goto fail;
	}
	if (fclose(out) != 0 || rename(tmp, path) < 0) {
		lu_error_set(err, "failed to write %s: %s", path,
			     strerror(errno));
		goto fail;
	}
	free(tmp);
	return 0;
fail:
	unlink(tmp);
	free(tmp);
	return -1;
}
