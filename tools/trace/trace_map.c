/* SPDX-License-Identifier: MIT */
/* From a trace to members, threads and verdicts; see trace_map.h. */
#include "trace_map.h"

#include "trace_assign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- thread sets -------------------------------------------------------- */

bool lu_trace_bit(const uint64_t *set, uint32_t i)
{
	return set && (set[i / 64] >> (i % 64) & 1);
}

static void set_bit(uint64_t *set, uint32_t i)
{
	set[i / 64] |= 1ull << (i % 64);
}

static uint64_t *new_set(struct lu_trace_result *r)
{
	return lu_arena_alloc(&r->arena, r->words * sizeof(uint64_t));
}

static void set_or(uint64_t *d, const uint64_t *s, size_t words)
{
	for (size_t i = 0; i < words; i++)
		d[i] |= s[i];
}

void lu_trace_threads_text(const uint64_t *set, uint32_t n, char *buf,
			   size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (uint32_t i = 0; i < n && len + 24 < size; i++) {
		uint32_t j = i;

		if (!lu_trace_bit(set, i))
			continue;
		while (j + 1 < n && lu_trace_bit(set, j + 1))
			j++;
		if (j > i + 1)
			len += (size_t)snprintf(buf + len, size - len,
						"%sT%u-T%u", len ? "," : "",
						i, j);
		else
			len += (size_t)snprintf(buf + len, size - len, "%sT%u",
						len ? "," : "", i);
		if (j == i + 1)
			len += (size_t)snprintf(buf + len, size - len, ",T%u",
						j);
		i = j;
	}
}

/* ---- objects ------------------------------------------------------------ */

static bool wanted(const struct lu_trace_map_opts *o, const char *name)
{
	if (!o->n_structs)
		return true;
	for (size_t i = 0; i < o->n_structs; i++)
		if (!strcmp(o->structs[i], name))
			return true;
	return false;
}

static void add_obj(struct lu_trace_result *r, const struct lu_trace_obj *o)
{
	r->objs = lu_grow(r->objs, &r->cap_objs, r->n_objs, sizeof(*r->objs));
	r->objs[r->n_objs++] = *o;
}

/* "struct foo" and "foo" name the same type */
static const char *bare(const char *type)
{
	static const char *const words[] = { "struct ", "union ", "class " };

	for (size_t i = 0; i < 3; i++)
		if (!strncmp(type, words[i], strlen(words[i])))
			return type + strlen(words[i]);
	return type;
}

static const char *site_label(struct lu_trace_result *r,
			      struct lu_trace_syms *sy, uint64_t pc)
{
	struct lu_trace_site w;

	lu_trace_syms_site(sy, pc, &w);
	if (w.function && w.file)
		return lu_arena_printf(&r->arena, "%s+0x%llx, %s:%u",
				       w.function,
				       (unsigned long long)w.offset, w.file,
				       w.line);
	if (w.function)
		return lu_arena_printf(&r->arena, "%s+0x%llx", w.function,
				       (unsigned long long)w.offset);
	return lu_arena_printf(&r->arena, "%s+0x%llx",
			       w.module ? w.module : "?",
			       (unsigned long long)w.offset);
}

