/* SPDX-License-Identifier: MIT */
/*
 * Groups from marker members (markers.h): lineup's LINEUP_BEGIN/END and
 * the kernel's __cacheline_group_begin__/end__ pairs.
 */
#include "markers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_groups.h"

#define LINEUP_BEGIN_PREFIX "lineup__begin__"
#define LINEUP_END_PREFIX "lineup__end__"
#define KERNEL_BEGIN_PREFIX "__cacheline_group_begin__"
#define KERNEL_END_PREFIX "__cacheline_group_end__"

bool lu_is_begin_marker_name(const char *name)
{
	return name && (!strncmp(name, LINEUP_BEGIN_PREFIX,
				 sizeof(LINEUP_BEGIN_PREFIX) - 1) ||
			!strncmp(name, KERNEL_BEGIN_PREFIX,
				 sizeof(KERNEL_BEGIN_PREFIX) - 1));
}

bool lu_is_marker_token(const char *s, size_t n)
{
	static const char *const prefixes[] = {
		LINEUP_BEGIN_PREFIX, "lineup__isolate_begin__",
		KERNEL_BEGIN_PREFIX,
	};

	for (size_t k = 0; k < sizeof(prefixes) / sizeof(*prefixes); k++) {
		size_t len = strlen(prefixes[k]);

		if (n > len && !memcmp(s, prefixes[k], len))
			return true;
	}
	return false;
}

static bool starts_with(const char *s, const char *prefix, const char **rest)
{
	size_t n = strlen(prefix);

	if (strncmp(s, prefix, n))
		return false;
	*rest = s + n;
	return true;
}

/*
 * lineup.h names its markers lineup__begin__NAME / lineup__end__NAME and
 * gives them the element typedef lineup__KIND, so the kind survives in DWARF
 * and BTF without a side file.
 */
static enum lu_kind lineup_marker_kind(const struct lu_member *m)
{
	const char *rest;
	enum lu_kind kind;

	if (m->type && starts_with(m->type, "lineup__", &rest) &&
	    lu_kind_parse(rest, strlen(rest), &kind))
		return kind;
	return LU_KIND_NONE;
}

static bool is_begin_marker(const struct lu_member *m, const char **name,
			    enum lu_origin *origin)
{
	if (starts_with(m->name, LINEUP_BEGIN_PREFIX, name)) {
		*origin = LU_ORIGIN_LINEUP;
		return true;
	}
	if (starts_with(m->name, KERNEL_BEGIN_PREFIX, name)) {
		*origin = LU_ORIGIN_KERNEL;
		return true;
	}
	return false;
}

static bool is_end_marker(const struct lu_member *m, const char **name)
{
	return starts_with(m->name, LINEUP_END_PREFIX, name) ||
	       starts_with(m->name, KERNEL_END_PREFIX, name);
}

static bool is_zero_size(const struct lu_member *m)
{
	return m->size == 0 && m->bit_size == 0;
}

static void close_group(struct lu_group *g, size_t last, uint64_t end)
{
	g->last = last;
	g->end = end;
}

void lu_struct_find_groups(struct lu_struct *s, struct lu_arena *arena)
{
	struct lu_group *groups = NULL;
	size_t n = 0, cap = 0;
	size_t *open = NULL;	/* stack of open groups, innermost last */
	size_t n_open = 0, cap_open = 0;

	for (size_t i = 0; i < s->n_members; i++) {
		struct lu_member *m = &s->members[i];
		const char *name;
		enum lu_origin origin;

		m->group = n_open ? (int)open[n_open - 1] : -1;
		if (m->depth || !is_zero_size(m))
			continue;
		/* LINEUP_ISOLATE_* bound an aligned block, not a group */
		if (starts_with(m->name, "lineup__isolate_", &name)) {
			m->marker = true;
			m->group = -1;
		} else if (is_begin_marker(m, &name, &origin)) {
			groups = lu_grow(groups, &cap, n, sizeof(*groups));
			struct lu_group *g = &groups[n];

			memset(g, 0, sizeof(*g));
			g->name = name;
			g->origin = origin;
			/* the kernel's convention: the name says the kind
			 * and the path (kernel_groups.c) */
			if (origin == LU_ORIGIN_LINEUP)
				g->kind = lineup_marker_kind(m);
			else
				lu_kernel_group_parse(name, &g->kind,
						      &g->path);
			g->first = i + 1;
			g->begin = m->offset;
			g->file = m->file;
			g->decl_line = m->decl_line;
			m->marker = true;
			m->group = -1;
			open = lu_grow(open, &cap_open, n_open, sizeof(*open));
			open[n_open++] = n++;
		} else if (is_end_marker(m, &name)) {
			m->marker = true;
			m->group = -1;
			for (size_t k = n_open; k-- > 0;) {
				if (strcmp(groups[open[k]].name, name))
					continue;
				close_group(&groups[open[k]], i, m->offset);
				memmove(&open[k], &open[k + 1],
					(n_open - k - 1) * sizeof(*open));
				n_open--;
				break;
			}
		}
	}
	/* A group left open runs to the end of the struct. */
	while (n_open)
		close_group(&groups[open[--n_open]], s->n_members, s->size);
	s->groups = lu_arena_memdup(arena, groups, n * sizeof(*groups));
	s->n_groups = n;
	free(groups);
	free(open);
}
