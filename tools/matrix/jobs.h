/* SPDX-License-Identifier: MIT */
/*
 * Runs the user's compile command many times in parallel, each with a
 * timeout. The command is the only text a shell parses: the words lineup
 * adds (-D flags, -o paths) are passed as the shell's positional
 * parameters and appended as "$@", so no value or path is ever re-parsed.
 * Output (stdout and stderr together) goes through a pipe and only its
 * first and last LU_JOB_OUTPUT_KEEP bytes are kept: a compile that floods
 * it fills neither the disk nor memory. A timeout or an interrupt kills a
 * job's whole process tree, and when the run ends every process started
 * under lineup is gone (see proctree.h).
 */
#ifndef LINEUP_JOBS_H
#define LINEUP_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "arena.h"
#include "interrupt.h"

/* Bytes kept from the start, and from the end, of a job's output. */
#define LU_JOB_OUTPUT_KEEP 1024

enum lu_job_state {
	LU_JOB_PENDING,
	LU_JOB_RUNNING,
	LU_JOB_DONE,		/* exited; see status */
	LU_JOB_TIMED_OUT,
	LU_JOB_FAILED_TO_START,
};

struct lu_job_capture;

struct lu_job {
	const char *command;	/* run by /bin/sh -c, followed by "$@" */
	const char *const *args;	/* "$@": reach the command verbatim */
	size_t n_args;
	const char *dir;	/* working directory, NULL: current */
	enum lu_job_state state;
	int status;		/* exit status when DONE, or the signal + 128 */
	/* when the job failed: its output, at most the first and the last
	 * LU_JOB_OUTPUT_KEEP bytes with what was left out between them */
	const char *output;
	/* private */
	pid_t pid;
	int fd;			/* read end of the output pipe, -1: closed */
	bool killed;		/* timed out: its tree is being killed */
	double deadline;
	struct lu_job_capture *capture;
};

struct lu_jobs_opts {
	unsigned parallel;	/* jobs at once, at least 1 */
	unsigned timeout;	/* seconds per job */
	struct lu_arena *arena;	/* holds the outputs kept */
	/* TMPDIR for the jobs, NULL: unchanged. A compiler killed midway
	 * leaves its temporary files there, so lineup's own directory. */
	const char *tmpdir;
	struct lu_interrupt *interrupt;	/* initialized: signals blocked */
};

/*
 * Runs all JOBS. Returns 0, or the signal that interrupted the run (the
 * jobs still running were killed; the states of the others are kept).
 */
int lu_jobs_run(struct lu_job *jobs, size_t n, const struct lu_jobs_opts *o);

/*
 * Where lu_jobs_pump takes its jobs from, so that what a finished job
 * says can decide what runs next (a pipeline in one pool of slots).
 */
struct lu_jobs_feed {
	/* the job to start now; NULL: none is ready until another ends */
	struct lu_job *(*next)(void *ctx);
	/* JOB ended: its state, status and output are set */
	void (*done)(void *ctx, struct lu_job *job);
	/* called at least every TICK_MS while jobs run (NULL: never) */
	void (*tick)(void *ctx);
	unsigned tick_ms;
	void *ctx;
};

/*
 * Runs the feed's jobs, O->parallel at once, until it has none ready and
 * none is running. Returns 0, or the signal that interrupted the run (the
 * jobs still running were killed and their done was not called).
 */
int lu_jobs_pump(const struct lu_jobs_feed *feed,
		 const struct lu_jobs_opts *o);

#endif
