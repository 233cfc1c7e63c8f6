/* SPDX-License-Identifier: MIT */
/*
 * The net_cachelines parser and rules writer as pure functions: rows of
 * both table forms, one row shape per case, and the rules that come out
 * read back by lineup's own rules parser.
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "net_cachelines.h"
#include "rules.h"

#define PLAIN_HEAD \
	"Type              Name        fastpath_tx_access  " \
	"fastpath_rx_access  Comments\n"
#define RST_BORDER \
	"================= =========== =================== " \
	"=================== ====\n"
#define RST_HEAD RST_BORDER PLAIN_HEAD RST_BORDER

/*
 * One data row under either header, and what it becomes. Arrays, not
 * pointers: Criterion hands parameters to a test process of its own, where
 * the parent's pointers mean nothing.
 */
struct row_case {
	char row[80];
	char member[24];	/* empty: not placed */
	enum lu_nc_access tx, rx;
	char warning[80];	/* the start of the one warning, or empty */
};

static struct row_case row_cases[] = {
	{ "u32               snd_nxt     read_write          read_mostly",
	  "snd_nxt", LU_NC_WRITE, LU_NC_READ, "" },
	{ "u64               bytes_sent  write_mostly        -",
	  "bytes_sent", LU_NC_WRITE, LU_NC_NONE, "" },
	{ "u32               copied_seq                      read_mostly",
	  "copied_seq", LU_NC_NONE, LU_NC_READ, "" },
	{ "u8:1              repair      read_mostly         -",
	  "repair", LU_NC_READ, LU_NC_NONE, "" },
	{ "u32[3]            chrono_stat read_write",
	  "chrono_stat", LU_NC_WRITE, LU_NC_NONE, "" },
	{ "char              name[16]    read_mostly",
	  "name", LU_NC_READ, LU_NC_NONE, "" },
	{ "struct sk_buff*   hint        read_mostly         -",
	  "hint", LU_NC_READ, LU_NC_NONE, "" },
	{ "struct_icsk_ack_u8 pending    read_write          read_write",
	  "icsk_ack.pending", LU_NC_WRITE, LU_NC_WRITE, "" },
	{ "struct_icsk_ack_u16 rcv_mss   read_write          read_write",
	  "", LU_NC_NONE, LU_NC_NONE, "cannot place the row: "
	  "'struct_icsk_ack_u16' runs across the start of column 19" },
	{ "struct_ack_u8     pending     read_write          read_write",
	  "ack.pending", LU_NC_WRITE, LU_NC_WRITE, "" },
	{ "struct_ack_unsigned_long tm   read_write",
	  "", LU_NC_NONE, LU_NC_NONE, "cannot place the row: " },
	{ "struct_a_int:31   size        read_write          -",
	  "a.size", LU_NC_WRITE, LU_NC_NONE, "" },
	{ "struct_list_head  list        read_write          -",
	  "list", LU_NC_WRITE, LU_NC_NONE, "" },
	{ "u32               gone        -                   -",
	  "", LU_NC_NONE, LU_NC_NONE, "" },
	{ "u32               off",
	  "", LU_NC_NONE, LU_NC_NONE, "" },
	{ "u32               typo        read_often",
	  "", LU_NC_NONE, LU_NC_NONE, "cannot place 'typo': unknown access "
	  "'read_often' in fastpath_tx_access" },
	{ "u32               typo        -                   rw",
	  "", LU_NC_NONE, LU_NC_NONE, "cannot place 'typo': unknown access "
	  "'rw' in fastpath_rx_access" },
	{ "void*destructor   struct_x    read_mostly",
	  "", LU_NC_NONE, LU_NC_NONE, "cannot place 'struct_x': the type "
	  "cell 'void*destructor' ends in a name" },
	{ "u32               2bad        read_mostly",
	  "", LU_NC_NONE, LU_NC_NONE, "cannot place '2bad' (type 'u32'): "
	  "not a member name" },
	{ "u32                           read_mostly",
	  "", LU_NC_NONE, LU_NC_NONE, "cannot place the row: its Name "
	  "column is empty" },
};

static void check_row(const char *head, const struct row_case *rc)
{
	char text[1024];
	struct lu_nc_table t;
	struct lu_error err;

	/* a second, placed row so that every case has rules to make */
	snprintf(text, sizeof(text),
		 "sock struct x\n====\n\n%s%s\n"
		 "u32               other       read_mostly\n", head, rc->row);
	int rc_parse = lu_nc_parse(text, strlen(text), "sock.rst", NULL, &t,
				   &err);

	cr_assert_eq(rc_parse, 0, "%s", err.msg);
	cr_assert_str_eq(t.struct_name, "sock");
	if (*rc->member) {
		cr_assert_eq(t.n_rows, 2, "row '%s'", rc->row);
		cr_assert_str_eq(t.rows[0].member, rc->member);
		cr_assert_eq(t.rows[0].tx, rc->tx, "row '%s'", rc->row);
		cr_assert_eq(t.rows[0].rx, rc->rx, "row '%s'", rc->row);
	} else {
		cr_assert_eq(t.n_rows, 1, "row '%s'", rc->row);
	}
	if (*rc->warning) {
		cr_assert_eq(t.n_warnings, 1, "row '%s'", rc->row);
		cr_assert(!strncmp(t.warnings[0].msg, rc->warning,
				   strlen(rc->warning)),
			  "row '%s': %s", rc->row, t.warnings[0].msg);
	} else {
		cr_assert_eq(t.n_warnings, 0, "row '%s': %s", rc->row,
			     t.n_warnings ? t.warnings[0].msg : "");
	}
	lu_nc_free(&t);
}

