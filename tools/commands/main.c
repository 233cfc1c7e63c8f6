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
#include "option_values.h"
#include "closest_name.h"

#ifndef LINEUP_VERSION
#define LINEUP_VERSION "unknown"
#endif

/* Every option; a command takes the ones its table entry names. */
enum lu_option_id {
	OPT_FORMAT, OPT_LINE_SIZE, OPT_PAIR, OPT_COLOR, OPT_STRICT,
	OPT_EXHAUSTIVE, OPT_TIMEOUT, OPT_FROM_PAHOLE, OPT_STRUCT, OPT_RULES,
	OPT_JOBS, OPT_ALIGN, OPT_BASE, OPT_RULES_OUT, OPT_STYLE, OPT_FAIL_ON,
	OPT_FROM_NET, OPT_SAMPLE, OPT_SOURCE_ROOT, OPT_QUIET, OPT_HELP,
	/* show's pahole habits: --hex and the whole-file filters */
	OPT_HEX, OPT_MIN_SIZE, OPT_HOLES, OPT_MIN_LINES, OPT_PREFIX,
	OPT_STAMP, OPT_MODEL, OPT_OUTPUT, OPT_KERNEL_ASSERTS, OPT_VERBOSE,
};

#define TAKES(id) (UINT64_C(1) << (id))

struct lu_option {
	struct option getopt;	/* val is 256 + id, or the short letter */
	enum lu_option_id id;
	const char *spelling;	/* as --help shows it */
	const char *help;
};

