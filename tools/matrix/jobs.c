/* SPDX-License-Identifier: MIT */
/*
 * Parallel jobs with timeouts; see jobs.h. One poll(2) loop waits for the
 * jobs' output pipes, the signalfd (children exiting, interrupts) and the
 * nearest deadline: no signal handler, no sleeping, no global state.
 */
#include "jobs.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proctree.h"

extern char **environ;

/* Once a job has exited, read at most this much more from its pipe. */
#define DRAIN_LIMIT (1u << 20)

/* The first KEEP bytes, and the last KEEP in a ring. */
struct lu_job_capture {
	char head[LU_JOB_OUTPUT_KEEP], tail[LU_JOB_OUTPUT_KEEP];
	size_t n_head;
	uint64_t n_tail;	/* bytes that went into the ring */
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void capture_add(struct lu_job_capture *c, const char *p, size_t n)
{
	size_t h = LU_JOB_OUTPUT_KEEP - c->n_head;

	if (h > n)
		h = n;
	memcpy(c->head + c->n_head, p, h);
	c->n_head += h;
	p += h;
	n -= h;
	if (n > LU_JOB_OUTPUT_KEEP) {
		c->n_tail += n - LU_JOB_OUTPUT_KEEP;
		p += n - LU_JOB_OUTPUT_KEEP;
		n = LU_JOB_OUTPUT_KEEP;
	}
	for (size_t i = 0; i < n; i++)
		c->tail[(c->n_tail++) % LU_JOB_OUTPUT_KEEP] = p[i];
}

/* Length of the valid UTF-8 sequence at P (at most N bytes), 0 if none. */
static size_t utf8_len(const unsigned char *p, size_t n)
{
	size_t len = p[0] < 0x80 ? 1 : p[0] < 0xc2 ? 0 : p[0] < 0xe0 ? 2
		   : p[0] < 0xf0 ? 3 : p[0] < 0xf5 ? 4 : 0;
	unsigned char lo = p[0] == 0xe0 ? 0xa0 : p[0] == 0xf0 ? 0x90 : 0x80;
	unsigned char hi = p[0] == 0xed ? 0x9f : p[0] == 0xf4 ? 0x8f : 0xbf;

	if (!len || len > n || !p[0])
		return 0;
	for (size_t i = 1; i < len; i++)
		if (p[i] < (i == 1 ? lo : 0x80) || p[i] > (i == 1 ? hi : 0xbf))
			return 0;
	return len;
}

/*
 * Makes output text: NULs and bytes that are not UTF-8 (a cut through a
 * character, a Latin-1 locale) become '?', so it prints and goes into
 * JSON as it is.
 */
static void make_text(char *s, size_t n)
{
	unsigned char *p = (unsigned char *)s;

	for (size_t i = 0; i < n;) {
		size_t k = utf8_len(p + i, n - i);

		if (!k) {
			p[i] = '?';
			k = 1;
		}
		i += k;
	}
}

/* Head, then "[N bytes left out]" if any were, then the tail. */
static const char *capture_text(struct lu_arena *a,
				const struct lu_job_capture *c)
{
	size_t n_tail = c->n_tail < LU_JOB_OUTPUT_KEEP ? (size_t)c->n_tail
						       : LU_JOB_OUTPUT_KEEP;
	uint64_t skipped = c->n_tail - n_tail;
	char gap[80] = "";

	if (skipped)
		snprintf(gap, sizeof(gap), "\n[... %llu bytes left out ...]\n",
			 (unsigned long long)skipped);
	size_t n_gap = strlen(gap);
	char *out = lu_arena_alloc(a, c->n_head + n_gap + n_tail + 1);
	char *p = out;

	memcpy(p, c->head, c->n_head);
	p += c->n_head;
	memcpy(p, gap, n_gap);
	p += n_gap;
	for (uint64_t i = c->n_tail - n_tail; i < c->n_tail; i++)
		*p++ = c->tail[i % LU_JOB_OUTPUT_KEEP];
	*p = '\0';
	make_text(out, (size_t)(p - out));
	return out;
}

/* Reads what the pipe holds; closes it at end of file. */
static void read_output(struct lu_job *job, size_t limit)
{
	char buf[65536];
	size_t total = 0;

	while (job->fd >= 0 && total < limit) {
		ssize_t n = read(job->fd, buf, sizeof(buf));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return;
		if (n <= 0) {
			close(job->fd);
			job->fd = -1;
			return;
		}
		capture_add(job->capture, buf, (size_t)n);
		total += (size_t)n;
	}
}

/* "COMMAND "$@"": the shell parses the command, and only the command. */
static char *script_of(const char *command)
{
	size_t n = strlen(command);
	char *s = malloc(n + sizeof(" \"$@\""));

	if (!s)
		abort();
	memcpy(s, command, n);
	memcpy(s + n, " \"$@\"", sizeof(" \"$@\""));
	return s;
}

static int spawn(struct lu_job *job, const sigset_t *child_mask,
		 char *const *env)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t dflt;
	char *script = script_of(job->command);
	char **argv = calloc(job->n_args + 5, sizeof(*argv));
	int pipefd[2];
	pid_t pid;
	int rc;

