/* SPDX-License-Identifier: MIT */
/*
 * lineup suggest: every printed proposal, compiled. Each body goes into a
 * translation unit of its own: the lineup.h this binary was built with,
 * the kernel's marker macros, a stand-in of the right size and alignment
 * for each type the members name (suggest_standin.c), and the struct with
 * the body exactly as printed. The user's compiler ($CC, else cc; $CXX,
 * else c++, for C++) builds it with -g in the input's configuration (its
 * -D words select the body's #if lines) and for the input's word size;
 * lineup's own reader reads the object and lineup check's checker judges
 * the struct with the same rules and options as the model. One compile
 * per proposal, run in parallel in a private directory.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jobs.h"
#include "reader.h"
#include "suggest_verify.h"
#include "tmpdir.h"

#define VERIFY_TIMEOUT 120

/* The kernel's marker macros (include/linux/cache.h, 6.8+), for bodies
 * with kernel groups; __u8 as include/uapi/asm-generic/int-ll64.h has it. */
static const char kernel_markers[] =
	"typedef unsigned char __u8;\n"
	"#ifndef __cacheline_group_begin\n"
	"#define __cacheline_group_begin(GROUP) "
	"__u8 __cacheline_group_begin__##GROUP[0]\n"
	"#define __cacheline_group_end(GROUP) "
	"__u8 __cacheline_group_end__##GROUP[0]\n"
	"#define __cacheline_group_begin_aligned(GROUP, ...) "
	"__cacheline_group_begin(GROUP) "
	"__attribute__((__aligned__(LINEUP_CACHELINE_SIZE)))\n"
	"#endif\n";

/* The compiler flags for the input's word size; NULL when this host's
 * compiler does not build for its machine. */
static const char *machine_flags(const char *machine)
{
#if defined(__x86_64__)
	if (!machine || !strcmp(machine, "x86-64"))
		return "";
	if (!strcmp(machine, "i386"))
		return " -m32";
#elif defined(__aarch64__)
	if (!machine || !strcmp(machine, "aarch64"))
		return "";
#endif
	return NULL;
}

static int write_file(const char *path, const char *text, size_t n)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	if (fwrite(text, 1, n, f) != n) {
		fclose(f);
		return -1;
	}
	return fclose(f);
}

/* C++'s compiled name: one the unit can declare, template or scope
 * aside (the layout is the members', not the name's). */
#define CXX_NAME "lineup__class"

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* BODY with each of RN's declarations renamed (a line's, from its first
 * non-blank character to the end of the name), malloc'ed. */
static char *renamed(const char *body, const struct lu_sg_renames *rn)
{
	char *text = strdup(body);

	if (!text)
		abort();
	for (size_t i = 0; i < rn->n; i++) {
		const char *from = rn->v[i].from, *to = rn->v[i].to;
		size_t n = strlen(from);

		for (char *at = text; (at = strstr(at, from)); at++) {
			if ((at > text && at[-1] != '\t' && at[-1] != ' ') ||
			    ident_char(at[n]))
				continue;
			char *out = malloc(strlen(text) - n + strlen(to) + 1);

			if (!out)
				abort();
			sprintf(out, "%.*s%s%s", (int)(at - text), text, to,
				at + n);
			free(text);
			text = out;
			break;
		}
	}
	return text;
}

/* The translation unit for BODY: 0, or -1 when it cannot be written. */
static int write_unit(const struct lu_sg_verify_in *in, const char *standins,
		      const struct lu_sg_renames *rn, const char *body,
		      const char *path)
{
	const struct lu_struct *s = in->s;
	const char *tag = s->tagless ? "struct " : lu_struct_tag_word(s);
	const char *name = s->cplus ? CXX_NAME : s->name;
	char *text = NULL, *own = renamed(body, rn);
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int rc;

	if (!f)
		abort();
	/* bool is C++'s and C23's keyword, <stdbool.h>'s macro before */
	fprintf(f, "#include \"lineup.h\"\n#ifndef __cplusplus\n"
		   "#include <stdbool.h>\n#endif\n%s%s", kernel_markers,
		standins);
	fprintf(f, "%s%s {\n%s};\n", tag, name, own);
	free(own);
	/* a pointer keeps the type in the debug information, used or not */
	fprintf(f, "%s%s *lineup__verified;\n", tag, name);
	if (fclose(f))
		abort();
	rc = write_file(path, text, len);
	free(text);
	return rc;
}

