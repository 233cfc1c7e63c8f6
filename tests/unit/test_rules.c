/* SPDX-License-Identifier: MIT */
/* The rules file: what each key means, and every mistake with file:line. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "rules.h"

Test(rules, matrix_dimensions)
{
	static const char text[] =
		"[matrix]\n"
		"compile = cc -c -g s.c\n"
		"options = A\n"
		"flags = -m64 | -m32 -march=i686\n"
		"line_size = 64|128\n";
	struct lu_rules r;
	struct lu_error err;

	cr_assert_eq(lu_rules_parse_string(text, strlen(text), "t.ini", &r,
					   &err), 0, "%s", err.msg);
	cr_assert_eq(r.matrix.n_options, 3);
	cr_assert_eq(r.matrix.options[0].kind, LU_OPTION_DEFINE);
	cr_assert_eq(r.matrix.options[1].kind, LU_OPTION_FLAGS);
	cr_assert_str_eq(r.matrix.options[1].name, "flags");
	cr_assert_eq(r.matrix.options[1].n_values, 2);
	cr_assert_str_eq(r.matrix.options[1].values[1], "-m32 -march=i686");
	cr_assert_eq(r.matrix.options[2].kind, LU_OPTION_LINE_SIZE);
	cr_assert_str_eq(r.matrix.options[2].values[0], "64");
	cr_assert_str_eq(r.matrix.options[2].values[1], "128");
	lu_rules_free(&r);
}

Test(rules, design_example)
{
	static const char text[] =
		"# rules for struct task_group\n"
		"[struct task_group]\n"
		"write = load_avg                  # stored at each tick\n"
		"read = parent rt_se rt_rq         # loaded at every wakeup\n"
		"cold = rcu list siblings children\n"
		"read.tick = se cfs_rq\n"
		"allow = write tick\n"
		"max_size = 768\n"
		"max_bytes.tick = 16\n"
		"max_lines.write = 1\n"
		"write = rt_bandwidth.rt_runtime\n"
		"\n"
		"[matrix]\n"
		"compile = cc -c -g -Iinclude task_group.c\n"
		"options = CONFIG_FAIR_GROUP_SCHED CONFIG_SMP\n"
		"          CONFIG_RT_GROUP_SCHED LINE=64|128\n";
	struct lu_rules r;
	struct lu_error err;

	cr_assert_eq(lu_rules_parse_string(text, strlen(text), "t.ini", &r,
					   &err), 0, "%s", err.msg);
	cr_assert_eq(r.n_structs, 1);
	const struct lu_rule_struct *s = lu_rules_find(&r, "task_group");

	cr_assert_not_null(s);
	cr_assert_eq(s->n_groups, 4);
	cr_assert_str_eq(s->groups[0].name, "write");
	cr_assert_eq(s->groups[0].n_members, 2);
	cr_assert_str_eq(s->groups[0].members[1], "rt_bandwidth.rt_runtime");
	cr_assert_eq(s->groups[0].ini_line, 3);
	cr_assert_str_eq(s->groups[1].members[2], "rt_rq");
	cr_assert_eq(s->groups[3].kind, LU_KIND_READ);
	cr_assert_str_eq(s->groups[3].name, "tick");
	cr_assert_eq(s->n_allow, 1);
	cr_assert_eq(s->max_size, 768);
	cr_assert_eq(s->max_size_ini_line, 8);
	cr_assert_eq(s->n_max_bytes, 1);
	cr_assert_eq(s->max_bytes[0].value, 16);
	cr_assert_eq(lu_rules_max_depth(&r), 1);
	cr_assert(r.matrix.present);
	cr_assert_str_eq(r.matrix.compile, "cc -c -g -Iinclude task_group.c");
	cr_assert_eq(r.matrix.n_options, 4);
	cr_assert_str_eq(r.matrix.options[2].name, "CONFIG_RT_GROUP_SCHED");
	cr_assert_eq(r.matrix.options[3].n_values, 2);
	cr_assert_str_eq(r.matrix.options[3].values[1], "128");
	lu_rules_free(&r);
}

/* A Kconfig project's keys: the contract of doc/rules.md. */
Test(rules, kconfig_keys)
{
	static const char text[] =
		"[matrix]\n"
		"kconfig = ../linux\n"
		"base = defconfig\n"
		"object = kernel/sched/core.o\n"
		"options = CONFIG_SMP CONFIG_UCLAMP_TASK_GROUP=y|m|n\n";
	struct lu_rules r;
	struct lu_error err;

	cr_assert_eq(lu_rules_parse_string(text, strlen(text), "t.ini", &r,
					   &err), 0, "%s", err.msg);
	cr_assert_str_eq(r.matrix.kconfig, "../linux");
	cr_assert_str_eq(r.matrix.base, "defconfig");
	cr_assert_str_eq(r.matrix.object, "kernel/sched/core.o");
	cr_assert_null(r.matrix.compile);
	cr_assert_eq(r.matrix.n_options, 2);
	cr_assert_eq(r.matrix.options[1].n_values, 3);
	cr_assert_str_eq(r.matrix.options[1].values[1], "m");
	lu_rules_free(&r);
}