static const struct lu_option all_options[] = {
	{ { "struct", required_argument, NULL, 's' }, OPT_STRUCT,
	  "-s, -C, --struct NAME",
	  "only the struct NAME (repeatable, or NAME,NAME...; -C as in "
	  "pahole)" },
	{ { "rules", required_argument, NULL, 'r' }, OPT_RULES,
	  "-r, --rules FILE.ini",
	  "rules for named structs (doc/rules.md); repeatable, the files "
	  "merge" },
	{ { "jobs", required_argument, NULL, 'j' }, OPT_JOBS,
	  "-j, --jobs N",
	  "threads reading DWARF, parallel compiles (default: "
	  "LINEUP_JOBS, else CPUs)" },
	{ { "exhaustive", no_argument, NULL, 256 + OPT_EXHAUSTIVE },
	  OPT_EXHAUSTIVE, "--exhaustive",
	  "every configuration, not a covering array" },
	{ { "model", no_argument, NULL, 256 + OPT_MODEL }, OPT_MODEL,
	  "--model",
	  "the layout model even where every configuration would be built" },
	{ { "verbose", no_argument, NULL, 256 + OPT_VERBOSE }, OPT_VERBOSE,
	  "--verbose", "matrix: why each option found matters (file:line)" },
	{ { "timeout", required_argument, NULL, 256 + OPT_TIMEOUT },
	  OPT_TIMEOUT, "--timeout SECONDS", "per compile (default 300)" },
	{ { "strict", no_argument, NULL, 256 + OPT_STRICT }, OPT_STRICT,
	  "--strict",
	  "missing members and groups, and findings that rest on an "
	  "inferred alignment, are errors" },
	{ { "from-pahole", no_argument, NULL, 256 + OPT_FROM_PAHOLE },
	  OPT_FROM_PAHOLE, "--from-pahole",
	  "read FILE (or -) as pahole --hex text" },
	{ { "format", required_argument, NULL, 256 + OPT_FORMAT }, OPT_FORMAT,
	  "--format FORMAT", NULL /* the command's formats */ },
	{ { "line-size", required_argument, NULL, 256 + OPT_LINE_SIZE },
	  OPT_LINE_SIZE, "--line-size N",
	  "cache line size in bytes (default: from the ELF machine, 64 "
	  "when unknown)" },
	{ { "pair", no_argument, NULL, 256 + OPT_PAIR }, OPT_PAIR, "--pair",
	  "treat each aligned pair of lines as one unit (adjacent-line "
	  "prefetch)" },
	{ { "align", required_argument, NULL, 256 + OPT_ALIGN }, OPT_ALIGN,
	  "--align N",
	  "objects of every struct start at multiples of N bytes (a power "
	  "of two; a struct's own `align = N` rule wins)" },
	{ { "color", required_argument, NULL, 256 + OPT_COLOR }, OPT_COLOR,
	  "--color WHEN", "auto, always or never; NO_COLOR is respected" },
	{ { "colour", required_argument, NULL, 256 + OPT_COLOR }, OPT_COLOR,
	  NULL, NULL },
	{ { "base", required_argument, NULL, 256 + OPT_BASE }, OPT_BASE,
	  "--base ADDR",
	  "the sampled object's address (hex or decimal), so data addresses "
	  "map to offsets" },
	{ { "rules-out", required_argument, NULL, 256 + OPT_RULES_OUT },
	  OPT_RULES_OUT, "--rules-out FILE.ini",
	  "write a draft rules file from the evidence" },
	{ { "style", required_argument, NULL, 256 + OPT_STYLE }, OPT_STYLE,
	  "--style STYLE",
	  "lineup (LINEUP_ASSERT_*, the default) or kernel "
	  "(CACHELINE_ASSERT_GROUP_*)" },
	{ { "fail-on", required_argument, NULL, 256 + OPT_FAIL_ON },
	  OPT_FAIL_ON, "--fail-on WHAT",
	  "also exit 1 on any size change (size) or member that changed "
	  "line (moves); repeatable, or size,moves" },
	{ { "from-net-cachelines", required_argument, NULL,
	    256 + OPT_FROM_NET },
	  OPT_FROM_NET, "--from-net-cachelines FILE.rst",
	  "read Linux's Documentation/networking/net_cachelines table" },
	{ { "kernel-asserts", required_argument, NULL,
	    256 + OPT_KERNEL_ASSERTS },
	  OPT_KERNEL_ASSERTS, "--kernel-asserts FILE.c",
	  "hold the kernel groups against the CACHELINE_ASSERT_GROUP_SIZE "
	  "and _MEMBER calls in FILE.c (net/ipv4/tcp.c); repeatable" },
	{ { "hex", no_argument, NULL, 256 + OPT_HEX }, OPT_HEX, "--hex",
	  "offsets and sizes in hexadecimal, as pahole --hex (JSON's "
	  "numbers stay numbers)" },
	{ { "min-size", required_argument, NULL, 256 + OPT_MIN_SIZE },
	  OPT_MIN_SIZE, "--min-size BYTES",
	  "only structs of at least BYTES bytes" },
	{ { "holes", required_argument, NULL, 256 + OPT_HOLES }, OPT_HOLES,
	  "--holes N", "only structs with at least N holes (pahole -H)" },
	{ { "min-lines", required_argument, NULL, 256 + OPT_MIN_LINES },
	  OPT_MIN_LINES, "--min-lines N",
	  "only structs spanning at least N cache lines" },
	{ { "prefix", required_argument, NULL, 256 + OPT_PREFIX }, OPT_PREFIX,
	  "--prefix NAME", "only structs whose name starts with NAME (pahole "
	  "-y)" },
	{ { "stamp", required_argument, NULL, 256 + OPT_STAMP }, OPT_STAMP,
	  "--stamp FILE",
	  "write FILE when every rule holds, remove it otherwise (a build "
	  "system's output)" },
	{ { "sample", required_argument, NULL, 256 + OPT_SAMPLE }, OPT_SAMPLE,
	  "--sample N",
	  "record one access in N per thread, at random intervals (default: "
	  "every access)" },
	{ { "output", required_argument, NULL, 'o' }, OPT_OUTPUT,
	  "-o, --output FILE",
	  "write the report to FILE (replaced whole), apart from the "
	  "program's own output" },
	{ { "source-root", required_argument, NULL, 256 + OPT_SOURCE_ROOT },
	  OPT_SOURCE_ROOT, "--source-root DIR",
	  "SARIF: file URIs relative to DIR (the repository), with "
	  "uriBaseId SRCROOT" },
	{ { "quiet", no_argument, NULL, 'q' }, OPT_QUIET, "-q, --quiet",
	  "text: errors and the summary only (no warnings, no notes)" },
	{ { "help", no_argument, NULL, 'h' }, OPT_HELP, "-h, --help",
	  "this help" },
};

#define N_OPTIONS (sizeof(all_options) / sizeof(all_options[0]))

