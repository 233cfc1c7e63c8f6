/* SPDX-License-Identifier: MIT */
/*
 * Fuzzes lineup trace's file reader, then maps what it read onto a fixed
 * struct through its LINEUP_TRACE_OBJECT records (no program: sites are
 * unknown) and prints the verdicts, the JSON and the draft, so the map
 * and the printers meet hostile threads, epochs and masks too.
 */
#include <stdio.h>
#include <stdlib.h>

#include "c2c_rules.h"
#include "fuzz.h"
#include "trace_file.h"
#include "trace_map.h"
#include "trace_report.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	return 0;
}

static void fixed_struct(struct lu_set *set)
{
	static const char *const names[] = { "count", "label", "flags", "tail" };
	struct lu_struct *s = lu_set_add(set);
	struct lu_member *m = lu_arena_alloc(&set->arena, 4 * sizeof(*m));

	for (size_t i = 0; i < 4; i++)
		m[i] = (struct lu_member){ .name = names[i], .type = "long",
					   .dims = "", .offset = 8 * i,
					   .size = 8, .group = -1 };
	s->name = "hub";
	s->size = 32;
	s->align = 8;
	s->members = m;
	s->n_members = 4;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	struct lu_trace t;
	struct lu_error err;
	struct lu_set set;

	if (!sink && !(sink = fopen("/dev/null", "w")))
		abort();
	if (lu_trace_parse("fuzz.trace", (const char *)data, size, &t,
			   &err) == 0) {
		struct lu_trace_map_opts o = { .line_size = 64 };
		struct lu_trace_result r = { 0 };
		const char **names = NULL;

		lu_set_init(&set, "fixed.o");
		set.format = "dwarf";
		set.line_size = 64;
		fixed_struct(&set);
		lu_trace_find_objects(&t, NULL, &o, &r, &names);
		free(names);
		lu_trace_map(&t, NULL, &set, &o, &r);
		struct lu_trace_out out = { .program = "fuzz", .trace = &t,
					    .r = &r };

		lu_trace_print_text(sink, &out);
		lu_trace_print_json(sink, &out);
		for (size_t i = 0; i < r.n_types; i++) {
			struct lu_c2c_map m;

			if (lu_trace_draft_map(&r, &r.types[i], &m))
				lu_c2c_rules_print(sink, "fuzz.trace",
						   r.types[i].s, &m, 64);
			lu_c2c_map_free(&m);
		}
		lu_trace_result_free(&r);
		lu_set_free(&set);
	}
	lu_trace_free(&t);
	return 0;
}
