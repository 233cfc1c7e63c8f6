/* SPDX-License-Identifier: MIT */
/* Interrupts read from a signalfd; see interrupt.h. */
#include "interrupt.h"

#include <errno.h>
#include <sys/signalfd.h>
#include <unistd.h>

int lu_interrupt_init(struct lu_interrupt *in)
{
	static const int interrupts[] = { SIGINT, SIGTERM, SIGHUP };

	sigemptyset(&in->blocked);
	sigaddset(&in->blocked, SIGCHLD);
	/*
	 * A signal lineup was started with ignored (nohup, a background job
	 * of a script) stays ignored: blocked, the kernel would queue it.
	 */
	for (size_t i = 0; i < sizeof(interrupts) / sizeof(*interrupts); i++) {
		struct sigaction sa;

		if (sigaction(interrupts[i], NULL, &sa) == 0 &&
		    sa.sa_handler == SIG_IGN)
			continue;
		sigaddset(&in->blocked, interrupts[i]);
	}
	in->sig = 0;
	/*
	 * An ignored SIGCHLD, inherited through exec, would have the kernel
	 * reap the compiles behind our back: lineup waits for its children.
	 */
	struct sigaction dfl = { .sa_handler = SIG_DFL };

	if (sigaction(SIGCHLD, &dfl, &in->chld) < 0)
		return -1;
	if (sigprocmask(SIG_BLOCK, &in->blocked, &in->saved) < 0) {
		sigaction(SIGCHLD, &in->chld, NULL);
		return -1;
	}
	in->fd = signalfd(-1, &in->blocked, SFD_NONBLOCK | SFD_CLOEXEC);
	if (in->fd < 0) {
		int e = errno;

		sigprocmask(SIG_SETMASK, &in->saved, NULL);
		sigaction(SIGCHLD, &in->chld, NULL);
		errno = e;
		return -1;
	}
	return 0;
}

int lu_interrupt_check(struct lu_interrupt *in)
{
	struct signalfd_siginfo si;

	while (in->fd >= 0 && read(in->fd, &si, sizeof(si)) == sizeof(si))
		if (!in->sig && si.ssi_signo != SIGCHLD)
			in->sig = (int)si.ssi_signo;
	return in->sig;
}

void lu_interrupt_release(struct lu_interrupt *in)
{
	if (in->fd < 0)
		return;
	lu_interrupt_check(in);
	close(in->fd);
	in->fd = -1;
	sigprocmask(SIG_SETMASK, &in->saved, NULL);
	sigaction(SIGCHLD, &in->chld, NULL);
}

int lu_interrupt_die(int sig)
{
	signal(sig, SIG_DFL);
	raise(sig);
	/* still here: the mask we were started with blocks SIG */
	return 128 + sig;
}
