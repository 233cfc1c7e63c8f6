/* SPDX-License-Identifier: MIT */
/* Killing process trees found through /proc; see proctree.h. */
#include "proctree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

struct proc {
	pid_t pid, ppid;
	bool live;		/* not a zombie */
	bool below;		/* a descendant of the root looked for */
};

void lu_proc_adopt_orphans(void)
{
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

/* "pid (comm) S ppid ...": comm may hold spaces and parentheses. */
static bool read_stat(const char *pid, struct proc *p)
{
	char path[64], buf[512];
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%s/stat", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	char *end = strrchr(buf, ')');
	char state;
	int ppid;

	if (!end || sscanf(end + 1, " %c %d", &state, &ppid) != 2)
		return false;
	p->pid = (pid_t)atoi(pid);
	p->ppid = (pid_t)ppid;
	p->live = state != 'Z' && state != 'X';
	p->below = false;
	return true;
}

static int by_pid(const void *a, const void *b)
{
	const struct proc *x = a, *y = b;

	return (x->pid > y->pid) - (x->pid < y->pid);
}

/* Every process, with the descendants of ROOT marked; NULL on failure. */
static struct proc *scan(pid_t root, size_t *n_out)
{
	DIR *d = opendir("/proc");
	struct proc *ps = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;

	*n_out = 0;
	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			struct proc *grown = realloc(ps, cap * sizeof(*ps));

			if (!grown)
				abort();
			ps = grown;
		}
		if (read_stat(e->d_name, &ps[n]))
			n++;
	}
	closedir(d);
	if (!ps)
		return NULL;
	qsort(ps, n, sizeof(*ps), by_pid);
	/* one pass per generation; trees are shallow */
	for (bool more = true; more;) {
		more = false;
		for (size_t i = 0; i < n; i++) {
			struct proc key = { .pid = ps[i].ppid }, *parent;

			if (ps[i].below)
				continue;
			parent = bsearch(&key, ps, n, sizeof(*ps), by_pid);
			if (ps[i].ppid == root || (parent && parent->below))
				ps[i].below = more = true;
		}
	}
	*n_out = n;
	return ps;
}

void lu_proc_kill_tree(pid_t root)
{
	pid_t *stopped = NULL;
	size_t n_stopped = 1, cap = 16;

	stopped = malloc(cap * sizeof(*stopped));
	if (!stopped)
		abort();
	stopped[0] = root;
	kill(root, SIGSTOP);
	/*
	 * A stopped process cannot fork: stop what we find until a walk finds
	 * nothing new. A child forked just as its parent stopped shows up in
	 * the next walk.
	 */
	for (bool fresh = true; fresh;) {
		size_t n;
		struct proc *ps = scan(root, &n);

		fresh = false;
		for (size_t i = 0; i < n; i++) {
			if (!ps[i].below || !ps[i].live)
				continue;
			bool known = false;

			for (size_t k = 0; k < n_stopped && !known; k++)
				known = stopped[k] == ps[i].pid;
			if (known)
				continue;
			if (n_stopped == cap) {
				cap *= 2;
				stopped = realloc(stopped,
						  cap * sizeof(*stopped));
				if (!stopped)
					abort();
			}
			stopped[n_stopped++] = ps[i].pid;
			kill(ps[i].pid, SIGSTOP);
			fresh = true;
		}
		free(ps);
	}
	kill(-root, SIGKILL);
	for (size_t k = 0; k < n_stopped; k++)
		kill(stopped[k], SIGKILL);
	free(stopped);
}

void lu_proc_kill_all(void)
{
	pid_t self = getpid();

	/*
	 * Each round kills what is alive below us, then reaps at least one
	 * child: the orphans of the dead are reparented to us (we are their
	 * subreaper) and met in the next round. No child left: no descendant.
	 */
	for (;;) {
		size_t n;
		struct proc *ps = scan(self, &n);
		int status;
		pid_t pid;

		if (!ps) {
			/* no /proc: reap what is dead, never wait blind */
			while (waitpid(-1, &status, WNOHANG) > 0)
				;
			return;
		}
		for (size_t i = 0; i < n; i++)
			if (ps[i].below && ps[i].live)
				kill(ps[i].pid, SIGKILL);
		free(ps);
		pid = waitpid(-1, &status, 0);
		if (pid < 0 && errno == ECHILD)
			break;
		if (pid < 0 && errno != EINTR)
			break;
		while (waitpid(-1, &status, WNOHANG) > 0)
			;
	}
}