/* options = auto: a word of its own, the options after it the user's. */
Test(rules, kconfig_auto)
{
	static const char text[] =
		"[matrix]\n"
		"kconfig = ../linux\n"
		"object = kernel/sched/core.o\n"
		"options = CONFIG_SMP auto CONFIG_PREEMPT_RT=n\n";
	struct lu_rules r;
	struct lu_error err;

	cr_assert_eq(lu_rules_parse_string(text, strlen(text), "t.ini", &r,
					   &err), 0, "%s", err.msg);
	cr_assert(r.matrix.options_auto);
	cr_assert_eq(r.matrix.n_options, 2);
	cr_assert_str_eq(r.matrix.options[0].name, "CONFIG_SMP");
	cr_assert_str_eq(r.matrix.options[1].name, "CONFIG_PREEMPT_RT");
	cr_assert_eq(r.matrix.options[1].n_values, 1);
	lu_rules_free(&r);
}

/* Arrays, not pointers: Criterion runs each case in a fresh process. */
struct bad_case {
	char text[320];
	char expect[96];	/* fragment of the message, with file:line */
};

ParameterizedTestParameters(rules, errors)
{
	static struct bad_case cases[] = {
		{ "[struct a]\nwrite = x\nhot = y\n", "t.ini:3: error: unknown key 'hot'" },
		{ "[structure a]\nwrite = x\n", "t.ini:1: error: unknown section [structure a]" },
		{ "[struct a]\nwrite = x\n[struct a]\nread = y\n", "t.ini:3: error: duplicate section [struct a] (first at line 1)" },
		{ "[struct a]\nmax_size = lots\n", "t.ini:2: error: max_size needs a positive number" },
		{ "[struct a]\nmax_size = -5\n", "t.ini:2: error: max_size needs a positive number" },
		{ "[struct a]\nmax_bytes = 5\n", "t.ini:2: error: max_bytes needs a group" },
		{ "[struct a]\nallow = one\n", "t.ini:2: error: allow takes two group names, got 1" },
		{ "[struct a]\nwrite.x = a\nread.x = b\n", "t.ini:3: error: group 'x' is already write, not read" },
		{ "[struct a]\nwrite = a-b\n", "t.ini:2: error: bad member name 'a-b'" },
		{ "[struct a]\nwrite = x\nalign = 48\n", "t.ini:3: error: align needs a power of two of at most 2^30 bytes, e.g. 64, not '48'" },
		{ "[struct a]\nalign = 0\n", "t.ini:2: error: align needs a power of two" },
		{ "[struct a]\nalign = line\n", "t.ini:2: error: align needs a power of two" },
		{ "[struct a]\nalign = 2147483648\n", "t.ini:2: error: align needs a power of two" },
		{ "write = a\n", "t.ini:1: error: 'write' outside any section" },
		{ "[struct a]\nwrite\n", "t.ini:2: error: malformed line" },
		{ "[struct a]\n", "t.ini:1: error: section [struct a] has no keys" },
		{ "[strcut a]\n[struct a]\nwrite = x\n", "t.ini:1: error: unknown section [strcut a]" },
		{ "# nothing\n", "no [struct NAME] or [matrix] section" },
		{ "[matrix]\ncompile = a\ncompile = b\n", "t.ini:3: error: 'compile' given twice" },
		{ "[matrix]\noptions = A A\n", "t.ini:2: error: option 'A' given twice" },
		{ "[matrix]\nkconfig = a\nkconfig = b\n", "t.ini:3: error: 'kconfig' given twice" },
		{ "[matrix]\nobject = a.o\nobject = b.o\n", "t.ini:3: error: 'object' given twice" },
		{ "[matrix]\noptions = V=1||2\n", "t.ini:2: error: option 'V' has an empty value" },
		{ "[matrix]\ncflags = -O2\n", "t.ini:2: error: unknown key 'cflags' in [matrix]" },
		{ "[matrix]\nflags = -m64 | \n", "t.ini:2: error: 'flags' has an empty alternative" },
		{ "[matrix]\nflags = -m64\nflags = -m32\n", "t.ini:3: error: 'flags' given twice in [matrix]" },
		/* " ;" is no comment (doc/rules.md): no word is dropped */
		{ "[struct a]\nread = x ; y\n", "t.ini:2: error: bad member name ';' in 'read' (a comment starts with '#'" },
		{ "[struct a]\nread = x ;y\n", "t.ini:2: error: bad member name ';y'" },
		{ "[matrix]\nline_size = 64 ; 100\n", "t.ini:2: error: line_size needs" },
		{ "[matrix]\nline_size = 64 | 100\n", "t.ini:2: error: line_size needs powers of two between 8 and 4096, e.g. 64 | 128, not '100'" },
		/* a line past libinih's buffer is read whole: this one has no '=' */
		{ "[struct a]\nwrite aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n", "t.ini:2: error: malformed line" },
	};

	return cr_make_param_array(struct bad_case, cases,
				   sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct bad_case *c, rules, errors)
{
	struct lu_rules r;
	struct lu_error err;

	cr_assert_neq(lu_rules_parse_string(c->text, strlen(c->text), "t.ini",
					    &r, &err), 0, "accepted: %s", c->text);
	cr_assert(strstr(err.msg, c->expect), "got '%s', want '%s'", err.msg,
		  c->expect);
	lu_rules_free(&r);
}

Test(rules, nul_bytes_are_not_text)
{
	struct lu_rules r;
	struct lu_error err;

	cr_assert_neq(lu_rules_parse_string("[struct a]\0x", 12, "t.ini", &r,
					    &err), 0);
	cr_assert(strstr(err.msg, "not a text file"), "%s", err.msg);
	lu_rules_free(&r);
}

/* Sections out of order, many of them: each found by name, others not. */
Test(rules, find_by_name_among_many)
{
	enum { N = 5000 };
	char *text = malloc(N * 40), *p = text;
	struct lu_rules r;
	struct lu_error err;

	cr_assert_not_null(text);
	for (int i = 0; i < N; i++)
		p += sprintf(p, "[struct s%d]\nwrite = m%d\n", (i * 7919) % N, i);
	cr_assert_eq(lu_rules_parse_string(text, (size_t)(p - text), "t.ini",
					   &r, &err), 0, "%s", err.msg);
	for (int i = 0; i < N; i++) {
		char name[16], member[16];
		const struct lu_rule_struct *s;

		snprintf(name, sizeof(name), "s%d", (i * 7919) % N);
		snprintf(member, sizeof(member), "m%d", i);
		s = lu_rules_find(&r, name);
		cr_assert_not_null(s, "%s not found", name);
		cr_assert_str_eq(s->groups[0].members[0], member);
		cr_assert_eq(s->ini_line, 2u * (unsigned)i + 1);
	}
	cr_assert_null(lu_rules_find(&r, "s"));
	cr_assert_null(lu_rules_find(&r, "s5000"));
	cr_assert_null(lu_rules_find(&r, "zzz"));
	lu_rules_free(&r);
	free(text);
}

/* Nothing parsed, nothing found: a zeroed rules struct is empty. */
Test(rules, find_in_no_rules)
{
	struct lu_rules r = { 0 };

	cr_assert_null(lu_rules_find(&r, "a"));
	cr_assert_null(lu_rules_find(NULL, "a"));
}

/* How the struct's objects are allocated (slab caches, aligned_alloc). */
Test(rules, align)
{
	static const char text[] = "[struct a]\nwrite = x\nalign = 64\n"
				   "[struct b]\nalign = 0x1000  # a page\n";
	struct lu_rules r;
	struct lu_error err;

	cr_assert_eq(lu_rules_parse_string(text, strlen(text), "t.ini", &r,
					   &err), 0, "%s", err.msg);
	cr_assert_eq(lu_rules_find(&r, "a")->align, 64);
	cr_assert_eq(lu_rules_find(&r, "a")->align_ini_line, 3);
	/* a section with only align is a rule: it checks the markers */
	cr_assert_eq(lu_rules_find(&r, "b")->align, 4096);
	lu_rules_free(&r);
}

/* One known sharing of the markers' groups, silenced: nothing else. */
Test(rules, a_section_with_only_allow)
{
	static const char text[] = "[struct net_device]\n"
				   "allow = net_device_write_tx "
				   "net_device_read_tx\n";
	struct lu_rules r;
	struct lu_error err;

	cr_assert_eq(lu_rules_parse_string(text, strlen(text), "t.ini", &r,
					   &err), 0, "%s", err.msg);
	const struct lu_rule_struct *s = lu_rules_find(&r, "net_device");

	cr_assert_not_null(s);
	cr_assert_eq(s->n_groups, 0);
	cr_assert_eq(s->n_allow, 1);
	cr_assert_str_eq(s->allow[0].b, "net_device_read_tx");
	lu_rules_free(&r);
}

/* A `;` inside a line is part of the value: the compile runs both. */
Test(rules, semicolon_is_not_a_comment)
{
	static const char text[] =
		"[matrix] ; a comment? no: a header ends at ]\n"
		"; a whole-line comment\n"
		"compile = true ; cc -c s.c # this is one\n"
		"options = A\n";
	struct lu_rules r;
	struct lu_error err;

	cr_assert_eq(lu_rules_parse_string(text, strlen(text), "t.ini", &r,
					   &err), 0, "%s", err.msg);
	cr_assert_str_eq(r.matrix.compile, "true ; cc -c s.c");
	lu_rules_free(&r);
}

/* Names past libinih's buffers (issue 31): a 4 KiB section, a group key
 * past its 50-byte prev_name continued on lines longer than its line. */
Test(rules, long_names_whole)
{
	size_t n = 4096, m = 3000;
	char *name = malloc(n + 1), *text = malloc(3 * n + 3 * m + 256);
	char *p = text;

	cr_assert(name && text);
	memset(name, 'n', n);
	name[n] = '\0';
	p += sprintf(p, "[struct %s::Box<long>]\nwrite.%s = a\n  ", name,
		     name + n - 300);
	for (size_t i = 0; i < m / 3; i++)
		p += sprintf(p, "b%zu ", i % 10);
	p += sprintf(p, "\n  c\nread = r\n");
	struct lu_rules r;
	struct lu_error err;

	cr_assert_eq(lu_rules_parse_string(text, strlen(text), "t.ini", &r,
					   &err), 0, "%s", err.msg);
	cr_assert_eq(r.n_structs, 1);
	cr_assert_eq(strlen(r.structs[0].name), n + strlen("::Box<long>"));
	cr_assert_eq(r.structs[0].n_groups, 2);
	cr_assert_eq(strlen(r.structs[0].groups[0].name), 300);
	cr_assert_eq(r.structs[0].groups[0].n_members, 2 + m / 3);
	cr_assert_str_eq(r.structs[0].groups[0].members[1 + m / 3], "c");
	lu_rules_free(&r);
	free(name);
	free(text);
}
