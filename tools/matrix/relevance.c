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
#include "strset.h"
#include "pp_source.h"
#include "struct_text.h"

/* Declarations of one body closed over one by one, at most. */
#define MAX_DECLS 1024
#define NONE ((size_t)-1)

struct scan {
	const struct lu_relevance_in *in;
	struct lu_relevance *out;
	struct lu_pp_sources pp;	/* read once each */
	/* rows to preprocess, n_options bytes each */
	unsigned char *rows;
	size_t n_rows, next_row, n_done;
	struct lu_strset seen_rows;
	/* in->collect: the identifiers recorded, "NAME-INDEX:ID" */
	struct lu_strset seen_ids;
	size_t ids_cap;
	/* the options' names; the line keys recorded, "NAME:LINE:ID" */
	struct lu_strset options, seen_keys;
	size_t line_keys_cap, own_keys_cap, subs_cap;
	/* per name, asked or held by value: analysed in this unit */
	bool *analysed;
	/* "NAME:LINE" of declarations that hold no struct by value */
	struct lu_strset plain;
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

/* ---- one struct in one configuration -------------------------------- */

struct closure {
	struct scan *s;
	/* every identifier named; those whose expansion matters (named
	 * other than as `defined X`): an #ifdef asks only where X is
	 * #defined and #undefined, not what its body names */
	struct lu_strset set, expanded;
	const char **todo;
	bool *todo_def;		/* per todo entry: named as `defined X` */
	/* per todo entry: the source and line that named it first */
	const char **at_file;
	unsigned *at_line;
	size_t n, cap, at_cap, line_cap, def_cap;
	const char *unsure;
	/* the struct's own body, whose #if lines the sizes closure leaves
	 * out (relevance.h, sized) */
	const struct lu_span *own;
	size_t n_own;
	/* the unit's sources, for the #defines of each name */
	struct lu_pp_source **srcs;
	size_t n_srcs, srcs_cap;
};

static void want(struct closure *c, const char *id, const char *file,
		 unsigned line, bool def_only)
{
	bool named = lu_strset_add(&c->set, id);

	/* an identifier first asked whether defined, then expanded, is
	 * closed over twice: the second time for its bodies */
	if (def_only ? !named : !lu_strset_add(&c->expanded, id))
		return;
	c->todo = lu_grow(c->todo, &c->cap, c->n, sizeof(*c->todo));
	c->todo_def = lu_grow(c->todo_def, &c->def_cap, c->n,
			      sizeof(*c->todo_def));
	c->todo_def[c->n] = def_only;
	c->at_file = lu_grow(c->at_file, &c->at_cap, c->n,
			     sizeof(*c->at_file));
	c->at_line = lu_grow(c->at_line, &c->line_cap, c->n,
			     sizeof(*c->at_line));
	c->at_file[c->n] = file;
	c->at_line[c->n] = line;
	c->todo[c->n++] = id;
}

/* The identifiers at ids[FROM, TO) of SRC, named at its LINE. */
static void want_range(struct closure *c, const struct lu_pp_source *src,
		       size_t from, size_t to, unsigned line)
{
	for (size_t k = from; k < to; k++)
		want(c, src->ids[k], src->path, line, src->def_only[k]);
}

/* The unit's source at PATH: NULL for <built-in> and the like. */
static struct lu_pp_source *unit_source(struct closure *c, const char *path)
{
	if (!*path || path[0] == '<')
		return NULL;
	struct lu_pp_source *src = lu_pp_source(&c->s->pp, path);

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
static void want_groups(struct closure *c, const struct lu_pp_source *src,
			unsigned first, unsigned last)
{
	for (size_t b = 0; b < src->n_blocks; b++)
		if (src->blocks[b].first <= last &&
		    src->blocks[b].last >= first)
			want_range(c, src, src->blocks[b].from,
				   src->blocks[b].to, src->blocks[b].first);
}

/*
 * The #ifs around every #include that led to ENTRY (struct_text.h), up to
 * the unit: that entry's chain only, as another entry of the same header
 * (the kernel reads its trace headers several times, under other #ifs)
 * cannot change what this one read. DONE holds the entries walked.
 */
static void want_includers(struct closure *c, const struct lu_pp_unit *u,
			   unsigned entry, bool *done)
{
	unsigned parent, line;
	const char *file;

	while (!done[entry] &&
	       lu_pp_unit_entry(u, entry, &parent, &file, &line)) {
		struct lu_pp_source *src = unit_source(c, file);

		done[entry] = true;
		if (src && src->ok)
			want_groups(c, src, line, line);
		entry = parent;
	}
}

/* Is line L of SRC an #if line inside the struct's own body? */
static bool own_cond(const struct closure *c, const struct lu_pp_source *src,
		     unsigned l)
{
	for (size_t i = 0; i < c->n_own; i++)
		if (!strcmp(c->own[i].file, src->path) &&
		    l > c->own[i].first && l < c->own[i].last)
			return src->cond_line[l];
	return false;
}

static void want_span(struct closure *c, const struct lu_pp_unit *u,
		      const struct lu_span *sp, bool *done)
{
	struct lu_pp_source *src = unit_source(c, sp->file);

	if (!src || !src->ok)
		return;
	if (c->own) {
		/* the groups that open or close outside the own body */
		for (size_t b = 0; b < src->n_blocks; b++) {
			const struct lu_pp_block *k = &src->blocks[b];

			if (k->first <= sp->last && k->last >= sp->first &&
			    !(own_cond(c, src, k->first) &&
			      own_cond(c, src, k->last)))
				want_range(c, src, k->from, k->to, k->first);
		}
	} else {
		want_groups(c, src, sp->first, sp->last);
	}
	for (unsigned l = sp->first ? sp->first : 1;
	     l <= sp->last && l <= src->n_lines; l++)
		if (!own_cond(c, src, l))
			want_range(c, src, src->line_from[l],
				   src->line_from[l + 1], l);
	want_includers(c, u, sp->entry, done);
}

/* Every name the closure reaches: the #defines of each, the groups
 * around those, what their bodies name (for a name only asked whether
 * it is defined, the groups alone). */
static void close_over(struct closure *c)
{
	for (size_t k = 0; k < c->n; k++) {
		const char *id = c->todo[k];

		/* the list grows as we go; sources do not */
		for (size_t i = 0; i < c->n_srcs; i++) {
			const struct lu_pp_source *src = c->srcs[i];

			for (size_t j = lu_pp_first_site(src, id); j;
			     j = src->site_next[j - 1]) {
				const struct lu_pp_site *st = &src->sites[j - 1];

				if (!c->todo_def[k])
					want_range(c, src, st->from, st->to,
						   st->line);
				want_groups(c, src, st->line, st->line);
			}
		}
	}
}

/* The options closure C reached, into FLAGS[o]. */
static void mark_options(const struct closure *c, const struct lu_matrix_rules *m,
			 bool *flags)
{
	for (size_t o = 0; o < m->n_options; o++)
		if (lu_strset_has(&c->set, m->options[o].name))
			flags[o] = true;
}

/* The closure of SPANS (N); with OWN (N_OWN, the struct's own body), a
 * sizes closure: the body's own #if lines left out. */
static void close_spans(struct scan *s, const struct lu_pp_unit *u,
			const struct lu_span *spans, size_t n,
			const struct lu_span *own, size_t n_own,
			struct closure *c)
{
	bool *done = xcalloc(lu_pp_unit_n_entries(u) + 1, sizeof(bool));
	size_t n_edges;
	const struct lu_include_edge *e = lu_pp_unit_edges(u, &n_edges);

