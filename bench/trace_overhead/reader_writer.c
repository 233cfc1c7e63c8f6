/* SPDX-License-Identifier: MIT */
/*
 * The cost of lineup trace on the loop users meet most: a reader loading
 * two fields of a struct while a writer adds to a counter on its own line
 * (issue 30's case). A fixed number of rounds, so the times of the plain,
 * traced and sampled builds compare; the reader's loop is timed on its
 * own, since that is where the runtime's call per access shows.
 *
 *     reader_writer [ROUNDS]
 *
 * prints "reader WALL CPU writer WALL CPU" in seconds: CPU is the loop's
 * thread CPU time, which a busy machine's other work does not inflate.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct shared {
	_Alignas(64) _Atomic long count;	/* the writer's */
	_Alignas(64) long limit;		/* the reader's */
	long scale;
};

static struct shared sh = { .limit = 7, .scale = 3 };
static long rounds = 20000000;
static _Atomic int ready;

static double now(clockid_t c)
{
	struct timespec t;

	clock_gettime(c, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* wall and CPU seconds of a loop */
struct took {
	double wall, cpu;
};

/* Both threads start their loops together, each timing its own. */
static void begin(struct took *t)
{
	atomic_fetch_add(&ready, 1);
	while (atomic_load(&ready) < 2)
		;
	t->wall = now(CLOCK_MONOTONIC);
	t->cpu = now(CLOCK_THREAD_CPUTIME_ID);
}

static void end(struct took *t)
{
	t->cpu = now(CLOCK_THREAD_CPUTIME_ID) - t->cpu;
	t->wall = now(CLOCK_MONOTONIC) - t->wall;
}

static void *writer(void *p)
{
	begin(p);
	for (long i = 0; i < rounds; i++)
		atomic_fetch_add_explicit(&sh.count, 1, memory_order_relaxed);
	end(p);
	return NULL;
}

static void *reader(void *p)
{
	long sum = 0;

	begin(p);
	for (long i = 0; i < rounds; i++)
		sum += *(volatile long *)&sh.limit * *(volatile long *)&sh.scale;
	end(p);
	return (void *)sum;
}

int main(int argc, char **argv)
{
	struct took tr = { 0, 0 }, tw = { 0, 0 };
	pthread_t r, w;

	if (argc > 1)
		rounds = atol(argv[1]);
	if (pthread_create(&r, NULL, reader, &tr) ||
	    pthread_create(&w, NULL, writer, &tw))
		return 2;
	pthread_join(r, NULL);
	pthread_join(w, NULL);
	printf("reader %.4f %.4f writer %.4f %.4f\n", tr.wall, tr.cpu,
	       tw.wall, tw.cpu);
	return 0;
}
