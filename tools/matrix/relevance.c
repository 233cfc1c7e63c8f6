/* SPDX-License-Identifier: MIT */
/*
 * The options that can change a struct; see relevance.h. The sources the
 * line markers name are read once each, for their directives only: where
 * each #if group starts and ends and the identifiers its conditions name
 * (all branches, taken or not), where each macro is #defined or #undefined
 * and what its body names, and the identifiers of every other line. That
 * is the preprocessor's grammar, not C's; what each configuration keeps is
 * the preprocessor's own output.
 */
#include "relevance.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "configs.h"
#include "intern.h"
#include "slurp.h"
#include "strset.h"
#include "struct_text.h"

#define MAX_SOURCE (256u << 20)

/* An #if ... #endif, its conditions' identifiers at ids[from, to). */
struct block {
	unsigned first, last;
	size_t from, to;
};

/* A #define or #undef of NAME, its body's identifiers at ids[from, to). */
struct site {
	const char *name;
	unsigned line;
	size_t from, to;
};

struct source {
	const char *path;	/* as the line markers spell it */
	bool ok;
	struct block *blocks;
	size_t n_blocks, blocks_cap;
	struct site *sites;
	size_t n_sites, sites_cap;
	const char **ids;	/* interned */
	size_t n_ids, ids_cap;
	size_t *line_from;	/* per line 1..n_lines+1: its ids start */
	unsigned n_lines;
	/* sites by name (interned: by address), chained through next */
	size_t *site_slot, site_mask, *site_next;
};

struct scan {
	const struct lu_relevance_in *in;
	struct lu_relevance *out;
	struct lu_intern intern;
	struct lu_arena arena;
	struct source **sources;
	size_t n_sources, sources_cap;
	/* rows to preprocess, n_options bytes each */
	unsigned char *rows;
	size_t n_rows, next_row, n_done;
	struct lu_strset seen_rows;
	/* in->collect: the identifiers recorded, "NAME-INDEX:ID" */
	struct lu_strset seen_ids;
	size_t ids_cap;
	struct lu_job *jobs;
	const char **paths;
	bool *ok;
	uint64_t *keys;
};

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		abort();
	return p;
}

/* ---- reading a source's directives ---------------------------------- */

static bool id_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool id_char(char c)
{
	return id_start(c) || (c >= '0' && c <= '9');
}

static void add_id(struct scan *s, struct source *src, const char *p,
		   size_t n)
{
	src->ids = lu_grow(src->ids, &src->ids_cap, src->n_ids,
			   sizeof(*src->ids));
	src->ids[src->n_ids++] = lu_intern(&s->intern, &s->arena, p, n);
}

/*
 * One logical line (continuations joined, comments gone) in LINE[0, N):
 * its identifiers appended; returns the index of the first.
 */
static size_t line_ids(struct scan *s, struct source *src, const char *line,
		       size_t n)
{
	size_t first = src->n_ids;

	for (size_t i = 0; i < n;) {
		char c = line[i];

		if (id_start(c)) {
			size_t k = i;

			while (k < n && id_char(line[k]))
				k++;
			add_id(s, src, line + i, k - i);
			i = k;
		} else if (c >= '0' && c <= '9') {
			while (i < n && (id_char(line[i]) || line[i] == '.'))
				i++;
		} else if (c == '"' || c == '\'') {
			for (i++; i < n && line[i] != c; i++)
				i += line[i] == '\\';
			i++;
		} else {
			i++;
		}
	}
	return first;
}

/*
 * The logical line at P: continuations joined and comments replaced by a
 * space, into BUF; *LINES counts the newlines it took. *IN_COMMENT
 * carries a block comment across lines.
 */