	if (!argv)
		abort();
	argv[0] = "/bin/sh";
	argv[1] = "-c";
	argv[2] = script;
	argv[3] = "sh";		/* $0 */
	for (size_t i = 0; i < job->n_args; i++)
		argv[4 + i] = (char *)job->args[i];
	if (pipe2(pipefd, O_CLOEXEC) < 0) {
		rc = errno;
		goto out;
	}
	fcntl(pipefd[0], F_SETFL, fcntl(pipefd[0], F_GETFL) | O_NONBLOCK);
	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&attr);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null",
					 O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], STDOUT_FILENO);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], STDERR_FILENO);
	if (job->dir)
		posix_spawn_file_actions_addchdir_np(&fa, job->dir);
	/* Own process group: the terminal's ^C reaches lineup only. */
	posix_spawnattr_setpgroup(&attr, 0);
	posix_spawnattr_setsigmask(&attr, child_mask);
	sigemptyset(&dflt);
	sigaddset(&dflt, SIGINT);
	sigaddset(&dflt, SIGTERM);
	sigaddset(&dflt, SIGHUP);
	sigaddset(&dflt, SIGPIPE);
	posix_spawnattr_setsigdefault(&attr, &dflt);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP |
					       POSIX_SPAWN_SETSIGMASK |
					       POSIX_SPAWN_SETSIGDEF);
	rc = posix_spawn(&pid, "/bin/sh", &fa, &attr, argv, env);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	close(pipefd[1]);
	if (rc != 0)
		close(pipefd[0]);
out:
	free(script);
	free(argv);
	if (rc != 0) {
		job->state = LU_JOB_FAILED_TO_START;
		job->status = rc;
		return -1;
	}
	job->pid = pid;
	job->fd = pipefd[0];
	job->state = LU_JOB_RUNNING;
	return 0;
}

/* Our environment, with TMPDIR set to TMPDIR when that is not NULL. */
static char **job_environ(struct lu_arena *a, const char *tmpdir)
{
	size_t n = 0, k = 0;

	while (environ[n])
		n++;
	char **env = lu_arena_alloc(a, (n + 2) * sizeof(*env));

	for (size_t i = 0; i < n; i++)
		if (!tmpdir || strncmp(environ[i], "TMPDIR=", 7))
			env[k++] = environ[i];
	if (tmpdir)
		env[k++] = lu_arena_printf(a, "TMPDIR=%s", tmpdir);
	env[k] = NULL;
	return env;
}

struct run {
	const struct lu_jobs_opts *o;
	const struct lu_jobs_feed *feed;
	char **env;
	struct lu_job **active;	/* running jobs, at most o->parallel */
	size_t n_active;
};

/*
 * Starts JOB: 1, or 0 when it could not start (its state says why), or -1
 * when lineup is out of file descriptors (-j above `ulimit -n`) while
 * other jobs run: JOB waits for one of them instead of failing.
 */
static int start(struct run *r, struct lu_job *job, const sigset_t *mask)
{
	job->status = 0;
	job->output = NULL;
	job->killed = false;
	job->fd = -1;
	if (spawn(job, mask, r->env) < 0) {
		if ((job->status == EMFILE || job->status == ENFILE) &&
		    r->n_active)
			return -1;
		job->output = lu_arena_printf(r->o->arena,
					      "failed to start /bin/sh%s%s: %s",
					      job->dir ? " in " : "",
					      job->dir ? job->dir : "",
					      strerror(job->status));
		return 0;
	}
	job->capture = calloc(1, sizeof(*job->capture));
	if (!job->capture)
		abort();
	job->deadline = now() + (double)r->o->timeout;
	r->active[r->n_active++] = job;
	return 1;
}

/*
 * The job's process has exited and is a zombie still: its pid, and so its
 * process group's id, cannot be reused yet. Kill what stayed in the group,
 * collect the output, reap, forget.
 */
static void finish(struct run *r, size_t i)
{
	struct lu_job *job = r->active[i];
	int status = 0;

	kill(-job->pid, SIGKILL);
	while (waitpid(job->pid, &status, 0) < 0 && errno == EINTR)
		;
	read_output(job, DRAIN_LIMIT);
	if (job->fd >= 0)
		close(job->fd);
	job->fd = -1;
	if (job->killed) {
		job->state = LU_JOB_TIMED_OUT;
	} else {
		job->state = LU_JOB_DONE;
		job->status = WIFEXITED(status) ? WEXITSTATUS(status)
						: 128 + WTERMSIG(status);
	}
	if (job->state != LU_JOB_DONE || job->status)
		job->output = capture_text(r->o->arena, job->capture);
	free(job->capture);
	job->capture = NULL;
	r->active[i] = r->active[--r->n_active];
	r->feed->done(r->feed->ctx, job);
}