static const char *const format_names[] = {
	[LU_FORMAT_TEXT] = "text",
	[LU_FORMAT_JSON] = "json",
	[LU_FORMAT_SARIF] = "sarif",
};

#define TEXT (1u << LU_FORMAT_TEXT)
#define JSON (1u << LU_FORMAT_JSON)
#define SARIF (1u << LU_FORMAT_SARIF)
/* --hex: every command that prints offsets takes it (one radix) */
#define COMMON (TAKES(OPT_FORMAT) | TAKES(OPT_LINE_SIZE) | TAKES(OPT_PAIR) | \
		TAKES(OPT_HELP) | TAKES(OPT_HEX))

static const struct lu_command commands[] = {
	{ "show", lu_cmd_show,
	  "lineup show [--struct NAME]... [--rules FILE.ini]... [OPTIONS] "
	  "FILE",
	  "Shows struct layouts like pahole, with cache lines, groups and "
	  "conflicts.\n"
	  "FILE is an ELF object, executable, shared library or archive with "
	  "DWARF,\n"
	  "raw BTF (/sys/kernel/btf/vmlinux), an ELF file with .BTF, or "
	  "pahole text\n"
	  "(- reads it from stdin). Without FILE, /sys/kernel/btf/vmlinux "
	  "(the running\n"
	  "kernel's BTF), as pahole reads it. With --rules, each member is "
	  "marked with\n"
	  "the group and kind check gives it, and check's findings print "
	  "under the\n"
	  "lines they concern. Exit status: 0 shown, findings or not (check "
	  "exits 1\n"
	  "on them), 2 usage or input error.\n",
	  TAKES(OPT_JOBS) | /* threads reading DWARF */
	  COMMON | TAKES(OPT_STRUCT) | TAKES(OPT_RULES) | TAKES(OPT_COLOR) |
		  TAKES(OPT_MIN_SIZE) | TAKES(OPT_HOLES) |
		  TAKES(OPT_MIN_LINES) | TAKES(OPT_PREFIX),
	  TEXT | JSON },
	{ "check", lu_cmd_check,
	  "lineup check [--rules FILE.ini]... [--kernel-asserts FILE.c]... "
	  "[--struct NAME]... [OPTIONS] FILE...",
	  "Checks every struct that carries lineup or kernel group markers, "
	  "and every\n"
	  "struct named in the rules file: no cache line may hold a byte of a "
	  "write\n"
	  "group and a byte of another write or read group. With "
	  "--kernel-asserts,\n"
	  "each kernel group against the kernel's own bounds, per FILE. "
	  "Without FILE,\n"
	  "/sys/kernel/btf/vmlinux.\n"
	  "Exit status: 0 every rule holds, 1 a rule is broken, 2 usage or "
	  "input error.\n",
	  TAKES(OPT_JOBS) | /* threads reading DWARF */
	  COMMON | TAKES(OPT_RULES) | TAKES(OPT_STRICT) | TAKES(OPT_COLOR) |
		  TAKES(OPT_FROM_PAHOLE) | TAKES(OPT_ALIGN) | TAKES(OPT_STAMP) |
		  TAKES(OPT_SOURCE_ROOT) | TAKES(OPT_QUIET) |
		  TAKES(OPT_STRUCT) | TAKES(OPT_KERNEL_ASSERTS),
	  TEXT | JSON | SARIF },
	{ "matrix", lu_cmd_matrix,
	  "lineup matrix --rules FILE.ini [OPTIONS]",
	  "Compiles the [matrix] source under every configuration of its "
	  "options,\n"
	  "checks each layout, and names the condition that makes them fail.\n"
	  "With kconfig = DIR, each configuration is a .config resolved by "
	  "that\n"
	  "tree's make olddefconfig and built out of tree; those Kconfig "
	  "refuses\n"
	  "are excluded and reported. --kernel-asserts holds each kernel "
	  "group against\n"
	  "the kernel's own bounds in every configuration.\n",
	  COMMON | TAKES(OPT_RULES) | TAKES(OPT_STRICT) | TAKES(OPT_JOBS) |
		  TAKES(OPT_EXHAUSTIVE) | TAKES(OPT_TIMEOUT) | TAKES(OPT_ALIGN) |
		  TAKES(OPT_COLOR) | TAKES(OPT_STAMP) | TAKES(OPT_MODEL) |
		  TAKES(OPT_VERBOSE) | TAKES(OPT_KERNEL_ASSERTS),
	  TEXT | JSON | SARIF },
	{ "c2c", lu_cmd_c2c,
	  "lineup c2c --struct NAME [--base ADDR] [--rules-out FILE.ini] "
	  "[OPTIONS] FILE REPORT",
	  "Maps the offsets of a perf report to the members of struct NAME "
	  "in FILE:\n"
	  "perf c2c report --stdio (Pareto and cacheline table, perf 5.x and "
	  "6.x,\n"
	  "--double-cl, header-less copies), perf report -s type,typeoff and "
	  "perf\n"
	  "annotate --data-type. REPORT - reads stdin. Without --base, the "
	  "placements\n"
	  "of NAME under each line are ranked by how many sampled offsets "
	  "start a member.\n"
	  "Exit status: 0 no line holds a stored member and another loaded "
	  "one, 1 one\n"
	  "does (false sharing evidence), 2 usage or input error.\n",
	  TAKES(OPT_JOBS) | /* threads reading DWARF */
	  TAKES(OPT_FORMAT) | TAKES(OPT_LINE_SIZE) | TAKES(OPT_HELP) |
		  TAKES(OPT_STRUCT) | TAKES(OPT_BASE) | TAKES(OPT_RULES_OUT) |
		  TAKES(OPT_HEX),
	  TEXT | JSON },
	{ "suggest", lu_cmd_suggest,
	  "lineup suggest --struct NAME [--rules FILE.ini] [OPTIONS] FILE",
	  "Proposes layouts of struct NAME that satisfy its rules (markers, "
	  "--rules):\n"
	  "a reorder (members moved, no alignment added, the smallest size "
	  "found), a\n"
	  "reorder-minimal (no larger, the fewest members moved) and an "
	  "isolation (each\n"
	  "write group on lines of its own), each as C with lineup.h "
	  "markers, its size\n"
	  "and lines, and a diff of the source when DWARF names it.\n"
	  "With a [matrix] in the rules, every configuration is compiled and "
	  "a proposal\n"
	  "must hold in all of them. Every proposal is verified by the "
	  "checker.\n"
	  "Exit status: 0 a proposal holds, 1 none does, 2 usage or input "
	  "error.\n",
	  COMMON | TAKES(OPT_STRUCT) | TAKES(OPT_RULES) | TAKES(OPT_ALIGN) |
		  TAKES(OPT_FROM_PAHOLE) | TAKES(OPT_JOBS) |
		  TAKES(OPT_TIMEOUT) | TAKES(OPT_EXHAUSTIVE),
	  TEXT | JSON },
	{ "diff", lu_cmd_diff,
	  "lineup diff [--struct NAME]... [--rules FILE.ini] [OPTIONS] OLD NEW",
	  "Compares the struct layouts of two builds: size, members added, "
	  "removed and\n"
	  "moved (old -> new offset and cache line, hot members first), and the "
	  "rules\n"
	  "newly broken or fixed. OLD and NEW may be any inputs show reads, "
	  "in any mix\n"
	  "(a vmlinux's DWARF against a kernel's BTF). Without --struct, every "
	  "struct\n"
	  "both have. Exit status: 0 no rule newly broken, 1 one is (or "
	  "--fail-on's\n"
	  "change happened), 2 usage or input error.\n",
	  TAKES(OPT_JOBS) | /* threads reading DWARF */
	  COMMON | TAKES(OPT_STRUCT) | TAKES(OPT_RULES) | TAKES(OPT_COLOR) |
		  TAKES(OPT_FAIL_ON),
	  TEXT | JSON | SARIF },
	{ "asserts", lu_cmd_asserts,
	  "lineup asserts --struct NAME [--rules FILE.ini] [--style STYLE] "
	  "[OPTIONS] FILE",
	  "Checks the struct as lineup check does and, if every rule holds, "
	  "prints C\n"
	  "static assertions that keep it so: write groups apart from the "
	  "other hot\n"
	  "groups, members in their groups, groups in no more lines than now, "
	  "max_size.\n"
	  "A layout that breaks a rule is refused (exit 1), nothing printed.\n",
	  TAKES(OPT_JOBS) | /* threads reading DWARF */
	  TAKES(OPT_FORMAT) | TAKES(OPT_LINE_SIZE) | TAKES(OPT_HELP) |
		  TAKES(OPT_STRUCT) | TAKES(OPT_RULES) | TAKES(OPT_STYLE) |
		  TAKES(OPT_STRICT) | TAKES(OPT_ALIGN) | TAKES(OPT_FROM_PAHOLE),
	  TEXT },
	{ "rules", lu_cmd_rules,
	  "lineup rules --from-net-cachelines FILE.rst",
	  "Turns Linux's Documentation/networking/net_cachelines table into "
	  "a rules file\n"
	  "on stdout: a write group and a read group per path (tx, rx, "
	  "txrx), allowed to\n"
	  "share lines except tx against rx (doc/net-cachelines.md). Rows "
	  "it cannot place\n"
	  "are warnings naming their line.\n",
	  TAKES(OPT_FROM_NET) | TAKES(OPT_HELP), TEXT },
	{ "trace", lu_cmd_trace,
	  "lineup trace [--struct NAME]... [--sample N] [--rules-out FILE.ini] "
	  "[-o FILE] [OPTIONS] -- PROGRAM [ARGS]",
	  "Runs PROGRAM, built with lineup trace-cc, and reports per struct "
	  "member the\n"
	  "threads and code sites that stored and loaded it, and each line "
	  "a member one\n"
	  "thread stores shares with members other threads access (false "
	  "sharing), at\n"
	  "every start the struct's alignment allows. No PMU needed "
	  "(doc/trace.md).\n"
	  "Exit status: 0 no false sharing, 1 some, 2 usage or input error, "
	  "or\n"
	  "inconclusive (what it could not see is named).\n",
	  TAKES(OPT_JOBS) | /* threads reading DWARF */
	  TAKES(OPT_FORMAT) | TAKES(OPT_LINE_SIZE) | TAKES(OPT_HELP) |
		  TAKES(OPT_STRUCT) | TAKES(OPT_SAMPLE) | TAKES(OPT_RULES_OUT) |
		  TAKES(OPT_OUTPUT),
	  TEXT | JSON },
	{ "trace-cc", lu_cmd_trace_cc,
	  "lineup trace-cc CC [ARGS]",
	  "Runs the compiler CC instrumented for lineup trace.\n",
	  LU_TAKES_RAW, TEXT },
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *out)
{
	fprintf(out, "usage: lineup COMMAND [OPTIONS] ARGS\n"
		     "       lineup --version\n\ncommands:\n");
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(out, "  %s\n", commands[i].usage);
	fprintf(out, "\nlineup help COMMAND (or lineup COMMAND --help) tells "
		     "more.\n");
}

