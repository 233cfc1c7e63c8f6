/* SPDX-License-Identifier: MIT */
/*
 * The bursts' timer signal (trace_rt_burst.c) is the runtime's, not the
 * program's: a thread that blocks every signal and waits for any
 * (sigwait on a full set, signalfd) would otherwise be handed a tick
 * left pending. Each of these waits for what it is given less that
 * signal, while bursts run; the kernel's calls are made directly, as
 * calling glibc's would come back here.
 */
#include <errno.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "trace_rt.h"

#define LT_API __attribute__((visibility("default")))
/* the kernel's sigset_t: 64 signals */
#define KERNEL_SIGSET 8

static sigset_t without_ticks(const sigset_t *set)
{
	sigset_t s = *set;
	int sig = lt_burst_signal();

	if (sig)
		sigdelset(&s, sig);
	return s;
}

static int timed_wait(const sigset_t *set, siginfo_t *info,
		      const struct timespec *timeout)
{
	sigset_t s = without_ticks(set);

	return (int)syscall(SYS_rt_sigtimedwait, &s, info, timeout,
			    KERNEL_SIGSET);
}

LT_API int sigwait(const sigset_t *set, int *sig)
{
	int r;

	do
		r = timed_wait(set, NULL, NULL);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		return errno;
	*sig = r;
	return 0;
}

LT_API int sigwaitinfo(const sigset_t *set, siginfo_t *info)
{
	return timed_wait(set, info, NULL);
}

LT_API int sigtimedwait(const sigset_t *set, siginfo_t *info,
			const struct timespec *timeout)
{
	return timed_wait(set, info, timeout);
}

LT_API int signalfd(int fd, const sigset_t *mask, int flags)
{
	sigset_t s = without_ticks(mask);

	return (int)syscall(SYS_signalfd4, fd, &s, KERNEL_SIGSET, flags);
}