	*c = (struct closure){ .s = s, .own = own, .n_own = n_own };
	/* every source of the unit may #define what the text expands */
	for (size_t i = 0; i < n_edges; i++) {
		unit_source(c, e[i].file);
		unit_source(c, e[i].parent);
	}
	for (size_t i = 0; i < n; i++)
		want_span(c, u, &spans[i], done);
	close_over(c);
	free(done);
}

/* The closure of TEXT's spans; with OWN, the sizes closure. */
static void close_text(struct scan *s, const struct lu_pp_unit *u,
		       const struct lu_struct_text *text, bool own,
		       struct closure *c)
{
	close_spans(s, u, text->spans, text->n_spans,
		    own ? text->spans : NULL, own ? text->n_own : 0, c);
}

static void closure_free(struct closure *c)
{
	lu_strset_free(&c->set);
	lu_strset_free(&c->expanded);
	free(c->todo);
	free(c->todo_def);
	free(c->at_file);
	free(c->at_line);
	free(c->srcs);
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
		char *key = lu_arena_printf(&s->pp.arena, "%zu:%s", name,
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

/* The keys closure C reached (the options, and the identifiers that
 * start with in->collect), as line LINE's of NAME's body (0: the body's
 * outer lines, which every member's key holds). */
static void keep_keys(struct scan *s, const struct closure *c, size_t name,
		      unsigned first, unsigned last, bool own)
{
	const struct lu_relevance_in *in = s->in;
	struct lu_relevance *out = s->out;
	size_t n = in->collect ? strlen(in->collect) : 0;
	struct lu_relevance_line_key **keys = own ? &out->own_keys
						  : &out->line_keys;
	size_t *n_keys = own ? &out->n_own_keys : &out->n_line_keys;
	size_t *cap = own ? &s->own_keys_cap : &s->line_keys_cap;

	for (size_t k = 0; k < c->n; k++) {
		const char *id = c->todo[k];

		if (!(n && !strncmp(id, in->collect, n)) &&
		    !lu_strset_has(&s->options, id))
			continue;
		for (unsigned l = first; l <= last; l++) {
			char *key = lu_arena_printf(&s->pp.arena, "%s%zu:%u:%s",
						    own ? "own:" : "", name, l,
						    id);

			if (!lu_strset_add(&s->seen_keys, key))
				continue;
			*keys = lu_grow(*keys, cap, *n_keys, sizeof(**keys));
			(*keys)[(*n_keys)++] = (struct lu_relevance_line_key){
				name, l, lu_arena_strdup(in->arena, id),
			};
		}
	}
}

/* The keys closure C reached, as line LINE's of NAME's body (0: the
 * body's outer lines, which every member's key holds). */
static void keep_line_keys(struct scan *s, const struct closure *c,
			   size_t name, unsigned first, unsigned last)
{
	keep_keys(s, c, name, first, last, false);
}

/* The name of index K: an asked one, or a struct held by value. */
static const char *name_of(const struct scan *s, size_t k)
{
	return k < s->in->n_names ? s->in->names[k]
				  : s->out->sub_name[k - s->in->n_names];
}

/* The index of the struct TAG held by value, added when new; NONE when
 * LU_RELEVANCE_MAX_SUBS are already. */
static size_t sub_index(struct scan *s, const char *tag)
{
	struct lu_relevance *out = s->out;

	for (size_t k = 0; k < out->n_sub_names; k++)
		if (!strcmp(out->sub_name[k], tag))
			return out->n_names + k;
	for (size_t k = 0; k < out->n_names; k++)
		if (s->in->names[k] && !strcmp(s->in->names[k], tag))
			return NONE;	/* asked: a model of its own */
	if (out->n_sub_names == LU_RELEVANCE_MAX_SUBS)
		return NONE;
	out->sub_name[out->n_sub_names] = lu_arena_strdup(s->in->arena, tag);
	return out->n_names + out->n_sub_names++;
}

/* Line LINE of NAME's body holds SUB by value (NONE: nothing by value,
 * or nothing modelled): the use, once, mixed when the configurations do
 * not agree on it. */
static void note_sub(struct scan *s, size_t name, unsigned line,
		     unsigned last, size_t sub)
{
	struct lu_relevance *out = s->out;
	char key[64];

	snprintf(key, sizeof(key), "%zu:%u", name, line);
	if (sub == NONE)
		lu_strset_add(&s->plain, key);
	for (size_t i = 0; i < out->n_subs; i++)
		if (out->subs[i].parent == name && out->subs[i].line == line) {
			if (out->subs[i].name != sub ||
			    out->subs[i].last != last)
				out->subs[i].mixed = true;
			return;
		}
	if (sub == NONE)
		return;
	out->subs = lu_grow(out->subs, &s->subs_cap, out->n_subs,
			    sizeof(*out->subs));
	out->subs[out->n_subs++] = (struct lu_relevance_sub){
		name, line, last, sub, lu_strset_has(&s->plain, key),
	};
}

/*
 * What can change each declaration of NAME's body, by line: the closure
 * of its own lines and of the types it names; and what can change every
 * member: the closure of the body's lines alone (its head and closing
 * attributes, the macros its lines expand, the #ifs around it and its
 * #includes), kept as line 0. A body not told apart in declarations
 * keeps none: every member is keyed by all it names (relevance.h).
 */
static void analyse_lines(struct scan *s, const struct lu_pp_unit *u,
			  size_t name, const struct lu_struct_text *text,
			  struct lu_arena *a)
{
	struct lu_struct_decl *d;
	size_t nd = text->n_own == 1
			    ? lu_struct_decls(u, name_of(s, name), a, &d)
			    : LU_NO_DECLS;
	struct closure c;

	/* each declaration is a closure of its own: past MAX_DECLS, one
	 * key for all (what the sizes closure names); an empty body (its
	 * #ifs kept nothing) has its outer key only */
	if (nd == LU_NO_DECLS || nd > MAX_DECLS) {
		s->out->no_lines[name] = true;
		return;
	}
	const struct lu_span *own = &text->spans[0];

	close_spans(s, u, own, 1, own, 1, &c);
	keep_line_keys(s, &c, name, 0, 0);
	closure_free(&c);
	for (size_t i = 0; i < nd; i++) {
		struct lu_span *sp = xcalloc(d[i].n_spans + 1, sizeof(*sp));

		sp[0] = (struct lu_span){ own->file, d[i].first, d[i].last,
					  own->entry };
		memcpy(sp + 1, d[i].spans, d[i].n_spans * sizeof(*sp));
		close_spans(s, u, sp, d[i].n_spans + 1, own, 1, &c);
		keep_line_keys(s, &c, name, d[i].first, d[i].last);
		closure_free(&c);
		if (name >= s->in->n_names && d[i].unmodelled)
			s->out->sub_unmodelled[name - s->in->n_names] = true;
		size_t sub = s->in->subs && d[i].by_value && !d[i].unmodelled
				     ? sub_index(s, d[i].by_value)
				     : NONE;

		if (sub != NONE) {
			/* what the declaration's own lines reach */
			close_spans(s, u, sp, 1, own, 1, &c);
			keep_keys(s, &c, name, d[i].first, d[i].last, true);
			closure_free(&c);
		}
		if (s->in->subs)
			note_sub(s, name, d[i].first, d[i].last, sub);
		free(sp);
	}
}

/* The struct's own body, if one span in every configuration. */
static void note_body(struct scan *s, size_t name,
		      const struct lu_struct_text *text)
{
	struct lu_relevance *out = s->out;
	const struct lu_span *sp = &text->spans[0];

	if (text->n_own != 1) {
		out->body_file[name] = NULL;
		out->body_last[name] = 1;	/* refused, not unset */
		return;
	}
	if (!out->body_file[name] && !out->body_last[name]) {
		out->body_file[name] = lu_arena_strdup(s->in->arena, sp->file);
		out->body_first[name] = sp->first;
		out->body_last[name] = sp->last;
	} else if (out->body_file[name] &&
		   (strcmp(out->body_file[name], sp->file) ||
		    out->body_first[name] != sp->first ||
		    out->body_last[name] != sp->last)) {
		out->body_file[name] = NULL;
	}
}

static void analyse(struct scan *s, const struct lu_pp_unit *u, size_t name);

/* Each struct NAME's body holds by value, analysed in U as a name. */
static void analyse_subs(struct scan *s, const struct lu_pp_unit *u,
			 size_t name)
{
	for (size_t i = 0; i < s->out->n_subs; i++)
		if (s->out->subs[i].parent == name &&
		    !s->analysed[s->out->subs[i].name])
			analyse(s, u, s->out->subs[i].name);
}

static void analyse(struct scan *s, const struct lu_pp_unit *u, size_t name)
{
	const struct lu_relevance_in *in = s->in;
	struct lu_relevance *out = s->out;
	struct lu_struct_text text;
	struct closure c;
	struct lu_arena a = { 0 };
	size_t n = out->n_options;

	s->analysed[name] = true;
	lu_struct_text_of(u, name_of(s, name), &a, &text);
	if (!text.found) {
		lu_arena_free(&a);
		return;
	}
	out->found[name] = true;
	close_text(s, u, &text, false, &c);
	if (in->collect && name < in->n_names)
		collect(s, &c, name);
	if (c.unsure && !out->unsure[name])
		out->unsure[name] = c.unsure;
	mark_options(&c, in->m, out->relevant + name * n);
	closure_free(&c);
	if (name_of(s, name)) {
		close_text(s, u, &text, true, &c);
		mark_options(&c, in->m, out->sized + name * n);
		closure_free(&c);
		note_body(s, name, &text);
		analyse_lines(s, u, name, &text, &a);
		analyse_subs(s, u, name);
	}
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
	memset(s->analysed, 0, (s->in->n_names + LU_RELEVANCE_MAX_SUBS) *
				       sizeof(bool));
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
	/* the asked names, then room for the structs they hold */
	size_t names = in->n_names + LU_RELEVANCE_MAX_SUBS;
	struct scan s = {
		.in = in, .out = out, .pp = { .dir = in->dir },
		.analysed = xcalloc(names, sizeof(bool)),
	};
	unsigned char *row = xcalloc(n, 1);
	int sig = 0;

	*out = (struct lu_relevance){
		.n_names = in->n_names, .n_options = n,
		.relevant = lu_arena_alloc(in->arena,
					   (names * n + 1) * sizeof(bool)),
		.sized = lu_arena_alloc(in->arena,
					(names * n + 1) * sizeof(bool)),
		.body_file = lu_arena_alloc(in->arena,
					    (names + 1) * sizeof(char *)),
		.body_first = lu_arena_alloc(in->arena,
					     (names + 1) * sizeof(unsigned)),
		.body_last = lu_arena_alloc(in->arena,
					    (names + 1) * sizeof(unsigned)),
		.found = lu_arena_alloc(in->arena, (names + 1) * sizeof(bool)),
		.unsure = lu_arena_alloc(in->arena,
					 (names + 1) * sizeof(char *)),
		.any = lu_arena_alloc(in->arena, (n + 1) * sizeof(bool)),
		.no_lines = lu_arena_alloc(in->arena,
					   (names + 1) * sizeof(bool)),
		.sub_name = lu_arena_alloc(in->arena,
					   (LU_RELEVANCE_MAX_SUBS + 1) *
						   sizeof(char *)),
		.sub_unmodelled = lu_arena_alloc(in->arena,
						 (LU_RELEVANCE_MAX_SUBS + 1) *
							 sizeof(bool)),
	};
	for (size_t o = 0; o < n; o++)
		lu_strset_add(&s.options, m->options[o].name);
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
	if (out->line_keys) {
		struct lu_relevance_line_key *k = out->line_keys;

		out->line_keys = lu_arena_memdup(in->arena, k,
						 out->n_line_keys * sizeof(*k));
		free(k);
	}
	if (out->own_keys) {
		struct lu_relevance_line_key *k = out->own_keys;

		out->own_keys = lu_arena_memdup(in->arena, k,
						out->n_own_keys * sizeof(*k));
		free(k);
	}
	if (out->subs) {
		struct lu_relevance_sub *k = out->subs;

		out->subs = lu_arena_memdup(in->arena, k,
					    out->n_subs * sizeof(*k));
		free(k);
	}
	free(s.analysed);
	lu_strset_free(&s.plain);
	lu_strset_free(&s.options);
	lu_strset_free(&s.seen_keys);
	lu_pp_sources_free(&s.pp);
	free(s.rows);
	free(s.jobs);
	free(s.paths);
	free(s.ok);
	free(s.keys);
	lu_strset_free(&s.seen_rows);
	lu_strset_free(&s.seen_ids);
	return sig ? -1 : 0;
}
