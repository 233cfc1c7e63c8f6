/* SPDX-License-Identifier: MIT */
/*
 * The SIGBUS guard of map_guard.h.
 *
 * Why a page of zeros and not siglongjmp: jumping out of libdw or libelf
 * in the middle of a call leaves what they were building unreachable (a
 * .dwo's descriptor and Dwarf, a decompression buffer, a line table read
 * halfway) and their caches half updated. A zero page lets every library
 * finish its call and unwind through its own code; zeros read as
 * malformed DWARF, which the readers survive on any input, and the result
 * is thrown away because the guard says the file shrank. No copy of the
 * file is made, so a 600 MB vmlinux costs what it cost before.
 *
 * A signal's handler is process-wide state, which this cannot avoid: it
 * is installed while any guard is armed, on any thread (counted under a
 * mutex), and the previous one is put back after, so outside a read
 * SIGBUS does what it did (libFuzzer's and the sanitizers' handlers
 * included). Which guard is armed is per thread: a fault is delivered to
 * the thread that faulted.
 */
#include "map_guard.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

static _Thread_local struct lu_map_guard *innermost;

static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned n_armed;		/* guards armed, on all threads */
static struct sigaction previous;	/* SIGBUS's disposition before */
static uintptr_t page_size;

/* A fault that is not a vanished page: what SIGBUS did without us. */
static void chain(int sig, siginfo_t *info, void *uc)
{
	if (previous.sa_flags & SA_SIGINFO) {
		previous.sa_sigaction(sig, info, uc);
		return;
	}
	if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
		previous.sa_handler(sig);
		return;
	}
	/* SIG_IGN does not hold for a fault: the kernel kills then too */
	struct sigaction dfl = { .sa_handler = SIG_DFL };

	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
	raise(sig);	/* blocked in here; fatal as soon as we return */
}

static void on_sigbus(int sig, siginfo_t *info, void *uc)
{
	struct lu_map_guard *g = innermost;
	int saved = errno;

	/* BUS_ADRERR: the page of a mapping has no file behind it any more.
	 * mmap is a plain system call, safe here; the faulting access is
	 * retried when we return, and reads zeros. */
	if (g && info && info->si_code == BUS_ADRERR) {
		uintptr_t page = (uintptr_t)info->si_addr & ~(page_size - 1);
		void *p = mmap((void *)page, page_size, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);

		if (p != MAP_FAILED) {
			g->shrank = 1;
			errno = saved;
			return;
		}
	}
	chain(sig, info, uc);
}

void lu_map_guard_arm(struct lu_map_guard *g)
{
	g->outer = innermost;
	g->shrank = 0;
	pthread_mutex_lock(&install_lock);
	if (n_armed++ == 0) {
		struct sigaction sa = {
			.sa_sigaction = on_sigbus,
			.sa_flags = SA_SIGINFO,
		};

		page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
		sigemptyset(&sa.sa_mask);
		sigaction(SIGBUS, &sa, &previous);
	}
	pthread_mutex_unlock(&install_lock);
	innermost = g;
}

bool lu_map_guard_disarm(struct lu_map_guard *g)
{
	innermost = g->outer;
	pthread_mutex_lock(&install_lock);
	if (--n_armed == 0)
		sigaction(SIGBUS, &previous, NULL);
	pthread_mutex_unlock(&install_lock);
	return g->shrank;
}

bool lu_map_guard_shrank(void)
{
	for (const struct lu_map_guard *g = innermost; g; g = g->outer)
		if (g->shrank)
			return true;
	return false;
}
