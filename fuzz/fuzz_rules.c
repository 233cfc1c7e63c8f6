/* SPDX-License-Identifier: MIT */
/*
 * Fuzzes the rules file parser, then applies what it parsed to a small
 * fixed set of layouts (markers, a nested member, a bit-field, an unaligned
 * struct) so the checker meets every kind of rule, well-formed or not.
 */
#include <string.h>

#include "fuzz.h"
#include "reader.h"
#include "markers.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	return 0;
}

struct fixed_member {
	const char *name, *type;
	uint64_t offset, size;
	uint32_t bit_offset, bit_size;
	unsigned depth;
};

static void add_struct(struct lu_set *set, const char *name, uint64_t size,
		       uint64_t align, const struct fixed_member *fm, size_t n)
{
	struct lu_struct *s = lu_set_add(set);
	struct lu_member *m = lu_arena_alloc(&set->arena, n * sizeof(*m));

	s->name = name;
	s->size = size;
	s->align = align;
	s->file = "fixed.c";
	s->decl_line = 1;
	for (size_t i = 0; i < n; i++) {
		m[i] = (struct lu_member){
			.name = fm[i].name, .type = fm[i].type, .dims = "",
			.offset = fm[i].offset, .size = fm[i].size,
			.bit_offset = fm[i].bit_offset,
			.bit_size = fm[i].bit_size, .depth = fm[i].depth,
			.file = "fixed.c", .decl_line = (unsigned)i + 2,
			.group = -1,
		};
	}
	s->members = m;
	s->n_members = n;
	lu_struct_find_groups(s, &set->arena);
}

/* Names the seed rules files use: task_group, conn, packed. */
static void fixed_set(struct lu_set *set)
{
	static const struct fixed_member task_group[] = {
		{ "css", "struct cgroup_subsys_state", 0, 200, 0, 0, 0 },
		{ "lineup__begin__tick", "lineup__write", 200, 0, 0, 0, 0 },
		{ "load_avg", "atomic_long_t", 200, 8, 0, 0, 0 },
		{ "lineup__end__tick", "lineup__write", 208, 0, 0, 0, 0 },
		{ "parent", "struct task_group *", 208, 8, 0, 0, 0 },
		{ "rt_se", "struct sched_rt_entity * *", 216, 8, 0, 0, 0 },
		{ "rt_rq", "struct rt_rq * *", 224, 8, 0, 0, 0 },
		{ "se", "struct sched_entity", 256, 64, 0, 0, 0 },
		{ "se.load", "unsigned long", 256, 8, 0, 0, 1 },
		{ "se.runnable", "unsigned long", 264, 8, 0, 0, 1 },
		{ "flags", "unsigned int", 320, 4, 0, 3, 0 },
		{ "busy", "unsigned int", 320, 4, 3, 1, 0 },
		{ "rcu", "struct callback_head", 328, 16, 0, 0, 0 },
	};
	static const struct fixed_member conn[] = {
		{ "__cacheline_group_begin__rx_read", "__u8", 0, 0, 0, 0, 0 },
		{ "rx_head", "void *", 0, 8, 0, 0, 0 },
		{ "__cacheline_group_end__rx_read", "__u8", 8, 0, 0, 0, 0 },
		{ "__cacheline_group_begin__tx_write", "__u8", 8, 0, 0, 0, 0 },
		{ "tx_bytes", "u64", 8, 8, 0, 0, 0 },
		{ "tx_packets", "u64", 16, 8, 0, 0, 0 },
		{ "__cacheline_group_end__tx_write", "__u8", 24, 0, 0, 0, 0 },
	};
	static const struct fixed_member packed[] = {
		{ "a", "char", 0, 1, 0, 0, 0 },
		{ "b", "int", 1, 4, 0, 0, 0 },
		{ "c", "long", 5, 8, 0, 0, 0 },
	};

	lu_set_init(set, "fixed.o");
	set->format = "dwarf";
	set->line_size = 64;
	add_struct(set, "task_group", 384, 64, task_group,
		   sizeof(task_group) / sizeof(task_group[0]));
	add_struct(set, "conn", 24, 8, conn, sizeof(conn) / sizeof(conn[0]));
	add_struct(set, "packed", 13, 1, packed,
		   sizeof(packed) / sizeof(packed[0]));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lu_rules rules;
	struct lu_error err;

	if (lu_rules_parse_string((const char *)data, size, "fuzz.ini", &rules,
				  &err) == 0) {
		struct lu_set set;

		(void)lu_rules_max_depth(&rules);
		fixed_set(&set);
		fuzz_consume(&set, &rules);
		lu_set_free(&set);
	}
	lu_rules_free(&rules);
	return 0;
}