static int by_addr(const void *a, const void *b)
{
	const struct lu_trace_obj *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* Allocations typed once per site and size: a loop allocating the same
 * thing asks DWARF once. */
struct typed_site {
	uint64_t site0, size;
	const char *type;
	uint64_t elem;
	const char *label;
	bool library;		/* made by a library's own code */
	bool other;		/* of a type --struct did not ask for */
};

size_t lu_trace_find_objects(const struct lu_trace *t,
			     struct lu_trace_syms *sy,
			     const struct lu_trace_map_opts *o,
			     struct lu_trace_result *r, const char ***names)
{
	const struct lu_trace_global *g;
	size_t n_g = lu_trace_syms_globals(sy, &g), n_names = 0, cap = 0;
	struct typed_site *cache = NULL;
	size_t n_cache = 0, cap_cache = 0;
	struct lu_trace_assign *as = lu_trace_assign_new(t, sy);

	for (size_t i = 0; i < n_g; i++) {
		if (!wanted(o, g[i].type))
			continue;
		add_obj(r, &(struct lu_trace_obj){
			.addr = g[i].addr, .elem_size = g[i].elem_size,
			.count = g[i].size / g[i].elem_size,
			.type = g[i].type, .var = g[i].var,
			.label = lu_arena_printf(&r->arena, "global %s",
						 g[i].var ? g[i].var : "?") });
	}
	for (size_t i = 0; i < t->n_objects; i++) {
		const char *type = bare(t->objects[i].type);

		if (!wanted(o, type))
			continue;
		add_obj(r, &(struct lu_trace_obj){
			.addr = t->objects[i].addr,
			.elem_size = t->objects[i].size, .count = 1,
			.type = lu_arena_strdup(&r->arena, type),
			.label = "LINEUP_TRACE_OBJECT" });
	}
	for (size_t i = 0; i < t->n_allocs; i++) {
		const struct lu_trace_alloc *a = &t->allocs[i];
		struct typed_site *c = NULL;

		if (!a->size)
			continue;
		for (size_t k = 0; k < n_cache && !c; k++)
			if (cache[k].site0 == a->site[0] &&
			    cache[k].size == a->size)
				c = &cache[k];
		if (!c) {
			cache = lu_grow(cache, &cap_cache, n_cache,
					sizeof(*cache));
			c = &cache[n_cache++];
			struct lu_trace_site w;

			*c = (struct typed_site){ .site0 = a->site[0],
						  .size = a->size };
			lu_trace_syms_site(sy, a->site[0], &w);
			c->library = w.module != NULL;
			c->label = site_label(r, sy, a->site[0]);
			/* the pointer it was stored into first: it says
			 * what the program holds there */
			c->type = lu_trace_assign_type(as, sy, a, o->structs,
						       o->n_structs, &c->elem);
			if (!c->type)
				c->type = lu_trace_syms_alloc_type(
					sy, a->site, LU_TRACE_SITES, a->size,
					o->structs, o->n_structs, &c->elem);
			/* a struct --struct did not name is known, not
			 * untyped */
			c->other = !c->type && o->n_structs &&
				   (lu_trace_assign_type(as, sy, a, NULL, 0,
							 &c->elem) ||
				    lu_trace_syms_alloc_type(
					    sy, a->site, LU_TRACE_SITES,
					    a->size, NULL, 0, &c->elem));
		}
		if (!c->type) {
			/* libc's own (stdio buffers, thread stacks) are not
			 * the program's objects */
			if (!c->library && !c->other &&
			    a->size >= o->min_size) {
				r->n_untyped++;
				lu_trace_untyped_add(&r->untyped, a, c->label);
			}
			continue;
		}
		add_obj(r, &(struct lu_trace_obj){
			.addr = a->addr, .elem_size = c->elem,
			.count = a->size % c->elem ? 1 : a->size / c->elem,
			.from = a->from, .to = a->to, .type = c->type,
			.label = lu_arena_printf(&r->arena, "heap, allocated at %s",
						 c->label) });
	}
	free(cache);
	lu_trace_assign_free(as);
	if (r->n_objs)
		qsort(r->objs, r->n_objs, sizeof(*r->objs), by_addr);
	*names = NULL;
	for (size_t i = 0; i < r->n_objs; i++) {
		bool seen = false;

		for (size_t k = 0; k < n_names && !seen; k++)
			seen = !strcmp((*names)[k], r->objs[i].type);
		if (seen)
			continue;
		*names = lu_grow(*names, &cap, n_names, sizeof(**names));
		(*names)[n_names++] = r->objs[i].type;
	}
	return n_names;
}

/* ---- accesses on objects ------------------------------------------------ */

/* One thread's accesses to one member of one object element. */
struct touch {
	size_t obj;		/* index in r->objs */
	uint64_t elem;
	size_t member;
	uint32_t thread, kind, lo, hi;
};

static bool overlap(const struct touch *a, const struct touch *b)
{
	return a->lo <= b->hi && b->lo <= a->hi;
}

/* The object holding ADDR at epochs [lo, hi], or -1. */
static ptrdiff_t obj_at(const struct lu_trace_result *r, uint64_t addr,
			uint32_t lo, uint32_t hi)
{
	size_t l = 0, h = r->n_objs;

	while (l < h) {
		size_t m = (l + h) / 2;

		if (r->objs[m].addr <= addr)
			l = m + 1;
		else
			h = m;
	}
	/* heap addresses are reused: the newest one alive then */
	for (size_t i = l; i-- > 0;) {
		const struct lu_trace_obj *o = &r->objs[i];

		if (addr - o->addr >= o->elem_size * o->count) {
			if (addr - o->addr > (1u << 24))
				break;
			continue;
		}
		if (o->from <= hi && (!o->to || o->to >= lo))
			return (ptrdiff_t)i;
	}
	return -1;
}

static ptrdiff_t member_at(const struct lu_struct *s, uint64_t off)
{
	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];

		if (m->depth || m->marker || !m->size)
			continue;
		if (off >= m->offset && off < m->offset + m->size)
			return (ptrdiff_t)i;
	}
	return -1;
}

