/* SPDX-License-Identifier: MIT */
/*
 * Output made in pieces must be the bytes made at once: show's line
 * builder against printf's formats, lu_ordered_out on several threads
 * against one loop, and lu_text_escape cut short against the whole
 * escaped text.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "ordered_out.h"
#include "show_line.h"

static const unsigned long long values[] = {
	0, 1, 9, 10, 15, 16, 99, 100, 255, 4096, 12345, 99999, 100000,
	0xdeadbeef, UINT64_MAX,
};

Test(show_line, numbers_as_printf)
{
	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		for (int w = 0; w <= 6; w++) {
			struct show_line l = { .len = 0 };
			char want[64];

			show_line_udec(&l, values[i], w);
			show_line_char(&l, '|');
			show_line_uhex(&l, values[i], w);
			snprintf(want, sizeof(want), "%*llu|%#*llx", w,
				 values[i], w, values[i]);
			cr_assert_eq(l.len, strlen(want), "%llu at %d", values[i],
				     w);
			cr_assert_arr_eq(l.buf, want, l.len, "%llu at %d: %.*s",
					 values[i], w, (int)l.len, l.buf);
		}
	}
}

Test(show_line, padding_as_printf)
{
	const char *words[] = { "", "a", "load_avg", "a_name_longer_than_21_x" };

	for (size_t i = 0; i < 4; i++) {
		struct show_line l = { .len = 0 };
		char want[64];

		show_line_char(&l, '<');
		show_line_str(&l, words[i]);
		show_line_pad(&l, 1, 21);
		show_line_char(&l, '>');
		snprintf(want, sizeof(want), "<%-21s>", words[i]);
		cr_assert_eq(l.len, strlen(want));
		cr_assert_arr_eq(l.buf, want, l.len);
	}
}

Test(show_line, full_line_is_cut_not_overrun)
{
	struct show_line l = { .len = 0 };

	for (int i = 0; i < 1000; i++)
		show_line_str(&l, "0123456789");
	show_line_pad(&l, 0, 5000);
	show_line_udec(&l, 12345, 9);
	cr_assert_eq(l.len, sizeof(l.buf));
}

/* show_line_decl as show.c printed a declaration before it: printf's
 * "%-*.*s %-21s" and snprintf's name[512] (names here need no escape). */
static void decl_by_printf(char *want, size_t size, const struct lu_member *m,
			   int indent, const char *attr)
{
	char name[512];
	const char *fp = strstr(m->type, "(*)");
	int tw = 26 - 8 * (indent - 1);

	if (tw < 8)
		tw = 8;
	if (fp) {
		snprintf(name, sizeof(name), "(*%s)%s%s%s;", m->name, fp + 3,
			 m->dims, attr);
		snprintf(want, size, "%-*.*s %-21s", tw,
			 (int)(fp - m->type - 1), m->type, name);
		return;
	}
	if (m->bit_size)
		snprintf(name, sizeof(name), "%s:%u;", m->name, m->bit_size);
	else
		snprintf(name, sizeof(name), "%s%s%s;", m->name, m->dims, attr);
	snprintf(want, size, "%-*s %-21s", tw, m->type, name);
}

