/* SPDX-License-Identifier: MIT */
/*
 * One status line on a terminal, redrawn in place: what `lineup matrix`
 * has done so far, how long it took and how long it may still take. Only
 * when stderr is a terminal; otherwise every call does nothing, so logs
 * and pipes get no carriage returns.
 */
#ifndef LINEUP_MATRIX_PROGRESS_H
#define LINEUP_MATRIX_PROGRESS_H

#include <stdbool.h>
#include <stdio.h>

struct lu_progress {
	FILE *out;		/* NULL: off */
	double start;		/* CLOCK_MONOTONIC seconds */
	double drawn;		/* when the line was last drawn, 0: never */
	bool shown;		/* a line is on the screen */
};

/* Starts the clock; draws on OUT only when OUT is a terminal. */
void lu_progress_init(struct lu_progress *p, FILE *out);
/* Seconds since init. */
double lu_progress_elapsed(const struct lu_progress *p);
/*
 * Replaces the line with "WHAT; ELAPSED[, about LEFT left]", where LEFT
 * is extrapolated from DONE of TOTAL units of work. At most ten times a
 * second unless FORCE.
 */
void lu_progress_draw(struct lu_progress *p, bool force, const char *what,
		      double done, double total);
/* Erases the line, so what is printed next starts on a clean one. */
void lu_progress_clear(struct lu_progress *p);

#endif
