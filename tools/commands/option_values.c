/* SPDX-License-Identifier: MIT */
/* Option values from the command line, strictly (option_values.h). */
#include "option_values.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool lu_parse_count(const char *s, unsigned max, unsigned *out)
{
	char *end;
	unsigned long v;

	/* digits only: strtoul would take " 5", "+5" and "-5" */
	if (!s || !(*s >= '0' && *s <= '9'))
		return false;
	v = strtoul(s, &end, 10);
	if (*end || v == 0 || v > max)
		return false;
	*out = (unsigned)v;
	return true;
}

/* An address as perf prints it: 0x-prefixed hex, or decimal. */
bool lu_parse_base(const char *cmd, const char *arg, struct lu_cli *cli)
{
	bool hex = arg[0] == '0' && (arg[1] == 'x' || arg[1] == 'X');
	const char *digits = hex ? arg + 2 : arg;
	char *end;

	/* strtoull's base 0 reads "010" as octal 8 and skips " -1" to a
	 * huge number: perf prints 0x hex or decimal, so only those */
	errno = 0;
	if (hex ? isxdigit((unsigned char)*digits)
		: (*digits >= '0' && *digits <= '9')) {
		cli->base = strtoull(digits, &end, hex ? 16 : 10);
		if (!errno && !*end) {
			cli->has_base = true;
			return true;
		}
	}
	fprintf(stderr, "lineup %s: bad --base '%s' (an address, e.g. "
			"0xffff888100a3c000)\n",
		cmd, arg);
	return false;
}

/* "size", "moves", or both comma-separated; repeatable. */
bool lu_parse_fail_on(const char *cmd, const char *arg, struct lu_cli *cli)
{
	const char *p = arg;

	do {
		size_t n = strcspn(p, ",");

		if (n == 4 && !strncmp(p, "size", 4))
			cli->fail_on |= LU_FAIL_ON_SIZE;
		else if (n == 5 && !strncmp(p, "moves", 5))
			cli->fail_on |= LU_FAIL_ON_MOVES;
		else {
			fprintf(stderr, "lineup %s: bad --fail-on '%s' (size, "
					"moves or size,moves)\n",
				cmd, arg);
			return false;
		}
		p += n;
	} while (*p++ == ',');
	return true;
}

/*
 * -C/--struct NAME[,NAME...]: the commas between names, not those inside a
 * C++ name's template arguments ("Ring<char, 4>" is one name).
 */
bool lu_add_structs(struct lu_cli *cli, char *arg)
{
	int depth = 0;

	for (char *name = arg, *p = arg;; p++) {
		if (*p == '<' || *p == '(')
			depth++;
		else if ((*p == '>' || *p == ')') && depth)
			depth--;
		if (*p && (*p != ',' || depth))
			continue;
		bool last = !*p;

		*p = '\0';
		if (*name) {
			cli->structs = realloc(cli->structs,
					       (cli->n_structs + 1) *
						       sizeof(*cli->structs));
			if (!cli->structs)
				abort();
			/* "struct foo" and "foo" name the same thing */
			if (!strncmp(name, "struct ", 7))
				name += 7;
			cli->structs[cli->n_structs++] = name;
		}
		if (last)
			return true;
		name = p + 1;
	}
}

bool lu_read_jobs(const char *cmd, bool takes, struct lu_cli *cli)
{
	const char *env = getenv("LINEUP_JOBS");
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	cli->read_jobs = cli->jobs;
	if (cli->read_jobs || !takes)
		return true;
	if (env && *env) {
		if (lu_parse_count(env, 1024, &cli->read_jobs))
			return true;
		fprintf(stderr, "lineup %s: bad LINEUP_JOBS '%s' (1 to 1024)\n",
			cmd, env);
		return false;
	}
	cli->read_jobs = cpus < 1 ? 1 : cpus > 1024 ? 1024 : (unsigned)cpus;
	return true;
}
