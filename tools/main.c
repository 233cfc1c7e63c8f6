/* SPDX-License-Identifier: MIT */
/*
 * lineup: the command line. Subcommands are a table; each gets the parsed
 * options in a struct and returns an exit status (0 clean, 1 findings,
 * 2 usage or input error).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#ifndef LINEUP_VERSION
#define LINEUP_VERSION "unknown"
#endif

static const char common_help[] =
	"  --format text|json|sarif  output format (default text)\n"
	"  --line-size N             cache line size in bytes (default: from "
	"the ELF\n"
	"                            machine, 64 when unknown)\n"
	"  --pair                    treat each aligned pair of lines as one "
	"unit\n"
	"                            (adjacent-line prefetch)\n"
	"  --color auto|always|never colors on a terminal; NO_COLOR is "
	"respected\n"
	"  -h, --help                this help\n";

static const struct lu_command commands[] = {
	{ "show", lu_cmd_show,
	  "lineup show [--struct NAME]... [OPTIONS] FILE",
	  "Shows struct layouts like pahole, with cache lines, groups and "
	  "conflicts.\n"
	  "FILE is an ELF object, executable, shared library or archive with "
	  "DWARF,\n"
	  "raw BTF (/sys/kernel/btf/vmlinux), an ELF file with .BTF, or "
	  "pahole text\n"
	  "(- reads it from stdin).\n\n"
	  "  -s, --struct NAME         show only NAME (repeatable)\n",
	  "s:" },
	{ "check", lu_cmd_check,
	  "lineup check [--rules FILE.ini] [OPTIONS] FILE...",
	  "Checks every struct that carries lineup or kernel group markers, "
	  "and every\n"
	  "struct named in the rules file: no cache line may hold a byte of a "
	  "write\n"
	  "group and a byte of another write or read group.\n"
	  "Exit status: 0 every rule holds, 1 a rule is broken, 2 usage or "
	  "input error.\n\n"
	  "  -r, --rules FILE.ini      rules for named structs (see "
	  "doc/rules.md)\n"
	  "  --strict                  missing members and groups are errors\n"
	  "  --from-pahole             read FILE (or -) as pahole --hex text\n",
	  "r:" },
	{ "matrix", lu_cmd_matrix,
	  "lineup matrix --rules FILE.ini [OPTIONS]",
	  "Compiles the [matrix] source under every configuration of its "
	  "options,\n"
	  "checks each layout, and names the condition that makes them fail.\n\n"
	  "  -r, --rules FILE.ini      rules with a [matrix] section\n"
	  "  -j N                      parallel compiles (default: CPUs)\n"
	  "  --exhaustive              every configuration, not a covering "
	  "array\n"
	  "  --timeout SECONDS         per compile (default 300)\n"
	  "  --strict                  missing members and groups are errors\n",
	  "r:j:" },
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *out)
{
	fprintf(out, "usage: lineup COMMAND [OPTIONS] ARGS\n"
		     "       lineup --version\n\ncommands:\n");
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(out, "  %s\n", commands[i].usage);
	fprintf(out, "\nlineup COMMAND --help tells more.\n");
}

static void command_help(const struct lu_command *c)
{
	printf("usage: %s\n\n%s%s", c->usage, c->help, common_help);
}

unsigned lu_cli_line_size(const struct lu_cli *cli, unsigned from_file)
{
	if (cli->line_size)
		return cli->line_size;
	return from_file ? from_file : 64;
}

static bool parse_uint(const char *s, unsigned max, unsigned *out)
{
	char *end;
	unsigned long v;

	if (!s || !*s || *s == '-')
		return false;
	v = strtoul(s, &end, 10);
	if (*end || v == 0 || v > max)
		return false;
	*out = (unsigned)v;
	return true;
}

enum {
	OPT_FORMAT = 256, OPT_LINE_SIZE, OPT_PAIR, OPT_COLOR, OPT_STRICT,
	OPT_EXHAUSTIVE, OPT_TIMEOUT, OPT_FROM_PAHOLE,
};

static int parse(const struct lu_command *c, int argc, char **argv,
		 struct lu_cli *cli)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "line-size", required_argument, NULL, OPT_LINE_SIZE },
		{ "pair", no_argument, NULL, OPT_PAIR },
		{ "color", required_argument, NULL, OPT_COLOR },
		{ "colour", required_argument, NULL, OPT_COLOR },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "exhaustive", no_argument, NULL, OPT_EXHAUSTIVE },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "from-pahole", no_argument, NULL, OPT_FROM_PAHOLE },
		{ "struct", required_argument, NULL, 's' },
		{ "rules", required_argument, NULL, 'r' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char shorts[16];
	const char *color = "auto";
	int opt;

	snprintf(shorts, sizeof(shorts), "h%s", c->options);
	optind = 1;
	while ((opt = getopt_long(argc, argv, shorts, longopts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			command_help(c);
			exit(LU_EXIT_OK);
		case OPT_FORMAT:
			if (!strcmp(optarg, "text"))
				cli->format = LU_FORMAT_TEXT;
			else if (!strcmp(optarg, "json"))
				cli->format = LU_FORMAT_JSON;
			else if (!strcmp(optarg, "sarif") &&
				 strcmp(c->name, "show"))
				cli->format = LU_FORMAT_SARIF;
			else {
				fprintf(stderr, "lineup %s: unknown format '%s' "
						"(expected text, json%s)\n",
					c->name, optarg,
					strcmp(c->name, "show") ? " or sarif"
								: "");
				return -1;
			}
			break;
		case OPT_LINE_SIZE:
			if (!parse_uint(optarg, 1u << 16, &cli->line_size) ||
			    (cli->line_size & (cli->line_size - 1))) {
				fprintf(stderr, "lineup %s: bad --line-size '%s' "
						"(a power of two, e.g. 64)\n",
					c->name, optarg);
				return -1;
			}
			break;
		case OPT_PAIR:
			cli->pair = true;
			break;
		case OPT_COLOR:
			color = optarg;
			if (strcmp(color, "auto") && strcmp(color, "always") &&
			    strcmp(color, "never")) {
				fprintf(stderr, "lineup %s: bad --color '%s' "
						"(auto, always or never)\n",
					c->name, optarg);
				return -1;
			}
			break;
		case OPT_STRICT:
			cli->strict = true;
			break;
		case OPT_EXHAUSTIVE:
			cli->exhaustive = true;
			break;
		case OPT_FROM_PAHOLE:
			cli->from_pahole = true;
			break;
		case OPT_TIMEOUT:
			if (!parse_uint(optarg, 86400, &cli->timeout)) {
				fprintf(stderr, "lineup %s: bad --timeout '%s' "
						"(seconds, 1 or more)\n",
					c->name, optarg);
				return -1;
			}
			break;
		case 'j':
			if (!parse_uint(optarg, 1024, &cli->jobs)) {
				fprintf(stderr, "lineup %s: bad -j '%s' (1 to "
						"1024)\n", c->name, optarg);
				return -1;
			}
			break;
		case 's':
			cli->structs = realloc(cli->structs,
					       (cli->n_structs + 1) *
						       sizeof(*cli->structs));
			if (!cli->structs)
				abort();
			/* "struct foo" and "foo" name the same thing */
			if (!strncmp(optarg, "struct ", 7))
				optarg += 7;
			cli->structs[cli->n_structs++] = optarg;
			break;
		case 'r':
			cli->rules = optarg;
			break;
		default:
			fprintf(stderr, "usage: %s\n", c->usage);
			return -1;
		}
	}
	if (!strcmp(color, "always"))
		cli->color = true;
	else if (!strcmp(color, "auto"))
		cli->color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
	cli->args = argv + optind;
	cli->n_args = (size_t)(argc - optind);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return LU_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("lineup %s\n", LINEUP_VERSION);
		return LU_EXIT_OK;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return LU_EXIT_OK;
	}
	for (size_t i = 0; i < N_COMMANDS; i++) {
		if (strcmp(argv[1], commands[i].name))
			continue;
		struct lu_cli cli = { .format = LU_FORMAT_TEXT };
		int rc = LU_EXIT_USAGE;

		if (parse(&commands[i], argc - 1, argv + 1, &cli) == 0)
			rc = commands[i].run(&cli);
		free(cli.structs);
		return rc;
	}
	fprintf(stderr, "lineup: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return LU_EXIT_USAGE;
}
