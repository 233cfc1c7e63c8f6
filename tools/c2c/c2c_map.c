/* SPDX-License-Identifier: MIT */
/* Places perf's sampled offsets on a struct's members; see c2c_map.h. */
#include "c2c_map.h"

#include "c2c_attribute.h"
#include "c2c_index.h"
#include "text_buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* More placements than this and the ranking says nothing: ask for --base. */
#define MAX_CANDIDATES 65536

bool lu_c2c_type_is(const char *type, const struct lu_struct *s)
{
	const char *kw = s->is_union ? "union " : "struct ";

	if (!strncmp(type, kw, strlen(kw)) && !s->tagless &&
	    !strcmp(type + strlen(kw), s->name))
		return true;
	return lu_struct_named(s, type);
}

/* How well one placement fits: compared field by field, best first. */
struct fit {
	size_t starts;		/* offsets on a member's first byte */
	size_t misses;		/* in a hole, or outside the struct */
	size_t named;		/* members a sampled symbol names */
	bool aligned;		/* a member forced to a line starts it */
};

static int fit_cmp(const struct fit *a, const struct fit *b)
{
	if (a->starts != b->starts)
		return a->starts > b->starts ? 1 : -1;
	if (a->misses != b->misses)
		return a->misses < b->misses ? 1 : -1;
	if (a->named != b->named)
		return a->named > b->named ? 1 : -1;
	return (int)a->aligned - (int)b->aligned;
}

static bool symbol_names(const struct lu_c2c_row *rows, size_t n,
			 const char *name)
{
	if (strlen(name) < 3)
		return false;
	for (size_t i = 0; i < n; i++)
		if (rows[i].symbol && strstr(rows[i].symbol, name))
			return true;
	return false;
}

/*
 * NAMED caches symbol_names per member for one line (0 not asked yet,
 * 1 no, 2 yes): every placement asks again about the same members, and a
 * scan of the rows per placement made the ranking quadratic.
 */
static struct fit fit_at(const struct lu_c2c_index *ix, int64_t w,
			 uint64_t unit, const uint64_t *offs, size_t n_offs,
			 const struct lu_c2c_row *rows, size_t n_rows,
			 unsigned char *named)
{
	const struct lu_struct *s = ix->s;
	struct fit f = { 0 };
	ptrdiff_t last = -1;

	for (size_t i = 0; i < n_offs; i++) {
		int64_t so = w + (int64_t)offs[i];
		ptrdiff_t m = lu_c2c_member_at(ix, so);

		if (m < 0) {
			f.misses++;
			continue;
		}
		if (s->members[m].offset == (uint64_t)so &&
		    !lu_c2c_is_padding(&s->members[m]))
			f.starts++;
		/* offsets are sorted: one member counts once */
		if (m != last && !named[m])
			named[m] = symbol_names(rows, n_rows,
						s->members[m].name) ? 2 : 1;
		if (m != last && named[m] == 2)
			f.named++;
		last = m;
	}
	ptrdiff_t first = lu_c2c_member_at(ix, w);

	f.aligned = first >= 0 && s->members[first].offset == (uint64_t)w &&
		    s->members[first].forced_align >= unit;
	return f;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* The distinct offsets of ROWS, sorted; returns how many. */
static size_t distinct_offsets(const struct lu_c2c_row *rows, size_t n,
			       uint64_t *out)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		out[i] = rows[i].offset;
	qsort(out, n, sizeof(*out), cmp_u64);
	for (size_t i = 0; i < n; i++)
		if (!k || out[k - 1] != out[i])
			out[k++] = out[i];
	return k;
}

static int cmp_row_offset(const void *a, const void *b)
{
	const struct lu_c2c_row *x = a, *y = b;

	if (x->offset != y->offset)
		return (x->offset > y->offset) - (x->offset < y->offset);
	return (x->text_line > y->text_line) - (x->text_line < y->text_line);
}

static void skip(struct lu_c2c_map *m, ptrdiff_t line, const char *why)
{
	m->skipped = lu_grow(m->skipped, &m->cap_skipped, m->n_skipped,
			     sizeof(*m->skipped));
	m->skipped[m->n_skipped++] = (struct lu_c2c_skip){ line, why };
}

