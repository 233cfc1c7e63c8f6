/* SPDX-License-Identifier: MIT */
/*
 * Reading units on several threads (-j N). One thread lists every unit of
 * every module first (read_dwarf.c): libdw interns units lazily, in a
 * tree that is not safe to grow from two threads, and once every unit is
 * in it, the references between units (DW_FORM_ref_addr, type units'
 * signatures) only look units up. Worker i of N then reads units i, i + N,
 * i + 2N, ... in increasing order, each into a reader and a set of its
 * own, logging what it did; dwarf_kept.c replays the logs in unit order
 * into the read's set, which ends as a serial read leaves it. Units are
 * dealt round, not taken from a counter: a kernel's 2,000 units even out
 * between threads as well, and which thread reads which unit is the same
 * on every run, so a test of the merge fails on every run when it is
 * wrong, not when the scheduler happens to interleave.
 *
 * One Dwarf handle serves every thread (libdw reads DIEs and abbreviations
 * concurrently since elfutils 0.178): the caches it fills on demand are
 * either avoided (dwarf_getlocation, decoded in dwarf_types.c; file names,
 * dwarf_files.c) or taken under one lock (dwarf_decl_file's fallback).
 * doc/architecture.md says why not one handle per thread.
 */
#include "dwarf_reader.h"

#include <elfutils/libdwelf.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "map_guard.h"

void lu_dw_tasks_add(struct lu_dw_tasks *tasks, struct dwarf_reader *r,
		     Dwarf *dw, char *label)
{
	const char *alt;
	const void *id;

	tasks->m = lu_grow(tasks->m, &tasks->cap_m, tasks->n_m,
			   sizeof(*tasks->m));
	tasks->m[tasks->n_m++] = (struct lu_dw_module){
		.label = label, .path = r->path, .unit = r->unit,
		.big_endian = r->big_endian,
		.max_base_align = r->abi.max_base_align,
	};
	if (dwelf_dwarf_gnu_debugaltlink(dw, &alt, &id) > 0)
		tasks->serial = true;

	Dwarf_CU *cu = NULL;
	uint8_t type;
	Dwarf_Die cudie;
	int rc = 0;

	while (!tasks->serial && !lu_map_guard_shrank() &&
	       (rc = dwarf_get_units(dw, cu, &cu, NULL, &type, &cudie,
				     NULL)) == 0) {
		if (type != DW_UT_compile && type != DW_UT_type &&
		    type != DW_UT_partial) {
			tasks->serial = true; /* split DWARF */
			break;
		}
		tasks->t = lu_grow(tasks->t, &tasks->cap, tasks->n,
				   sizeof(*tasks->t));
		tasks->t[tasks->n++] = (struct lu_dw_task){
			.cudie = cudie, .module = tasks->n_m - 1,
		};
	}
	/* as the serial walk would say on reaching this module: its units
	 * before it are still to be read, and libelf's reason (a corrupt
	 * compressed section) is said only once; a file that shrank is
	 * visit_module's to report */
	if (!tasks->serial && rc < 0 && !lu_map_guard_shrank()) {
		lu_error_set(r->err, "failed to read DWARF from %s: %s",
			     r->path, lu_dw_why());
		r->failed = true;
	}
}

void lu_dw_tasks_free(struct lu_dw_tasks *tasks)
{
	for (size_t i = 0; i < tasks->n_m; i++)
		free(tasks->m[i].label);
	free(tasks->m);
	free(tasks->t);
}

/* What the workers share: the units, how many deal them, the lock. */
struct job {
	const struct lu_dw_tasks *tasks;
	size_t n_workers;
	atomic_bool stop;	/* a worker failed: the read is serial */
	unsigned *owner;	/* the worker of each unit */
	pthread_mutex_t libdw_lock;
	struct lu_dw_claims claims;	/* who built what first */
};

/* A worker's own state: its reader and what the reader points to. */
struct worker {
	struct job *job;
	unsigned id;
	struct dwarf_reader *r;
	struct lu_read_ctx ctx;
	struct lu_set set;
	struct lu_error err;
	struct lu_dw_log log;
};