static void formats_text(const struct lu_command *c, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned f = 0; f <= LU_FORMAT_SARIF; f++)
		if (c->formats & (1u << f))
			n += (size_t)snprintf(buf + n, size - n, "%s%s",
					      n ? "|" : "", format_names[f]);
}

/* "  --option   help", the help wrapped at 79 columns under itself. */
static void print_wrapped(const char *spelling, const char *help)
{
	const int indent = 27, width = 79 - indent;
	const char *p = help;

	/* a spelling wider than its column gets a line of its own */
	if (strlen(spelling) > 24)
		printf("  %s\n%*s", spelling, indent, "");
	else
		printf("  %-24s ", spelling);
	while (*p) {
		int n = (int)strlen(p);

		if (n > width) {
			n = width;
			while (n > 0 && p[n] != ' ')
				n--;
			if (!n)
				n = width;
		}
		printf("%.*s\n", n, p);
		p += n;
		while (*p == ' ')
			p++;
		if (*p)
			printf("%*s", indent, "");
	}
}

static void command_help(const struct lu_command *c)
{
	char formats[32];

	formats_text(c, formats, sizeof(formats));
	printf("usage: %s\n\n%s\n", c->usage, c->help);
	for (size_t i = 0; i < N_OPTIONS; i++) {
		const struct lu_option *o = &all_options[i];
		char spelling[64];

		if (!o->spelling || !(c->takes & TAKES(o->id)))
			continue;
		const char *help = o->help ? o->help
					   : "output format (default text)";

		if (o->id == OPT_FORMAT)
			snprintf(spelling, sizeof(spelling), "--format %s",
				 formats);
		else
			snprintf(spelling, sizeof(spelling), "%s", o->spelling);
		/* c2c and suggest read one struct */
		if (o->id == OPT_STRUCT &&
		    (c->run == lu_cmd_c2c || c->run == lu_cmd_suggest))
			help = "the struct NAME (one; -C as in pahole)";
		print_wrapped(spelling, help);
	}
}