static struct lu_c2c_window *add_window(struct lu_c2c_map *m, ptrdiff_t line,
					int64_t begin)
{
	struct lu_c2c_window *w;

	m->windows = lu_grow(m->windows, &m->cap_windows, m->n_windows,
			     sizeof(*m->windows));
	w = &m->windows[m->n_windows++];
	memset(w, 0, sizeof(*w));
	w->report_line = line;
	w->anchor = -1;
	w->begin = begin;
	w->unit = m->unit;
	return w;
}

/*
 * Ranks the placements of S under one line; false when none fits. Each
 * placement is fitted once; the ties are collected in one growing array
 * and copied once (growing the arena copy by one was quadratic in memory:
 * a 4096-member struct took gigabytes).
 */
static bool rank(struct lu_c2c_map *map, const struct lu_c2c_index *ix,
		 size_t line, const uint64_t *offs, size_t n_offs,
		 const struct lu_c2c_row *rows, size_t n_rows)
{
	const struct lu_struct *s = ix->s;
	uint64_t unit = map->unit, align = s->align ? s->align : 1;
	uint64_t step = align < unit ? align : unit;
	int64_t first = -(int64_t)(unit - step), best_w = 0;
	struct fit best = { 0 }, *fits;
	size_t n, n_ties = 0, cap = 0;
	int64_t *ties = NULL;
	unsigned char *named = calloc(s->n_members + 1, 1);
	bool any = false;

	n = (size_t)(((int64_t)s->size - first + (int64_t)step - 1) /
		     (int64_t)step);
	fits = malloc((n + 1) * sizeof(*fits));
	if (!named || !fits)
		abort();
	for (size_t k = 0; k < n; k++) {
		int64_t w = first + (int64_t)(k * step);

		fits[k] = fit_at(ix, w, unit, offs, n_offs, rows, n_rows,
				 named);
		if (!any || fit_cmp(&fits[k], &best) > 0) {
			best = fits[k];
			best_w = w;
			any = true;
		}
	}
	free(named);
	/* a placement fits when no offset falls in a hole or off the
	 * struct and at least half of them start a member */
	if (!any || best.misses || best.starts * 2 < n_offs || !best.starts) {
		free(fits);
		return false;
	}
	struct lu_c2c_window *win = add_window(map, (ptrdiff_t)line, best_w);

	win->n_candidates = n;
	for (size_t k = 0; k < n; k++) {
		int64_t w = first + (int64_t)(k * step);

		if (w == best_w || fits[k].starts != best.starts ||
		    fits[k].misses != best.misses)
			continue;
		ties = lu_grow(ties, &cap, n_ties, sizeof(*ties));
		ties[n_ties++] = w;
	}
	free(fits);
	if (n_ties) {
		win->tied = lu_arena_alloc(&map->arena,
					   n_ties * sizeof(*win->tied));
		memcpy(win->tied, ties, n_ties * sizeof(*win->tied));
		win->n_tied = n_ties;
	}
	free(ties);
	return true;
}

struct anchor {
	uint64_t address;
	size_t window;
};

static int cmp_anchor(const void *a, const void *b)
{
	const struct anchor *x = a, *y = b;

	if (x->address != y->address)
		return (x->address > y->address) - (x->address < y->address);
	return (x->window > y->window) - (x->window < y->window);
}

/*
 * Lines of one object sit at the distance of their addresses: a line
 * whose ranking is tied takes, among its ties, the placement an untied
 * line of the report implies (perf lists every contended line of an
 * object, often one of them unambiguous). Only untied lines closer than
 * the struct's size can imply one: they are found by binary search, so a
 * report of many tied lines costs no more than their number.
 */
