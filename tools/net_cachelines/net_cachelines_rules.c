/* SPDX-License-Identifier: MIT */
/*
 * A net_cachelines table as a rules file. The kernel's own groups
 * (tcp_sock_read_tx ... tcp_sock_write_rx) are these tables made into
 * layout: a member stored on a path goes to a write group, one only
 * loaded to a read group, and its path is tx, rx, or txrx when both
 * paths touch it. Rules groups carry no path, so the file says with
 * `allow` what doc/kernel-groups.md says of paths: only tx against rx is
 * false sharing.
 */
#include "net_cachelines.h"

#include <ctype.h>
#include <string.h>

enum path { PATH_TX, PATH_TXRX, PATH_RX, N_PATHS };

static const char *const path_names[N_PATHS] = { "tx", "txrx", "rx" };

/* The kernel's order: read tx, txrx, rx, then write tx, txrx, rx. */
struct group {
	bool write;
	enum path path;
};

#define N_GROUPS (2 * N_PATHS)

static struct group group_at(size_t i)
{
	return (struct group){ i >= N_PATHS, (enum path)(i % N_PATHS) };
}

static size_t group_of(const struct lu_nc_row *r)
{
	bool write = r->tx == LU_NC_WRITE || r->rx == LU_NC_WRITE;
	enum path p = r->tx && r->rx ? PATH_TXRX : r->tx ? PATH_TX : PATH_RX;

	return (write ? N_PATHS : 0) + (size_t)p;
}

/*
 * tcp_sock_write_txrx: the kernel's own name for the group, so that on a
 * kernel with the markers the rules add to the kernel's group, and the
 * group keeps its path (doc/kernel-groups.md), instead of making a
 * second group beside it.
 */
static void group_name(const struct lu_nc_table *t, struct group g,
		       char *buf, size_t size)
{
	snprintf(buf, size, "%s_%s_%s", t->struct_name,
		 g.write ? "write" : "read", path_names[g.path]);
}

/*
 * Does the pair need an `allow`? By kinds alone, any pair with a write
 * group conflicts; by paths, only tx against rx does.
 */
static bool needs_allow(struct group a, struct group b)
{
	bool tx_rx = (a.path == PATH_TX && b.path == PATH_RX) ||
		     (a.path == PATH_RX && b.path == PATH_TX);

	return (a.write || b.write) && !tx_rx;
}

/* "write.conn_write_tx = a b c", continued on indented lines (78 columns). */
static void write_group(const struct lu_nc_table *t, size_t gi, FILE *out)
{
	struct group g = group_at(gi);
	char name[LU_NC_GROUP_NAME_MAX];
	size_t col = 0;

	group_name(t, g, name, sizeof(name));
	for (size_t i = 0; i < t->n_rows; i++) {
		const char *m = t->rows[i].member;
		size_t len = strlen(m);

		if (group_of(&t->rows[i]) != gi)
			continue;
		if (!col) {
			col = (size_t)fprintf(out, "%s.%s = %s",
					      g.write ? "write" : "read", name,
					      m);
			continue;
		}
		if (col + 1 + len > 78) {
			fprintf(out, "\n\t%s", m);
			col = 8 + len;
			continue;
		}
		fprintf(out, " %s", m);
		col += 1 + len;
	}
	if (col)
		fputc('\n', out);
}

/*
 * The table's file name in a comment: its last component, at most 48
 * bytes, control characters as '?', so the comment stays one line a
 * rules parser reads (doc/rules.md: lines of at most 198 characters).
 */
static void print_file_name(const char *path, FILE *out)
{
	const char *slash = strrchr(path, '/');
	const char *b = slash && slash[1] ? slash + 1 : path;
	size_t n = strlen(b);

	for (size_t i = 0; i < n && i < 48; i++)
		fputc(iscntrl((unsigned char)b[i]) ? '?' : b[i], out);
	if (n > 48)
		fputs("...", out);
}

bool lu_nc_write_rules(const struct lu_nc_table *t, FILE *out)
{
	size_t count[N_GROUPS] = { 0 };
	char a[LU_NC_GROUP_NAME_MAX], b[LU_NC_GROUP_NAME_MAX];

	for (size_t i = 0; i < t->n_rows; i++)
		count[group_of(&t->rows[i])]++;
	fprintf(out, "# struct %s, from ", t->struct_name);
	print_file_name(t->path, out);
	fprintf(out,
		" (named by %s):\n"
		"# its %zu fast-path rows of %u, by lineup rules "
		"--from-net-cachelines.\n"
		"# A member a path stores (read_write, write_mostly) is in "
		"%s_write_PATH,\n"
		"# one it only loads (read_mostly) in %s_read_PATH; PATH is "
		"tx, rx,\n"
		"# or txrx when both paths use it: the kernel's group names. "
		"Only tx\n"
		"# against rx is false sharing (doc/kernel-groups.md): every "
		"other\n"
		"# pair may share a line.\n"
		"[struct %s]\n",
		t->name_from, t->n_rows, t->n_table_rows, t->struct_name,
		t->struct_name, t->struct_name);
	for (size_t g = 0; g < N_GROUPS; g++)
		write_group(t, g, out);
	for (size_t i = 0; i < N_GROUPS; i++) {
		for (size_t j = i + 1; j < N_GROUPS; j++) {
			struct group gi = group_at(i), gj = group_at(j);

			if (!count[i] || !count[j] || !needs_allow(gi, gj))
				continue;
			group_name(t, gi, a, sizeof(a));
			group_name(t, gj, b, sizeof(b));
			fprintf(out, "allow = %s %s\n", a, b);
		}
	}
	return !ferror(out);
}
