/* SPDX-License-Identifier: MIT */
/*
 * The trace runtime's core: threads, the per-thread access tables, epochs,
 * allocation records, start-up, fork and exit (trace_rt.h).
 *
 * State is global here, and only here in lineup: a runtime the compiler
 * calls from every load and store has no caller to hand it a struct.
 * Each thread records into a table of its own (no lock, no shared line on
 * the hot path); the tables are linked into one list that the exit handler
 * walks. Memory comes from mmap, never malloc, which this runtime
 * intercepts.
 */
#include "trace_rt.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define LT_LIKELY(x) __builtin_expect(!!(x), 1)
#define LT_UNLIKELY(x) __builtin_expect(!!(x), 0)
#if defined(__x86_64__) || defined(__i386__)
#define LT_PAUSE() __builtin_ia32_pause()
#else
#define LT_PAUSE() ((void)0)
#endif

/* A thread's table stops growing here (48 bytes an entry: 96 MiB); what
 * is past it is counted as dropped, not recorded. */
#define LT_MAX_ENTRIES (1u << 21)
#define LT_FIRST_ENTRIES (1u << 12)

struct lt_state {
	int enabled;		/* LINEUP_TRACE_FILE was set */
	volatile int stopped;	/* the exit handler runs: record nothing */
	uint32_t sample;	/* record one access in SAMPLE, per thread */
	_Atomic uint32_t next_id;
	struct lt_thread *_Atomic threads;
	pthread_key_t key;	/* its destructor marks a thread's end */
	/* allocations: an array, and a hash of the live ones by address */
	int alloc_lock;
	struct lt_alloc *allocs;
	size_t n_allocs, cap_allocs;
	uint32_t *live;		/* index + 1 in allocs, 0 empty, ~0 deleted */
	size_t cap_live, used_live;
	struct lt_object *objects;
	size_t n_objects, cap_objects;
};

static struct lt_state g = { .sample = 1 };
/* bumped at every thread start and end; outside g, as the inline path in
 * trace_rt.h reads it */
_Atomic uint32_t lt_epoch_counter;
__thread struct lt_thread *lt_tls __attribute__((tls_model("initial-exec")));
#define self lt_tls
/* the number pthread_create gave the thread, + 1; 0: none */
static __thread uint32_t given_id __attribute__((tls_model("initial-exec")));

uint32_t lt_new_id(void)
{
	return atomic_fetch_add(&g.next_id, 1);
}

void lt_set_next_id(uint32_t id)
{
	given_id = id + 1;
}

int lt_enabled(void)
{
	return g.enabled;
}

int lt_stopped(void)
{
	return g.stopped;
}