/* Reads OBJ's struct and judges it, into V. */
static void judge(const struct lu_sg_verify_in *in, const char *obj,
		  struct lu_sg_verified *v)
{
	const char *names[] = { in->s->cplus ? CXX_NAME : in->s->name };
	struct lu_read_opts ro = {
		.names = names, .n_names = 1,
		.expand_depth = in->expand_depth,
		.line_size = in->plan->opts.line_size,
	};
	struct lu_set set;
	struct lu_error err;
	const struct lu_struct *s;

	lu_set_init(&set, obj);
	if (lu_read(obj, &ro, &set, &err) < 0) {
		v->why_not = lu_arena_strdup(in->arena, err.msg);
	} else if (!(s = lu_set_find(&set, names[0]))) {
		v->why_not = "the compiled object has no such struct";
	} else {
		struct lu_findings f = { 0 };

		lu_check_struct(s, in->plan->rule, &in->plan->opts, &f);
		for (size_t i = 0; i < f.n; i++)
			v->bad += lu_sg_counts(&f.items[i]);
		lu_findings_free(&f);
		v->size = s->size;
		v->compiled = true;
	}
	lu_set_free(&set);
}

/* The first line of a failed compile's output, for one line of text. */
static const char *first_line(struct lu_arena *a, const struct lu_job *j)
{
	const char *out = j->output ? j->output : "";

	if (j->state == LU_JOB_TIMED_OUT)
		return "the compile timed out";
	if (j->state == LU_JOB_FAILED_TO_START || !*out)
		return lu_arena_printf(a, "the compile (%s) exited with "
				       "status %d", j->command, j->status);
	return lu_arena_printf(a, "the compile failed: %.*s",
			       (int)strcspn(out, "\n"), out);
}

static void all_not(const struct lu_sg_verify_in *in,
		    struct lu_sg_verified *out, const char *why)
{
	for (size_t i = 0; i < in->n; i++)
		if (in->bodies[i])
			out[i].why_not = why;
}

/* The first body before I with the same text, N for none. */
static size_t same_as(const struct lu_sg_verify_in *in, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (in->bodies[j] && !strcmp(in->bodies[j], in->bodies[i]))
			return j;
	return in->n;
}

