/* SPDX-License-Identifier: MIT */
/*
 * The definitions kept, and how a parallel read keeps the same ones as a
 * serial read. The map says which (name, fingerprint) is kept at which
 * index of the set. Workers of a parallel read (dwarf_jobs.c) each read
 * their units into a set of their own and log what they did; the merge
 * replays the logs unit by unit in the serial order, so that the set ends
 * exactly as one thread reading every unit in turn leaves it: the same
 * structs in the same order, the same units and typedefs on each, the same
 * names asked and the same skipped notes.
 *
 * Why replaying gives the serial result: a worker reads its units in
 * increasing order, so where (name, fingerprint) first appears in the
 * whole read, the worker reading that unit meets it for the first time
 * too and builds it there, as the serial read does. A later build of it
 * by another worker is dropped, and a skip is replayed only while the
 * definition is not kept, when the serial read would have tried it.
 */
#include "dwarf_reader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t kept_hash(const char *name, uint64_t fp)
{
	return (size_t)lu_dw_mix((uint64_t)(uintptr_t)name, fp);
}

struct kept_slot *lu_dw_kept_slot(struct kept_map *m, const char *name,
				  uint64_t fp)
{
	if ((m->count + 1) * 2 > m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 256;
		struct kept_slot *slots = lu_zeroed(cap, sizeof(*slots));

		for (size_t i = 0; i < m->cap; i++) {
			struct kept_slot *o = &m->slots[i];
			size_t k = kept_hash(o->name, o->fp) & (cap - 1);

			if (!o->name)
				continue;
			while (slots[k].name)
				k = (k + 1) & (cap - 1);
			slots[k] = *o;
		}
		free(m->slots);
		m->slots = slots;
		m->cap = cap;
	}
	size_t k = kept_hash(name, fp) & (m->cap - 1);

	while (m->slots[k].name &&
	       !(m->slots[k].name == name && m->slots[k].fp == fp))
		k = (k + 1) & (m->cap - 1);
	return &m->slots[k];
}

void lu_dw_add_typedef(struct lu_set *set, size_t index, const char *name,
		       bool tagless)
{
	struct lu_struct *s = &set->structs[index];

	for (size_t i = 0; i < s->n_typedefs; i++)
		if (s->typedefs[i] == name)
			return;
	const char **names = lu_arena_alloc(&set->arena, (s->n_typedefs + 1) *
								 sizeof(*names));

	if (s->n_typedefs)
		memcpy(names, s->typedefs, s->n_typedefs * sizeof(*names));
	names[s->n_typedefs++] = name;
	s->typedefs = names;
	s->tagless = tagless;
}

void lu_dw_log(struct dwarf_reader *r, enum lu_dw_event_kind kind,
	       size_t index, uint64_t fp, const char *name, const char *text,
	       bool tagless)
{
	struct lu_dw_log *log = r->log;

	if (!log)
		return;
	/* the skip's reason is the reader's buffer, rewritten per struct */
	if (kind == LU_DW_EV_SKIP)
		text = lu_arena_strdup(&r->set->arena, text);
	log->ev = lu_grow(log->ev, &log->cap, log->n, sizeof(*log->ev));
	log->ev[log->n++] = (struct lu_dw_event){
		.task = log->task, .kind = kind, .tagless = tagless,
		.index = index, .fp = fp, .name = name, .text = text,
	};
}

/* The merged read's copy of a worker's string. */
static const char *own(struct dwarf_reader *r, const char *s)
{
	return lu_intern_str(&r->strings, &r->set->arena, s);
}

/* The same for the names and units of events, which repeat: by the
 * worker's interned copy's address, through SEEN. */
static const char *own_seen(struct dwarf_reader *r, struct lu_dw_memo *seen,
			    const char *s)
{
	uint64_t v;

	if (!s)
		return NULL;
	if (lu_dw_memo_get(seen, s, &v))
		return (const char *)(uintptr_t)v;
	const char *o = own(r, s);

	lu_dw_memo_put(seen, s, (uintptr_t)o);
	return o;
}

/* A worker's struct WS as it was built, before any unit or typedef was
 * added to it: those come with the events that added them. */
