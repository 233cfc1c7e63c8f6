/* SPDX-License-Identifier: MIT */
/*
 * The kernel-assert scanner and the bound's arithmetic as pure functions:
 * what is a call and what is not (comments, strings, directives), the
 * #if each sits under, and which bounds are evaluated (never a guess).
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "kernel_asserts.h"

static uint64_t eval_ok(const char *s)
{
	uint64_t v = 0;

	cr_assert(lu_kassert_eval(s, strlen(s), &v), "'%s' evaluates", s);
	return v;
}

static void eval_refused(const char *s)
{
	uint64_t v;

	cr_assert(!lu_kassert_eval(s, strlen(s), &v), "'%s' is refused", s);
}

Test(kernel_asserts, arithmetic)
{
	cr_expect_eq(eval_ok("91 + 4"), 95);
	cr_expect_eq(eval_ok("92+4"), 96);
	cr_expect_eq(eval_ok("32"), 32);
	cr_expect_eq(eval_ok("(8 + 8) * 4 - 2"), 62);
	cr_expect_eq(eval_ok("0x40 + 010"), 72);
	cr_expect_eq(eval_ok("64UL"), 64);
	cr_expect_eq(eval_ok("1 << 6 | 1"), 65);
	cr_expect_eq(eval_ok("100 / 3 % 5"), 3);
	cr_expect_eq(eval_ok("-(-4) + ~0 + 1"), 4);
	cr_expect_eq(eval_ok("2 + 3 * 4"), 14);
}

Test(kernel_asserts, refused)
{
	eval_refused("sizeof(long) + 8");
	eval_refused("SMP_CACHE_BYTES");
	eval_refused("8 + 4 * TCP_X");
	eval_refused("4 / 0");
	eval_refused("1 << 64");
	eval_refused("9223372036854775807 + 1");
	eval_refused("08");
	eval_refused("4z");
	eval_refused("1 && 2");
	eval_refused("(4");
	eval_refused("3 - 4");	/* a negative bound is no size */
	eval_refused("");
	eval_refused("(u32)8");
}

static const char source[] =
	"// CACHELINE_ASSERT_GROUP_SIZE(struct a, g, 1) in a comment\n"
	"#define CACHELINE_ASSERT_GROUP_SIZE(TYPE, GROUP, SIZE) \\\n"
	"\tBUILD_BUG_ON(x > SIZE)\n"
	"static const char *s = \"CACHELINE_ASSERT_GROUP_SIZE(struct a, g, 1)\";\n"
	"static void __init tcp_struct_check(void)\n"
	"{\n"
	"\tCACHELINE_ASSERT_GROUP_MEMBER(struct tcp_sock, tcp_sock_read_tx,\n"
	"\t\t\t\t      max_window /* the peer's */);\n"
	"\tCACHELINE_ASSERT_GROUP_SIZE(struct tcp_sock, tcp_sock_write_txrx,"
	" 91 + 4);\n"
	"#if IS_ENABLED(CONFIG_IPV6)\n"
	"#ifdef CONFIG_A\n"
	"#else\n"
	"\tCACHELINE_ASSERT_GROUP_SIZE(struct sock, sock_read_rx, sizeof(u64));\n"
	"#endif\n"
	"\tCACHELINE_ASSERT_GROUP_MEMBER(netdev, net_device_read_tx, a.b);\n"
	"#endif\n"
	"\tCACHELINE_ASSERT_GROUP_SIZE (struct x, g);\n"
	"\tCACHELINE_ASSERT_GROUP_SIZE(struct x, g, 4;\n"
	"}\n";

Test(kernel_asserts, calls)
{
	struct lu_kasserts a;
	struct lu_error err;

	cr_assert_eq(lu_kasserts_parse(source, strlen(source), "tcp.c", &a,
				       &err), 0, "%s", err.msg);
	cr_assert_eq(a.n, 6);
	const struct lu_kassert *k = a.items;

	cr_expect_eq(k[0].kind, LU_KASSERT_MEMBER);
	cr_expect_str_eq(k[0].struct_name, "tcp_sock");
	cr_expect_str_eq(k[0].member, "max_window");
	cr_expect_eq(k[0].line, 7);
	cr_expect_eq(k[0].column, 2);
	cr_expect_null(k[0].why);
	cr_expect_null(k[0].under);

	cr_expect_eq(k[1].kind, LU_KASSERT_SIZE);
	cr_expect_str_eq(k[1].group, "tcp_sock_write_txrx");
	cr_expect_str_eq(k[1].expr, "91 + 4");
	cr_expect(k[1].evaluated);
	cr_expect_eq(k[1].bound, 95);

	cr_expect_str_eq(k[2].struct_name, "sock");
	cr_expect(!k[2].evaluated);
	cr_expect_not_null(k[2].why);
	cr_expect_str_eq(k[2].under, "#else");
	cr_expect_eq(k[2].under_line, 12);

	/* a typedef's name, a dotted member, the outer #if again */
	cr_expect_str_eq(k[3].struct_name, "netdev");
	cr_expect_str_eq(k[3].member, "a.b");
	cr_expect_null(k[3].why);
	cr_expect_str_eq(k[3].under, "#if IS_ENABLED(CONFIG_IPV6)");
	cr_expect_eq(k[3].under_line, 10);

	cr_expect_str_eq(k[4].why, "takes 3 arguments, not 2");
	cr_expect_null(k[4].under);
	cr_expect_str_eq(k[5].why, "its parentheses do not close");
	lu_kasserts_free(&a);
}

Test(kernel_asserts, nothing)
{
	static const char none[] = "#define CACHELINE_ASSERT_GROUP_SIZE(a)\n"
				   "int CACHELINE_ASSERT_GROUP_MEMBER;\n";
	struct lu_kasserts a;
	struct lu_error err;

	cr_expect_eq(lu_kasserts_parse(none, strlen(none), "x.c", &a, &err),
		     -1);
	cr_expect(strstr(err.msg, "x.c: no CACHELINE_ASSERT_GROUP_SIZE"));
	lu_kasserts_free(&a);
	/* cut anywhere, in a buffer of just those bytes: never past its
	 * end (ASan says so) */
	for (size_t n = 1; n < sizeof(source) - 1; n++) {
		char *cut = malloc(n);

		cr_assert_not_null(cut);
		memcpy(cut, source, n);
		if (lu_kasserts_parse(cut, n, "cut.c", &a, &err) == 0)
			cr_expect_leq(a.n, 6);
		lu_kasserts_free(&a);
		free(cut);
	}
}
