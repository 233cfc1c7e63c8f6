/* SPDX-License-Identifier: MIT */
/*
 * false_sharing - what the bug lineup prevents costs, measured on the real
 * layouts of struct task_group from examples/task_group/.
 *
 * One writer thread does what update_load_avg() does at every tick (a
 * relaxed atomic add to load_avg) while the other CPUs do what
 * set_task_cpu() does at every wakeup (load parent, rt_se and rt_rq). In the
 * "before" layout load_avg shares a cache line with rt_se and rt_rq, so every
 * add invalidates the line under every reader; in the fixed layouts it does
 * not. With writers on several CPUs (--spread-writers) the one load_avg
 * also bounces between them; the "split" layout gives each writer a slot
 * of its own (LINEUP_SLOTS) and sums the slots on read. The table compares
 * reader and writer throughput against "before" as kernel changelogs do:
 * mean (std%) per layout, and the change in %.
 *
 * usage: false_sharing [--duration SECONDS] [--runs N] [--readers N]
 *                      [--writers N] [--spread-writers] [--no-pin]
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <lineup.h>

#include "fs.h"

#define FS_NLAYOUTS 4

/* The configuration the layouts were compiled in, for the report. */
#if defined(CONFIG_SCHED_AUTOGROUP)
#define FS_CONFIG_AUTOGROUP " CONFIG_SCHED_AUTOGROUP"
#else
#define FS_CONFIG_AUTOGROUP ""
#endif
#define FS_CONFIG "CONFIG_FAIR_GROUP_SCHED CONFIG_SMP CONFIG_RT_GROUP_SCHED" \
	FS_CONFIG_AUTOGROUP

struct fs_opts {
	double duration;	/* seconds per run */
	int runs;		/* runs per layout */
	int readers;		/* 0: one per CPU but the writers' */
	int writers;
	int spread;		/* writers on every CPU, not all on the first */
	int pin;
};

/*
 * Flags every thread polls. Each gets a destructive-interference span of its
 * own, or the benchmark would add false sharing of its own to the one it
 * measures: 'ready' is stored by every thread while the others spin on 'go'.
 */
struct fs_ctl {
	alignas(LINEUP_DESTRUCTIVE_SIZE) atomic_int ready;
	alignas(LINEUP_DESTRUCTIVE_SIZE) atomic_int go;
	alignas(LINEUP_DESTRUCTIVE_SIZE) atomic_int stop;
};

struct fs_thread {
	pthread_t tid;
	struct fs_ctl *ctl;
	const struct fs_layout *layout;
	void *tg;
	int cpu;		/* -1: not pinned */
	int writer;
	unsigned index;		/* among the writers: split's slot */
	int pin_err;		/* errno of a failed pin, 0 if pinned */
	uint64_t count;
	double seconds;		/* wall time of the loop */
	double cpu_seconds;	/* of which on a CPU */
	uintptr_t sink;
};

/* Per-layout results, one sample per run. */
struct fs_result {
	const struct fs_layout *layout;
	void *tg;
	double *reader;		/* accesses per second, summed over threads */
	double *writer;
	double *oncpu;		/* share of the wall time the threads ran */
	uint64_t adds;		/* by every writer so far: load_avg's value */
};

