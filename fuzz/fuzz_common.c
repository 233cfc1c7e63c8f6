/* SPDX-License-Identifier: MIT */
/* Helpers shared by the fuzz targets; see fuzz.h. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"
#include "report.h"
#include "show.h"

int fuzz_memfd(const uint8_t *data, size_t size, char *path, size_t path_size)
{
	int fd = memfd_create("lineup-fuzz", MFD_CLOEXEC);

	if (fd < 0)
		return -1;
	for (size_t done = 0; done < size;) {
		ssize_t n = write(fd, data + done, size - done);

		if (n <= 0) {
			close(fd);
			return -1;
		}
		done += (size_t)n;
	}
	snprintf(path, path_size, "/proc/self/fd/%d", fd);
	return fd;
}

/* One sink for the whole run: opening /dev/null per input costs a syscall. */
static FILE *sink(void)
{
	static FILE *devnull;

	if (!devnull)
		devnull = fopen("/dev/null", "w");
	if (!devnull)
		abort();
	return devnull;
}

/*
 * Past this many members the printers' work is linear and slow under ASan,
 * and finds nothing the smaller inputs do not: a 64 KiB input reaches it
 * only through shared types, which the readers have already bounded.
 */
#define MAX_CONSUMED_MEMBERS (1u << 16)

void fuzz_consume(const struct lu_set *set, const struct lu_rules *rules)
{
	size_t members = 0;

	for (size_t i = 0; i < set->n_structs; i++)
		members += set->structs[i].n_members;
	if (members > MAX_CONSUMED_MEMBERS)
		return;
	unsigned line = set->line_size ? set->line_size : 64;
	struct lu_findings findings = { 0 };
	struct lu_check_opts copts = { .line_size = line };
	struct lu_report_ctx ctx = {
		.sets = set, .n_sets = 1, .rules = rules, .line_size = line,
	};
	struct lu_show_opts sopts = { .line_size = line };

	lu_check_set(set, 0, rules, &copts, &findings);
	lu_show_text(sink(), set, &findings, &sopts);
	lu_show_json(sink(), set, &sopts);
	lu_report_text(sink(), &findings, &ctx);
	lu_report_json(sink(), &findings, &ctx);
	lu_report_sarif(sink(), &findings, &ctx);
	lu_findings_free(&findings);

	/* The adjacent-line pair mode and strict mode take other paths. */
	copts.pair = copts.strict = true;
	ctx.pair = true;
	lu_check_set(set, 0, rules, &copts, &findings);
	lu_report_text(sink(), &findings, &ctx);
	lu_findings_free(&findings);
}
