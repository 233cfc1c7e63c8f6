/* SPDX-License-Identifier: MIT */
/*
 * lineup's trace runtime: what the instrumented program links instead of
 * libtsan (doc/trace.md). Internal to the runtime's files; nothing here is
 * seen by lineup itself, which reads only the trace file the runtime
 * writes at exit (its format: trace_rt_write.c).
 *
 * The runtime depends on nothing but the C library and the kernel: it is
 * linked into arbitrary programs, before any of their code runs, and must
 * not call what it intercepts (malloc, memcpy) nor anything instrumented.
 */
#ifndef LINEUP_TRACE_RT_H
#define LINEUP_TRACE_RT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* Accesses are kept per 64-byte granule with a byte mask: every line size
 * lineup knows (64, 128, 256) is a whole number of granules. */
#define LT_GRANULE 64u

/* Kinds of access, as bits: an atomic read-modify-write is both.
 * LT_BURST marks what a burst recorded, every access of it
 * (trace_rt_burst.c), which lineup scales apart from the countdown's. */
enum { LT_LOAD = 1u, LT_STORE = 2u, LT_ATOMIC = 4u, LT_BURST = 8u };

/* A site whose function has a fast copy (tools/trace/trace_fast.h), in
 * __lineup_trace_site's INFO */
#define LT_SITE_FAST (1u << 16)

/* The bursts' timer signal: SIGRTMAX less this */
#define LT_BURST_SIGNAL_BELOW_MAX 3

/* Allocation sites: malloc's return address and the callers the
 * instrumented functions announced (__tsan_func_entry). */
#define LT_SITE_FRAMES 4
#define LT_SHADOW 64
#define LT_HOT 16
/* the epoch counter, read by the inline path (trace_rt.c owns it) */
extern _Atomic uint32_t lt_epoch_counter;

/* One (granule, code site, kind) a thread touched, with the bytes and the
 * span of epochs it was seen in. */
struct lt_entry {
	uintptr_t granule;	/* address / LT_GRANULE * LT_GRANULE, 0: free */
	uintptr_t pc;
	uint64_t mask;		/* bytes of the granule, bit i = byte i */
	uint64_t count;		/* accesses recorded */
	uint32_t kind;
	uint32_t lo, hi;	/* epochs of the first and last */
};

/* A site's last entry: a loop's few sites find theirs inline, without
 * a call, a hash or a probe. KEY is the granule with the kind in its low
 * bits (a granule's are 0). */
struct lt_hot {
	uintptr_t pc, key;
	struct lt_entry *e;
};

/* A rewritten access's record of its site, in the thread's TLS
 * (trace_rt_inline.c): ADDR 0 until an access fills it. */
struct lt_site {
	uintptr_t addr;		/* the address the site took last */
	struct lt_entry *e;	/* that access's entry */
	uint32_t epoch;		/* the epoch E was valid in */
	uint32_t pad;
};

struct lt_thread {
	uint32_t countdown;	/* sampling: record when it reaches 0 */
	uint32_t every;		/* no --sample: every access is recorded */
	uint32_t id;		/* 0 is the first thread seen (main) */
	struct lt_thread *next;	/* every thread of the process, newest first */
	uint64_t rng;		/* xorshift64 state of the sampling intervals */
	uint32_t birth, death;	/* epochs; death 0 while it runs */
	uint32_t depth;		/* __tsan_func_entry nesting */
	uintptr_t shadow[LT_SHADOW];
	struct lt_entry *tab;	/* open addressing, a power of two */
	size_t cap, used;
	uint64_t dropped;	/* accesses lost: table full, out of memory */
	struct lt_hot hot[LT_HOT];
	/* sampled in bursts (trace_rt_burst.c) */
	unsigned char timed;	/* its timer runs */
	unsigned char in_burst;	/* the counting copies count */
	unsigned char forced;	/* out of a burst for an allocation's store */
	timer_t timer;
	clockid_t clock;	/* its CPU clock, read at exit */
	uint64_t phase_start;	/* CPU ns at the burst's or gap's start */
	uint64_t burst_ns, gap_ns;
	uint64_t calls[2];	/* __tsan_func_entry in gaps, in bursts */
};

struct lt_alloc {
	uintptr_t addr;
	size_t size;
	uint32_t from, to;	/* epochs of malloc and free, to 0: live */
	uint32_t thread;
	uintptr_t site[LT_SITE_FRAMES];
};

struct lt_object {
	uintptr_t addr;
	size_t size;
	char type[96];
};