static const struct lu_option *option_by_val(int val)
{
	for (size_t i = 0; i < N_OPTIONS; i++)
		if (all_options[i].getopt.val == val)
			return &all_options[i];
	return NULL;
}

static bool parse_format(const struct lu_command *c, const char *arg,
			 enum lu_format *out)
{
	char formats[32];

	for (unsigned f = 0; f <= LU_FORMAT_SARIF; f++) {
		if ((c->formats & (1u << f)) && !strcmp(arg, format_names[f])) {
			*out = (enum lu_format)f;
			return true;
		}
	}
	formats_text(c, formats, sizeof(formats));
	fprintf(stderr, "lineup %s: unknown format '%s' (%s takes %s)\n",
		c->name, arg, c->name, formats);
	return false;
}

/*
 * --struct NAME, -C NAME: pahole's NAME,NAME... too (no C name has a
 * comma). The list is cut in place, in argv's own storage.
 */
/* show's whole-file filters: a count of bytes, holes or lines. */
static bool parse_filter(const struct lu_command *c, const struct lu_option *o,
			 const char *arg, struct lu_cli *cli)
{
	unsigned v;

	if (!lu_parse_count(arg, 1u << 30, &v)) {
		fprintf(stderr, "lineup %s: bad --%s '%s' (a number, 1 or "
				"more)\n",
			c->name, o->getopt.name, arg);
		return false;
	}
	if (o->id == OPT_MIN_SIZE)
		cli->filter.min_size = v;
	else if (o->id == OPT_HOLES)
		cli->filter.min_holes = v;
	else
		cli->filter.min_lines = v;
	return true;
}

