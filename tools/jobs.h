/* SPDX-License-Identifier: MIT */
/*
 * Runs shell commands in parallel with a timeout each. SIGINT, SIGTERM and
 * SIGHUP are blocked while jobs run and waited for alongside SIGCHLD, so an
 * interrupt kills every job's process group and returns to the caller, who
 * then cleans up its temporary files: no signal handler, no global state.
 */
#ifndef LINEUP_JOBS_H
#define LINEUP_JOBS_H

#include <stdbool.h>
#include <stddef.h>

enum lu_job_state {
	LU_JOB_PENDING,
	LU_JOB_RUNNING,
	LU_JOB_DONE,		/* exited; see status */
	LU_JOB_TIMED_OUT,
	LU_JOB_FAILED_TO_START,
};

struct lu_job {
	const char *command;	/* run by /bin/sh -c */
	const char *dir;	/* working directory, NULL: current */
	const char *stdout_path, *stderr_path;
	enum lu_job_state state;
	int status;		/* exit status when DONE, or the signal + 128 */
	/* private */
	int pid;
	double started;
};

/*
 * Runs all JOBS, at most PARALLEL at once, each killed after TIMEOUT
 * seconds. Returns 0, or the signal number that interrupted the run (the
 * remaining jobs were killed).
 */
int lu_jobs_run(struct lu_job *jobs, size_t n, unsigned parallel,
		unsigned timeout);

#endif
