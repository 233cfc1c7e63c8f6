/* SPDX-License-Identifier: MIT */
/* Reads the runtime's trace file; see trace_file.h. */
#include "trace_file.h"

#include <stdlib.h>
#include <string.h>

#define MAGIC "lineup-trace 1\n"

bool lu_trace_is_trace(const char *text, size_t len)
{
	return len >= strlen(MAGIC) && !memcmp(text, MAGIC, strlen(MAGIC));
}

/* Up to MAX hex numbers from P; how many were read. */
static size_t hex_fields(const char *p, const char *end, uint64_t *v,
			 size_t max, const char **rest)
{
	size_t n = 0;

	while (n < max) {
		uint64_t x = 0;
		int digits = 0;

		while (p < end && *p == ' ')
			p++;
		while (p < end && digits < 17) {
			char c = *p;
			int d = c >= '0' && c <= '9'   ? c - '0'
				: c >= 'a' && c <= 'f' ? c - 'a' + 10
						       : -1;

			if (d < 0)
				break;
			x = x << 4 | (uint64_t)d;
			digits++;
			p++;
		}
		if (!digits || digits > 16 || (p < end && *p != ' '))
			break;
		v[n++] = x;
	}
	if (rest)
		*rest = p;
	return n;
}

/* "m 55d0c000-55d0c021 r-xp 00001000 fe:01 1234   /path" */
static bool parse_map(struct lu_trace *t, const char *p, const char *end)
{
	char *e;
	uint64_t start = strtoull(p, &e, 16), stop, off;
	struct lu_trace_map *m;
	const char *perms;

	if (e >= end || *e != '-')
		return false;
	stop = strtoull(e + 1, &e, 16);
	if (e >= end || *e != ' ' || end - e < 6)
		return false;
	perms = e + 1;
	off = strtoull(perms + 5, &e, 16);
	if (e >= end)
		return false;
	/* device and inode, then the path after spaces */
	for (int f = 0; f < 2; f++) {
		while (e < end && *e == ' ')
			e++;
		while (e < end && *e != ' ')
			e++;
	}
	while (e < end && *e == ' ')
		e++;
	t->maps = lu_grow(t->maps, &t->cap_maps, t->n_maps, sizeof(*t->maps));
	m = &t->maps[t->n_maps++];
	*m = (struct lu_trace_map){
		.start = start, .end = stop, .offset = off,
		.exec = perms[2] == 'x',
		.path = lu_arena_strndup(&t->arena, e, (size_t)(end - e)),
	};
	return true;
}

/* Calls in bursts below this scale by CPU time instead: too few to say. */
#define MIN_BURST_CALLS 64

/* What a thread's bursts are of its whole: the calls of instrumented
 * functions made in them over all, which the counting copies' being
 * slower does not skew; CPU time when it made too few. 1: no bursts, or
 * nothing outside them. */
static double burst_scale(const struct lu_trace_thread *th)
{
	if (th->burst_calls >= MIN_BURST_CALLS)
		return th->calls > th->burst_calls
			       ? (double)th->calls / (double)th->burst_calls
			       : 1;
	if (th->burst_ns && th->cpu_ns > th->burst_ns)
		return (double)th->cpu_ns / (double)th->burst_ns;
	return 1;
}

/* Each access's estimate (lu_trace_access.estimate), and the bursts'
 * share of CPU time. */
static void estimate(struct lu_trace *t)
{
	uint32_t n = lu_trace_n_threads(t);
	const struct lu_trace_thread **by_id = calloc(n ? n : 1,
						      sizeof(*by_id));

	if (!by_id)
		abort();
	for (size_t i = 0; i < t->n_threads; i++) {
		const struct lu_trace_thread *th = &t->threads[i];

		by_id[th->id] = th;
		if (th->cpu_ns >= th->burst_ns && th->burst_ns) {
			t->burst_ns += th->burst_ns;
			t->burst_cpu_ns += th->cpu_ns;
		}
	}
	for (size_t i = 0; i < t->n_accesses; i++) {
		struct lu_trace_access *a = &t->accesses[i];
		const struct lu_trace_thread *th = by_id[a->thread];

		if (!a->burst)
			a->estimate = a->count * (t->sample ? t->sample : 1);
		else
			a->estimate = (uint64_t)((double)a->count *
						 (th ? burst_scale(th) : 1) +
						 0.5);
	}
	free(by_id);
}

int lu_trace_parse(const char *path, const char *text, size_t len,
		   struct lu_trace *t, struct lu_error *err)
{
	const char *p = text, *end = text + len;
	unsigned lineno = 0;

	memset(t, 0, sizeof(*t));
	t->path = path;
	t->sample = 1;
	if (!lu_trace_is_trace(text, len)) {
		lu_error_set(err, "failed to read %s: not a lineup trace (no "
				  "'lineup-trace 1' line)", path);
		return -1;
	}
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end, *rest;
		uint64_t v[12];
		size_t n;
		bool ok = true;

