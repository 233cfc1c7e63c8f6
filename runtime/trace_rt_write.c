/* SPDX-License-Identifier: MIT */
/*
 * The trace file, written once at exit to $LINEUP_TRACE_FILE.PID (one per
 * process: a forked child writes its own). Text, one record a line, every
 * number in hex; lineup's tools/trace/trace_file.c reads it and
 * doc/trace.md describes it:
 *
 *   lineup-trace 1
 *   pid P                      sample N               exe PATH
 *   m START-END PERMS OFFSET DEV INODE PATH     (/proc/self/maps, as is)
 *   t ID BIRTH DEATH DROPPED [BURST CPU BCALLS CALLS]  (a thread;
 *                epochs; sampled in bursts: the CPU ns of its bursts and
 *                of it, its instrumented calls in bursts and in all)
 *   h ADDR SIZE FROM TO THREAD SITE0 SITE1 SITE2 SITE3   (an allocation)
 *   o ADDR SIZE TYPE                            (LINEUP_TRACE_OBJECT)
 *   a GRANULE MASK KIND THREAD PC LO HI COUNT   (accesses; KIND 8: in a
 *                                               burst, every one)
 *   signal N                   (interrupted by it: a partial trace)
 *   end
 *
 * Written with write(2) from a buffer of its own: stdio may allocate, and
 * the program's streams are none of the runtime's business.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace_rt.h"

struct lt_out {
	int fd;
	int failed;
	size_t n;
	char buf[1 << 16];
};

static void flush(struct lt_out *o)
{
	size_t done = 0;

	while (done < o->n && !o->failed) {
		ssize_t w = write(o->fd, o->buf + done, o->n - done);

		if (w <= 0)
			o->failed = 1;
		else
			done += (size_t)w;
	}
	o->n = 0;
}

static void put(struct lt_out *o, const char *s, size_t n)
{
	while (n) {
		size_t room = sizeof(o->buf) - o->n;
		size_t k = n < room ? n : room;

		lt_copy(o->buf + o->n, s, k);
		o->n += k;
		s += k;
		n -= k;
		if (o->n == sizeof(o->buf))
			flush(o);
	}
}

static void str(struct lt_out *o, const char *s)
{
	put(o, s, strlen(s));
}

/* " 1f": a space, then V in hex */
static void hex(struct lt_out *o, uint64_t v)
{
	char b[20];
	int i = sizeof(b);

	do {
		b[--i] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	b[--i] = ' ';
	put(o, b + i, sizeof(b) - (size_t)i);
}

/* A name on the rest of a line: newlines cannot be part of it. */
static void name(struct lt_out *o, const char *s, size_t max)
{
	for (size_t i = 0; i < max && s[i]; i++)
		put(o, s[i] == '\n' ? "?" : &s[i], 1);
}

static void maps(struct lt_out *o)
{
	char b[4096];
	int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	int bol = 1;
	ssize_t n;

	if (fd < 0)
		return;
	while ((n = read(fd, b, sizeof(b))) > 0) {
		for (ssize_t i = 0; i < n; i++) {
			if (bol)
				str(o, "m ");
			put(o, &b[i], 1);
			bol = b[i] == '\n';
		}
	}
	close(fd);
}

void lt_write_trace(int sig)
{
	static struct lt_out o; /* 64 KiB: not on a thread's stack */
	const char *base = getenv("LINEUP_TRACE_FILE");
	const struct lt_alloc *allocs;
	const struct lt_object *objects;
	size_t n_allocs, n_objects, len;
	char path[4096], exe[4096];
	pid_t pid = getpid();
	ssize_t elen;

	if (!base || (len = strlen(base)) > sizeof(path) - 32)
		return;
	lt_copy(path, base, len);
	/* PATH.PID, the pid in decimal */
	{
		char d[16];
		int i = sizeof(d);
		unsigned v = (unsigned)pid;

		d[--i] = '\0';
		do {
			d[--i] = (char)('0' + v % 10);
			v /= 10;
		} while (v);
		d[--i] = '.';
		lt_copy(path + len, d + i, sizeof(d) - (size_t)i);
	}
	o.fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (o.fd < 0)
		return;
	o.n = 0;
	o.failed = 0;
	str(&o, "lineup-trace 1\npid");
	hex(&o, (uint64_t)pid);
	str(&o, "\nsample");
	hex(&o, lt_sample());
	elen = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (elen > 0) {
		str(&o, "\nexe ");
		name(&o, exe, (size_t)elen);
	}
	str(&o, "\n");
	maps(&o);
	for (struct lt_thread *t = lt_threads(); t; t = t->next) {
		str(&o, "t");
		hex(&o, t->id);
		hex(&o, t->birth);
		hex(&o, t->death);
		hex(&o, t->dropped);
		if (t->timed || t->burst_ns || t->gap_ns) {
			uint64_t burst, cpu, burst_calls, calls;

			lt_burst_times(t, &burst, &cpu, &burst_calls, &calls);
			hex(&o, burst);
			hex(&o, cpu);
			hex(&o, burst_calls);
			hex(&o, calls);
		}
		str(&o, "\n");
	}
	lt_allocs(&allocs, &n_allocs, &objects, &n_objects);
	for (size_t i = 0; i < n_allocs; i++) {
		const struct lt_alloc *a = &allocs[i];

		str(&o, "h");
		hex(&o, a->addr);
		hex(&o, a->size);
		hex(&o, a->from);
		hex(&o, a->to);
		hex(&o, a->thread);
		for (int f = 0; f < LT_SITE_FRAMES; f++)
			hex(&o, lt_burst_pc(a->site[f]));
		str(&o, "\n");
	}
	for (size_t i = 0; i < n_objects; i++) {
		str(&o, "o");
		hex(&o, objects[i].addr);
		hex(&o, objects[i].size);
		str(&o, " ");
		name(&o, objects[i].type, sizeof(objects[i].type));
		str(&o, "\n");
	}
	for (struct lt_thread *t = lt_threads(); t; t = t->next) {
		for (size_t i = 0; i < t->cap; i++) {
			const struct lt_entry *e = &t->tab[i];

			if (!e->granule)
				continue;
			str(&o, "a");
			hex(&o, e->granule);
			hex(&o, e->mask);
			hex(&o, e->kind);
			hex(&o, t->id);
			hex(&o, lt_burst_pc(e->pc));
			hex(&o, e->lo);
			hex(&o, e->hi);
			hex(&o, e->count);
			str(&o, "\n");
		}
	}
	if (sig) {
		str(&o, "signal");
		hex(&o, (uint64_t)sig);
		str(&o, "\n");
	}
	str(&o, "end\n");
	flush(&o);
	close(o.fd);
}
