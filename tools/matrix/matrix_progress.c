/* SPDX-License-Identifier: MIT */
/* A status line redrawn in place on a terminal; see matrix_progress.h. */
#include "matrix_progress.h"

#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

/* Redraws per second at most: more only costs the terminal. */
#define DRAW_INTERVAL 0.1

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void lu_progress_init(struct lu_progress *p, FILE *out)
{
	*p = (struct lu_progress){
		.out = out && isatty(fileno(out)) ? out : NULL,
		.start = now(),
	};
}

double lu_progress_elapsed(const struct lu_progress *p)
{
	return now() - p->start;
}

/* "12 s" or "3 min 05 s". */
static void duration(char *buf, size_t size, double s)
{
	unsigned long t = s > 0 ? (unsigned long)(s + 0.5) : 0;

	if (t < 100)
		snprintf(buf, size, "%lu s", t);
	else
		snprintf(buf, size, "%lu min %02lu s", t / 60, t % 60);
}

void lu_progress_draw(struct lu_progress *p, bool force, const char *what,
		      double done, double total)
{
	char line[512], spent[32], left[32];
	struct winsize ws;
	double t = now();
	size_t width = sizeof(line) - 1;

	if (!p->out || (!force && p->drawn && t - p->drawn < DRAW_INTERVAL))
		return;
	p->drawn = t;
	duration(spent, sizeof(spent), t - p->start);
	/* a guess from less than a second of work is noise */
	if (done > 0 && total > done && t - p->start >= 1.0) {
		duration(left, sizeof(left),
			 (t - p->start) * (total - done) / done);
		snprintf(line, sizeof(line), "%s; %s, about %s left", what,
			 spent, left);
	} else {
		snprintf(line, sizeof(line), "%s; %s", what, spent);
	}
	/* a line that wraps can no longer be redrawn in place */
	if (ioctl(fileno(p->out), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 &&
	    ws.ws_col - 1u < width)
		width = ws.ws_col - 1u;
	if (strlen(line) > width)
		line[width] = '\0';
	fprintf(p->out, "\r%s\033[K", line);
	fflush(p->out);
	p->shown = true;
}

void lu_progress_clear(struct lu_progress *p)
{
	if (!p->out || !p->shown)
		return;
	fputs("\r\033[K", p->out);
	fflush(p->out);
	p->shown = false;
}