static void worker_init(struct worker *wk, struct dwarf_reader *w,
			const struct dwarf_reader *r)
{
	wk->ctx = *r->ctx;	/* its wanted names are only looked up */
	wk->ctx.set = &wk->set;
	wk->ctx.err = &wk->err;
	lu_set_init(&wk->set, r->ctx->path);
	memset(w, 0, sizeof(*w));
	w->ctx = &wk->ctx;
	w->opts = r->opts;
	w->set = &wk->set;
	w->err = &wk->err;
	w->path = r->path;
	w->cwd = r->cwd;	/* the read's, only read */
	w->abi.max_base_align = 16;
	w->log = &wk->log;
	w->libdw_lock = &wk->job->libdw_lock;
	w->claims = &wk->job->claims;
	wk->r = w;
}

static void worker_free(struct worker *wk)
{
	struct dwarf_reader *w = wk->r;

	free(w->members);
	free(w->blocks);
	lu_dw_abi_free(&w->abi);
	free(w->kept.slots);
	free(w->placed.slots);
	lu_dw_memo_free(&w->built);
	lu_strset_free(&w->unmarked);
	lu_dwarf_free_memos(w);
	free(wk->log.ev);
	lu_strset_free(&wk->log.marked);
	lu_strset_free(&wk->log.unmarked);
	lu_set_free(&wk->set);
}

static void *work(void *arg)
{
	struct worker *wk = arg;
	struct job *job = wk->job;
	struct dwarf_reader *w = wk->r;
	size_t n = job->tasks->n;

	for (size_t t = wk->id; t < n; t += job->n_workers) {
		if (atomic_load(&job->stop))
			break;
		const struct lu_dw_task *task = &job->tasks->t[t];
		const struct lu_dw_module *m = &job->tasks->m[task->module];
		Dwarf_Die cudie = task->cudie;
		struct lu_map_guard guard;

		job->owner[t] = wk->id;
		wk->log.task = t;
		w->path = m->path;
		w->unit = m->unit;
		w->big_endian = m->big_endian;
		w->abi.max_base_align = m->max_base_align;
		lu_map_guard_arm(&guard);
		lu_dwarf_read_unit(w, &cudie);
		if (lu_map_guard_disarm(&guard))
			w->failed = true;
		if (w->failed) {
			atomic_store(&job->stop, true);
			break;
		}
	}
	return NULL;
}

int lu_dwarf_run_tasks(struct dwarf_reader *r, const struct lu_dw_tasks *tasks,
		       unsigned jobs)
{
	struct job job = { .tasks = tasks };
	size_t n = jobs < tasks->n ? jobs : tasks->n;
	struct worker *wk = calloc(n, sizeof(*wk));
	struct dwarf_reader *w = calloc(n, sizeof(*w));
	pthread_t *tid = calloc(n, sizeof(*tid));
	size_t started = 1;	/* threads: this one and those created */
	int rc = 1;

	job.owner = calloc(tasks->n, sizeof(*job.owner));
	if (!wk || !w || !tid || !job.owner)
		abort();
	job.n_workers = n;
	atomic_init(&job.stop, false);
	pthread_mutex_init(&job.libdw_lock, NULL);
	lu_dw_claims_init(&job.claims);
	for (size_t i = 0; i < n; i++) {
		wk[i].job = &job;
		wk[i].id = (unsigned)i;
		worker_init(&wk[i], &w[i], r);
	}
	/* this thread is worker 0; where no more can start, it reads their
	 * units too, after its own, as the last of them */
	for (; started < n; started++)
		if (pthread_create(&tid[started], NULL, work, &wk[started]))
			break;
	work(&wk[0]);
	for (size_t i = started; i < n; i++)
		work(&wk[i]);
	for (size_t i = 1; i < started; i++)
		pthread_join(tid[i], NULL);
	if (!atomic_load(&job.stop) && lu_dwarf_markers_agree(w, n)) {
		lu_dwarf_merge(r, w, n, job.owner, tasks->n);
		rc = 0;
	}
	for (size_t i = 0; i < n; i++)
		worker_free(&wk[i]);
	pthread_mutex_destroy(&job.libdw_lock);
	lu_dw_claims_free(&job.claims);
	free(job.owner);
	free(tid);
	free(w);
	free(wk);
	return rc;
}
