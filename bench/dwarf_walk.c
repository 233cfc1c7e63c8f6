/* SPDX-License-Identifier: MIT */
/*
 * The floor for reading a file's DWARF: libdw opens it (dwarf_begin) and
 * every DIE of every unit is visited, children first-to-last, reading its
 * tag and name, and nothing else. Whatever lineup does on top (fingerprints
 * of duplicate structs, layouts, output) is measured against this in
 * bench/run (case vmlinux-json). Prints the DIE count and a checksum of
 * the tags and names, so the compiler cannot drop the reads.
 *
 * usage: dwarf_walk FILE
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

struct walk {
	uint64_t dies, sum;
};

static void visit(struct walk *w, Dwarf_Die *parent, unsigned depth)
{
	Dwarf_Die die;

	if (depth > 256 || dwarf_child(parent, &die) != 0)
		return;
	do {
		const char *name = dwarf_diename(&die);

		w->dies++;
		w->sum += (uint64_t)dwarf_tag(&die);
		w->sum += name ? (uint8_t)*name : 0;
		visit(w, &die, depth + 1);
	} while (dwarf_siblingof(&die, &die) == 0);
}

int main(int argc, char **argv)
{
	struct walk w = { 0, 0 };
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie;
	uint8_t unit_type;
	int fd;
	Dwarf *dw;

	if (argc != 2) {
		fprintf(stderr, "usage: dwarf_walk FILE\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || !(dw = dwarf_begin(fd, DWARF_C_READ))) {
		fprintf(stderr, "dwarf_walk: failed to read DWARF from %s\n",
			argv[1]);
		return 2;
	}
	while (dwarf_get_units(dw, cu, &cu, NULL, &unit_type, &cudie,
			       NULL) == 0)
		visit(&w, &cudie, 0);
	printf("%" PRIu64 " DIEs, checksum %" PRIu64 "\n", w.dies, w.sum);
	dwarf_end(dw);
	close(fd);
	return 0;
}