static void anchor(struct lu_c2c_map *map, const struct lu_c2c_report *r,
		   uint64_t size)
{
	struct anchor *an = calloc(map->n_windows + 1, sizeof(*an));
	size_t n = 0;
	uint64_t reach = size + 2 * map->unit;

	if (!an)
		abort();
	for (size_t i = 0; i < map->n_windows; i++) {
		const struct lu_c2c_line *l =
			&r->lines[map->windows[i].report_line];

		if (!map->windows[i].n_tied && l->has_address)
			an[n++] = (struct anchor){ l->address, i };
	}
	qsort(an, n, sizeof(*an), cmp_anchor);
	for (size_t i = 0; i < map->n_windows && n; i++) {
		struct lu_c2c_window *w = &map->windows[i];
		const struct lu_c2c_line *l = &r->lines[w->report_line];
		uint64_t lo = l->address > reach ? l->address - reach : 0;
		size_t a = 0, hi = n;

		if (!w->n_tied || !l->has_address)
			continue;
		while (a < hi) {
			size_t mid = a + (hi - a) / 2;

			if (an[mid].address < lo)
				a = mid + 1;
			else
				hi = mid;
		}
		for (; a < n && w->n_tied &&
		       an[a].address - lo <= 2 * reach; a++) {
			const struct lu_c2c_window *aw =
				&map->windows[an[a].window];
			uint64_t d = l->address - an[a].address;
			/* unsigned: addresses far apart wrap, never overflow */
			int64_t implied = (int64_t)((uint64_t)aw->begin + d);

			for (size_t k = 0; k < w->n_tied; k++) {
				if (w->tied[k] != implied)
					continue;
				w->tied[k] = w->begin;
				w->begin = implied;
			}
			if (w->begin != implied)
				continue;
			w->anchor = (ptrdiff_t)an[a].window;
			w->n_tied = 0;
		}
	}
	free(an);
}

/*
 * The report's rows sorted by line, report order kept within a line, and
 * where each line's start: a line's rows in O(its rows), not O(all).
 */
struct rows_by_line {
	struct lu_c2c_row *rows;
	size_t *start;		/* n_lines + 1 entries */
};

static int cmp_row_line(const void *a, const void *b)
{
	const struct lu_c2c_row *x = a, *y = b;

	if (x->line != y->line)
		return (x->line > y->line) - (x->line < y->line);
	return (x->text_line > y->text_line) - (x->text_line < y->text_line);
}

static void by_line_init(struct rows_by_line *bl, const struct lu_c2c_report *r)
{
	bl->rows = calloc(r->n_rows + 1, sizeof(*bl->rows));
	bl->start = calloc(r->n_lines + 1, sizeof(*bl->start));
	if (!bl->rows || !bl->start)
		abort();
	if (r->n_rows)
		memcpy(bl->rows, r->rows, r->n_rows * sizeof(*bl->rows));
	qsort(bl->rows, r->n_rows, sizeof(*bl->rows), cmp_row_line);
	for (size_t l = 0, i = 0; l <= r->n_lines; l++) {
		while (i < r->n_rows && bl->rows[i].line < l)
			i++;
		bl->start[l] = i;
	}
}

static void by_line_free(struct rows_by_line *bl)
{
	free(bl->rows);
	free(bl->start);
}

/* Copies line L's rows to OUT; returns how many. */
static size_t rows_of(const struct rows_by_line *bl, size_t l,
		      struct lu_c2c_row *out)
{
	size_t n = bl->start[l + 1] - bl->start[l];

	if (n)
		memcpy(out, bl->rows + bl->start[l], n * sizeof(*out));
	return n;
}

static int map_types(const struct lu_c2c_report *r,
		     const struct lu_c2c_index *ix,
		     const struct rows_by_line *bl,
		     const struct lu_c2c_map_opts *o, struct lu_c2c_map *map,
		     struct lu_c2c_row *rows, uint64_t *offs,
		     struct lu_error *err)
{
	const struct lu_struct *s = ix->s;
	const char *other = NULL;
	bool found = false;
	/*
	 * Data-type offsets are the struct's own; only --base says where
	 * its lines begin. Without it they are counted from offset 0.
	 */
	const uint64_t ls = o->line_size;
	const uint64_t phase = o->has_base ? o->base % ls : 0;