Test(show_line, declarations_as_printf)
{
	static const struct {
		const char *name, *type, *dims;
		uint32_t bits;
	} cases[] = {
		{ "load_avg", "atomic_long_t", "", 0 },
		{ "rt_se", "struct sched_rt_entity * *", "", 0 },
		{ "buf", "char", "[16][2]", 0 },
		{ "flag", "unsigned int", "", 3 },
		{ "fn", "void (*)(int, long)", "", 0 },
		{ "fns", "int (*)(void)", "[4]", 0 },
		/* "(*)" first: printf's negative precision prints it all */
		{ "odd", "(*)(int)", "", 0 },
		{ "a_long_member_name_past_the_column", "x", "", 0 },
	};
	const char *attrs[] = { "", " __attribute__((__aligned__(64)))" };

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		for (int indent = 1; indent <= 4; indent++)
			for (size_t k = 0; k < 2; k++) {
				struct lu_member m = {
					.name = cases[i].name,
					.type = cases[i].type,
					.dims = cases[i].dims,
					.bit_size = cases[i].bits,
				};
				struct show_line l = { .len = 0 };
				char want[1100];

				show_line_decl(&l, &m, indent, attrs[k]);
				decl_by_printf(want, sizeof(want), &m, indent,
					       attrs[k]);
				cr_assert_eq(l.len, strlen(want),
					     "%s at %d: '%.*s' / '%s'",
					     m.type, indent, (int)l.len, l.buf,
					     want);
				cr_assert_arr_eq(l.buf, want, l.len);
			}
}

/* Item I is "item I\n"; FAIL_AT's fails with ENOSPC. */
struct items {
	size_t fail_at;
};

static int put_item(void *ctx, FILE *f, size_t i)
{
	const struct items *it = ctx;

	if (i == it->fail_at) {
		errno = ENOSPC;
		return -1;
	}
	fprintf(f, "item %zu\n", i);
	return 0;
}

static char *run(size_t n, unsigned jobs, size_t fail_at, int *rc)
{
	struct items it = { fail_at };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert(f);
	*rc = lu_ordered_out(f, n, jobs, put_item, &it);
	cr_assert_eq(fclose(f), 0);
	return text;
}

Test(ordered_out, same_bytes_at_every_j)
{
	const size_t counts[] = { 0, 1, 63, 64, 65, 200, 1000 };
	const unsigned jobs[] = { 1, 2, 3, 7, 64 };

	for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++) {
		int rc;
		char *one = run(counts[c], 1, SIZE_MAX, &rc);

		cr_assert_eq(rc, 0);
		for (size_t j = 0; j < sizeof(jobs) / sizeof(jobs[0]); j++) {
			char *many = run(counts[c], jobs[j], SIZE_MAX, &rc);

			cr_assert_eq(rc, 0);
			cr_assert_str_eq(many, one, "%zu items at -j %u",
					 counts[c], jobs[j]);
			free(many);
		}
		free(one);
	}
}

Test(ordered_out, a_failure_stops_with_its_errno)
{
	for (unsigned j = 1; j <= 4; j++) {
		int rc;
		char *text = run(1000, j, 500, &rc);

		cr_assert_eq(rc, -1, "-j %u", j);
		cr_assert_eq(errno, ENOSPC, "-j %u", j);
		/* what was written is the start of the whole, before 500 */
		cr_assert_null(strstr(text, "item 500\n"), "-j %u", j);
		cr_assert(!strncmp(text, "item 0\n", 7) || !*text);
		free(text);
	}
}

/* The escape of all of S, for comparing cut copies with. */
static char *escaped(const char *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert(f);
	lu_text_put_escaped(f, s);
	cr_assert_eq(fclose(f), 0);
	return text;
}

Test(text_escape, cut_short_at_a_whole_character)
{
	const char *names[] = {
		"load_avg", "tab\there", "\x1b[31mred", "caf\xc3\xa9 ok",
		"bad \xff byte", "c1 \xc2\x9b csi", "plain ascii only here",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char *whole = escaped(names[i]);

		for (size_t size = 1; size < 40; size++) {
			char buf[40], sub[64];
			size_t took = lu_text_escape(buf, size, names[i]);
			char *again;

			cr_assert_lt(strlen(buf), size);
			/* BUF is exactly the escape of what it took */
			memcpy(sub, names[i], took);
			sub[took] = '\0';
			again = escaped(sub);
			cr_assert_str_eq(buf, again, "%zu of '%s'", size, whole);
			cr_assert_eq(strncmp(whole, buf, strlen(buf)), 0);
			if (!names[i][took])
				cr_assert_str_eq(buf, whole);
			free(again);
		}
		free(whole);
	}
}