static size_t type_of_obj(struct lu_trace_result *r, const struct lu_set *set,
			  const char *name)
{
	const struct lu_struct *s = lu_set_find(set, name);

	for (size_t i = 0; i < r->n_types; i++)
		if (r->types[i].s == s)
			return i;
	if (!s)
		return (size_t)-1;
	r->types = lu_grow(r->types, &r->cap_types, r->n_types,
			   sizeof(*r->types));
	struct lu_trace_type *ty = &r->types[r->n_types];

	memset(ty, 0, sizeof(*ty));
	ty->s = s;
	ty->align = s->align ? s->align : 1;
	ty->members = lu_arena_alloc(&r->arena,
				     s->n_members * sizeof(*ty->members));
	for (size_t m = 0; m < s->n_members; m++) {
		ty->members[m].stores = new_set(r);
		ty->members[m].loads = new_set(r);
	}
	return r->n_types++;
}

/* Counts are estimates of every access (lu_trace_access.estimate). */
static void add_use(struct lu_trace_result *r, struct lu_trace_syms *sy,
		    struct lu_trace_member *m,
		    const struct lu_trace_access *a)
{
	uint64_t count = a->estimate;
	struct lu_trace_use *u = NULL;

	for (size_t i = 0; i < m->n_uses && !u; i++)
		if (m->uses[i].pc == a->pc && m->uses[i].kind == a->kind)
			u = &m->uses[i];
	if (!u) {
		m->uses = lu_grow(m->uses, &m->cap_uses, m->n_uses,
				  sizeof(*m->uses));
		u = &m->uses[m->n_uses++];
		memset(u, 0, sizeof(*u));
		u->pc = a->pc;
		u->kind = a->kind;
		u->threads = new_set(r);
		lu_trace_syms_site(sy, a->pc, &u->where);
	}
	set_bit(u->threads, a->thread);
	u->count += count;
	if (a->kind & LU_TRACE_STORE) {
		set_bit(m->stores, a->thread);
		m->n_stores += count;
	}
	if (a->kind & LU_TRACE_LOAD) {
		set_bit(m->loads, a->thread);
		m->n_loads += count;
	}
}

static void add_touch(struct touch **v, size_t *n, size_t *cap,
		      const struct touch *t)
{
	for (size_t i = *n; i-- > 0;) {
		struct touch *e = &(*v)[i];

		if (e->obj == t->obj && e->elem == t->elem &&
		    e->member == t->member && e->thread == t->thread &&
		    e->kind == t->kind) {
			if (t->lo < e->lo)
				e->lo = t->lo;
			if (t->hi > e->hi)
				e->hi = t->hi;
			return;
		}
	}
	*v = lu_grow(*v, cap, *n, sizeof(**v));
	(*v)[(*n)++] = *t;
}

static int by_pc(const void *a, const void *b)
{
	const struct lu_trace_use *x = a, *y = b;

	if (x->pc != y->pc)
		return x->pc < y->pc ? -1 : 1;
	return x->kind < y->kind ? -1 : x->kind > y->kind;
}

static int by_object(const void *a, const void *b)
{
	const struct touch *x = a, *y = b;

	if (x->obj != y->obj)
		return x->obj < y->obj ? -1 : 1;
	return x->elem < y->elem ? -1 : x->elem > y->elem;
}

/* Does THREAD touch MEMBER in the touches [first, end)? */
static bool touches(const struct touch *v, size_t first, size_t end,
		    uint32_t thread, size_t member)
{
	for (size_t i = first; i < end; i++)
		if (v[i].thread == thread && v[i].member == member)
			return true;
	return false;
}

static struct lu_trace_pair *pair_of(struct lu_trace_result *r,
				     struct lu_trace_type *ty, size_t a,
				     size_t b)
{
	for (size_t i = 0; i < ty->n_pairs; i++)
		if (ty->pairs[i].a == a && ty->pairs[i].b == b)
			return &ty->pairs[i];
	ty->pairs = lu_grow(ty->pairs, &ty->cap_pairs, ty->n_pairs,
			    sizeof(*ty->pairs));
	ty->pairs[ty->n_pairs] = (struct lu_trace_pair){
		.a = a, .b = b, .t1 = new_set(r), .t2 = new_set(r) };
	return &ty->pairs[ty->n_pairs++];
}

