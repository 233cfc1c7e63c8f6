/* SPDX-License-Identifier: MIT */
/*
 * Linux's Documentation/networking/net_cachelines/ tables: one table per
 * struct saying which fields the tx and rx fast paths load or store. The
 * parser turns a table into rows (pure: text in, rows and warnings out);
 * lu_nc_write_rules() turns the rows into a lineup rules file.
 */
#ifndef LINEUP_NET_CACHELINES_H
#define LINEUP_NET_CACHELINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "arena.h"

struct lu_error;

/* What one path does with a field, as the table's access words say. */
enum lu_nc_access {
	LU_NC_NONE,	/* empty or '-': not on this fast path */
	LU_NC_READ,	/* read_mostly */
	LU_NC_WRITE,	/* read_write, write_mostly */
};

struct lu_nc_row {
	const char *member;	/* as the rules name it: icsk_ack.pending */
	enum lu_nc_access tx, rx;
	unsigned line;		/* in the .rst file */
};

struct lu_nc_warning {
	unsigned line;
	const char *msg;
};

/*
 * Names are bounded so that every line of the rules file fits the 198
 * characters a rules line may have (doc/rules.md): a group's first line
 * is "write." STRUCT "_write_txrx = " MEMBER.
 */
#define LU_NC_NAME_MAX 64	/* the struct's */
#define LU_NC_MEMBER_MAX 100	/* a member's, dotted */
#define LU_NC_GROUP_NAME_MAX (LU_NC_NAME_MAX + 16)

struct lu_nc_table {
	const char *path;
	const char *struct_name;
	/* where the name came from: "the ..struct row", "the title", ... */
	const char *name_from;
	struct lu_nc_row *rows;	/* fast-path rows only, in file order */
	size_t n_rows;
	struct lu_nc_warning *warnings;
	size_t n_warnings;
	unsigned n_table_rows;	/* every data row, placed or not */
	struct lu_arena arena;
};

/*
 * Parses TEXT (LEN bytes, the contents of PATH). STRUCT_NAME, when not
 * NULL, overrides the name the file gives (an identifier, else an
 * error). Returns 0, or -1 with ERR naming the file and the reason no
 * rules can be made (no table, not a struct, no fast-path row); the
 * table then has no rows, only the warnings that may explain it. Either
 * way, lu_nc_free() it.
 */
int lu_nc_parse(const char *text, size_t len, const char *path,
		const char *struct_name, struct lu_nc_table *t,
		struct lu_error *err);
/* Reads PATH whole and parses it; the same contract. */
int lu_nc_parse_file(const char *path, const char *struct_name,
		     struct lu_nc_table *t, struct lu_error *err);
void lu_nc_free(struct lu_nc_table *t);

/* The rules file (doc/rules.md) for T; false when a write fails. */
bool lu_nc_write_rules(const struct lu_nc_table *t, FILE *out);

#endif