static const char *logical_line(const char *p, const char *end, char *buf,
				size_t *n, unsigned *lines, bool *in_comment)
{
	size_t k = 0;
	char quote = 0;

	*lines = 0;
	while (p < end) {
		if (*in_comment) {
			if (p + 1 < end && p[0] == '*' && p[1] == '/') {
				*in_comment = false;
				p += 2;
				buf[k++] = ' ';
			} else {
				if (*p == '\n')
					(*lines)++;
				p++;
			}
			continue;
		}
		if (*p == '\\' && p + 1 < end && p[1] == '\n') {
			(*lines)++;
			p += 2;
			continue;
		}
		if (*p == '\n') {
			(*lines)++;
			p++;
			break;
		}
		if (!quote && p + 1 < end && p[0] == '/' && p[1] == '*') {
			*in_comment = true;
			p += 2;
			continue;
		}
		if (!quote && p + 1 < end && p[0] == '/' && p[1] == '/') {
			while (p < end && *p != '\n')
				p++;
			continue;
		}
		if (quote && *p == '\\' && p + 1 < end) {
			buf[k++] = *p++;
		} else if (*p == '"' || *p == '\'') {
			quote = quote == *p ? 0 : quote ? quote : *p;
		}
		buf[k++] = *p++;
	}
	*n = k;
	return p;
}

static void add_block(struct source *src, const struct block *b)
{
	src->blocks = lu_grow(src->blocks, &src->blocks_cap, src->n_blocks,
			      sizeof(*src->blocks));
	src->blocks[src->n_blocks++] = *b;
}

/* A block's conditions' identifiers are contiguous: each branch's are
 * appended where the block's end. Nested groups' identifiers go to a
 * side list first, then after the block. */
struct open_block {
	unsigned first;
	size_t *ids;		/* indices into src->ids */
	size_t n, cap;
};

/* Closes group O at LINE: its nested groups' identifiers follow its own. */
static void close_block(struct scan *s, struct source *src,
			struct open_block *o, unsigned line)
{
	struct block b = { o->first, line, src->n_ids, 0 };

	for (size_t k = 0; k < o->n; k++)
		add_id(s, src, src->ids[o->ids[k]],
		       strlen(src->ids[o->ids[k]]));
	b.to = src->n_ids;
	add_block(src, &b);
	free(o->ids);
}

static void scan_text(struct scan *s, struct source *src, const char *text,
		      size_t len)
{
	const char *p = text, *end = text + len;
	char *buf = xcalloc(len + 1, 1);
	struct open_block *open = NULL;
	size_t depth = 0, open_cap = 0, from_cap = 0;
	unsigned line = 1;
	bool in_comment = false;

	while (p < end) {
		size_t n, first;
		unsigned lines;

		p = logical_line(p, end, buf, &n, &lines, &in_comment);
		size_t i = 0;

		while (i < n && (buf[i] == ' ' || buf[i] == '\t'))
			i++;
		first = line_ids(s, src, buf, n);
		/* the line's identifiers, recorded for each line it covers */
		for (unsigned k = 0; k < (lines ? lines : 1); k++) {
			src->line_from = lu_grow(src->line_from, &from_cap,
						 line + k,
						 sizeof(*src->line_from));
			src->line_from[line + k] = k ? src->n_ids : first;
		}
		if (i < n && buf[i] == '#' && src->n_ids > first) {
			const char *word = src->ids[first];
			size_t rest = first + 1;

			if (!strcmp(word, "if") || !strcmp(word, "ifdef") ||
			    !strcmp(word, "ifndef")) {
				open = lu_grow(open, &open_cap, depth,
					       sizeof(*open));
				open[depth++] = (struct open_block){ line, NULL, 0, 0 };
			}
			if (depth && (!strncmp(word, "if", 2) ||
				      !strncmp(word, "elif", 4))) {
				struct open_block *o = &open[depth - 1];

				for (size_t k = rest; k < src->n_ids; k++) {
					o->ids = lu_grow(o->ids, &o->cap, o->n,
							 sizeof(*o->ids));
					o->ids[o->n++] = k;
				}
			}
			if (!strcmp(word, "endif") && depth) {
				close_block(s, src, &open[--depth], line);
			}
			if ((!strcmp(word, "define") ||
			     !strcmp(word, "undef")) && rest < src->n_ids) {
				src->sites = lu_grow(src->sites,
						     &src->sites_cap,
						     src->n_sites,
						     sizeof(*src->sites));
				src->sites[src->n_sites++] = (struct site){
					src->ids[rest], line, rest + 1,
					src->n_ids,
				};
			}
		}
		line += lines ? lines : 1;
	}
	/* groups left open run to the end */
	while (depth) {
		close_block(s, src, &open[--depth], line);
	}
	src->line_from = lu_grow(src->line_from, &from_cap, line,
				 sizeof(*src->line_from));
	src->line_from[line] = src->n_ids;
	src->n_lines = line - 1;
	free(open);
	free(buf);
}