/* The pairs of one object element: touches [first, end). */
static void pairs_of(struct lu_trace_result *r, const struct touch *v,
		     size_t first, size_t end)
{
	struct lu_trace_type *ty = &r->types[r->objs[v[first].obj].type_index];
	const struct lu_member *ms = ty->s->members;

	for (size_t i = first; i < end; i++) {
		const struct touch *a = &v[i];

		if (!(a->kind & LU_TRACE_STORE))
			continue;
		for (size_t k = first; k < end; k++) {
			const struct touch *b = &v[k];
			const struct lu_member *ma = &ms[a->member],
					       *mb = &ms[b->member];
			struct lu_trace_pair *p;

			if (b->thread == a->thread || b->member == a->member ||
			    /* a union's members share bytes: true sharing */
			    (ma->offset < mb->offset + mb->size &&
			     mb->offset < ma->offset + ma->size) ||
			    touches(v, first, end, b->thread, a->member))
				continue;
			if (!overlap(a, b)) {
				/* said: the run could not have shown it */
				if (!ty->has_apart) {
					ty->has_apart = true;
					ty->apart_a = a->member;
					ty->apart_b = b->member;
					ty->apart_ta = a->thread;
					ty->apart_tb = b->thread;
				}
				continue;
			}
			p = pair_of(r, ty, a->member, b->member);
			set_bit(p->t1, a->thread);
			set_bit(p->t2, b->thread);
			p->b_stored |= (b->kind & LU_TRACE_STORE) != 0;
		}
	}
}

/* ---- verdicts ----------------------------------------------------------- */

static bool meet(const struct lu_member *a, const struct lu_member *b,
		 uint64_t start, uint64_t line, uint64_t *first)
{
	uint64_t a0 = (start + a->offset) / line,
		 a1 = (start + a->offset + a->size - 1) / line,
		 b0 = (start + b->offset) / line,
		 b1 = (start + b->offset + b->size - 1) / line;

	*first = a0 > b0 ? a0 : b0;
	return a0 <= b1 && b0 <= a1;
}

static struct lu_trace_verdict *verdict_of(struct lu_trace_result *r,
					   struct lu_trace_type *ty,
					   uint64_t start, uint64_t line)
{
	for (size_t i = 0; i < ty->n_verdicts; i++)
		if (ty->verdicts[i].start == start &&
		    ty->verdicts[i].line == line)
			return &ty->verdicts[i];
	ty->verdicts = lu_grow(ty->verdicts, &ty->cap_verdicts,
			       ty->n_verdicts, sizeof(*ty->verdicts));
	struct lu_trace_verdict *v = &ty->verdicts[ty->n_verdicts++];

	*v = (struct lu_trace_verdict){
		.start = start, .line = line,
		.written = lu_arena_alloc(&r->arena, ty->s->n_members),
		.other = lu_arena_alloc(&r->arena, ty->s->n_members),
		.t1 = new_set(r), .t2 = new_set(r) };
	return v;
}