/* One option the command takes; false after saying why not. */
static bool parse_option(const struct lu_command *c, const struct lu_option *o,
			 char *optarg_mutable, struct lu_cli *cli,
			 const char **color)
{
	const char *arg = optarg_mutable;

	switch (o->id) {
	case OPT_HELP:
		command_help(c);
		exit(LU_EXIT_OK);
	case OPT_FORMAT:
		return parse_format(c, arg, &cli->format);
	case OPT_LINE_SIZE:
		if (!lu_parse_count(arg, 1u << 16, &cli->line_size) ||
		    (cli->line_size & (cli->line_size - 1))) {
			fprintf(stderr, "lineup %s: bad --line-size '%s' (a "
					"power of two, e.g. 64)\n",
				c->name, arg);
			return false;
		}
		return true;
	case OPT_PAIR:
		cli->pair = true;
		return true;
	case OPT_ALIGN:
		if (!lu_parse_count(arg, 1u << 30, &cli->align) ||
		    (cli->align & (cli->align - 1))) {
			fprintf(stderr, "lineup %s: bad --align '%s' (a power "
					"of two, e.g. 64)\n",
				c->name, arg);
			return false;
		}
		return true;
	case OPT_COLOR:
		*color = arg;
		if (strcmp(arg, "auto") && strcmp(arg, "always") &&
		    strcmp(arg, "never")) {
			fprintf(stderr, "lineup %s: bad --color '%s' (auto, "
					"always or never)\n",
				c->name, arg);
			return false;
		}
		return true;
	case OPT_STRICT:
		cli->strict = true;
		return true;
	case OPT_EXHAUSTIVE:
		cli->exhaustive = true;
		return true;
	case OPT_MODEL:
		cli->model = true;
		return true;
	case OPT_VERBOSE:
		cli->verbose = true;
		return true;
	case OPT_FROM_PAHOLE:
		cli->from_pahole = true;
		return true;
	case OPT_TIMEOUT:
		if (!lu_parse_count(arg, 86400, &cli->timeout)) {
			fprintf(stderr, "lineup %s: bad --timeout '%s' "
					"(seconds, 1 or more)\n",
				c->name, arg);
			return false;
		}
		return true;
	case OPT_JOBS:
		if (!lu_parse_count(arg, 1024, &cli->jobs)) {
			fprintf(stderr, "lineup %s: bad -j '%s' (1 to 1024)\n",
				c->name, arg);
			return false;
		}
		return true;
	case OPT_STRUCT:
		return lu_add_structs(cli, optarg_mutable);
	case OPT_RULES:
		/* repeatable: the files merge (rules_merge.c) */
		cli->rules_files = realloc(cli->rules_files,
					   (cli->n_rules + 1) *
						   sizeof(*cli->rules_files));
		if (!cli->rules_files)
			abort();
		cli->rules_files[cli->n_rules++] = arg;
		cli->rules = cli->rules_files[0];
		return true;
	case OPT_RULES_OUT:
		cli->rules_out = arg;
		return true;
	case OPT_BASE:
		return lu_parse_base(c->name, arg, cli);
	case OPT_STYLE:
		if (!strcmp(arg, "lineup"))
			cli->style = LU_STYLE_LINEUP;
		else if (!strcmp(arg, "kernel"))
			cli->style = LU_STYLE_KERNEL;
		else {
			fprintf(stderr, "lineup %s: bad --style '%s' (lineup "
					"or kernel)\n",
				c->name, arg);
			return false;
		}
		return true;
	case OPT_FAIL_ON:
		return lu_parse_fail_on(c->name, arg, cli);
	case OPT_FROM_NET:
		cli->net_cachelines = arg;
		return true;
	case OPT_KERNEL_ASSERTS: {
		size_t n = cli->n_kernel_asserts + 1;

		cli->kernel_asserts = realloc(cli->kernel_asserts,
					      n * sizeof(*cli->kernel_asserts));
		if (!cli->kernel_asserts)
			abort();
		cli->kernel_asserts[cli->n_kernel_asserts++] = arg;
		return true;
	}
	case OPT_HEX:
		cli->hex = true;
		return true;
	case OPT_MIN_SIZE:
	case OPT_HOLES:
	case OPT_MIN_LINES:
		return parse_filter(c, o, arg, cli);
	case OPT_PREFIX:
		cli->filter.prefix = arg;
		return true;
	case OPT_STAMP:
		cli->stamp = arg;
		return true;
	case OPT_OUTPUT:
		cli->output = arg;
		return true;
	case OPT_SAMPLE:
		if (!lu_parse_count(arg, 1000000, &cli->sample)) {
			fprintf(stderr, "lineup %s: bad --sample '%s' (1 to "
					"1000000)\n",
				c->name, arg);
			return false;
		}
		return true;
	case OPT_SOURCE_ROOT:
		cli->source_root = arg;
		return true;
	case OPT_QUIET:
		cli->quiet = true;
		return true;
	}
	return false;
}