static size_t ptr_hash(const void *p)
{
	uint64_t h = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull;

	return (size_t)(h ^ h >> 29);
}

static void index_sites(struct source *src)
{
	src->site_mask = 15;
	while (src->site_mask < 2 * src->n_sites)
		src->site_mask = 2 * src->site_mask + 1;
	src->site_slot = xcalloc(src->site_mask + 1, sizeof(*src->site_slot));
	src->site_next = xcalloc(src->n_sites + 1, sizeof(*src->site_next));
	for (size_t i = src->n_sites; i-- > 0;) {
		const char *name = src->sites[i].name;
		size_t h = ptr_hash(name) & src->site_mask;

		while (src->site_slot[h] &&
		       src->sites[src->site_slot[h] - 1].name != name)
			h = (h + 1) & src->site_mask;
		src->site_next[i] = src->site_slot[h];
		src->site_slot[h] = i + 1;
	}
}

/* The first site of NAME + 1, 0 for none; site_next leads on. */
static size_t first_site(const struct source *src, const char *name)
{
	if (!src->site_slot)
		return 0;
	size_t h = ptr_hash(name) & src->site_mask;

	while (src->site_slot[h] &&
	       src->sites[src->site_slot[h] - 1].name != name)
		h = (h + 1) & src->site_mask;
	return src->site_slot[h];
}

/* The source PATH (as a line marker spells it), read once. */
static struct source *source(struct scan *s, const char *path)
{
	for (size_t i = 0; i < s->n_sources; i++)
		if (!strcmp(s->sources[i]->path, path))
			return s->sources[i];
	struct source *src = xcalloc(1, sizeof(*src));
	char *text = NULL, *full;
	size_t len = 0;

	src->path = lu_arena_strdup(&s->arena, path);
	full = path[0] == '/' || !s->in->dir
		       ? lu_arena_strdup(&s->arena, path)
		       : lu_arena_printf(&s->arena, "%s/%s", s->in->dir, path);
	src->ok = lu_slurp(full, MAX_SOURCE, &text, &len) == 0;
	if (src->ok) {
		scan_text(s, src, text ? text : "", text ? len : 0);
		index_sites(src);
	}
	free(text);
	s->sources = lu_grow(s->sources, &s->sources_cap, s->n_sources,
			     sizeof(*s->sources));
	s->sources[s->n_sources++] = src;
	return src;
}

static void source_free(struct source *src)
{
	free(src->blocks);
	free(src->sites);
	free(src->ids);
	free(src->line_from);
	free(src->site_slot);
	free(src->site_next);
	free(src);
}

/* ---- one struct in one configuration -------------------------------- */

struct closure {
	struct scan *s;
	struct lu_strset set;
	const char **todo;
	/* per todo entry: the source and line that named it first */
	const char **at_file;
	unsigned *at_line;
	size_t n, cap, at_cap, line_cap;
	const char *unsure;
	/* the unit's sources, for the #defines of each name */
	struct source **srcs;
	size_t n_srcs, srcs_cap;
};

static void want(struct closure *c, const char *id, const char *file,
		 unsigned line)
{
	if (!lu_strset_add(&c->set, id))
		return;
	c->todo = lu_grow(c->todo, &c->cap, c->n, sizeof(*c->todo));
	c->at_file = lu_grow(c->at_file, &c->at_cap, c->n,
			     sizeof(*c->at_file));
	c->at_line = lu_grow(c->at_line, &c->line_cap, c->n,
			     sizeof(*c->at_line));
	c->at_file[c->n] = file;
	c->at_line[c->n] = line;
	c->todo[c->n++] = id;
}

/* The identifiers at ids[FROM, TO) of SRC, named at its LINE. */
static void want_range(struct closure *c, const struct source *src,
		       size_t from, size_t to, unsigned line)
{
	for (size_t k = from; k < to; k++)
		want(c, src->ids[k], src->path, line);
}