static void copy_struct(struct dwarf_reader *r, const struct lu_struct *ws)
{
	struct lu_struct *s = lu_set_add(r->set);
	struct lu_arena *a = &r->set->arena;

	*s = *ws;
	s->name = own(r, ws->name);
	s->tagless = false;
	s->typedefs = NULL;
	s->n_typedefs = 0;
	s->units = NULL;
	s->n_units = 0;
	s->file = own(r, ws->file);
	s->unit = own(r, ws->unit);
	lu_struct_keep_members(s, a, ws->members, ws->n_members, ws->blocks,
			       ws->n_blocks);
	for (size_t i = 0; i < s->n_members; i++) {
		struct lu_member *m = &s->members[i];

		m->name = own(r, m->name);
		m->type = own(r, m->type);
		m->dims = own(r, m->dims);
		m->file = own(r, m->file);
	}
	for (size_t i = 0; i < s->n_blocks; i++)
		s->blocks[i].base = own(r, s->blocks[i].base);
	if (s->n_virtual_bases) {
		s->virtual_bases = lu_arena_alloc(a, s->n_virtual_bases *
							     sizeof(*s->virtual_bases));
		for (size_t i = 0; i < s->n_virtual_bases; i++)
			s->virtual_bases[i] = own(r, ws->virtual_bases[i]);
	}
}

/* Replays one event of worker W, whose structs map to the merged set's
 * through TO (SIZE_MAX: not met yet) and strings through SEEN. */
static void replay(struct dwarf_reader *r, struct dwarf_reader *w,
		   const struct lu_dw_event *ev, size_t *to,
		   struct lu_dw_memo *seen)
{
	struct kept_slot *slot;
	const char *name = own_seen(r, seen, ev->name);

	switch (ev->kind) {
	case LU_DW_EV_NAME:
		lu_strset_add(&r->set->names, name);
		return;
	case LU_DW_EV_SKIP:
		if (!lu_dw_kept_slot(&r->kept, name, ev->fp)->name)
			lu_set_skip(r->set, name, ev->text);
		return;
	case LU_DW_EV_KEEP:
		slot = lu_dw_kept_slot(&r->kept, name, ev->fp);
		if (!slot->name) {
			copy_struct(r, &w->set->structs[ev->index]);
			slot->name = name;
			slot->fp = ev->fp;
			slot->index = r->set->n_structs - 1;
			r->kept.count++;
		}
		to[ev->index] = slot->index;
		lu_struct_add_unit(&r->set->structs[slot->index],
				   &r->set->arena, own_seen(r, seen, ev->text));
		return;
	case LU_DW_EV_HELD:
		slot = lu_dw_kept_slot(&r->kept, name, ev->fp);
		if (!slot->name) {
			/* dwarf_claims.c: the builder's unit is lower, so
			 * its KEEP came first; else the claims are wrong */
			fputs("lineup: internal error: a claimed definition "
			      "was not built\n", stderr);
			abort();
		}
		to[ev->index] = slot->index;
		lu_struct_add_unit(&r->set->structs[slot->index],
				   &r->set->arena, own_seen(r, seen, ev->text));
		return;
	case LU_DW_EV_TYPEDEF:
		/* a typedef follows its struct's KEEP, in the same unit */
		if (to[ev->index] != SIZE_MAX)
			lu_dw_add_typedef(r->set, to[ev->index], name,
					  ev->tagless);
		return;
	}
}

void lu_dwarf_merge(struct dwarf_reader *r, struct dwarf_reader *workers,
		    size_t n_workers, const unsigned *owner, size_t n_tasks)
{
	size_t *at = calloc(n_workers, sizeof(*at));
	size_t **to = calloc(n_workers, sizeof(*to));
	struct lu_dw_memo *seen = calloc(n_workers, sizeof(*seen));

	if (!at || !to || !seen)
		abort();
	for (size_t i = 0; i < n_workers; i++) {
		size_t n = workers[i].set->n_structs;

		to[i] = malloc((n ? n : 1) * sizeof(**to));
		if (!to[i])
			abort();
		for (size_t k = 0; k < n; k++)
			to[i][k] = SIZE_MAX;
	}
	for (size_t t = 0; t < n_tasks; t++) {
		unsigned i = owner[t];
		struct dwarf_reader *w = &workers[i];
		const struct lu_dw_log *log = w->log;

		while (at[i] < log->n && log->ev[at[i]].task == t)
			replay(r, w, &log->ev[at[i]++], to[i], &seen[i]);
	}
	for (size_t i = 0; i < n_workers; i++) {
		r->n_types += workers[i].n_types;
		free(to[i]);
		lu_dw_memo_free(&seen[i]);
	}
	free(seen);
	free(to);
	free(at);
}

bool lu_dwarf_markers_agree(const struct dwarf_reader *workers, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct lu_strset *m = &workers[i].log->marked;

		for (size_t k = 0; k < m->cap; k++) {
			if (!m->slots[k])
				continue;
			for (size_t j = 0; j < n; j++)
				if (j != i && lu_strset_has(&workers[j].log->unmarked,
							    m->slots[k]))
					return false;
		}
	}
	return true;
}
