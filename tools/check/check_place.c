/* SPDX-License-Identifier: MIT */
/* Where objects start (check_place.h): stated, declared, inferred. */
#include "check_place.h"

/*
 * A struct's rules win over --align. A statement replaces an inferred
 * alignment but never lowers one the input records: the compiler promises
 * that one. --align never lowers an inferred one either: it speaks for
 * every struct, the guess for this one (a ____cacheline_aligned member).
 */
struct placement lu_placement_of(const struct lu_struct *s,
				 const struct lu_rule_struct *rule,
				 const struct lu_check_opts *opts)
{
	uint64_t own = s->align ? s->align : 1;
	struct placement p = { own, s->align_inferred ? LU_ALIGN_INFERRED
						      : LU_ALIGN_DECLARED,
			       rule && rule->align };

	if (p.ruled) {
		if (s->align_inferred || rule->align >= own)
			p = (struct placement){ rule->align, LU_ALIGN_RULES,
						true };
	} else if (opts->align && (opts->align > own ||
				   (s->align_inferred && opts->align == own))) {
		p = (struct placement){ opts->align, LU_ALIGN_OPTION, false };
	}
	return p;
}

uint64_t lu_placement_step(const struct placement *pl, uint64_t unit)
{
	return pl->align >= unit ? unit : pl->align;
}

/* A finding's severity once more is known than when it was added. */
static void set_severity(struct lu_findings *out, struct lu_finding *f,
			 enum lu_severity sev)
{
	size_t *count[] = {
		[LU_NOTE] = &out->n_notes,
		[LU_WARNING] = &out->n_warnings,
		[LU_ERROR] = &out->n_errors,
	};

	(*count[f->severity])--;
	(*count[sev])++;
	f->severity = sev;
}

void lu_placement_apply(struct lu_findings *out, struct lu_finding *f,
			const struct placement *pl,
			const struct lu_check_opts *opts)
{
	f->align = pl->align;
	f->align_from = pl->from;
	f->align_ruled = pl->ruled;
	/* starts ascend: the first says whether 0 is one */
	f->misaligned_only = f->n_starts && f->starts[0] != 0;
	if (f->misaligned_only)
		set_severity(out, f,
			     pl->from == LU_ALIGN_INFERRED && !opts->strict
				     ? LU_WARNING : LU_ERROR);
}

/* Lines group G touches with the object at START of a line. */
static uint64_t lines_at(const struct lu_group *g, uint64_t start,
			 unsigned line)
{
	if (g->end <= g->begin)
		return 0;
	return (start + g->end - 1) / line - (start + g->begin) / line + 1;
}

uint64_t lu_worst_lines(const struct lu_group *g, const struct placement *pl,
			unsigned line)
{
	uint64_t worst = 0;

	for (uint64_t st = 0; st < line; st += lu_placement_step(pl, line))
		if (lines_at(g, st, line) > worst)
			worst = lines_at(g, st, line);
	return worst;
}

void lu_place_lines(struct lu_findings *out, struct lu_finding *f,
		    const struct lu_group *g, const struct placement *pl,
		    const struct lu_check_opts *opts)
{
	unsigned line = opts->line_size;
	uint64_t step = lu_placement_step(pl, line);
	size_t n = 0;

	for (uint64_t st = 0; st < line; st += step)
		n += lines_at(g, st, line) > f->limit;
	f->starts = lu_arena_alloc(&out->arena,
				   (n ? n : 1) * sizeof(*f->starts));
	for (uint64_t st = 0; st < line; st += step)
		if (lines_at(g, st, line) > f->limit)
			f->starts[f->n_starts++] = st;
	f->every_start = f->n_starts == line / step;
	lu_placement_apply(out, f, pl, opts);
}