static int by_start_line(const void *a, const void *b)
{
	const struct lu_trace_verdict *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

static void verdicts(struct lu_trace_result *r, struct lu_trace_type *ty)
{
	uint64_t line = r->line_size,
		 step = ty->align < line ? ty->align : line;

	for (uint64_t start = 0; start < line; start += step) {
		for (size_t i = 0; i < ty->n_pairs; i++) {
			const struct lu_trace_pair *p = &ty->pairs[i];
			struct lu_trace_verdict *v;
			uint64_t first;

			if (!meet(&ty->s->members[p->a], &ty->s->members[p->b],
				  start, line, &first))
				continue;
			v = verdict_of(r, ty, start, first);
			v->written[p->a] = true;
			v->other[p->b] = true;
			set_or(v->t1, p->t1, r->words);
			set_or(v->t2, p->t2, r->words);
			v->observed = ty->starts_seen >> (start / step) & 1;
		}
		if (ty->align >= line)
			break;
	}
	if (ty->n_verdicts)
		qsort(ty->verdicts, ty->n_verdicts, sizeof(*ty->verdicts),
	      by_start_line);
	r->n_false_sharing += ty->n_verdicts;
}

/* ---- objects that share a line where they were ------------------------ */

static const char *touch_name(struct lu_trace_result *r, const struct touch *t)
{
	const struct lu_trace_obj *o = &r->objs[t->obj];
	const char *m = r->types[o->type_index].s->members[t->member].name;

	if (o->var && o->count > 1)
		return lu_arena_printf(&r->arena, "%s[%llu].%s", o->var,
				       (unsigned long long)t->elem, m);
	if (o->var)
		return lu_arena_printf(&r->arena, "%s.%s", o->var, m);
	return lu_arena_printf(&r->arena, "%s[%llu].%s (%s at 0x%llx)",
			       r->types[o->type_index].s->name,
			       (unsigned long long)t->elem, m, o->label,
			       (unsigned long long)o->addr);
}

struct placed {
	uint64_t line;
	struct touch t;
};

static int by_line(const void *a, const void *b)
{
	const struct placed *x = a, *y = b;

	return x->line < y->line ? -1 : x->line > y->line;
}

static bool same_place(const struct touch *a, const struct touch *b)
{
	return a->obj == b->obj && a->elem == b->elem;
}

static void neighbours(struct lu_trace_result *r, const struct placed *p,
		       size_t n)
{
	for (size_t first = 0, end; first < n; first = end) {
		for (end = first + 1; end < n && p[end].line == p[first].line;
		     end++)
			;
		for (size_t i = first; i < end; i++) {
			const struct touch *a = &p[i].t;

			if (!(a->kind & LU_TRACE_STORE))
				continue;
			for (size_t k = first; k < end; k++) {
				const struct touch *b = &p[k].t;
				bool b_touches_a = false;

				if (same_place(a, b) || b->thread == a->thread ||
				    !overlap(a, b))
					continue;
				for (size_t j = first; j < end && !b_touches_a;
				     j++)
					b_touches_a = same_place(&p[j].t, a) &&
						      p[j].t.member ==
							      a->member &&
						      p[j].t.thread == b->thread;
				if (b_touches_a)
					continue;
				const char *na = touch_name(r, a),
					   *nb = touch_name(r, b);
				struct lu_trace_neighbours *e = NULL;

				bool mirror = false;

				/* the same two the other way round: said once */
				for (size_t j = 0; j < r->n_neighbours && !e;
				     j++) {
					struct lu_trace_neighbours *x =
						&r->neighbours[j];

					if (x->line_addr != p[first].line)
						continue;
					if (!strcmp(x->a, na) &&
					    !strcmp(x->b, nb))
						e = x;
					else if (!strcmp(x->a, nb) &&
						 !strcmp(x->b, na))
						mirror = true;
				}
				if (mirror)
					continue;
				if (!e) {
					r->neighbours = lu_grow(
						r->neighbours,
						&r->cap_neighbours,
						r->n_neighbours,
						sizeof(*r->neighbours));
					e = &r->neighbours[r->n_neighbours++];
					*e = (struct lu_trace_neighbours){
						.line_addr = p[first].line,
						.a = na, .b = nb,
						.t1 = new_set(r),
						.t2 = new_set(r) };
				}
				set_bit(e->t1, a->thread);
				set_bit(e->t2, b->thread);
				e->b_stored |= (b->kind & LU_TRACE_STORE) != 0;
			}
		}
	}
	r->n_false_sharing += r->n_neighbours;
}

void lu_trace_map(const struct lu_trace *t, struct lu_trace_syms *sy,
		  const struct lu_set *set, const struct lu_trace_map_opts *o,
		  struct lu_trace_result *r)
{
	struct touch *v = NULL;
	size_t n = 0, cap = 0;
	struct placed *p;

	r->line_size = o->line_size ? o->line_size : set->line_size;
	if (!r->line_size)
		r->line_size = 64;
	r->n_threads = lu_trace_n_threads(t);
	r->words = (r->n_threads + 63) / 64 + 1;
	for (size_t i = 0; i < t->n_threads; i++)
		r->dropped += t->threads[i].dropped;
	r->threads_overlapped = lu_trace_threads_overlapped(t);
	for (size_t i = 0; i < r->n_objs; i++) {
		struct lu_trace_obj *ob = &r->objs[i];

		ob->type_index = type_of_obj(r, set, ob->type);
		if (ob->type_index == (size_t)-1)
			continue;
		struct lu_trace_type *ty = &r->types[ob->type_index];

		/* the object's size is its layout's: DWARF's variable and
		 * the struct agree, an allocation may be rounded up */
		if (ty->s->size && ob->elem_size != ty->s->size) {
			ob->count = ob->elem_size * ob->count / ty->s->size;
			ob->elem_size = ty->s->size;
		}
		if (!ob->count)
			ob->count = 1;
		if (!ty->n_objects++)
			ty->first_object = ob->label;
		uint64_t step = ty->align < r->line_size ? ty->align
							 : r->line_size;

		for (uint64_t e = 0; e < ob->count && e < 64; e++)
			ty->starts_seen |= 1ull << ((ob->addr + e * ob->elem_size) %
						    r->line_size / step);
	}
	/* drop the objects of types without a layout */
	{
		size_t k = 0;

		for (size_t i = 0; i < r->n_objs; i++)
			if (r->objs[i].type_index != (size_t)-1)
				r->objs[k++] = r->objs[i];
		r->n_objs = k;
	}
	for (size_t i = 0; i < t->n_accesses; i++) {
		const struct lu_trace_access *a = &t->accesses[i];
		size_t last_member = (size_t)-1;
		ptrdiff_t last_obj = -1;
		uint64_t last_elem = 0;
		bool mapped = false;

		r->n_accesses += a->count;
		r->n_estimated += a->estimate;
		for (unsigned b = 0; b < 64; b++) {
			uint64_t addr = a->granule + b, off, elem;
			ptrdiff_t oi, mi;

			if (!(a->mask >> b & 1))
				continue;
			oi = obj_at(r, addr, a->lo, a->hi);
			if (oi < 0)
				continue;
			struct lu_trace_obj *ob = &r->objs[oi];
			struct lu_trace_type *ty = &r->types[ob->type_index];

			elem = (addr - ob->addr) / ob->elem_size;
			off = (addr - ob->addr) % ob->elem_size;
			mi = member_at(ty->s, off);
			if (mi < 0)
				continue;
			mapped = true;
			if (oi == last_obj && elem == last_elem &&
			    (size_t)mi == last_member)
				continue;
			last_obj = oi;
			last_elem = elem;
			last_member = (size_t)mi;
			add_use(r, sy, &ty->members[mi], a);
			add_touch(&v, &n, &cap,
				  &(struct touch){ .obj = (size_t)oi,
						   .elem = elem,
						   .member = (size_t)mi,
						   .thread = a->thread,
						   .kind = a->kind,
						   .lo = a->lo, .hi = a->hi });
		}
		if (!mapped) {
			r->n_unmapped += a->count;
			if (a->mask)
				lu_trace_untyped_touch(
					&r->untyped,
					a->granule +
						(uint64_t)__builtin_ctzll(a->mask),
					a);
		}
	}
	lu_trace_untyped_finish(&r->untyped);
	if (n)
		qsort(v, n, sizeof(*v), by_object);
	for (size_t first = 0, end; first < n; first = end) {
		struct lu_trace_type *ty = &r->types[r->objs[v[first].obj].type_index];

		for (end = first + 1; end < n && same_place(&v[end], &v[first]);
		     end++)
			if (v[end].thread != v[first].thread)
				ty->shared = true;
		pairs_of(r, v, first, end);
	}
	for (size_t i = 0; i < r->n_types; i++) {
		struct lu_trace_type *ty = &r->types[i];

		/* code order: the same listing run after run */
		for (size_t m = 0; m < ty->s->n_members; m++)
			if (ty->members[m].n_uses)
				qsort(ty->members[m].uses,
				      ty->members[m].n_uses,
				      sizeof(*ty->members[m].uses), by_pc);
		verdicts(r, ty);
	}
	p = calloc(n ? n : 1, sizeof(*p));
	if (!p)
		abort();
	for (size_t i = 0; i < n; i++) {
		const struct lu_trace_obj *ob = &r->objs[v[i].obj];
		const struct lu_member *m =
			&r->types[ob->type_index].s->members[v[i].member];

		p[i].t = v[i];
		p[i].line = (ob->addr + v[i].elem * ob->elem_size + m->offset) /
			    r->line_size * r->line_size;
	}
	if (n)
		qsort(p, n, sizeof(*p), by_line);
	neighbours(r, p, n);
	free(p);
	free(v);
}

void lu_trace_result_free(struct lu_trace_result *r)
{
	for (size_t i = 0; i < r->n_types; i++) {
		for (size_t m = 0; m < r->types[i].s->n_members; m++)
			free(r->types[i].members[m].uses);
		free(r->types[i].pairs);
		free(r->types[i].verdicts);
	}
	free(r->types);
	free(r->objs);
	free(r->neighbours);
	lu_trace_untyped_free(&r->untyped);
	lu_arena_free(&r->arena);
	memset(r, 0, sizeof(*r));
}