static double now(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int pin_self(int cpu)
{
#if defined(__linux__)
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
#else
	(void)cpu;
	return ENOSYS;
#endif
}

static void *fs_thread_main(void *arg)
{
	struct fs_thread *t = arg;
	struct fs_ctl *ctl = t->ctl;
	double t0, c0;

	if (t->cpu >= 0)
		t->pin_err = pin_self(t->cpu);
	atomic_fetch_add(&ctl->ready, 1);
	/* Yield while waiting: with as many threads as CPUs, a spinning
	 * thread would keep the main thread from ever setting 'go'. */
	while (!atomic_load(&ctl->go))
		sched_yield();

	t0 = now(CLOCK_MONOTONIC);
	c0 = now(CLOCK_THREAD_CPUTIME_ID);
	if (t->writer)
		t->count = t->layout->write(t->tg, t->index, &ctl->stop);
	else
		t->count = t->layout->read(t->tg, &ctl->stop, &t->sink);
	t->cpu_seconds = now(CLOCK_THREAD_CPUTIME_ID) - c0;
	t->seconds = now(CLOCK_MONOTONIC) - t0;
	return NULL;
}

static void sleep_for(double seconds)
{
	struct timespec ts;

	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

/*
 * One timed run: start every thread, let them all pass the 'go' line, sleep
 * for the duration, stop them. Each thread times its own loop, so thread
 * start-up and join are not counted.
 */
static int run_once(const struct fs_opts *o, const int *cpus, int ncpus,
		    struct fs_thread *th, struct fs_ctl *ctl,
		    struct fs_result *res, int run, int *pin_err)
{
	int n = o->writers + o->readers;
	int started = 0;
	int err = 0;

	atomic_store(&ctl->ready, 0);
	atomic_store(&ctl->go, 0);
	atomic_store(&ctl->stop, 0);

	for (int i = 0; i < n; i++) {
		struct fs_thread *t = &th[i];

		memset(t, 0, sizeof(*t));
		t->ctl = ctl;
		t->layout = res->layout;
		t->tg = res->tg;
		t->writer = i < o->writers;
		t->index = (unsigned)i;
		/* writers share the first CPU, readers take the rest; spread,
		 * both go round the CPUs, readers after the writers */
		if (!o->pin)
			t->cpu = -1;
		else if (o->spread)
			t->cpu = cpus[i % ncpus];
		else if (t->writer || ncpus == 1)
			t->cpu = cpus[0];
		else
			t->cpu = cpus[1 + (i - o->writers) % (ncpus - 1)];
		err = pthread_create(&t->tid, NULL, fs_thread_main, t);
		if (err)
			break;
		started++;
	}

	while (atomic_load(&ctl->ready) < started)
		sleep_for(1e-4);
	atomic_store(&ctl->go, 1);
	if (!err)
		sleep_for(o->duration);
	atomic_store(&ctl->stop, 1);

	res->reader[run] = 0;
	res->writer[run] = 0;
	res->oncpu[run] = 0;
	for (int i = 0; i < started; i++) {
		struct fs_thread *t = &th[i];
		double rate;

		pthread_join(t->tid, NULL);
		if (t->writer)
			res->adds += t->count;
		if (t->pin_err && !*pin_err)
			*pin_err = t->pin_err;
		rate = t->seconds > 0 ? (double)t->count / t->seconds : 0;
		if (t->seconds > 0)
			res->oncpu[run] += t->cpu_seconds / t->seconds /
					    started;
		if (t->writer)
			res->writer[run] += rate;
		else
			res->reader[run] += rate;
	}
	if (err)
		fprintf(stderr, "false_sharing: failed to start thread %d of %d: %s\n",
			started + 1, n, strerror(err));
	/* Read the total as a reader would (split: the sum of its slots);
	 * a lost add would mean the layout times a broken counter. */
	if (!err && res->layout->total(res->tg) != res->adds) {
		fprintf(stderr, "false_sharing: layout %s: load_avg reads %llu after %llu adds\n",
			res->layout->name,
			(unsigned long long)res->layout->total(res->tg),
			(unsigned long long)res->adds);
		return -1;
	}
	return err ? -1 : 0;
}

static int line_of(size_t off)
{
	return (int)(off / LINEUP_CACHELINE_SIZE);
}

/* Whether any line holds a byte of both [a, a + asz) and [b, b + bsz). */
static int share_line(size_t a, size_t asz, size_t b, size_t bsz)
{
	size_t l = LINEUP_CACHELINE_SIZE;

	return a / l <= (b + bsz - 1) / l && b / l <= (a + asz - 1) / l;
}

/*
 * Print where the hot fields landed and refuse to time layouts that do not
 * show what the benchmark claims: the bug in "before" (load_avg and rt_se on
 * one line), no shared line in the fixes. Lines count from the object's
 * start, which the allocation check below makes the truth.
 */
static int check_layouts(const struct fs_layout *const *ls, int n)
{
	int bad = 0;

	printf("%-8s %5s %5s  %-13s %-13s %-13s %-13s %s\n", "layout", "size",
	       "align", "load_avg", "parent", "rt_se", "rt_rq",
	       "on load_avg's line");
	for (int i = 0; i < n; i++) {
		const struct fs_layout *l = ls[i];
		struct {
			const char *name;
			size_t off;
		} rd[] = {
			{ "parent", l->off_parent },
			{ "rt_se", l->off_rt_se },
			{ "rt_rq", l->off_rt_rq },
		};
		char shared[64] = "";
		int rt_se_shares = 0;

		printf("%-8s %5zu %5zu ", l->name, l->size, l->align);
		printf(" %3zu (line %2d)", l->off_load_avg,
		       line_of(l->off_load_avg));
		for (size_t j = 0; j < sizeof(rd) / sizeof(rd[0]); j++) {
			int s = share_line(l->off_load_avg, l->size_load_avg,
					   rd[j].off, l->size_ptr);

			printf(" %3zu (line %2d)", rd[j].off, line_of(rd[j].off));
			if (!s)
				continue;
			if (rd[j].off == l->off_rt_se)
				rt_se_shares = 1;
			if (shared[0])
				strcat(shared, ", ");
			strcat(shared, rd[j].name);
		}
		printf(" %s\n", shared[0] ? shared : "-");

		if (l->align < LINEUP_CACHELINE_SIZE) {
			fprintf(stderr, "false_sharing: struct task_group (%s) is aligned to %zu, less than a %d-byte line: its lines depend on where it is placed\n",
				l->name, l->align, LINEUP_CACHELINE_SIZE);
			bad = 1;
		}
		if (i == 0 && !rt_se_shares) {
			fprintf(stderr, "false_sharing: layout %s: load_avg (offset %zu) and rt_se (offset %zu) are not on one %d-byte line; there is no bug to measure\n",
				l->name, l->off_load_avg, l->off_rt_se,
				LINEUP_CACHELINE_SIZE);
			bad = 1;
		}
		if (i > 0 && shared[0]) {
			fprintf(stderr, "false_sharing: layout %s: load_avg (offset %zu) shares a %d-byte line with %s; it does not fix the bug\n",
				l->name, l->off_load_avg,
				LINEUP_CACHELINE_SIZE, shared);
			bad = 1;
		}
	}
	return bad ? -1 : 0;
}

static void mean_std(const double *v, int n, double *mean, double *std)
{
	double sum = 0, sq = 0;

	for (int i = 0; i < n; i++)
		sum += v[i];
	*mean = sum / n;
	for (int i = 0; i < n; i++)
		sq += (v[i] - *mean) * (v[i] - *mean);
	/* sample deviation: the runs are a sample of what the machine does */
	*std = n > 1 ? sqrt(sq / (n - 1)) : 0;
}

/* "mean (std%)" in millions per second, then the change from baseline. */
static void print_cell(const double *v, int n, double base)
{
	double mean, std;

	mean_std(v, n, &mean, &std);
	printf("  %10.2f (%5.1f)", mean / 1e6, mean > 0 ? 100 * std / mean : 0);
	if (base < 0)
		printf(" %10s", "baseline");
	else
		printf(" %+9.1f%%", base > 0 ? 100 * (mean / base - 1) : 0);
}

static void report(const struct fs_result *res, int n, int runs,
		   int writers)
{
	double rbase, wbase, best = 0, std;
	const char *best_name = "";

	mean_std(res[0].reader, runs, &rbase, &std);
	mean_std(res[0].writer, runs, &wbase, &std);

	/*
	 * on-CPU: how much of the wall time the threads actually ran. Well
	 * under 100% means other load preempted them; the layouts then
	 * overlap less and the table understates the difference.
	 */
	printf("\n%14s  %-31s%s\n", "", "reader Mloads/s",
	       "writer Mstores/s");
	printf("%-8s %5s  %18s %10s  %18s %10s  %6s\n", "layout", "size",
	       "mean ( std%)", "change", "mean ( std%)", "change", "on-CPU");
	for (int i = 0; i < n; i++) {
		double mean, oncpu;

		printf("%-8s %5zu", res[i].layout->name, res[i].layout->size);
		print_cell(res[i].reader, runs, i ? rbase : -1);
		if (writers)
			print_cell(res[i].writer, runs, i ? wbase : -1);
		else
			printf("  %18s %10s", "-", "-");
		mean_std(res[i].oncpu, runs, &oncpu, &std);
		printf("  %5.1f%%\n", 100 * oncpu);
		mean_std(res[i].reader, runs, &mean, &std);
		if (i > 0 && mean > best) {
			best = mean;
			best_name = res[i].layout->name;
		}
	}
	printf("best fixed layout / before, reader throughput: %.2fx (%s)\n",
	       rbase > 0 ? best / rbase : 0, best_name);
}

static int get_cpus(int **cpus)
{
	int n = 0;

#if defined(__linux__)
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) == 0) {
		*cpus = calloc(CPU_SETSIZE, sizeof(**cpus));
		if (!*cpus)
			return -1;
		for (int c = 0; c < CPU_SETSIZE; c++)
			if (CPU_ISSET(c, &set))
				(*cpus)[n++] = c;
		return n;
	}
#endif
	n = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		n = 1;
	*cpus = calloc((size_t)n, sizeof(**cpus));
	if (!*cpus)
		return -1;
	for (int c = 0; c < n; c++)
		(*cpus)[c] = c;
	return n;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: false_sharing [--duration SECONDS] [--runs N] [--readers N]\n"
		"                     [--writers N] [--spread-writers] [--no-pin]\n"
		"\n"
		"Times struct task_group's four layouts (before, reorder, isolate,\n"
		"split) with writers adding to load_avg and readers loading parent,\n"
		"rt_se and rt_rq, and compares them with 'before'.\n"
		"\n"
		"  --duration SECONDS  length of one run (default 0.5)\n"
		"  --runs N            runs per layout, interleaved (default 10)\n"
		"  --readers N         reader threads (default: CPUs - 1, at least 1)\n"
		"  --writers N         writer threads, on the first CPU (default 1;\n"
		"                      0 times the readers alone: the ceiling)\n"
		"  --spread-writers    writers on every CPU in turn, readers after them\n"
		"                      (split gives each writer its own slot)\n"
		"  --no-pin            let the scheduler place the threads\n");
}