/* Reaps every child that has exited: jobs, and orphans adopted. */
static void reap(struct run *r)
{
	for (;;) {
		siginfo_t si = { 0 };
		size_t i;

		if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) < 0 ||
		    si.si_pid == 0)
			return;
		for (i = 0; i < r->n_active; i++)
			if (r->active[i]->pid == si.si_pid)
				break;
		if (i < r->n_active)
			finish(r, i);
		else
			waitpid(si.si_pid, NULL, 0);
	}
}

/* Milliseconds to the nearest deadline of a job not yet killed, or -1. */
static int next_wakeup(const struct run *r)
{
	double t = now(), first = -1;

	for (size_t i = 0; i < r->n_active; i++) {
		const struct lu_job *job = r->active[i];

		if (!job->killed && (first < 0 || job->deadline < first))
			first = job->deadline;
	}
	int cap = r->feed->tick ? (int)r->feed->tick_ms : 60000;

	if (first < 0)
		return r->feed->tick ? cap : -1;
	if (first <= t)
		return 0;
	double ms = (first - t) * 1000.0 + 1.0;

	return ms > (double)cap ? cap : (int)ms;
}

static void wait_once(struct run *r, struct pollfd *pfd)
{
	size_t k = 0;

	pfd[k++] = (struct pollfd){ .fd = r->o->interrupt->fd,
				    .events = POLLIN };
	for (size_t i = 0; i < r->n_active; i++)
		pfd[k++] = (struct pollfd){ .fd = r->active[i]->fd,
					    .events = POLLIN };
	/* a closed pipe has fd -1, which poll(2) skips */
	if (poll(pfd, k, next_wakeup(r)) < 0 && errno != EINTR)
		return;
	for (size_t i = 0; i < r->n_active; i++)
		if (pfd[1 + i].revents)
			read_output(r->active[i], DRAIN_LIMIT);
}

int lu_jobs_pump(const struct lu_jobs_feed *feed,
		 const struct lu_jobs_opts *o)
{
	unsigned parallel = o->parallel ? o->parallel : 1;
	struct run r = { .o = o, .feed = feed };
	struct pollfd *pfd = calloc(parallel + 1, sizeof(*pfd));
	struct lu_job *held = NULL;	/* fetched, waiting for descriptors */
	int interrupted = 0;

	r.active = calloc(parallel, sizeof(*r.active));
	r.env = job_environ(o->arena, o->tmpdir);
	if (!pfd || !r.active)
		abort();
	lu_proc_adopt_orphans();
	for (;;) {
		struct lu_job *job = NULL;

		while (r.n_active < parallel &&
		       (job = held ? held : feed->next(feed->ctx))) {
			int started = start(&r, job, &o->interrupt->saved);

			held = NULL;
			if (started < 0) {
				/* throttle: as many at once as there are
				 * descriptors for, never a failed compile */
				held = job;
				parallel = r.n_active > 1
						   ? (unsigned)r.n_active - 1
						   : 1;
				break;
			}
			if (!started)
				feed->done(feed->ctx, job);
		}
		if (!r.n_active)
			break;
		wait_once(&r, pfd);
		interrupted = lu_interrupt_check(o->interrupt);
		if (interrupted)
			break;
		reap(&r);
		if (feed->tick)
			feed->tick(feed->ctx);
		double t = now();

		for (size_t i = 0; i < r.n_active; i++) {
			struct lu_job *a = r.active[i];

			if (!a->killed && t >= a->deadline) {
				lu_proc_kill_tree(a->pid);
				a->killed = true;
			}
		}
	}
	/*
	 * Interrupted, the running jobs die with the rest; otherwise only
	 * what a job left behind (detached daemons, setsid'd children) is
	 * still there. Either way, nothing we started outlives the run.
	 */
	lu_proc_kill_all();
	for (size_t i = 0; i < r.n_active; i++) {
		struct lu_job *job = r.active[i];

		if (job->fd >= 0)
			close(job->fd);
		job->fd = -1;
		job->state = LU_JOB_TIMED_OUT;
		free(job->capture);
		job->capture = NULL;
	}
	free(r.active);
	free(pfd);
	return interrupted;
}

/* The jobs of an array, in order. */
struct array_feed {
	struct lu_job *jobs;
	size_t n, next;
};

static struct lu_job *array_next(void *ctx)
{
	struct array_feed *a = ctx;

	return a->next < a->n ? &a->jobs[a->next++] : NULL;
}

static void array_done(void *ctx, struct lu_job *job)
{
	(void)ctx;
	(void)job;
}

int lu_jobs_run(struct lu_job *jobs, size_t n, const struct lu_jobs_opts *o)
{
	struct array_feed a = { .jobs = jobs, .n = n };
	struct lu_jobs_feed feed = { .next = array_next, .done = array_done,
				     .ctx = &a };

	for (size_t i = 0; i < n; i++)
		jobs[i].state = LU_JOB_PENDING;
	return lu_jobs_pump(&feed, o);
}