		lineno++;
		if (lineno == 1 || eol == p) {
			p = eol + 1;
			continue;
		}
		switch (*p) {
		case 'm':
			ok = eol - p > 2 && parse_map(t, p + 2, eol);
			break;
		case 't':
			n = hex_fields(p + 1, eol, v, 8, NULL);
			ok = (n == 4 || n == 8) && v[0] < LU_TRACE_MAX_THREADS &&
			     v[1] <= 0xffffffffu && v[2] <= 0xffffffffu;
			if (ok) {
				t->threads = lu_grow(t->threads,
						     &t->cap_threads,
						     t->n_threads,
						     sizeof(*t->threads));
				t->threads[t->n_threads++] =
					(struct lu_trace_thread){
						.id = (uint32_t)v[0],
						.birth = (uint32_t)v[1],
						.death = (uint32_t)v[2],
						.dropped = v[3],
						.burst_ns = n == 8 ? v[4] : 0,
						.cpu_ns = n == 8 ? v[5] : 0,
						.burst_calls = n == 8 ? v[6] : 0,
						.calls = n == 8 ? v[7] : 0 };
			}
			break;
		case 'h':
			n = hex_fields(p + 1, eol, v, 5 + LU_TRACE_SITES, NULL);
			ok = n == 5 + LU_TRACE_SITES && v[4] < LU_TRACE_MAX_THREADS;
			if (ok) {
				struct lu_trace_alloc *a;

				t->allocs = lu_grow(t->allocs, &t->cap_allocs,
						    t->n_allocs,
						    sizeof(*t->allocs));
				a = &t->allocs[t->n_allocs++];
				*a = (struct lu_trace_alloc){
					.addr = v[0], .size = v[1],
					.from = (uint32_t)v[2],
					.to = (uint32_t)v[3],
					.thread = (uint32_t)v[4] };
				for (int i = 0; i < LU_TRACE_SITES; i++)
					a->site[i] = v[5 + i];
			}
			break;
		case 'o':
			n = hex_fields(p + 1, eol, v, 2, &rest);
			ok = n == 2 && rest < eol;
			if (ok) {
				struct lu_trace_object *o;

				t->objects = lu_grow(t->objects,
						     &t->cap_objects,
						     t->n_objects,
						     sizeof(*t->objects));
				o = &t->objects[t->n_objects++];
				o->addr = v[0];
				o->size = v[1];
				o->type = lu_arena_strndup(
					&t->arena, rest + 1,
					(size_t)(eol - rest - 1));
			}
			break;
		case 'a':
			n = hex_fields(p + 1, eol, v, 8, NULL);
			ok = n == 8 && v[3] < LU_TRACE_MAX_THREADS &&
			     v[5] <= 0xffffffffu && v[6] <= 0xffffffffu;
			if (ok) {
				t->accesses = lu_grow(t->accesses,
						      &t->cap_accesses,
						      t->n_accesses,
						      sizeof(*t->accesses));
				t->accesses[t->n_accesses++] =
					(struct lu_trace_access){
						.granule = v[0], .mask = v[1],
						.kind = (uint32_t)v[2] & 7,
						.burst = v[2] & 8,
						.thread = (uint32_t)v[3],
						.pc = v[4],
						.lo = (uint32_t)v[5],
						.hi = (uint32_t)v[6],
						.count = v[7] };
			}
			break;
		default:
			if (eol - p > 4 && !memcmp(p, "pid ", 4)) {
				ok = hex_fields(p + 3, eol, v, 1, NULL) == 1;
				t->pid = v[0];
			} else if (eol - p > 7 && !memcmp(p, "sample ", 7)) {
				ok = hex_fields(p + 6, eol, v, 1, NULL) == 1 &&
				     v[0] >= 1 && v[0] <= 0xffffffffu;
				t->sample = ok ? (uint32_t)v[0] : 1;
			} else if (eol - p > 7 && !memcmp(p, "signal ", 7)) {
				ok = hex_fields(p + 6, eol, v, 1, NULL) == 1 &&
				     v[0] >= 1 && v[0] < 128;
				t->signal = ok ? (int)v[0] : 0;
			} else if (eol - p > 4 && !memcmp(p, "exe ", 4)) {
				t->exe = lu_arena_strndup(&t->arena, p + 4,
							  (size_t)(eol - p - 4));
			} else if (eol - p == 3 && !memcmp(p, "end", 3)) {
				t->complete = true;
			} else {
				ok = false;
			}
		}
		if (!ok) {
			lu_error_set(err, "failed to read %s: line %u: "
					  "malformed record", path, lineno);
			return -1;
		}
		p = eol + 1;
	}
	if (!t->complete) {
		lu_error_set(err, "failed to read %s: truncated (no 'end' "
				  "line: the program did not exit normally?)",
			     path);
		return -1;
	}
	estimate(t);
	return 0;
}

void lu_trace_free(struct lu_trace *t)
{
	free(t->maps);
	free(t->threads);
	free(t->allocs);
	free(t->objects);
	free(t->accesses);
	lu_arena_free(&t->arena);
	memset(t, 0, sizeof(*t));
}

uint32_t lu_trace_n_threads(const struct lu_trace *t)
{
	uint32_t n = 0;

	for (size_t i = 0; i < t->n_threads; i++)
		if (t->threads[i].id + 1 > n)
			n = t->threads[i].id + 1;
	for (size_t i = 0; i < t->n_accesses; i++)
		if (t->accesses[i].thread + 1 > n)
			n = t->accesses[i].thread + 1;
	return n;
}

/* Spans per thread, from its first access to its last. */
bool lu_trace_threads_overlapped(const struct lu_trace *t)
{
	uint32_t n = lu_trace_n_threads(t);
	uint32_t *lo = calloc(n ? n : 1, sizeof(*lo)),
		 *hi = calloc(n ? n : 1, sizeof(*hi));
	bool yes = false;

	if (!lo || !hi)
		abort();
	for (size_t i = 0; i < t->n_accesses; i++) {
		const struct lu_trace_access *a = &t->accesses[i];

		if (!hi[a->thread] || a->lo < lo[a->thread])
			lo[a->thread] = a->lo;
		if (a->hi + 1 > hi[a->thread])
			hi[a->thread] = a->hi + 1;	/* 0: none */
	}
	for (uint32_t x = 0; x < n && !yes; x++)
		for (uint32_t y = x + 1; hi[x] && y < n && !yes; y++)
			yes = hi[y] && lo[x] < hi[y] && lo[y] < hi[x];
	free(lo);
	free(hi);
	return yes;
}
