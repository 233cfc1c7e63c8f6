/* SPDX-License-Identifier: MIT */
/*
 * The seed's bug as a running program, for lineup trace (README.md): one
 * thread adds to load_avg as update_load_avg does at every tick, two load
 * parent, rt_se and rt_rq as set_task_cpu does at every wakeup. Build it
 * with the seed's options and lineup trace-cc:
 *
 *     lineup trace-cc gcc -O2 -DCONFIG_FAIR_GROUP_SCHED -DCONFIG_SMP \
 *         -DCONFIG_RT_GROUP_SCHED -Iinclude -o tick \
 *         examples/task_group/tick.c
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "task_group_before.c"

#define ROUNDS 200000

static pthread_barrier_t start;
static atomic_int begun;	/* threads past their first access */
static atomic_int done;	/* threads past ROUNDS rounds */

/* The threads' first accesses before any round: lineup trace's clock
 * moves at each thread's first, so that once all three have made theirs,
 * every round of each is in the same stretch of time, however fast a
 * thread's rounds are and however the scheduler staggers them. */
static void begin(void)
{
	atomic_fetch_add(&begun, 1);
	while (atomic_load(&begun) < 3)
		;
}

/* Each thread runs until all three have done ROUNDS rounds, so that they
 * run at the same time however the scheduler staggers them. */
static int running(long i)
{
	if (i == ROUNDS)
		atomic_fetch_add(&done, 1);
	return atomic_load_explicit(&done, memory_order_relaxed) < 3;
}

static void *tick(void *p)
{
	struct task_group *tg = p;

	pthread_barrier_wait(&start);
	begin();
	for (long i = 0; running(i); i++)
		atomic_fetch_add_explicit((_Atomic long *)&tg->load_avg.counter,
					  1, memory_order_relaxed);
	return NULL;
}

static void *wakeup(void *p)
{
	struct task_group *tg = p;
	uintptr_t sum = 0;

	pthread_barrier_wait(&start);
	begin();
	for (long i = 0; running(i); i++) {
		sum += (uintptr_t)*(struct task_group *volatile *)&tg->parent;
		sum += (uintptr_t)*(void *volatile *)&tg->rt_se;
		sum += (uintptr_t)*(void *volatile *)&tg->rt_rq;
	}
	return (void *)sum;
}

int main(void)
{
	struct task_group *tg = aligned_alloc(64, sizeof(*tg));
	pthread_t t[3];

	if (!tg)
		return 2;
	tg->parent = &root_task_group;
	pthread_barrier_init(&start, NULL, 3);
	pthread_create(&t[0], NULL, tick, tg);
	pthread_create(&t[1], NULL, wakeup, tg);
	pthread_create(&t[2], NULL, wakeup, tg);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	free(tg);
	return 0;
}
