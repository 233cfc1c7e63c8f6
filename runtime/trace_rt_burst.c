/* SPDX-License-Identifier: MIT */
/*
 * Sampled in bursts (--sample N in code trace-cc rewrote; doc/trace.md).
 * The process alternates between bursts, in which the functions'
 * counting copies record every access, and gaps N - 1 times as long
 * (in_window), in which threads run their fast copies, which test
 * nothing (tools/trace/trace_fast.h). A timer on each thread's CPU clock
 * fires at every tick it runs; its signal, when the thread's phase is
 * not the process's, flips the thread's flag __lineup_trace_fast and,
 * starting a burst, moves a thread found in a fast copy to the same
 * instruction of the counting copy, by the pairs the rewrite put in the
 * section lineup_trace_pcmap. A burst's end moves the epoch, so that no
 * site's record counts inline after it: the next access asks
 * __lineup_trace_site, which sends the thread to the fast copy. The CPU
 * time of the bursts and of the whole thread is kept, and the calls of
 * instrumented functions made in each (both copies make them), and
 * written with the thread: lineup scales what a burst recorded by the
 * calls' ratio, which the counting copy's being slower does not skew,
 * or the times' when the thread made too few calls.
 *
 * A thread's timer fires only while it runs (its CPU clock), so it
 * interrupts no sleep or blocking call. Its resolution is the kernel's
 * tick (4 ms at 250 Hz): a thread follows the process's phase within a
 * tick of its running.
 */
#include <errno.h>
#include <stdbool.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "trace_rt.h"

#define LT_API __attribute__((visibility("default")))

/* Not 0: the thread runs the fast copies (between bursts). */
LT_API __thread unsigned char __lineup_trace_fast
	__attribute__((tls_model("initial-exec")));

/* A burst's window of the process's time: two ticks at 250 Hz, so that
 * a thread that runs throughout it is seen in it */
#define WINDOW_NS 8000000ull
/* The run's first window: see in_window */
#define FIRST_NS 100000000ull
/* The timer's period on a thread's CPU clock; the tick rounds it up */
#define TICK_NS 1000000ull

/* A pair as the rewrite writes it: each label less its own address. */
struct lt_pair_rel {
	int32_t fast, counting;
};

extern const struct lt_pair_rel __start_lineup_trace_pcmap[]
	__attribute__((weak, visibility("hidden")));
extern const struct lt_pair_rel __stop_lineup_trace_pcmap[]
	__attribute__((weak, visibility("hidden")));

struct lt_pair {
	uintptr_t fast, counting;
};

static struct {
	uint32_t sample;	/* 0: not sampled in bursts */
	uint64_t t0;		/* CLOCK_MONOTONIC ns at the start */
	int signal;
	struct lt_pair *pairs;	/* by fast address */
	size_t n_pairs;
} b;