/*
 * no-color.org: NO_COLOR set and not empty turns colour off (an empty one
 * does not); a dumb terminal shows escapes as text.
 */
static bool colors_wanted(void)
{
	const char *no = getenv("NO_COLOR"), *term = getenv("TERM");

	return !(no && *no) && !(term && !strcmp(term, "dumb"));
}

/*
 * getopt_long over every option lineup has, so that one a command does not
 * take is named as such ("show does not take --rules") instead of being
 * unknown, or worse, accepted and ignored.
 */
static int parse(const struct lu_command *c, int argc, char **argv,
		 struct lu_cli *cli)
{
	struct option longopts[N_OPTIONS + 1];
	const char *color = "auto";
	int val;

	for (size_t i = 0; i < N_OPTIONS; i++)
		longopts[i] = all_options[i].getopt;
	memset(&longopts[N_OPTIONS], 0, sizeof(longopts[N_OPTIONS]));
	optind = 1;
	opterr = 0;
	while ((val = getopt_long(argc, argv, ":hqs:r:j:C:o:", longopts,
				  NULL)) != -1) {
		/* pahole's -C is --struct */
		const struct lu_option *o = option_by_val(val == 'C' ? 's'
								     : val);

		if (val == '?' || val == ':') {
			char letter[3] = { '-', (char)optopt, '\0' };
			const char *what = optopt && optopt < 256
						   ? letter : argv[optind - 1];

			fprintf(stderr, "lineup %s: %s '%s' (lineup %s --help "
					"lists the options)\n",
				c->name,
				val == ':' ? "missing argument to"
					   : "unknown option",
				what, c->name);
			return -1;
		}
		if (!o)
			abort(); /* getopt returned a value not in the table */
		if (!(c->takes & TAKES(o->id))) {
			fprintf(stderr, "lineup %s: %s does not take --%s "
					"(lineup %s --help lists the options)\n",
				c->name, c->name, o->getopt.name, c->name);
			return -1;
		}
		if (!parse_option(c, o, optarg, cli, &color))
			return -1;
	}
	if (!strcmp(color, "always"))
		cli->color = true;
	else if (!strcmp(color, "auto"))
		cli->color = isatty(STDOUT_FILENO) && colors_wanted();
	cli->args = argv + optind;
	cli->n_args = (size_t)(argc - optind);
	return 0;
}

