/* SPDX-License-Identifier: MIT */
/* A source's directives, read once; see pp_source.h. */
#include "pp_source.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "slurp.h"

#define MAX_SOURCE (256u << 20)

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		abort();
	return p;
}

static bool id_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool id_char(char c)
{
	return id_start(c) || (c >= '0' && c <= '9');
}

static void add_id(struct lu_pp_sources *s, struct lu_pp_source *src, const char *p,
		   size_t n)
{
	src->ids = lu_grow(src->ids, &src->ids_cap, src->n_ids,
			   sizeof(*src->ids));
	src->def_only = lu_grow(src->def_only, &src->def_cap, src->n_ids,
				sizeof(*src->def_only));
	src->def_only[src->n_ids] = false;
	src->ids[src->n_ids++] = lu_intern(&s->intern, &s->arena, p, n);
}

/*
 * The identifiers of a conditional directive WORD at ids[from, n_ids)
 * that it asks only whether they are defined: #ifdef's and #ifndef's
 * name, and every `defined X` or `defined(X)` of an #if or #elif (the
 * parentheses are no identifiers). `defined` itself names no macro.
 */
static void mark_def_only(struct lu_pp_source *src, const char *word,
			  size_t from)
{
	if (!strcmp(word, "ifdef") || !strcmp(word, "ifndef")) {
		if (from < src->n_ids)
			src->def_only[from] = true;
		return;
	}
	for (size_t k = from; k < src->n_ids; k++)
		if (!strcmp(src->ids[k], "defined")) {
			src->def_only[k] = true;
			if (k + 1 < src->n_ids)
				src->def_only[++k] = true;
		}
}

/*
 * One logical line (continuations joined, comments gone) in LINE[0, N):
 * its identifiers appended; returns the index of the first.
 */
static size_t line_ids(struct lu_pp_sources *s, struct lu_pp_source *src, const char *line,
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
const char *lu_pp_logical_line(const char *p, const char *end, char *buf,
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

static void add_block(struct lu_pp_source *src, const struct lu_pp_block *b)
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
static void close_block(struct lu_pp_sources *s, struct lu_pp_source *src,
			struct open_block *o, unsigned line)
{
	struct lu_pp_block b = { o->first, line, src->n_ids, 0 };

	for (size_t k = 0; k < o->n; k++) {
		add_id(s, src, src->ids[o->ids[k]],
		       strlen(src->ids[o->ids[k]]));
		src->def_only[src->n_ids - 1] = src->def_only[o->ids[k]];
	}
	b.to = src->n_ids;
	add_block(src, &b);
	free(o->ids);
}

static void scan_text(struct lu_pp_sources *s, struct lu_pp_source *src, const char *text,
		      size_t len)
{
	const char *p = text, *end = text + len;
	char *buf = xcalloc(len + 1, 1);
	struct open_block *open = NULL;
	size_t depth = 0, open_cap = 0, from_cap = 0, cond_cap = 0;
	unsigned line = 1;
	bool in_comment = false;

	while (p < end) {
		size_t n, first;
		unsigned lines;

		p = lu_pp_logical_line(p, end, buf, &n, &lines, &in_comment);
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
			src->cond_line = lu_grow(src->cond_line, &cond_cap,
						 line + k, sizeof(bool));
			src->cond_line[line + k] = false;
		}
		if (i < n && buf[i] == '#' && src->n_ids > first) {
			const char *word = src->ids[first];
			size_t rest = first + 1;

			if (!strncmp(word, "if", 2) || !strcmp(word, "elif") ||
			    !strcmp(word, "else") || !strcmp(word, "endif"))
				src->cond_line[line] = true;

			if (!strcmp(word, "if") || !strcmp(word, "ifdef") ||
			    !strcmp(word, "ifndef")) {
				open = lu_grow(open, &open_cap, depth,
					       sizeof(*open));
				open[depth++] = (struct open_block){ line, NULL, 0, 0 };
			}
			if (depth && (!strncmp(word, "if", 2) ||
				      !strncmp(word, "elif", 4))) {
				struct open_block *o = &open[depth - 1];

				mark_def_only(src, word, rest);
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
				src->sites[src->n_sites++] = (struct lu_pp_site){
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
	src->cond_line = lu_grow(src->cond_line, &cond_cap, line,
				 sizeof(bool));
	src->cond_line[line] = false;
	src->n_lines = line - 1;
	free(open);
	free(buf);
}

static size_t ptr_hash(const void *p)
{
	uint64_t h = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull;

	return (size_t)(h ^ h >> 29);
}

static void index_sites(struct lu_pp_source *src)
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
size_t lu_pp_first_site(const struct lu_pp_source *src, const char *name)
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
struct lu_pp_source *lu_pp_source(struct lu_pp_sources *s, const char *path)
{
	for (size_t i = 0; i < s->n_sources; i++)
		if (!strcmp(s->sources[i]->path, path))
			return s->sources[i];
	struct lu_pp_source *src = xcalloc(1, sizeof(*src));
	char *text = NULL, *full;
	size_t len = 0;

	src->path = lu_arena_strdup(&s->arena, path);
	full = path[0] == '/' || !s->dir
		       ? lu_arena_strdup(&s->arena, path)
		       : lu_arena_printf(&s->arena, "%s/%s", s->dir, path);
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

static void source_free(struct lu_pp_source *src)
{
	free(src->blocks);
	free(src->sites);
	free(src->ids);
	free(src->def_only);
	free(src->line_from);
	free(src->cond_line);
	free(src->site_slot);
	free(src->site_next);
	free(src);
}

void lu_pp_sources_free(struct lu_pp_sources *s)
{
	for (size_t i = 0; i < s->n_sources; i++)
		source_free(s->sources[i]);
	free(s->sources);
	lu_intern_free(&s->intern);
	lu_arena_free(&s->arena);
}