/* The clock C in ns, 0 when it cannot be read (a thread's that ended) */
static uint64_t clock_ns(clockid_t c)
{
	struct timespec ts;

	if (clock_gettime(c, &ts))
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void arm(struct lt_thread *t)
{
	struct itimerspec v;

	memset(&v, 0, sizeof(v));
	v.it_value.tv_nsec = (long)TICK_NS;
	v.it_interval.tv_nsec = (long)TICK_NS;
	timer_settime(t->timer, 0, &v, NULL);
}

/* The counting copy's instruction for the fast copy's one at PC, or 0. */
static uintptr_t counting_at(uintptr_t pc)
{
	size_t lo = 0, hi = b.n_pairs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (b.pairs[mid].fast < pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < b.n_pairs && b.pairs[lo].fast == pc ? b.pairs[lo].counting
							 : 0;
}

static uint64_t mono_now(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

/*
 * Is NOW in a burst? Bursts are windows of the process's time, the same
 * for every thread, so that what two threads did at once is recorded at
 * once. The first is the run's first FIRST_NS: a short program (a test,
 * a loop that starts after a spin) is recorded whole, as its threads'
 * overlaps on two busy CPUs can be a few milliseconds that a gap would
 * miss (bursts of each thread's own, and a first window of 8 ms, did one
 * run in ten). Then a window of WINDOW_NS every N windows.
 */
static bool in_window(uint64_t now)
{
	uint64_t t = now - b.t0;

	if (t < FIRST_NS)
		return true;
	return (t - FIRST_NS) % ((uint64_t)b.sample * WINDOW_NS) < WINDOW_NS;
}

/* T's burst begins or ends, at CPU time NOW. */
static void flip(struct lt_thread *t, uint64_t now, void *ctx)
{
	uint64_t spent = now > t->phase_start ? now - t->phase_start : 0;

	t->phase_start = now;
	t->forced = 0;
	if (t->in_burst) {
		t->burst_ns += spent;
		t->in_burst = 0;
		__lineup_trace_fast = 1;
		lt_epoch_bump(); /* no record counts inline after the burst */
		return;
	}
	t->gap_ns += spent;
	t->in_burst = 1;
	__lineup_trace_fast = 0;
#if defined(__x86_64__)
	if (ctx) {
		ucontext_t *uc = ctx;
		uintptr_t to = counting_at(
			(uintptr_t)uc->uc_mcontext.gregs[REG_RIP]);

		if (to)
			uc->uc_mcontext.gregs[REG_RIP] = (greg_t)to;
	}
#else
	(void)ctx;
#endif
}

/* Every tick of the thread's CPU clock: in a burst, or not. */
static void on_tick(int sig, siginfo_t *si, void *ctx)
{
	struct lt_thread *t = lt_tls;
	int saved = errno;

	(void)sig;
	(void)si;
	if (t && t->timed && !lt_stopped() &&
	    in_window(mono_now()) != t->in_burst)
		flip(t, clock_ns(CLOCK_THREAD_CPUTIME_ID), ctx);
	errno = saved;
}

static void sift(struct lt_pair *p, size_t i, size_t n)
{
	for (;;) {
		size_t c = 2 * i + 1;
		struct lt_pair x;

		if (c >= n)
			return;
		if (c + 1 < n && p[c + 1].fast > p[c].fast)
			c++;
		if (p[i].fast >= p[c].fast)
			return;
		x = p[i];
		p[i] = p[c];
		p[c] = x;
		i = c;
	}
}

/* The pairs by fast address: a heapsort, as qsort may allocate. */
static void sort_pairs(struct lt_pair *p, size_t n)
{
	for (size_t i = n / 2; i-- > 0;)
		sift(p, i, n);
	for (size_t i = n; i-- > 1;) {
		struct lt_pair x = p[0];

		p[0] = p[i];
		p[i] = x;
		sift(p, 0, i);
	}
}

void lt_burst_setup(uint32_t sample)
{
	const struct lt_pair_rel *r = __start_lineup_trace_pcmap;
	size_t n = r ? (size_t)(__stop_lineup_trace_pcmap - r) : 0;
	struct sigaction sa;

	if (sample <= 1 || !n)
		return;
	b.pairs = lt_map(n * sizeof(*b.pairs));
	if (!b.pairs)
		return;
	for (size_t i = 0; i < n; i++)
		b.pairs[i] = (struct lt_pair){
			(uintptr_t)&r[i].fast + (uintptr_t)(intptr_t)r[i].fast,
			(uintptr_t)&r[i].counting +
				(uintptr_t)(intptr_t)r[i].counting
		};
	sort_pairs(b.pairs, n);
	/* an access's pair and the next instruction's share a fast address
	 * when a label (a jump's target) is between them: a thread there
	 * may have jumped in, its address register not the access's, so it
	 * goes on after the access's test, not into it */
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		if (k && b.pairs[k - 1].fast == b.pairs[i].fast) {
			if (b.pairs[i].counting > b.pairs[k - 1].counting)
				b.pairs[k - 1].counting = b.pairs[i].counting;
			continue;
		}
		b.pairs[k++] = b.pairs[i];
	}
	b.n_pairs = k;
	b.t0 = mono_now();
	b.signal = SIGRTMAX - LT_BURST_SIGNAL_BELOW_MAX;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_tick;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(b.signal, &sa, NULL))
		return;
	b.sample = sample;
}

void lt_burst_start(struct lt_thread *t)
{
	struct sigevent ev;

	t->in_burst = 1;
	t->forced = 0;
	t->burst_ns = t->gap_ns = 0;
	t->calls[0] = t->calls[1] = 0;
	__lineup_trace_fast = 0;
	if (!b.sample)
		return;
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = b.signal;
	ev._sigev_un._tid = gettid();
	t->clock = CLOCK_THREAD_CPUTIME_ID;
	pthread_getcpuclockid(pthread_self(), &t->clock);
	if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &t->timer))
		return;
	/* in a burst until its first tick, even in a gap: a thread whose
	 * ticks never come (the signal blocked) is then recorded whole, not
	 * left in the fast copies unseen */
	t->phase_start = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	t->timed = 1;
	arm(t);
}

/* The phase the thread is in, closed at NOW. */
static void close_phase(struct lt_thread *t, uint64_t now)
{
	uint64_t spent = now > t->phase_start ? now - t->phase_start : 0;

	if (t->in_burst)
		t->burst_ns += spent;
	else
		t->gap_ns += spent;
	t->phase_start = now;
}

void lt_burst_end(struct lt_thread *t)
{
	if (!t->timed)
		return;
	t->timed = 0;
	timer_delete(t->timer);
	close_phase(t, clock_ns(CLOCK_THREAD_CPUTIME_ID));
}

void lt_burst_force(struct lt_thread *t)
{
	if (t->timed && !t->in_burst) {
		t->forced = 1;
		__lineup_trace_fast = 0;
	}
}

/* The bursts' signal, 0 when they do not run */
int lt_burst_signal(void)
{
	return b.sample ? b.signal : 0;
}

/* The counting copy's address for PC in a fast copy (a return address
 * the callbacks or malloc recorded there), else PC: sites are named by
 * the function the program calls. */
uintptr_t lt_burst_pc(uintptr_t pc)
{
	uintptr_t to = b.n_pairs ? counting_at(pc) : 0;

	return to ? to : pc;
}

/* Read while T may still run (the trace is written at exit): its fields
 * are only read, and a clock that ended (T did) adds nothing. */
void lt_burst_times(const struct lt_thread *t, uint64_t *burst,
		    uint64_t *cpu, uint64_t *burst_calls, uint64_t *calls)
{
	uint64_t spent = 0;

	if (t->timed) {
		uint64_t now = clock_ns(t == lt_tls ? CLOCK_THREAD_CPUTIME_ID
						   : t->clock);

		spent = now > t->phase_start ? now - t->phase_start : 0;
	}
	*burst = t->burst_ns + (t->in_burst ? spent : 0);
	*cpu = t->burst_ns + t->gap_ns + spent;
	*burst_calls = t->calls[1];
	*calls = t->calls[0] + t->calls[1];
}
