/* SPDX-License-Identifier: MIT */
/* Text formatted on several threads and written in order (ordered_out.h). */
#include "ordered_out.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

/* Items per run: large enough that taking a run costs nothing, small
 * enough that the first run is out at once and the threads end together. */
#define RUN 64

struct run {
	char *text;		/* malloc'd by open_memstream */
	size_t len;
	atomic_bool done;
};

struct job {
	size_t n, n_runs;
	lu_format_item *format;
	void *ctx;
	struct run *runs;
	atomic_size_t next;	/* the next run to take */
	atomic_bool stop;	/* OUT failed, or a stream could not open */
	int err;		/* errno of a stream that could not open */
	pthread_mutex_t lock;
	pthread_cond_t ready;	/* a run is done */
};

/* Takes one run and formats it, unless the write stopped; false when
 * none is left. A run taken is always marked done: the writer waits for
 * each in turn. */
static bool format_run(struct job *job)
{
	size_t r = atomic_fetch_add(&job->next, 1);

	if (r >= job->n_runs)
		return false;
	struct run *run = &job->runs[r];
	int failed = 0;

	if (!atomic_load(&job->stop)) {
		FILE *f = open_memstream(&run->text, &run->len);
		size_t end = (r + 1) * RUN < job->n ? (r + 1) * RUN : job->n;

		if (!f)
			failed = errno ? errno : ENOMEM;
		for (size_t i = r * RUN; f && !failed && i < end; i++)
			if (job->format(job->ctx, f, i))
				failed = errno ? errno : EIO;
		if (f && fclose(f) && !failed)
			failed = errno ? errno : ENOMEM;
	}
	pthread_mutex_lock(&job->lock);
	if (failed) {
		job->err = failed;
		atomic_store(&job->stop, true);
	}
	atomic_store(&run->done, true);
	pthread_cond_broadcast(&job->ready);
	pthread_mutex_unlock(&job->lock);
	return true;
}

static void *worker(void *arg)
{
	while (format_run(arg))
		;
	return NULL;
}

static void wait_for(struct job *job, struct run *run)
{
	pthread_mutex_lock(&job->lock);
	while (!atomic_load(&run->done))
		pthread_cond_wait(&job->ready, &job->lock);
	pthread_mutex_unlock(&job->lock);
}

static int parallel(FILE *out, struct job *job, unsigned jobs)
{
	pthread_t *tid = calloc(jobs, sizeof(*tid));
	size_t started = 0, written = 0;

	for (; tid && started + 1 < jobs; started++)
		if (pthread_create(&tid[started], NULL, worker, job))
			break;
	/* this thread formats too, and writes each run once those before
	 * it are out */
	while (written < job->n_runs) {
		struct run *run = &job->runs[written];

		if (!atomic_load(&run->done) && !format_run(job))
			wait_for(job, run);
		while (written < job->n_runs &&
		       atomic_load(&job->runs[written].done)) {
			run = &job->runs[written++];
			if (!atomic_load(&job->stop) && run->text &&
			    fwrite(run->text, 1, run->len, out) != run->len)
				atomic_store(&job->stop, true);
			free(run->text);
			run->text = NULL;
			if (ferror(out))
				atomic_store(&job->stop, true);
		}
		if (atomic_load(&job->stop))
			break;
	}
	atomic_store(&job->stop, true);
	for (size_t i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	for (size_t i = written; i < job->n_runs; i++)
		free(job->runs[i].text);
	free(tid);
	if (job->err) {
		errno = job->err;
		return -1;
	}
	return ferror(out) ? -1 : 0;
}

int lu_ordered_out(FILE *out, size_t n, unsigned jobs, lu_format_item *format,
		   void *ctx)
{
	size_t n_runs = (n + RUN - 1) / RUN;

	if (jobs > n_runs)
		jobs = (unsigned)n_runs;
	if (jobs < 2) {
		for (size_t i = 0; i < n && !ferror(out); i++)
			if (format(ctx, out, i))
				return -1;
		return ferror(out) ? -1 : 0;
	}
	struct job job = {
		.n = n, .n_runs = n_runs, .format = format, .ctx = ctx,
		.runs = calloc(n_runs, sizeof(*job.runs)),
	};
	int rc;

	if (!job.runs)
		abort();
	atomic_init(&job.next, 0);
	atomic_init(&job.stop, false);
	for (size_t i = 0; i < n_runs; i++)
		atomic_init(&job.runs[i].done, false);
	pthread_mutex_init(&job.lock, NULL);
	pthread_cond_init(&job.ready, NULL);
	rc = parallel(out, &job, jobs);
	pthread_cond_destroy(&job.ready);
	pthread_mutex_destroy(&job.lock);
	free(job.runs);
	return rc;
}