static int parse_int(const char *s, int min, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min || v > 4096)
		return -1;
	*out = (int)v;
	return 0;
}

static int parse_args(int argc, char **argv, struct fs_opts *o)
{
	static const struct option longopts[] = {
		{ "duration", required_argument, NULL, 'd' },
		{ "runs", required_argument, NULL, 'r' },
		{ "readers", required_argument, NULL, 'R' },
		{ "writers", required_argument, NULL, 'W' },
		{ "no-pin", no_argument, NULL, 'P' },
		{ "spread-writers", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "d:r:h", longopts, NULL)) != -1) {
		char *end;

		switch (c) {
		case 'd':
			errno = 0;
			o->duration = strtod(optarg, &end);
			if (errno || end == optarg || *end ||
			    !(o->duration > 0 && o->duration <= 3600)) {
				fprintf(stderr, "false_sharing: bad --duration '%s': want seconds in (0, 3600]\n",
					optarg);
				return -1;
			}
			break;
		case 'r':
			if (parse_int(optarg, 1, &o->runs)) {
				fprintf(stderr, "false_sharing: bad --runs '%s': want an integer >= 1\n",
					optarg);
				return -1;
			}
			break;
		case 'R':
			if (parse_int(optarg, 1, &o->readers)) {
				fprintf(stderr, "false_sharing: bad --readers '%s': want an integer >= 1\n",
					optarg);
				return -1;
			}
			break;
		case 'W':
			if (parse_int(optarg, 0, &o->writers)) {
				fprintf(stderr, "false_sharing: bad --writers '%s': want an integer >= 0\n",
					optarg);
				return -1;
			}
			break;
		case 'P':
			o->pin = 0;
			break;
		case 'S':
			o->spread = 1;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			usage(stderr);
			return -1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "false_sharing: unexpected argument '%s'\n",
			argv[optind]);
		usage(stderr);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct fs_layout *const layouts[FS_NLAYOUTS] = {
		&fs_layout_before, &fs_layout_reorder, &fs_layout_isolate,
		&fs_layout_split,
	};
	struct fs_opts o = { .duration = 0.5, .runs = 10, .writers = 1, .pin = 1 };
	struct fs_result res[FS_NLAYOUTS] = { { 0 } };
	struct fs_thread *th = NULL;
	struct fs_ctl *ctl = NULL;
	int *cpus = NULL;
	int ncpus, pin_err = 0, ret = 1;

	if (parse_args(argc, argv, &o))
		return 2;
	ncpus = get_cpus(&cpus);
	if (ncpus < 0) {
		fprintf(stderr, "false_sharing: failed to list CPUs: out of memory\n");
		return 1;
	}
	if (!o.readers)
		o.readers = ncpus > 1 ? ncpus - 1 : 1;

	printf("false_sharing: struct task_group, %s, %d-byte lines\n",
	       FS_CONFIG, LINEUP_CACHELINE_SIZE);
	if (o.spread)
		printf("%d CPUs; %d writer(s) then %d reader(s), round the CPUs from cpu %d; %d runs x %.3g s per layout, interleaved\n\n",
		       ncpus, o.writers, o.readers, cpus[0], o.runs,
		       o.duration);
	else
		printf("%d CPUs; %d writer(s) on cpu %d, %d reader(s) on the others; %d runs x %.3g s per layout, interleaved\n\n",
		       ncpus, o.writers, cpus[0], o.readers, o.runs,
		       o.duration);
	if (ncpus == 1)
		fprintf(stderr, "false_sharing: warning: one CPU: writer and readers take turns on it, so no line can bounce and the layouts should tie\n");

	if (check_layouts(layouts, FS_NLAYOUTS))
		goto out;

	ctl = LINEUP_NEW(struct fs_ctl);
	th = calloc((size_t)(o.readers + o.writers), sizeof(*th));
	if (!ctl || !th) {
		fprintf(stderr, "false_sharing: failed to allocate threads: out of memory\n");
		goto out;
	}
	for (int i = 0; i < FS_NLAYOUTS; i++) {
		res[i].layout = layouts[i];
		res[i].tg = layouts[i]->alloc();
		res[i].reader = calloc((size_t)o.runs, sizeof(double));
		res[i].writer = calloc((size_t)o.runs, sizeof(double));
		res[i].oncpu = calloc((size_t)o.runs, sizeof(double));
		if (!res[i].tg || !res[i].reader || !res[i].writer ||
		    !res[i].oncpu) {
			fprintf(stderr, "false_sharing: failed to allocate struct task_group_%s: out of memory\n",
				layouts[i]->name);
			goto out;
		}
		/* The startup check counted lines from the object's start. */
		if (!lineup_is_aligned(res[i].tg)) {
			fprintf(stderr, "false_sharing: struct task_group_%s at %p does not start a line\n",
				layouts[i]->name, res[i].tg);
			goto out;
		}
	}

	/*
	 * Interleave the layouts run by run, so that a drift of the machine
	 * (frequency, a neighbour's build) spreads over all four instead of
	 * landing on one.
	 */
	for (int r = 0; r < o.runs; r++)
		for (int i = 0; i < FS_NLAYOUTS; i++)
			if (run_once(&o, cpus, ncpus, th, ctl, &res[i], r,
				     &pin_err))
				goto out;
	if (o.pin && pin_err)
		fprintf(stderr, "false_sharing: warning: failed to pin threads: %s; the scheduler placed them\n",
			strerror(pin_err));

	report(res, FS_NLAYOUTS, o.runs, o.writers);
	ret = 0;
out:
	for (int i = 0; i < FS_NLAYOUTS; i++) {
		lineup_free(res[i].tg);
		free(res[i].reader);
		free(res[i].writer);
		free(res[i].oncpu);
	}
	free(th);
	lineup_free(ctl);
	free(cpus);
	return ret;
}
