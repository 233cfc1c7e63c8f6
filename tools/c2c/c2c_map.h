/* SPDX-License-Identifier: MIT */
/*
 * From perf's records (c2c_parse.h) and one struct's layout to evidence
 * per member: which members a contended line holds, who stores to them and
 * who loads them. c2c gives data addresses, not types: with the object's
 * address (--base) the mapping is exact; without it, the placements of the
 * struct under each line are ranked by how well the sampled offsets land
 * on member starts (doc/c2c.md). Data-type reports name type and offset.
 */
#ifndef LINEUP_C2C_MAP_H
#define LINEUP_C2C_MAP_H

#include "c2c_parse.h"
#include "error.h"
#include "layout.h"

/* One code site's accesses to one member, as shares of its window's. */
struct lu_c2c_site {
	const char *symbol, *site, *source, *field;
	uint64_t code_address;
	double hitm, loads, stores;	/* 0..1 */
};

struct lu_c2c_hit {
	size_t member;		/* index in lu_struct.members */
	double hitm, loads, stores;	/* 0..1 of the window's */
	struct lu_c2c_site *sites;	/* the busiest first */
	size_t n_sites;
};

enum lu_c2c_how {
	LU_C2C_BY_BASE,		/* --base: exact */
	LU_C2C_BY_RANK,		/* ranked placements */
	LU_C2C_BY_TYPE,		/* the report names type and offset */
};

/* The bytes of the struct one contended line covers, and what hit them. */
struct lu_c2c_window {
	ptrdiff_t report_line;	/* in lu_c2c_report.lines */
	int64_t begin;		/* struct offset of its first byte, may be
				 * negative (the line starts before it) */
	uint64_t unit;		/* bytes: a line, or a --double-cl pair */
	size_t n_candidates;	/* ranked: placements tried */
	size_t n_offsets;	/* distinct sampled offsets */
	size_t n_starts;	/* of which start a member */
	int64_t *tied;		/* ranked: placements that fit as well */
	size_t n_tied;
	/* ranked: the window whose untied placement, at the distance of
	 * the two lines' addresses, chose among this one's ties; -1 */
	ptrdiff_t anchor;
	struct lu_c2c_hit *hits;	/* by member offset */
	size_t n_hits;
	size_t n_outside;	/* rows on no member (outside, or a hole) */
	bool false_sharing;	/* a member stored, another loaded */
};

struct lu_c2c_skip {
	ptrdiff_t report_line;
	const char *why;
};

struct lu_c2c_map {
	enum lu_c2c_how how;
	uint64_t unit;
	struct lu_c2c_window *windows;
	size_t n_windows, cap_windows;
	struct lu_c2c_skip *skipped;	/* report lines that do not fit */
	size_t n_skipped, cap_skipped;
	size_t n_false_sharing;
	struct lu_arena arena;
};

struct lu_c2c_map_opts {
	unsigned line_size;
	bool has_base;
	uint64_t base;
};

/*
 * Maps R onto S. 0 on success; -1 with ERR saying why nothing of R could
 * be placed on S (no line fits, the type is absent, ...). Free OUT with
 * lu_c2c_map_free in both cases.
 */
int lu_c2c_map(const struct lu_c2c_report *r, const struct lu_struct *s,
	       const struct lu_c2c_map_opts *opts, struct lu_c2c_map *out,
	       struct lu_error *err);
void lu_c2c_map_free(struct lu_c2c_map *m);

/*
 * The struct bytes a window covers, as a reader says them: "line 4
 * (bytes 256-319)", "lines 4-5 (bytes 256-383)" for a --double-cl pair,
 * "the line at bytes 240-303 (lines 3-4)" when it does not start one.
 */
void lu_c2c_window_label(const struct lu_c2c_window *w,
			 const struct lu_struct *s, unsigned line_size,
			 bool hex, char *buf, size_t size);
/* A site as perf names it: "update_cfs_group+78", else the symbol. */
const char *lu_c2c_site_name(const struct lu_c2c_site *site);

/* Does a data-type name ("struct task_group", "task_group_t") name S? */
bool lu_c2c_type_is(const char *type, const struct lu_struct *s);


#endif
