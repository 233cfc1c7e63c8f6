/* SPDX-License-Identifier: MIT */
/*
 * Kernel cache-line groups: kind and path from the group's name, and when
 * two of them may share a line. The names follow the kernel's own
 * vocabulary: Documentation/networking/net_cachelines/ tables say
 * read_mostly or read_write per path, and the groups are named after them
 * (tcp_sock_read_tx, sock_write_rxtx, idpf's read_mostly and read_write).
 */
#include "kernel_groups.h"

#include <string.h>

/* Is the '_'-separated word [w, w + n) equal to WORD? */
static bool word_is(const char *w, size_t n, const char *word)
{
	return strlen(word) == n && !strncmp(w, word, n);
}

void lu_kernel_group_parse(const char *name, enum lu_kind *kind,
			   enum lu_path *path)
{
	bool write = false, read = false, cold = false;
	unsigned bits = 0;

	for (const char *w = name; *w;) {
		size_t n = strcspn(w, "_");

		if (word_is(w, n, "write"))
			write = true;
		else if (word_is(w, n, "read"))
			read = true;
		else if (word_is(w, n, "cold"))
			cold = true;
		else if (word_is(w, n, "tx"))
			bits |= LU_PATH_TX;
		else if (word_is(w, n, "rx"))
			bits |= LU_PATH_RX;
		else if (word_is(w, n, "txrx") || word_is(w, n, "rxtx"))
			bits |= LU_PATH_TXRX;
		w += n;
		w += *w == '_';
	}
	/* read_write is stored on the fast path: it is a write group */
	*kind = write ? LU_KIND_WRITE
		: read ? LU_KIND_READ
		: cold ? LU_KIND_COLD
		       : LU_KIND_NONE;
	*path = (enum lu_path)bits;
}

const char *lu_path_name(enum lu_path path)
{
	switch (path) {
	case LU_PATH_TX:
		return "tx";
	case LU_PATH_RX:
		return "rx";
	case LU_PATH_TXRX:
		return "txrx";
	case LU_PATH_NONE:
		break;
	}
	return NULL;
}

bool lu_paths_share(const struct lu_group *a, const struct lu_group *b)
{
	/* a group of no path could be touched anywhere: the kinds decide */
	if (a->origin != LU_ORIGIN_KERNEL || b->origin != LU_ORIGIN_KERNEL ||
	    !a->path || !b->path)
		return false;
	/* tx against rx: two CPUs at once (the sender, the softirq) */
	return (a->path & b->path) != 0;
}