	for (size_t l = 0; l < r->n_lines; l++) {
		if (!r->lines[l].type || !lu_c2c_type_is(r->lines[l].type, s)) {
			other = other ? other : r->lines[l].type;
			continue;
		}
		found = true;
		size_t n = rows_of(bl, l, rows);

		/* one window per line of the struct that has samples */
		qsort(rows, n, sizeof(*rows), cmp_row_offset);
		for (size_t i = 0; i < n && rows[i].offset < s->size;) {
			uint64_t line = (rows[i].offset + phase) / ls;
			int64_t begin = (int64_t)(line * ls) - (int64_t)phase;
			struct lu_c2c_row *sel = rows + n;
			size_t k = 0;

			for (; i < n && rows[i].offset < s->size &&
			       (rows[i].offset + phase) / ls == line; i++) {
				/* offsets relative to the window, as c2c's */
				sel[k] = rows[i];
				sel[k++].offset =
					(uint64_t)((int64_t)rows[i].offset -
						   begin);
			}
			struct lu_c2c_window *w = add_window(
				map, (ptrdiff_t)l, begin);

			lu_c2c_attribute(map, w, ix, sel, k, offs,
				  distinct_offsets(sel, k, offs));
		}
		if (n && rows[n - 1].offset >= s->size)	/* sorted */
			skip(map, (ptrdiff_t)l, "offsets past the end of the "
						"struct (another version of "
						"it?)");
	}
	if (!found) {
		lu_error_set(err, "it has samples of %s, not of %s%s",
			     other ? other : "no type", lu_struct_tag_word(s),
			     s->name);
		return -1;
	}
	if (!map->n_windows) {
		lu_error_set(err, "no sample of %s falls inside it", s->name);
		return -1;
	}
	return 0;
}

int lu_c2c_map(const struct lu_c2c_report *r, const struct lu_struct *s,
	       const struct lu_c2c_map_opts *o, struct lu_c2c_map *map,
	       struct lu_error *err)
{
	/* twice: map_types keeps a line's rows and a selection of them */
	struct lu_c2c_row *rows = calloc(2 * r->n_rows + 1, sizeof(*rows));
	uint64_t *offs = calloc(r->n_rows + 1, sizeof(*offs));
	struct lu_c2c_index ix;
	struct rows_by_line bl;
	int rc = 0;

	if (!rows || !offs)
		abort();
	memset(map, 0, sizeof(*map));
	lu_c2c_index_init(&ix, s);
	by_line_init(&bl, r);
	map->unit = o->line_size;
	if (r->format == LU_C2C_TYPEOFF || r->format == LU_C2C_ANNOTATE ||
	    r->format == LU_C2C_TRACE) {
		map->how = LU_C2C_BY_TYPE;
		rc = map_types(r, &ix, &bl, o, map, rows, offs, err);
		goto out;
	}
	/* --double-cl: offsets run over an aligned pair of lines */
	if (r->max_offset >= o->line_size) {
		if (r->max_offset >= 2ull * o->line_size) {
			lu_error_set(err, "offset 0x%llx is past a %u-byte "
					  "line pair (wrong --line-size?)",
				     (unsigned long long)r->max_offset,
				     o->line_size);
			rc = -1;
			goto out;
		}
		map->unit = 2ull * o->line_size;
	}
	map->how = o->has_base ? LU_C2C_BY_BASE : LU_C2C_BY_RANK;
	if (!o->has_base) {
		uint64_t step = s->align && s->align < map->unit ? s->align
								 : map->unit;

		if ((s->size + map->unit) / step > MAX_CANDIDATES) {
			lu_error_set(err, "%s has %llu possible placements "
					  "under a line: give --base ADDR",
				     s->name,
				     (unsigned long long)((s->size +
							   map->unit) / step));
			rc = -1;
			goto out;
		}
	}
	for (size_t l = 0; l < r->n_lines; l++) {
		const struct lu_c2c_line *line = &r->lines[l];
		size_t n = rows_of(&bl, l, rows);
		size_t n_offs = distinct_offsets(rows, n, offs);

		if (!n) {
			skip(map, (ptrdiff_t)l, "no Pareto rows: no offsets "
						"to place");
			continue;
		}
		if (!o->has_base) {
			if (!rank(map, &ix, l, offs, n_offs, rows, n))
				skip(map, (ptrdiff_t)l,
				     "no placement of the struct puts its "
				     "offsets on members");
			continue;
		}
		if (!line->has_address) {
			skip(map, (ptrdiff_t)l, "no address: --base cannot "
						"place it");
			continue;
		}
		/* offsets are below 4096 (c2c_parse.c): a line more than
		 * that before the object, or past its end, misses it */
		bool inside = false;
		int64_t w = 0;

		if (line->address >= o->base &&
		    line->address - o->base < s->size)
			w = (int64_t)(line->address - o->base);
		else if (line->address < o->base &&
			 o->base - line->address < 4096)
			w = -(int64_t)(o->base - line->address);
		else
			n = 0;
		for (size_t i = 0; i < n; i++)
			inside |= w + (int64_t)rows[i].offset >= 0 &&
				  w + (int64_t)rows[i].offset <
					  (int64_t)s->size;
		if (!inside) {
			skip(map, (ptrdiff_t)l, "outside the object at --base");
			continue;
		}
		lu_c2c_attribute(map, add_window(map, (ptrdiff_t)l, w), &ix, rows, n,
			  offs, n_offs);
	}
	if (map->how == LU_C2C_BY_RANK) {
		anchor(map, r, s->size);
		for (size_t i = 0; i < map->n_windows; i++) {
			struct lu_c2c_window *w = &map->windows[i];
			size_t n = rows_of(&bl, (size_t)w->report_line, rows);

			lu_c2c_attribute(map, w, &ix, rows, n, offs,
				  distinct_offsets(rows, n, offs));
		}
	}
	if (!map->n_windows) {
		if (!r->n_rows)
			lu_error_set(err, "it has no per-offset rows (the "
					  "Pareto) to place");
		else if (o->has_base)
			lu_error_set(err, "no sampled address falls inside "
					  "%s at 0x%llx (%llu bytes)",
				     s->name, (unsigned long long)o->base,
				     (unsigned long long)s->size);
		else
			lu_error_set(err, "no contended line fits %s: no "
					  "placement puts its offsets on "
					  "member starts (a report for "
					  "another struct?)",
				     s->name);
		rc = -1;
	}
out:
	lu_c2c_index_free(&ix);
	by_line_free(&bl);
	free(rows);
	free(offs);
	return rc;
}

