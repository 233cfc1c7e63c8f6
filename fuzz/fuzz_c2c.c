/* SPDX-License-Identifier: MIT */
/*
 * Fuzzes the perf report parser (`lineup c2c`), then maps what it read
 * onto fixed structs three ways (ranked under a line-aligned struct,
 * ranked under an 8-aligned one, at a --base taken from the report) and
 * prints the result and the rules draft, so every path after the parser
 * meets hostile records too.
 */
#include <stdio.h>
#include <stdlib.h>

#include "c2c_map.h"
#include "c2c_parse.h"
#include "c2c_report.h"
#include "c2c_rules.h"
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	return 0;
}

/* struct stats of tests/c2c/fixtures/stats.c, by offset and size */
static const struct {
	const char *name;
	uint64_t offset, size;
} stats_members[] = {
	{ "rx_packets", 0, 8 }, { "rx_bytes", 8, 8 }, { "ops", 16, 8 },
	{ "peer", 24, 8 }, { "state", 32, 4 }, { "flags", 36, 4 },
	{ "name", 40, 24 }, { "tx_packets", 64, 8 }, { "tx_bytes", 72, 8 },
	{ "tx_ops", 80, 8 }, { "pad", 88, 40 },
};

#define N_STATS (sizeof(stats_members) / sizeof(stats_members[0]))

static void fixed_struct(struct lu_set *set, const char *name, uint64_t align)
{
	struct lu_struct *s = lu_set_add(set);
	struct lu_member *m = lu_arena_alloc(&set->arena, N_STATS * sizeof(*m));

	for (size_t i = 0; i < N_STATS; i++)
		m[i] = (struct lu_member){
			.name = stats_members[i].name, .type = "long",
			.dims = "", .offset = stats_members[i].offset,
			.size = stats_members[i].size, .group = -1,
		};
	s->name = name;
	s->size = 128;
	s->align = align;
	s->members = m;
	s->n_members = N_STATS;
}

static void map_and_print(FILE *sink, const struct lu_set *set,
			  const struct lu_struct *s,
			  const struct lu_c2c_report *r,
			  const struct lu_c2c_map_opts *o)
{
	struct lu_c2c_map map;
	struct lu_error err;

	if (lu_c2c_map(r, s, o, &map, &err) == 0) {
		struct lu_c2c_out out = {
			.set = set, .s = s, .report_path = "fuzz.txt",
			.report = r, .map = &map, .has_base = o->has_base,
			.base = o->base,
		};

		lu_c2c_print_text(sink, &out);
		lu_c2c_print_json(sink, &out);
		lu_c2c_rules_print(sink, "fuzz.txt", s, &map, o->line_size);
	}
	lu_c2c_map_free(&map);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	struct lu_c2c_report r;
	struct lu_set set;

	if (!sink && !(sink = fopen("/dev/null", "w")))
		abort();
	lu_c2c_parse((const char *)data, size, &r);
	lu_set_init(&set, "fixed.o");
	set.format = "dwarf";
	set.line_size = 64;
	fixed_struct(&set, "stats", 64);
	fixed_struct(&set, "loose", 8);
	struct lu_c2c_map_opts o = { .line_size = 64 };

	map_and_print(sink, &set, &set.structs[0], &r, &o);
	map_and_print(sink, &set, &set.structs[1], &r, &o);
	if (r.n_lines && r.lines[0].has_address) {
		o.has_base = true;
		o.base = r.lines[0].address - 16;
		map_and_print(sink, &set, &set.structs[0], &r, &o);
	}
	lu_set_free(&set);
	lu_c2c_report_free(&r);
	return 0;
}