static void run(const struct lu_sg_verify_in *in, struct lu_sg_verified *out,
		const char *standins, const struct lu_sg_renames *rn,
		const char *flags, const char *tmp, struct lu_interrupt *intr)
{
	struct lu_arena *a = in->arena;
	struct lu_job *jobs = calloc(in->n + 1, sizeof(*jobs));
	size_t *which = calloc(in->n + 1, sizeof(*which)), n = 0;
	const char *command = lu_arena_printf(
		a, "%s -c -g -w -fno-eliminate-unused-debug-types%s",
		in->s->cplus ? "${CXX:-c++}" : "${CC:-cc}", flags);

	if (!jobs || !which)
		abort();
	if (write_file(lu_arena_printf(a, "%s/lineup.h", tmp),
		       lu_sg_header_text, strlen(lu_sg_header_text)) < 0) {
		all_not(in, out, "failed to write its header");
		goto done;
	}
	for (size_t i = 0; i < in->n; i++) {
		const char *src = lu_arena_printf(a, "%s/p%zu.%s", tmp, i,
						  in->s->cplus ? "cc" : "c");
		const char **args = lu_arena_alloc(
			a, (in->n_defines + 6) * sizeof(*args));
		size_t k = 0;

		if (!in->bodies[i] || same_as(in, i) < in->n)
			continue;
		if (write_unit(in, standins, rn, in->bodies[i], src) < 0) {
			out[i].why_not = "failed to write its source";
			continue;
		}
		args[k++] = lu_arena_printf(a, "-DLINEUP_CACHELINE_SIZE=%u",
					    in->plan->opts.line_size);
		for (size_t d = 0; d < in->n_defines; d++)
			args[k++] = in->defines[d];
		args[k++] = src;
		args[k++] = "-o";
		args[k++] = lu_arena_printf(a, "%s/p%zu.o", tmp, i);
		jobs[n] = (struct lu_job){ .command = command, .args = args,
					   .n_args = k, .dir = tmp };
		which[n++] = i;
	}
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	struct lu_jobs_opts o = {
		.parallel = in->jobs ? in->jobs : cpus > 0 ? (unsigned)cpus : 1,
		.timeout = in->timeout ? in->timeout : VERIFY_TIMEOUT,
		.arena = a, .tmpdir = tmp, .interrupt = intr,
	};

	if (n)
		lu_jobs_run(jobs, n, &o);
	for (size_t j = 0; j < n && !lu_interrupt_check(intr); j++) {
		struct lu_sg_verified *v = &out[which[j]];

		if (jobs[j].state == LU_JOB_DONE && !jobs[j].status)
			judge(in, jobs[j].args[jobs[j].n_args - 1], v);
		else
			v->why_not = first_line(a, &jobs[j]);
	}
	/* a body printed twice (reorder-minimal the same as reorder) was
	 * compiled once */
	for (size_t i = 0; i < in->n; i++)
		if (in->bodies[i] && same_as(in, i) < in->n)
			out[i] = out[same_as(in, i)];
done:
	free(jobs);
	free(which);
}

void lu_sg_verify(const struct lu_sg_verify_in *in,
		  struct lu_sg_verified *out)
{
	const char *flags = machine_flags(in->machine);
	struct lu_interrupt intr = { .fd = -1 };
	struct lu_error err;
	struct lu_sg_renames rn = { 0 };
	char *standins = NULL, *tmp;
	size_t len = 0;
	FILE *f;
	const char *why;

	memset(out, 0, in->n * sizeof(*out));
	size_t bodies = 0;

	for (size_t i = 0; i < in->n; i++)
		bodies += in->bodies[i] != NULL;
	if (!bodies)
		return;
	if (!flags) {
		all_not(in, out, lu_arena_printf(in->arena, "the input is for "
						 "%s, and this lineup compiles "
						 "for its own machine only",
						 in->machine));
		return;
	}
	f = open_memstream(&standins, &len);
	if (!f)
		abort();
	why = lu_sg_standins(f, in->s, in->arena, &rn);
	if (fclose(f))
		abort();
	if (why) {
		all_not(in, out, why);
		free(standins);
		free(rn.v);
		return;
	}
	if (lu_interrupt_init(&intr) < 0) {
		all_not(in, out, lu_arena_printf(in->arena, "failed to block "
						 "signals: %s",
						 strerror(errno)));
		free(standins);
		free(rn.v);
		return;
	}
	tmp = lu_tmpdir_make(in->arena, "lineup-verify", &err);
	if (tmp) {
		run(in, out, standins, &rn, flags, tmp, &intr);
		lu_tmpdir_remove(tmp);
	} else {
		all_not(in, out, lu_arena_strdup(in->arena, err.msg));
	}
	free(standins);
	free(rn.v);
	lu_interrupt_release(&intr);
	if (intr.sig) {
		fprintf(stderr, "lineup suggest: interrupted; temporary files "
				"removed\n");
		exit(lu_interrupt_die(intr.sig));
	}
}