/* The unit's source at PATH: NULL for <built-in> and the like. */
static struct source *unit_source(struct closure *c, const char *path)
{
	if (!*path || path[0] == '<')
		return NULL;
	struct source *src = source(c->s, path);

	if (!src->ok && !c->unsure)
		c->unsure = lu_arena_printf(c->s->in->arena,
					    "%s could not be read", path);
	for (size_t i = 0; i < c->n_srcs; i++)
		if (c->srcs[i] == src)
			return src;
	c->srcs = lu_grow(c->srcs, &c->srcs_cap, c->n_srcs,
			  sizeof(*c->srcs));
	c->srcs[c->n_srcs++] = src;
	return src;
}

/* The groups that hold any of lines FIRST to LAST, or lie within. */
static void want_groups(struct closure *c, const struct source *src,
			unsigned first, unsigned last)
{
	for (size_t b = 0; b < src->n_blocks; b++)
		if (src->blocks[b].first <= last &&
		    src->blocks[b].last >= first)
			want_range(c, src, src->blocks[b].from,
				   src->blocks[b].to, src->blocks[b].first);
}

/* The #ifs around every #include that led to FILE, up to the unit. */
static void want_includers(struct closure *c, const struct lu_pp_unit *u,
			   const char *file, struct lu_strset *done)
{
	size_t n;
	const struct lu_include_edge *e = lu_pp_unit_edges(u, &n);

	if (!lu_strset_add(done, file))
		return;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(e[i].file, file))
			continue;
		struct source *src = unit_source(c, e[i].parent);

		if (src && src->ok)
			want_groups(c, src, e[i].line, e[i].line);
		want_includers(c, u, e[i].parent, done);
	}
}

static void want_span(struct closure *c, const struct lu_pp_unit *u,
		      const struct lu_span *sp, struct lu_strset *done)
{
	struct source *src = unit_source(c, sp->file);

	if (!src || !src->ok)
		return;
	want_groups(c, src, sp->first, sp->last);
	for (unsigned l = sp->first ? sp->first : 1;
	     l <= sp->last && l <= src->n_lines; l++)
		want_range(c, src, src->line_from[l], src->line_from[l + 1],
			   l);
	want_includers(c, u, sp->file, done);
}

/* Every name the closure reaches: the #defines of each, the groups
 * around those, what their bodies name. */
static void close_over(struct closure *c)
{
	for (size_t k = 0; k < c->n; k++) {
		const char *id = c->todo[k];

		/* the list grows as we go; sources do not */
		for (size_t i = 0; i < c->n_srcs; i++) {
			const struct source *src = c->srcs[i];

			for (size_t j = first_site(src, id); j;
			     j = src->site_next[j - 1]) {
				const struct site *st = &src->sites[j - 1];

				want_range(c, src, st->from, st->to,
					   st->line);
				want_groups(c, src, st->line, st->line);
			}
		}
	}
}

/* The identifiers of C that start with in->collect, recorded once per
 * name with where they were named first. */
static void collect(struct scan *s, const struct closure *c, size_t name)
{
	const struct lu_relevance_in *in = s->in;
	struct lu_relevance *out = s->out;
	size_t n = strlen(in->collect);

	for (size_t k = 0; k < c->n; k++) {
		if (strncmp(c->todo[k], in->collect, n))
			continue;
		char *key = lu_arena_printf(&s->arena, "%zu:%s", name,
					    c->todo[k]);

		if (!lu_strset_add(&s->seen_ids, key))
			continue;
		out->ids = lu_grow(out->ids, &s->ids_cap, out->n_ids,
				   sizeof(*out->ids));
		out->ids[out->n_ids++] = (struct lu_relevance_id){
			name, lu_arena_strdup(in->arena, c->todo[k]),
			lu_arena_strdup(in->arena, c->at_file[k]),
			c->at_line[k],
		};
	}
}