void *lt_map(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

void lt_unmap(void *p, size_t size)
{
	if (p)
		munmap(p, size);
}

static void lock(int *l)
{
	while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
		while (__atomic_load_n(l, __ATOMIC_RELAXED))
			LT_PAUSE();
}

static void unlock(int *l)
{
	__atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

uint32_t lt_epoch_now(void)
{
	return atomic_load_explicit(&lt_epoch_counter, memory_order_relaxed);
}

uint32_t lt_epoch_bump(void)
{
	return atomic_fetch_add(&lt_epoch_counter, 1) + 1;
}

static void thread_end(void *p)
{
	struct lt_thread *t = p;

	if (t) {
		lt_burst_end(t);
		t->death = lt_epoch_bump();
	}
}

/*
 * The number of accesses until the next one recorded. Fixed steps of
 * --sample N lock onto a loop with k accesses a round whenever k and N
 * share a factor (two accesses a round, N even: one of them is never
 * recorded). Steps drawn uniformly from [1, 2N-1] (mean N) include
 * consecutive lengths, so no position of any period is favoured: each
 * access is recorded with probability 1/N in the long run, and counts
 * times N estimate the true ones.
 */
static uint32_t next_interval(struct lt_thread *t)
{
	uint64_t x = t->rng;

	if (g.sample <= 1)
		return 1;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	t->rng = x;
	return 1 + (uint32_t)(x % (2ull * g.sample - 1));
}

static struct lt_thread *lt_register(void)
{
	struct lt_thread *t;

	if (!g.enabled || g.stopped)
		return NULL;
	t = lt_map(sizeof(*t));
	if (!t)
		return NULL;
	t->id = given_id ? given_id - 1 : lt_new_id();
	t->birth = lt_epoch_bump();
	/* any odd-free seed will do; the thread's number and the process's
	 * keep two threads (and a forked child) off each other's sequence */
	t->rng = ((uint64_t)t->id + 1) * 0x9e3779b97f4a7c15ull ^
		 (uint64_t)getpid() << 32 ^ (uintptr_t)t;
	if (!t->rng)
		t->rng = 1;
	t->countdown = next_interval(t);
	t->every = g.sample <= 1;
	t->next = atomic_load(&g.threads);
	while (!atomic_compare_exchange_weak(&g.threads, &t->next, t))
		;
	self = t;
	pthread_setspecific(g.key, t);
	if (g.sample > 1)
		lt_burst_start(t);
	return t;
}

struct lt_thread *lt_self(void)
{
	if (LT_LIKELY(self != NULL))
		return self;
	return lt_register();
}

static size_t slot_of(uintptr_t granule, uintptr_t pc, unsigned kind,
		      size_t cap)
{
	uint64_t h = (granule / LT_GRANULE) * 0x9e3779b97f4a7c15ull;

	h ^= (pc + kind) * 0xc2b2ae3d27d4eb4full;
	h ^= h >> 29;
	return (size_t)h & (cap - 1);
}

/* The hot entries point into the table: forgotten when it moves. */
static void forget_hot(struct lt_thread *t)
{
	for (size_t i = 0; i < LT_HOT; i++)
		t->hot[i] = (struct lt_hot){ 0, 0, NULL };
}

/* Doubles T's table; false when it may not or cannot grow. */
static int grow(struct lt_thread *t)
{
	size_t cap = t->cap ? 2 * t->cap : LT_FIRST_ENTRIES;
	struct lt_entry *tab;

	if (cap > LT_MAX_ENTRIES)
		return 0;
	tab = lt_map(cap * sizeof(*tab));
	if (!tab)
		return 0;
	for (size_t i = 0; i < t->cap; i++) {
		struct lt_entry *e = &t->tab[i];
		size_t s;

		if (!e->granule)
			continue;
		s = slot_of(e->granule, e->pc, e->kind, cap);
		while (tab[s].granule)
			s = (s + 1) & (cap - 1);
		tab[s] = *e;
	}
	lt_unmap(t->tab, t->cap * sizeof(*t->tab));
	t->tab = tab;
	t->cap = cap;
	forget_hot(t);
	/* the sites' records point into the old table (trace_rt_inline.c) */
	lt_epoch_bump();
	return 1;
}

static void record_granule(struct lt_thread *t, uintptr_t granule,
			   uint64_t mask, unsigned kind, uintptr_t pc)
{
	uint32_t now = lt_epoch_now();
	struct lt_hot *hot = &t->hot[lt_hot_slot(pc)];
	size_t s;

	if (hot->e && hot->pc == pc && hot->key == (granule | kind)) {
		hot->e->mask |= mask;
		hot->e->count++;
		hot->e->hi = now;
		return;
	}
	if (LT_UNLIKELY(2 * (t->used + 1) > t->cap) && !grow(t) &&
	    t->used + 1 >= t->cap) {
		t->dropped++;
		return;
	}
	s = slot_of(granule, pc, kind, t->cap);
	for (;;) {
		struct lt_entry *e = &t->tab[s];

		if (e->granule == granule && e->pc == pc && e->kind == kind) {
			e->mask |= mask;
			e->count++;
			e->hi = now;
			*hot = (struct lt_hot){ pc, granule | kind, e };
			return;
		}
		if (!e->granule) {
			*e = (struct lt_entry){ .granule = granule, .pc = pc,
						.mask = mask, .count = 1,
						.kind = kind, .lo = now,
						.hi = now };
			t->used++;
			*hot = (struct lt_hot){ pc, granule | kind, e };
			return;
		}
		s = (s + 1) & (t->cap - 1);
	}
}

/* For the callers that did not count down inline (the interceptors, and
 * a thread's first access). */
void lt_record(uintptr_t addr, size_t size, unsigned kind, uintptr_t pc)
{
	struct lt_thread *t = lt_self();

	if (LT_UNLIKELY(!t) || --t->countdown)
		return;
	lt_record_due(t, addr, size, kind, pc);
}

/* T's countdown reached 0: this access is recorded. */
void lt_record_due(struct lt_thread *t, uintptr_t addr, size_t size,
		   unsigned kind, uintptr_t pc)
{
	t->countdown = next_interval(t);
	lt_record_now(t, addr, size, kind, pc);
}

void lt_record_now(struct lt_thread *t, uintptr_t addr, size_t size,
		   unsigned kind, uintptr_t pc)
{
	if (LT_UNLIKELY(g.stopped) || !size)
		return;
	/* A range (memcpy, a struct copy) is one access per granule: the
	 * bytes, not how many instructions moved them, are the evidence. */
	while (size) {
		uintptr_t granule = addr & ~(uintptr_t)(LT_GRANULE - 1);
		size_t off = addr - granule;
		size_t n = LT_GRANULE - off < size ? LT_GRANULE - off : size;
		uint64_t mask = n == 64 ? ~0ull : ((1ull << n) - 1) << off;

		if (granule)
			record_granule(t, granule, mask, kind, pc);
		addr += n;
		size -= n;
	}
}

/* ---- allocations ------------------------------------------------------ */

static size_t live_slot(uintptr_t addr, size_t cap)
{
	return (size_t)((addr >> 4) * 0x9e3779b97f4a7c15ull) & (cap - 1);
}

static int live_grow(void)
{
	size_t cap = g.cap_live ? 2 * g.cap_live : 4096;
	uint32_t *live = lt_map(cap * sizeof(*live));

	if (!live)
		return 0;
	for (size_t i = 0; i < g.cap_live; i++) {
		uint32_t v = g.live[i];
		size_t s;

		if (!v || v == ~0u)
			continue;
		s = live_slot(g.allocs[v - 1].addr, cap);
		while (live[s])
			s = (s + 1) & (cap - 1);
		live[s] = v;
	}
	lt_unmap(g.live, g.cap_live * sizeof(*g.live));
	g.live = live;
	g.cap_live = cap;
	g.used_live = 0;
	for (size_t i = 0; i < cap; i++)
		g.used_live += live[i] != 0;
	return 1;
}

static int allocs_grow(void)
{
	size_t cap = g.cap_allocs ? 2 * g.cap_allocs : 4096;
	struct lt_alloc *a;

	if (cap > 0xffffffffu)
		return 0;
	a = lt_map(cap * sizeof(*a));
	if (!a)
		return 0;
	if (g.n_allocs)
		lt_copy(a, g.allocs, g.n_allocs * sizeof(*a));
	lt_unmap(g.allocs, g.cap_allocs * sizeof(*g.allocs));
	g.allocs = a;
	g.cap_allocs = cap;
	return 1;
}

void lt_alloc_record(void *p, size_t size, uintptr_t pc)
{
	struct lt_thread *t;
	struct lt_alloc *a;
	size_t s;

	if (!p || !g.enabled || g.stopped || !(t = lt_self()))
		return;
	lock(&g.alloc_lock);
	if ((g.n_allocs == g.cap_allocs && !allocs_grow()) ||
	    (2 * (g.used_live + 1) > g.cap_live && !live_grow())) {
		unlock(&g.alloc_lock);
		t->dropped++;
		return;
	}
	a = &g.allocs[g.n_allocs++];
	*a = (struct lt_alloc){ .addr = (uintptr_t)p, .size = size,
				.from = lt_epoch_now(), .thread = t->id };
	a->site[0] = pc;
	/* the callers, innermost first, as __tsan_func_entry announced them */
	for (unsigned i = 1; i < LT_SITE_FRAMES && i <= t->depth; i++)
		a->site[i] = t->depth - i < LT_SHADOW
				     ? t->shadow[t->depth - i] : 0;
	/* the thread's next access, whatever --sample says: it is where
	 * the program stores the pointer (`gp = malloc(...)`), which types
	 * the object (tools/trace/trace_assign.h) */
	t->countdown = 1;
	lt_burst_force(t);
	s = live_slot(a->addr, g.cap_live);
	while (g.live[s] && g.live[s] != ~0u)
		s = (s + 1) & (g.cap_live - 1);
	if (!g.live[s])
		g.used_live++;
	g.live[s] = (uint32_t)g.n_allocs;
	unlock(&g.alloc_lock);
}

void lt_free_record(void *p)
{
	size_t s;

	if (!p || !g.enabled || !g.cap_live)
		return;
	lock(&g.alloc_lock);
	s = live_slot((uintptr_t)p, g.cap_live);
	for (size_t n = 0; g.live[s] && n < g.cap_live; n++) {
		uint32_t v = g.live[s];

		if (v != ~0u && g.allocs[v - 1].addr == (uintptr_t)p) {
			g.allocs[v - 1].to = lt_epoch_now();
			g.live[s] = ~0u;
			break;
		}
		s = (s + 1) & (g.cap_live - 1);
	}
	unlock(&g.alloc_lock);
}

void lt_object_record(const void *p, size_t size, const char *type)
{
	struct lt_object *o;
	size_t n;

	if (!p || !g.enabled || g.stopped)
		return;
	lock(&g.alloc_lock);
	if (g.n_objects == g.cap_objects) {
		size_t cap = g.cap_objects ? 2 * g.cap_objects : 256;
		struct lt_object *a = lt_map(cap * sizeof(*a));

		if (!a) {
			unlock(&g.alloc_lock);
			return;
		}
		if (g.n_objects)
			lt_copy(a, g.objects, g.n_objects * sizeof(*a));
		lt_unmap(g.objects, g.cap_objects * sizeof(*g.objects));
		g.objects = a;
		g.cap_objects = cap;
	}
	o = &g.objects[g.n_objects++];
	o->addr = (uintptr_t)p;
	o->size = size;
	n = strnlen(type, sizeof(o->type) - 1);
	lt_copy(o->type, type, n);
	o->type[n] = '\0';
	unlock(&g.alloc_lock);
}

/* ---- start, fork, exit -------------------------------------------------- */

/* The forked child is a process of its own: its memory is a copy, so what
 * its parent recorded is the parent's to write. Only the forking thread
 * lives on in the child. */
static void after_fork_child(void)
{
	struct lt_thread *t = self;

	if (!g.enabled)
		return;
	g.alloc_lock = 0;
	atomic_store(&g.threads, t);
	if (t) {
		t->next = NULL;
		lt_unmap(t->tab, t->cap * sizeof(*t->tab));
		t->tab = NULL;
		t->cap = t->used = 0;
		forget_hot(t);
		lt_epoch_bump(); /* the sites' records: the table is gone */
		t->dropped = 0;
		t->rng ^= (uint64_t)getpid() << 32;
		/* timers are not inherited: the child's clock starts at 0 */
		t->timed = 0;
		if (g.sample > 1)
			lt_burst_start(t);
	}
}

static void at_exit(void)
{
	if (!g.enabled || g.stopped)
		return;
	g.stopped = 1;
	lt_epoch_bump(); /* no site counts inline while it is written */
	lt_write_trace(0);
}

/*
 * ^C or a kill of a program that would have died of it: what was
 * recorded until then is written (marked with the signal: a partial
 * trace), then the signal does what it would have. Other threads may be
 * mid-record; the writer reads their tables as they are, which at worst
 * loses that one access. Only a default disposition is replaced, and a
 * handler the program installs later replaces this one.
 */
static void on_signal(int sig)
{
	if (g.enabled && !g.stopped) {
		g.stopped = 1;
		lt_epoch_bump();
		lt_write_trace(sig);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void catch_default(int sig)
{
	struct sigaction old, sa = { .sa_handler = on_signal };

	if (sigaction(sig, NULL, &old) || old.sa_handler != SIG_DFL)
		return;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/* Called by the module constructors the compiler adds (__tsan_init) and
 * by our own, whichever runs first. */
void lt_init(void)
{
	static int done;
	const char *s;

	if (done)
		return;
	done = 1;
	if (!getenv("LINEUP_TRACE_FILE"))
		return;
	s = getenv("LINEUP_TRACE_SAMPLE");
	if (s && *s) {
		unsigned long v = strtoul(s, NULL, 10);

		g.sample = v >= 1 && v <= 1000000 ? (uint32_t)v : 1;
	}
	if (pthread_key_create(&g.key, thread_end))
		return;
	lt_burst_setup(g.sample);
	pthread_atfork(NULL, NULL, after_fork_child);
	atexit(at_exit);
	catch_default(SIGINT);
	catch_default(SIGTERM);
	g.enabled = 1;
	lt_register();
}

__attribute__((constructor(101))) static void lt_ctor(void)
{
	lt_init();
}

/* What the exit writer reads. */
struct lt_thread *lt_threads(void)
{
	return atomic_load(&g.threads);
}

uint32_t lt_sample(void)
{
	return g.sample;
}

void lt_allocs(const struct lt_alloc **allocs, size_t *n,
	       const struct lt_object **objects, size_t *n_objects)
{
	*allocs = g.allocs;
	*n = g.n_allocs;
	*objects = g.objects;
	*n_objects = g.n_objects;
}
