/* SPDX-License-Identifier: MIT */
/*
 * A unit as real code has them, for bench/matrix_pipeline and bench/run:
 * system headers (preprocessing them is most of a small unit's compile)
 * and a struct whose layout eight options change, each its own way.
 */
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

struct conn {
#ifdef OPT_WIDE
	atomic_llong counter;
#else
	atomic_int counter;
#endif
#ifdef OPT_IPV6
	struct sockaddr_in6 peer;
#else
	struct sockaddr_in peer;
#endif
#ifdef OPT_SPIN
	pthread_spinlock_t lock;
#else
	pthread_mutex_t lock;
#endif
#ifdef OPT_STATS
	atomic_long stats[4];
#endif
#ifdef OPT_DEBUG
	FILE *log;
#endif
#ifdef OPT_TIMES
	struct timespec opened, used;
#endif
#ifdef OPT_WAIT
	pthread_cond_t ready;
#endif
#ifdef OPT_NAME
	char name[48];
#endif
	int fd;
	const void *config;
};

struct conn *conn_open(int domain)
{
	struct conn *c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->fd = socket(domain, SOCK_STREAM, 0);
#ifdef OPT_SPIN
	pthread_spin_init(&c->lock, PTHREAD_PROCESS_PRIVATE);
#else
	pthread_mutex_init(&c->lock, NULL);
#endif
#ifdef OPT_TIMES
	clock_gettime(CLOCK_MONOTONIC, &c->opened);
#endif
#ifdef OPT_NAME
	snprintf(c->name, sizeof(c->name), "conn-%d", c->fd);
#endif
	return c;
}

long conn_use(struct conn *c, long n)
{
	long sum = atomic_fetch_add(&c->counter, 1);

#ifdef OPT_STATS
	for (int i = 0; i < 4; i++)
		sum += atomic_fetch_add(&c->stats[i], n >> i);
#endif
#ifdef OPT_DEBUG
	if (c->log)
		fprintf(c->log, "use %ld\n", n);
#endif
	return sum + (c->config != NULL);
}