static const struct lu_command *command_named(const char *name)
{
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (!strcmp(name, commands[i].name))
			return &commands[i];
	return NULL;
}

/* "unknown command 'shwo' (did you mean 'show'?)", then the commands. */
static int unknown_command(const char *name)
{
	struct lu_strset names = { 0 };

	for (size_t i = 0; i < N_COMMANDS; i++)
		lu_strset_add(&names, commands[i].name);
	const char *near = lu_closest_name(name, &names);

	fprintf(stderr, "lineup: unknown command '%s'%s%s%s\n", name,
		near ? " (did you mean '" : "", near ? near : "",
		near ? "'?)" : "");
	lu_strset_free(&names);
	usage(stderr);
	return LU_EXIT_USAGE;
}

/* `lineup help [COMMAND]`, as `lineup COMMAND --help`. */
static int help(int argc, char **argv)
{
	const struct lu_command *c;

	if (argc < 3) {
		usage(stdout);
		return LU_EXIT_OK;
	}
	c = command_named(argv[2]);
	if (!c)
		return unknown_command(argv[2]);
	if (c->takes & LU_TAKES_RAW) {
		/* it parses its own words: its --help is the whole one */
		static char opt_help[] = "--help";
		static char *args[] = { opt_help, NULL };
		struct lu_cli cli = { .args = args, .n_args = 1 };

		return c->run(&cli);
	}
	command_help(c);
	return LU_EXIT_OK;
}

/* The running kernel's BTF, which show and check read without FILE. */
#define LU_VMLINUX "/sys/kernel/btf/vmlinux"

static void default_input(const struct lu_command *c, struct lu_cli *cli)
{
	static char vmlinux[] = LU_VMLINUX;
	static char *args[] = { vmlinux, NULL };

	if (cli->n_args || cli->from_pahole ||
	    (c->run != lu_cmd_show && c->run != lu_cmd_check) ||
	    access(LU_VMLINUX, R_OK))
		return;
	cli->args = args;
	cli->n_args = 1;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "lineup: no command given\n");
		usage(stderr);
		return LU_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("lineup %s\n", LINEUP_VERSION);
		return LU_EXIT_OK;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help"))
		return help(argc, argv);
	const struct lu_command *c = command_named(argv[1]);

	if (!c)
		return unknown_command(argv[1]);
	struct lu_cli cli = { .format = LU_FORMAT_TEXT };
	int rc = LU_EXIT_USAGE;

	if (c->takes & LU_TAKES_RAW) {
		cli.args = argv + 2;
		cli.n_args = (size_t)(argc - 2);
		return c->run(&cli);
	}

	if (parse(c, argc - 1, argv + 1, &cli) == 0 &&
	    lu_read_jobs(c->name, (c->takes & TAKES(OPT_JOBS)) != 0, &cli)) {
		default_input(c, &cli);
		if (lu_stamp_remove(&cli) == 0)
			rc = lu_stamp_settle(&cli, c->run(&cli));
	}
	free(cli.structs);
	free(cli.rules_files);
	free(cli.kernel_asserts);
	return rc;
}