static void analyse(struct scan *s, const struct lu_pp_unit *u, size_t name)
{
	const struct lu_relevance_in *in = s->in;
	struct lu_relevance *out = s->out;
	struct lu_struct_text text;
	struct closure c = { .s = s };
	struct lu_strset done = { 0 };
	struct lu_arena a = { 0 };
	size_t n_edges;
	const struct lu_include_edge *e = lu_pp_unit_edges(u, &n_edges);

	lu_struct_text_of(u, in->names[name], &a, &text);
	if (!text.found) {
		lu_arena_free(&a);
		return;
	}
	out->found[name] = true;
	/* every source of the unit may #define what the text expands */
	for (size_t i = 0; i < n_edges; i++) {
		unit_source(&c, e[i].file);
		unit_source(&c, e[i].parent);
	}
	for (size_t i = 0; i < text.n_spans; i++)
		want_span(&c, u, &text.spans[i], &done);
	close_over(&c);
	if (in->collect)
		collect(s, &c, name);
	if (c.unsure && !out->unsure[name])
		out->unsure[name] = c.unsure;
	for (size_t o = 0; o < in->m->n_options; o++)
		if (lu_strset_has(&c.set, in->m->options[o].name))
			out->relevant[name * out->n_options + o] = true;
	lu_strset_free(&c.set);
	lu_strset_free(&done);
	free(c.todo);
	free(c.at_file);
	free(c.at_line);
	free(c.srcs);
	lu_arena_free(&a);
}

/* ---- the exploration ------------------------------------------------ */

static bool always(const struct lu_matrix_option *o)
{
	return o->kind != LU_OPTION_DEFINE;
}

/* ROW to run, unless run already. */
static void add_row(struct scan *s, const unsigned char *row)
{
	size_t n = s->in->m->n_options;
	char *key = xcalloc(2 * n + 1, 1);

	for (size_t i = 0; i < n; i++)
		snprintf(key + 2 * i, 3, "%02x", row[i]);
	if (lu_strset_add(&s->seen_rows, key)) {
		s->rows = realloc(s->rows, (s->n_rows + 1) * (n ? n : 1));
		if (!s->rows)
			abort();
		memcpy(s->rows + s->n_rows * n, row, n);
		s->n_rows++;
	}
	free(key);
}

/*
 * The configurations of the options relevant so far that the sweep would
 * try (all up to the limit, a covering array beyond: the same generator),
 * the others at their first value; false when they are not all.
 */
static bool add_rows_of_relevant(struct scan *s)
{
	const struct lu_matrix_rules *m = s->in->m;
	struct lu_matrix_rules sub = *m;
	struct lu_configs c;
	size_t n = m->n_options, *which = xcalloc(n, sizeof(*which)), k = 0;

	sub.options = xcalloc(n, sizeof(*sub.options));
	for (size_t o = 0; o < n; o++)
		if (s->out->any[o]) {
			sub.options[k] = m->options[o];
			which[k++] = o;
		}
	sub.n_options = k;
	int rc = lu_configs_make_limit_quiet(&sub, s->in->limit, &c);
	unsigned char *row = xcalloc(n, 1);

	for (size_t r = 0; rc == 0 && r < c.n_configs; r++) {
		const unsigned char *sr = lu_config_row(&c, r);

		for (size_t i = 0; i < k; i++)
			row[which[i]] = sr[i];
		add_row(s, row);
	}
	bool all = rc == 0 && c.exhaustive;

	lu_configs_free(&c);
	free(row);
	free(which);
	free(sub.options);
	return all;
}

static struct lu_job *next(void *ctx)
{
	struct scan *s = ctx;
	size_t i = s->next_row;

	if (i == s->n_rows)
		return NULL;
	s->next_row++;
	s->paths[i] = lu_arena_printf(s->in->arena, "%s/r%zu.i", s->in->tmp,
				      i);
	s->in->job(s->in->ctx, s->rows + i * s->in->m->n_options, s->paths[i],
		   &s->jobs[i]);
	return &s->jobs[i];
}

static void done(void *ctx, struct lu_job *job)
{
	struct scan *s = ctx;
	size_t i = (size_t)(job - s->jobs);
	struct lu_pp_unit *u = NULL;

	s->out->explored++;
	s->n_done++;
	if (job->state == LU_JOB_DONE && !job->status)
		u = lu_pp_unit_read(s->paths[i]);
	unlink(s->paths[i]);
	if (!u) {
		s->out->failed++;
		return;
	}
	for (size_t k = 0; k < s->in->n_names; k++)
		analyse(s, u, k);
	s->ok[i] = true;
	s->keys[i] = lu_struct_key(u, s->in->names, s->in->n_names);
	lu_pp_unit_free(u);
}

