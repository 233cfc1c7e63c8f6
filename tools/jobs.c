/* SPDX-License-Identifier: MIT */
/* Parallel shell jobs with timeouts; see jobs.h. */
#include "jobs.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int spawn(struct lu_job *job, const sigset_t *orig_mask)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	char *argv[] = { "/bin/sh", "-c", (char *)job->command, NULL };
	pid_t pid;
	int rc;

	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&attr);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null",
					 O_RDONLY, 0);
	if (job->stdout_path)
		posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO,
						 job->stdout_path,
						 O_WRONLY | O_CREAT | O_TRUNC,
						 0600);
	if (job->stderr_path)
		posix_spawn_file_actions_addopen(&fa, STDERR_FILENO,
						 job->stderr_path,
						 O_WRONLY | O_CREAT | O_TRUNC,
						 0600);
	if (job->dir)
		posix_spawn_file_actions_addchdir_np(&fa, job->dir);
	/* Own process group, so a timeout kills the compiler's children. */
	posix_spawnattr_setpgroup(&attr, 0);
	posix_spawnattr_setsigmask(&attr, orig_mask);
	sigset_t dflt;

	sigemptyset(&dflt);
	sigaddset(&dflt, SIGINT);
	sigaddset(&dflt, SIGTERM);
	sigaddset(&dflt, SIGHUP);
	sigaddset(&dflt, SIGPIPE);
	posix_spawnattr_setsigdefault(&attr, &dflt);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP |
					       POSIX_SPAWN_SETSIGMASK |
					       POSIX_SPAWN_SETSIGDEF);
	rc = posix_spawn(&pid, "/bin/sh", &fa, &attr, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	if (rc != 0) {
		job->state = LU_JOB_FAILED_TO_START;
		job->status = rc;
		return -1;
	}
	job->pid = pid;
	job->state = LU_JOB_RUNNING;
	job->started = now();
	return 0;
}

static void reap(struct lu_job *jobs, size_t n, size_t *running)
{
	int status;
	pid_t pid;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		for (size_t i = 0; i < n; i++) {
			if (jobs[i].pid != pid || jobs[i].state != LU_JOB_RUNNING)
				continue;
			(*running)--;
			if (jobs[i].status == -1) {
				jobs[i].state = LU_JOB_TIMED_OUT;
			} else {
				jobs[i].state = LU_JOB_DONE;
				jobs[i].status = WIFEXITED(status)
							 ? WEXITSTATUS(status)
							 : 128 + WTERMSIG(status);
			}
			/* the group may still hold grandchildren */
			kill(-pid, SIGKILL);
		}
	}
}

int lu_jobs_run(struct lu_job *jobs, size_t n, unsigned parallel,
		unsigned timeout)
{
	sigset_t wait_set, orig;
	size_t next = 0, running = 0;
	int interrupted = 0;

	sigemptyset(&wait_set);
	sigaddset(&wait_set, SIGCHLD);
	sigaddset(&wait_set, SIGINT);
	sigaddset(&wait_set, SIGTERM);
	sigaddset(&wait_set, SIGHUP);
	sigprocmask(SIG_BLOCK, &wait_set, &orig);
	if (!parallel)
		parallel = 1;
	for (size_t i = 0; i < n; i++)
		jobs[i].state = LU_JOB_PENDING;

	while (!interrupted && (next < n || running)) {
		while (next < n && running < parallel) {
			jobs[next].status = 0;
			if (spawn(&jobs[next], &orig) == 0)
				running++;
			next++;
		}
		if (!running)
			continue;
		struct timespec tick = { 0, 100 * 1000 * 1000 };
		int sig = sigtimedwait(&wait_set, NULL, &tick);

		if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP)
			interrupted = sig;
		reap(jobs, n, &running);
		double t = now();

		for (size_t i = 0; i < n; i++) {
			if (jobs[i].state != LU_JOB_RUNNING)
				continue;
			if (interrupted || t - jobs[i].started > timeout) {
				jobs[i].status = -1; /* marks the timeout */
				kill(-jobs[i].pid, SIGKILL);
			}
		}
	}
	/* After an interrupt: wait for the killed ones, so none outlives us. */
	while (running) {
		int status;
		pid_t pid = waitpid(-1, &status, 0);

		if (pid < 0 && errno != EINTR)
			break;
		for (size_t i = 0; pid > 0 && i < n; i++)
			if (jobs[i].pid == pid && jobs[i].state == LU_JOB_RUNNING) {
				jobs[i].state = LU_JOB_TIMED_OUT;
				running--;
			}
	}
	/* Drain a pending SIGCHLD before unblocking; keep an interrupt. */
	struct timespec zero = { 0, 0 };
	sigset_t chld;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	while (sigtimedwait(&chld, NULL, &zero) > 0)
		;
	sigprocmask(SIG_SETMASK, &orig, NULL);
	return interrupted;
}