void lu_c2c_map_free(struct lu_c2c_map *m)
{
	free(m->windows);
	free(m->skipped);
	lu_arena_free(&m->arena);
	memset(m, 0, sizeof(*m));
}

/* bytes are offsets (--hex); lo and hi are never negative where used */
#define BYTE(v) lu_num((unsigned long long)(v), hex).s

void lu_c2c_window_label(const struct lu_c2c_window *w,
			 const struct lu_struct *s, unsigned line_size,
			 bool hex, char *buf, size_t size)
{
	int64_t lo = w->begin, hi = w->begin + (int64_t)w->unit - 1;

	if (lo >= 0 && lo % line_size == 0 && w->unit == line_size) {
		snprintf(buf, size, "line %lld (bytes %s-%s)",
			 (long long)(lo / line_size), BYTE(lo), BYTE(hi));
		return;
	}
	if (lo >= 0 && lo % line_size == 0) {
		snprintf(buf, size, "lines %lld-%lld (bytes %s-%s)",
			 (long long)(lo / line_size),
			 (long long)(hi / line_size), BYTE(lo), BYTE(hi));
		return;
	}
	/* clipped to the struct: the rest belongs to its neighbours */
	if (lo < 0)
		lo = 0;
	if (s->size && hi >= (int64_t)s->size)
		hi = (int64_t)s->size - 1;
	if (hi < lo)
		hi = lo;
	if (lo / line_size == hi / line_size) {
		snprintf(buf, size, "the line at bytes %s-%s (line %lld)",
			 BYTE(lo), BYTE(hi), (long long)(lo / line_size));
		return;
	}
	snprintf(buf, size, "the line at bytes %s-%s (lines %lld-%lld)",
		 BYTE(lo), BYTE(hi), (long long)(lo / line_size),
		 (long long)(hi / line_size));
}

#undef BYTE

const char *lu_c2c_site_name(const struct lu_c2c_site *site)
{
	if (site->site)
		return site->site;
	if (site->symbol)
		return site->symbol;
	return site->field ? site->field : "(unknown site)";
}