/* The union over names, into any; true when it grew. */
static bool gather(struct scan *s)
{
	struct lu_relevance *out = s->out;
	bool grew = false;

	for (size_t o = 0; o < out->n_options; o++) {
		bool r = always(&s->in->m->options[o]) ||
			 (s->in->also && s->in->also[o]);

		for (size_t k = 0; k < out->n_names && !r; k++)
			r = out->relevant[k * out->n_options + o] ||
			    (out->unsure[k] && s->in->names[k]);
		if (r && !out->any[o]) {
			out->any[o] = true;
			out->n_any++;
			grew = true;
		}
	}
	return grew;
}

/* Runs the rows added since the last round. */
static int run_round(struct scan *s)
{
	struct lu_jobs_feed feed = { .next = next, .done = done, .ctx = s };

	s->jobs = realloc(s->jobs, (s->n_rows + 1) * sizeof(*s->jobs));
	s->paths = realloc(s->paths, (s->n_rows + 1) * sizeof(*s->paths));
	s->ok = realloc(s->ok, (s->n_rows + 1) * sizeof(*s->ok));
	s->keys = realloc(s->keys, (s->n_rows + 1) * sizeof(*s->keys));
	if (!s->jobs || !s->paths || !s->ok || !s->keys)
		abort();
	for (size_t i = s->next_row; i < s->n_rows; i++) {
		s->ok[i] = false;
		s->keys[i] = 0;
	}
	return lu_jobs_pump(&feed, s->in->jobs);
}

int lu_relevance_find(const struct lu_relevance_in *in,
		      struct lu_relevance *out)
{
	const struct lu_matrix_rules *m = in->m;
	size_t n = m->n_options;
	struct scan s = { .in = in, .out = out };
	unsigned char *row = xcalloc(n, 1);
	int sig = 0;

	*out = (struct lu_relevance){
		.n_names = in->n_names, .n_options = n,
		.relevant = lu_arena_alloc(in->arena,
					   (in->n_names * n + 1) * sizeof(bool)),
		.found = lu_arena_alloc(in->arena,
					(in->n_names + 1) * sizeof(bool)),
		.unsure = lu_arena_alloc(in->arena, (in->n_names + 1) *
							    sizeof(char *)),
		.any = lu_arena_alloc(in->arena, (n + 1) * sizeof(bool)),
	};
	/* first every option off, then every toggle on: each enters the
	 * groups the other skips */
	add_row(&s, row);
	for (size_t o = 0; o < n; o++)
		row[o] = !m->options[o].values;
	add_row(&s, row);
	free(row);
	for (;;) {
		sig = run_round(&s);
		if (sig)
			break;
		gather(&s);
		size_t before = s.n_rows;

		if (!add_rows_of_relevant(&s))
			out->bounded = true;
		if (s.n_rows == before)
			break;
	}
	for (size_t k = 0; k < in->n_names; k++)
		if (in->names[k] && !out->found[k] && !out->unsure[k])
			out->unsure[k] = lu_arena_printf(
				in->arena, "%s is defined in no configuration "
					   "explored", in->names[k]);
	if (!sig && out->failed == out->explored)
		for (size_t k = 0; k < in->n_names; k++)
			if (in->names[k])
				out->unsure[k] = "no configuration preprocessed";
	gather(&s);
	lu_relevance_keep_rows(out, in->arena, s.rows, s.ok, s.keys,
			       s.next_row);
	if (out->ids) {
		struct lu_relevance_id *ids = out->ids;

		out->ids = lu_arena_memdup(in->arena, ids,
					   out->n_ids * sizeof(*ids));
		free(ids);
	}
	for (size_t i = 0; i < s.n_sources; i++)
		source_free(s.sources[i]);
	free(s.sources);
	free(s.rows);
	free(s.jobs);
	free(s.paths);
	free(s.ok);
	free(s.keys);
	lu_strset_free(&s.seen_rows);
	lu_strset_free(&s.seen_ids);
	lu_intern_free(&s.intern);
	lu_arena_free(&s.arena);
	return sig ? -1 : 0;
}
