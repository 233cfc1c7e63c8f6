/* SPDX-License-Identifier: MIT */
/*
 * Interrupts as events, not handlers. While lineup owns temporary files,
 * SIGINT, SIGTERM and SIGHUP (and SIGCHLD, for the job loop) are blocked
 * and read from a signalfd: the job loop polls it next to its pipes, and
 * the other phases look at it between steps (one object read, at most).
 * The caller removes its files, releases the block and re-raises the
 * signal, so lineup dies of it as if it had not been caught (a shell shows
 * 128 + N). No handler and no global state: everything is in the struct.
 */
#ifndef LINEUP_INTERRUPT_H
#define LINEUP_INTERRUPT_H

#include <signal.h>

struct lu_interrupt {
	sigset_t blocked;	/* what init blocked: interrupts and SIGCHLD */
	sigset_t saved;		/* the mask before, restored by release */
	int fd;			/* signalfd of BLOCKED, -1 when released */
	int sig;		/* the first interrupt received, 0: none */
	struct sigaction chld;	/* SIGCHLD's action before, restored */
};

/* Blocks the signals and opens the signalfd; 0, or -1 with errno set. */
int lu_interrupt_init(struct lu_interrupt *in);
/* Reads every pending signal; returns the first interrupt seen, or 0. */
int lu_interrupt_check(struct lu_interrupt *in);
/* Reads what is pending one last time, closes the fd, restores the mask. */
void lu_interrupt_release(struct lu_interrupt *in);
/*
 * Dies of SIG with its default action, as an uncaught signal would. Returns
 * 128 + SIG when the mask lineup was started with keeps SIG from killing.
 */
int lu_interrupt_die(int sig);

#endif