ParameterizedTestParameters(net_cachelines, plain_rows)
{
	return cr_make_param_array(struct row_case, row_cases,
				   sizeof(row_cases) / sizeof(row_cases[0]));
}

ParameterizedTest(struct row_case *rc, net_cachelines, plain_rows)
{
	check_row(PLAIN_HEAD, rc);
}

ParameterizedTestParameters(net_cachelines, rst_rows)
{
	return cr_make_param_array(struct row_case, row_cases,
				   sizeof(row_cases) / sizeof(row_cases[0]));
}

ParameterizedTest(struct row_case *rc, net_cachelines, rst_rows)
{
	check_row(RST_HEAD, rc);
}

/* The group each access pair goes to, and the allow lines around it. */
Test(net_cachelines, groups_and_allows)
{
	static const char text[] =
		"..struct ..conn\n" PLAIN_HEAD
		"u64               a           read_write\n"
		"u64               b                               read_write\n"
		"u64               c           read_mostly\n"
		"u64               d                               read_mostly\n";
	struct lu_nc_table t;
	struct lu_error err;
	char *out = NULL;
	size_t len = 0;

	cr_assert_eq(lu_nc_parse(text, sizeof(text) - 1, "conn.rst", NULL,
				 &t, &err), 0, "%s", err.msg);
	FILE *f = open_memstream(&out, &len);

	cr_assert(lu_nc_write_rules(&t, f));
	fclose(f);
	const char *body = strstr(out, "[struct conn]\n");

	cr_assert_not_null(body);
	/* tx against rx is the only pair left to conflict */
	cr_assert_str_eq(body,
			 "[struct conn]\n"
			 "read.conn_read_tx = c\n"
			 "read.conn_read_rx = d\n"
			 "write.conn_write_tx = a\n"
			 "write.conn_write_rx = b\n"
			 "allow = conn_read_tx conn_write_tx\n"
			 "allow = conn_read_rx conn_write_rx\n");
	struct lu_rules r;

	cr_assert_eq(lu_rules_parse_string(out, len, "conn.ini", &r, &err),
		     0, "%s", err.msg);
	cr_assert_eq(r.n_structs, 1);
	cr_assert_eq(r.structs[0].n_groups, 4);
	cr_assert_eq(r.structs[0].n_allow, 2);
	lu_rules_free(&r);
	free(out);
	lu_nc_free(&t);
}

Test(net_cachelines, duplicates_merge)
{
	static const char text[] =
		"..struct ..conn\n" PLAIN_HEAD
		"u64               a           read_mostly\n"
		"u64               b           read_mostly\n"
		"u64               a                               read_write\n";
	struct lu_nc_table t;
	struct lu_error err;

	cr_assert_eq(lu_nc_parse(text, sizeof(text) - 1, "conn.rst", NULL,
				 &t, &err), 0, "%s", err.msg);
	cr_assert_eq(t.n_rows, 2);
	cr_assert_str_eq(t.rows[0].member, "a");
	cr_assert_eq(t.rows[0].tx, LU_NC_READ);
	cr_assert_eq(t.rows[0].rx, LU_NC_WRITE);
	cr_assert_eq(t.rows[0].line, 3);
	cr_assert_str_eq(t.rows[1].member, "b");
	cr_assert_eq(t.n_warnings, 1);
	cr_assert_eq(t.warnings[0].line, 5);
	cr_assert_str_eq(t.warnings[0].msg, "'a' is also at line 3: one "
					    "member, tx read and rx write");
	lu_nc_free(&t);
}

/* The RST table ends at its closing border; what follows is prose. */
Test(net_cachelines, rst_table_ends)
{
	static const char text[] =
		"conn struct x\n----\n\n" RST_HEAD
		"u64               a           read_write\n" RST_BORDER
		"\nu64               b           read_write\n";
	struct lu_nc_table t;
	struct lu_error err;

	cr_assert_eq(lu_nc_parse(text, sizeof(text) - 1, "conn.rst", NULL,
				 &t, &err), 0, "%s", err.msg);
	cr_assert_eq(t.n_rows, 1);
	cr_assert_eq(t.n_table_rows, 1);
	lu_nc_free(&t);
}

Test(net_cachelines, caller_names_the_struct)
{
	static const char text[] = PLAIN_HEAD
		"u64               a           read_write\n";
	struct lu_nc_table t;
	struct lu_error err;

	cr_assert_eq(lu_nc_parse(text, sizeof(text) - 1, "x/1.rst",
				 "struct tcp_sock", &t, &err), 0, "%s",
		     err.msg);
	cr_assert_str_eq(t.struct_name, "tcp_sock");
	lu_nc_free(&t);
	cr_assert_eq(lu_nc_parse(text, sizeof(text) - 1, "x/1.rst", "a-b",
				 &t, &err), -1);
	cr_assert_str_eq(err.msg, "bad struct name 'a-b' (a struct's tag: an "
				  "identifier of at most 64 characters)");
	lu_nc_free(&t);
}
