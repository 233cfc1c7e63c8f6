/* SPDX-License-Identifier: MIT */
/*
 * The perf report parser: which column is which in each perf layout, with
 * and without the header, and what becomes of rows that are not rows.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "c2c_parse.h"

static void parse(const char *text, struct lu_c2c_report *r)
{
	lu_c2c_parse(text, strlen(text), r);
}

#define NEAR(a, b) (fabs((a) - (b)) < 1e-6)

/* The seed's layout (perf 6.x, no header): 5 percentages, totals on the
 * line's own row turn them into counts. */
Test(c2c_parse, headerless_counts)
{
	struct lu_c2c_report r;

	parse("  ----------\n"
	      "0 1000 3000 200 50 0 0xff1e8a0c43d71a80\n"
	      "  ----------\n"
	      "10.00% 20.00% 50.00% 100.00% 0.00% 0x8 1 1 0xffffffff8b1d5e04 "
	      "1 2 3 4 160 [k] update_load_avg [kernel.kallsyms] "
	      "update_load_avg+1012 0 1\n",
	      &r);
	cr_assert_eq(r.format, LU_C2C_PARETO);
	cr_assert_eq(r.n_lines, 1);
	cr_assert_eq(r.lines[0].address, 0xff1e8a0c43d71a80ull);
	cr_assert_eq(r.lines[0].index, 0);
	cr_assert_eq(r.n_rows, 1);
	cr_assert_eq(r.rows[0].offset, 8);
	cr_assert(NEAR(r.rows[0].hitm, 100 + 600), "hitm %f", r.rows[0].hitm);
	cr_assert(NEAR(r.rows[0].stores, 100 + 50), "stores %f",
		  r.rows[0].stores);
	cr_assert_str_eq(r.rows[0].symbol, "update_load_avg");
	cr_assert_str_eq(r.rows[0].site, "update_load_avg+1012");
	cr_assert_null(r.rows[0].source);
	cr_assert_eq(r.rows[0].code_address, 0xffffffff8b1d5e04ull);
	cr_assert(!r.header);
	lu_c2c_report_free(&r);
}

/* 6.8's peer display: the Snoop Peer column counts as a contended load
 * even though it sits between HITM and the stores. */
Test(c2c_parse, header_peer_columns)
{
	struct lu_c2c_report r;

	parse("#        ----- HITM -----    Snoop  ------ Store Refs -------"
	      "  --------- Data address ---------                      \n"
	      "#   Num  RmtHitm  LclHitm     Peer   L1 Hit  L1 Miss  Any Lvl"
	      "              Offset  Node  PA cnt        Code address\n"
	      "# .....  .......  .......  .......  .......  .......  ......."
	      "  ..................  ....  ......  ..................\n"
	      "#\n"
	      "  ------\n"
	      "      0        0        0      100       10       10        0"
	      "      0xaaaac17d6000\n"
	      "  ------\n"
	      "           0.00%    0.00%  100.00%    0.00%    0.00%    0.00%"
	      "                0x29   N/A       0      0xaaaac17c3e88\n",
	      &r);
	cr_assert(r.header);
	cr_assert_eq(r.n_rows, 1);
	cr_assert(NEAR(r.rows[0].hitm, 100), "hitm %f", r.rows[0].hitm);
	cr_assert(NEAR(r.rows[0].stores, 0));
	cr_assert_eq(r.rows[0].offset, 0x29);
	lu_c2c_report_free(&r);
}

Test(c2c_parse, double_cl_by_offsets)
{
	struct lu_c2c_report r;

	parse("  ------\n0 1 1 1 1 0 0x1000\n  ------\n"
	      "1.00% 1.00% 0.00% 0.00% 0.00% 0x48 0 1 0x10 [.] f a.out f+1 0\n",
	      &r);
	cr_assert(r.double_cl);
	cr_assert_eq(r.max_offset, 0x48);
	lu_c2c_report_free(&r);
}

/* The Data Type column repeats the type the offset column starts with. */
Test(c2c_parse, typeoff_type_once)
{
	struct lu_c2c_report r;

	parse("# Samples: 1K of event 'cpu/mem-stores/P'\n"
	      "    12.50%  struct task_struct  struct task_struct +0x478 "
	      "(sched_class)\n"
	      "     7.50%  struct rq +8 (lock)\n"
	      "     5.00%  (stack operation)  (stack operation) +0 "
	      "(no field)\n"
	      "     2.00%  struct rq  struct rq +16 (nr_running)  [k] "
	      "pick_next_task\n",
	      &r);
	cr_assert_eq(r.format, LU_C2C_TYPEOFF);
	cr_assert_eq(r.n_lines, 2);
	cr_assert_str_eq(r.lines[0].type, "struct task_struct");
	cr_assert_str_eq(r.lines[1].type, "struct rq");
	cr_assert_eq(r.rows[0].offset, 0x478);
	cr_assert(NEAR(r.rows[0].stores, 12.5));
	cr_assert_str_eq(r.rows[0].field, "sched_class");
	cr_assert_eq(r.rows[1].offset, 8);
	/* -s type,typeoff,sym: the code site after the field */
	cr_assert_eq(r.n_rows, 3);
	cr_assert_str_eq(r.rows[2].symbol, "pick_next_task");
	cr_assert_str_eq(r.rows[2].field, "nr_running");
	lu_c2c_report_free(&r);
}

Test(c2c_parse, annotate_leaves_only)
{
	struct lu_c2c_report r;

	parse("Annotate type: 'struct stats' in a.out (10 samples):\n"
	      "    samples     offset       size  field\n"
	      "         10          0         16  struct stats  {\n"
	      "          7        0x8          8      long  b[2];\n"
	      "          3          0          8      long  a;\n"
	      "          0         16          8      long  c;\n"
	      "                                   };\n",
	      &r);
	cr_assert_eq(r.format, LU_C2C_ANNOTATE);
	cr_assert_eq(r.n_rows, 2);
	cr_assert_eq(r.rows[0].offset, 8);
	cr_assert_str_eq(r.rows[0].field, "b");
	cr_assert(NEAR(r.rows[0].loads, 7));
	lu_c2c_report_free(&r);
}

Test(c2c_parse, bad_rows_counted)
{
	struct lu_c2c_report r;

	parse("text\n1.00% 2.00%\n3.00% 0x10 0 1 0x4 [k] f k f+4 0\n"
	      "4.00% zz\n",
	      &r);
	cr_assert_eq(r.n_rows, 1);
	cr_assert_eq(r.n_bad, 2);
	cr_assert_eq(r.bad_line, 2);
	cr_assert_not_null(r.bad_why);
	lu_c2c_report_free(&r);
}

Test(c2c_parse, nothing_in_garbage)
{
	struct lu_c2c_report r;

	parse("", &r);
	cr_assert_eq(r.format, LU_C2C_NONE);
	lu_c2c_report_free(&r);
	lu_c2c_parse("\0\0\r\n#\n# ....  ....\n", 14, &r);
	cr_assert_eq(r.n_rows, 0);
	lu_c2c_report_free(&r);
}