struct lt_thread *lt_self(void);
void lt_init(void);
struct lt_thread *lt_threads(void);
uint32_t lt_sample(void);
void lt_allocs(const struct lt_alloc **allocs, size_t *n,
	       const struct lt_object **objects, size_t *n_objects);
void lt_record(uintptr_t addr, size_t size, unsigned kind, uintptr_t pc);
void lt_record_due(struct lt_thread *t, uintptr_t addr, size_t size,
		   unsigned kind, uintptr_t pc);
int lt_stopped(void);

/* Sampled in bursts (trace_rt_burst.c) */
extern __thread unsigned char __lineup_trace_fast
	__attribute__((tls_model("initial-exec")));
void lt_burst_setup(uint32_t sample);
void lt_burst_start(struct lt_thread *t);
void lt_burst_end(struct lt_thread *t);
void lt_burst_force(struct lt_thread *t);
void lt_burst_times(const struct lt_thread *t, uint64_t *burst,
		    uint64_t *cpu, uint64_t *burst_calls, uint64_t *calls);
uintptr_t lt_burst_pc(uintptr_t pc);
int lt_burst_signal(void);

/* recorded whatever the countdown says (a burst's access) */
void lt_record_now(struct lt_thread *t, uintptr_t addr, size_t size,
		   unsigned kind, uintptr_t pc);

/* The calling thread's record, NULL until its first access (trace_rt.c) */
extern __thread struct lt_thread *lt_tls
	__attribute__((tls_model("initial-exec")));

/* The slot of a site in lt_thread.hot: return addresses of one loop are
 * a few bytes apart, so their bits are mixed before the low ones count. */
static inline unsigned lt_hot_slot(uintptr_t pc)
{
	return (unsigned)((pc * 0x9e3779b97f4a7c15ull) >> 60) % LT_HOT;
}

/*
 * What every __tsan_* callback does, inlined into it. Sampled: a skipped
 * access costs a TLS load and a decrement, checked before anything else.
 * Recording every access (the countdown is then always 1): an access
 * within one granule from a site whose last entry is that granule and
 * kind (a loop's steady state) adds to the entry here, with no call, hash
 * or store that is not needed (the mask and the last epoch are written
 * only when they change). Everything else, and a thread's first access
 * (no record yet), goes to the recorder.
 */
static inline void lt_access(uintptr_t addr, size_t size, unsigned kind,
			     uintptr_t pc)
{
	struct lt_thread *t = lt_tls;
	uintptr_t off = addr % LT_GRANULE;
	struct lt_hot *h;

	if (__builtin_expect(t == NULL, 0)) {
		lt_record(addr, size, kind, pc);
		return;
	}
	if (__builtin_expect(t->timed, 0)) {
		/* sampled in bursts (trace_rt_burst.c): every access in a
		 * burst, as the counting copies; none in a gap, but the one
		 * after an allocation */
		if (t->in_burst)
			lt_record_now(t, addr, size, kind | LT_BURST, pc);
		else if (t->forced) {
			t->forced = 0;
			lt_record_due(t, addr, size, kind, pc);
		}
		return;
	}
	if (__builtin_expect(--t->countdown != 0, 1))
		return;		/* skipped by --sample */
	h = &t->hot[lt_hot_slot(pc)];
	if (__builtin_expect(t->every && size <= 16 &&
				     off + size <= LT_GRANULE && h->pc == pc &&
				     h->key == ((addr - off) | kind),
			     1)) {
		struct lt_entry *e = h->e;
		uint64_t mask = ((1ull << size) - 1) << off;
		uint32_t now = atomic_load_explicit(&lt_epoch_counter,
						    memory_order_relaxed);

		t->countdown = 1;
		e->count++;
		if ((e->mask & mask) != mask)
			e->mask |= mask;
		if (e->hi != now)
			e->hi = now;
		return;
	}
	lt_record_due(t, addr, size, kind, pc);
}

void lt_alloc_record(void *p, size_t size, uintptr_t pc);
void lt_free_record(void *p);
void lt_object_record(const void *p, size_t size, const char *type);
uint32_t lt_epoch_now(void);
uint32_t lt_new_id(void);
void lt_set_next_id(uint32_t id);
uint32_t lt_epoch_bump(void);
void *lt_map(size_t size);
void lt_unmap(void *p, size_t size);
/* The file lineup reads: LINEUP_TRACE_FILE.PID, at exit, or at the
 * signal SIG (0: none) that interrupted the program. */
void lt_write_trace(int sig);
void *lt_copy(void *d, const void *s, size_t n);
int lt_enabled(void);

#endif
