/* SPDX-License-Identifier: MIT */
/*
 * `lineup show` as text: pahole's layout view (offsets, sizes, holes,
 * cache-line boundaries, forced alignments, the summary) with what pahole
 * does not show: the lines each member spans, groups and their kinds,
 * conflicts, and which alignments are guesses.
 */
#include "show.h"

#include <stdlib.h>
#include <string.h>

#include "align_guess.h"
#include "kernel_groups.h"
#include "report.h"

#define RESET "\033[0m"
#define BOLD_RED "\033[1;31m"
#define RED "\033[31m"
#define CYAN "\033[36m"
#define DIM "\033[2m"
#define YELLOW "\033[33m"

struct painter {
	FILE *out;
	bool color;
};

static const char *paint(const struct painter *p, const char *code)
{
	return p->color ? code : "";
}

static const char *kind_color(enum lu_kind kind)
{
	switch (kind) {
	case LU_KIND_WRITE:
		return RED;
	case LU_KIND_READ:
		return CYAN;
	case LU_KIND_COLD:
		return DIM;
	default:
		return "";
	}
}

/*
 * " __attribute__((__aligned__(64)))" as pahole prints it, and when the
 * input records no alignment (BTF) a mark that it is a guess.
 */
static void aligned_attr(char *buf, size_t size, uint64_t align,
			 bool inferred)
{
	buf[0] = '\0';
	if (align)
		snprintf(buf, size, " __attribute__((__aligned__(%llu)))%s",
			 (unsigned long long)align,
			 inferred ? " /* inferred */" : "");
}

/* "void (*)(int)" with name fn prints as type "void", name "(*fn)(int)";
 * ATTR goes before the semicolon. */
static void print_decl(FILE *out, const struct lu_member *m, int indent,
		       const char *attr)
{
	char name[512];
	const char *fp = strstr(m->type, "(*)");
	int tw = 26 - 8 * (indent - 1);

	if (tw < 8)
		tw = 8;
	if (fp) {
		snprintf(name, sizeof(name), "(*%s)%s%s%s;", m->name, fp + 3,
			 m->dims, attr);
		fprintf(out, "%-*.*s %-21s", tw, (int)(fp - m->type - 1),
			m->type, name);
		return;
	}
	if (m->bit_size)
		snprintf(name, sizeof(name), "%s:%u;", m->name, m->bit_size);
	else
		snprintf(name, sizeof(name), "%s%s%s;", m->name, m->dims, attr);
	fprintf(out, "%-*s %-21s", tw, m->type, name);
}

/* No scalar of the ABIs lineup reads is aligned beyond 16 (long double,
 * __int128; x86-64 and aarch64 psABIs). */
#define MAX_NATURAL_ALIGN 16

/*
 * At least a member's natural alignment: the largest power of two dividing
 * its element size, at most MAX_NATURAL_ALIGN. The layout model records
 * no member alignments, so this bound stands in for them.
 */
static uint64_t natural_bound(const struct lu_member *m)
{
	uint64_t n = 1, elem;

	for (const char *d = m->dims; (d = strchr(d, '['));)
		n *= strtoull(++d, NULL, 10);
	elem = n ? m->size / n : 0;
	elem &= -elem;
	if (!elem)
		return 1;
	return elem > MAX_NATURAL_ALIGN ? MAX_NATURAL_ALIGN : elem;
}

/*
 * The alignment a member's offset forces, 0 for none. SEEN is the largest
 * alignment of the members before it, natural or forced, and grows with
 * this one: members of anonymous structs and unions are flattened, and the
 * tail padding of one is a gap no larger than its alignment, which is that
 * of a member before the gap. A gap that SEEN explains forces nothing.
 */
static uint64_t member_forced(const struct lu_member *m, uint64_t prev_end,
			      uint64_t *seen, unsigned line)
{
	uint64_t natural = natural_bound(m), forced = 0;

	/* a flexible array's size says nothing of its alignment */
	if (!m->size)
		return 0;
	if (!m->bit_size && m->offset > prev_end)
		forced = lu_gap_align(m->offset, m->offset - prev_end,
				      natural > *seen ? natural : *seen, line);
	if (natural > *seen)
		*seen = natural;
	if (forced > *seen)
		*seen = forced;
	return forced;
}

/*
 * The struct's alignment when its members' natural alignments cannot
 * explain it (pahole prints it after the closing brace), else 0. A member
 * at an offset its natural alignment does not divide (packed) counts for
 * no more than the offset allows.
 */
static uint64_t struct_forced(const struct lu_struct *s)
{
	uint64_t natural = 1;

	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];
		uint64_t a = natural_bound(m);

		if (m->depth || m->marker)
			continue;
		if (m->offset && (m->offset & -m->offset) < a)
			a = m->offset & -m->offset;
		if (a > natural)
			natural = a;
	}
	return s->align > natural ? s->align : 0;
}

/* Names of S's expanded members under member I that take part in a
 * conflict, as check names them (head.lock). */
static void print_nested_conflicts(FILE *out, const struct lu_struct *s,
				   size_t i, const bool *conflicts)
{
	size_t n = 0;

	for (size_t k = i + 1; k < s->n_members && s->members[k].depth; k++) {
		if (!conflicts[k])
			continue;
		if (n < 4)
			fprintf(out, "%s%s", n ? ", " : " <-- conflict: ",
				s->members[k].name);
		n++;
	}
	if (n > 4)
		fprintf(out, " and %zu more", n - 4);
}

static void print_lines(FILE *out, uint64_t offset, uint64_t size,
			unsigned line)
{
	uint64_t first = offset / line;
	uint64_t last = size ? (offset + size - 1) / line : first;

	if (first == last)
		fprintf(out, " L%llu", (unsigned long long)first);
	else
		fprintf(out, " L%llu-%llu", (unsigned long long)first,
			(unsigned long long)last);
}

static void print_group_open(const struct painter *p, const struct lu_group *g)
{
	const char *path = lu_path_name(g->path);

	fprintf(p->out, "\t%s/* >>> %s group '%s' (%s marker%s%s) */%s\n",
		paint(p, kind_color(g->kind)), lu_kind_name(g->kind), g->name,
		lu_origin_name(g->origin), path ? ", path " : "",
		path ? path : "", paint(p, RESET));
}

static void print_group_close(const struct painter *p, const struct lu_group *g,
			      unsigned line)
{
	uint64_t bytes = g->end - g->begin;

	fprintf(p->out, "\t%s/* <<< '%s': %llu bytes", paint(p, kind_color(g->kind)),
		g->name, (unsigned long long)bytes);
	if (bytes)
		print_lines(p->out, g->begin, bytes, line);
	/* a kernel group's footprint (check says it as a note) */
	if (bytes && g->origin == LU_ORIGIN_KERNEL) {
		struct lu_footprint fp;

		lu_group_footprint(g, 0, line, &fp);
		if (fp.lines == fp.min_lines)
			fprintf(p->out, ", %llu line%s, the fewest",
				(unsigned long long)fp.lines,
				fp.lines == 1 ? "" : "s");
		else
			fprintf(p->out, ", %llu lines where %llu would do",
				(unsigned long long)fp.lines,
				(unsigned long long)fp.min_lines);
	}
	fprintf(p->out, " */%s\n", paint(p, RESET));
}

struct stats {
	uint64_t sum_members, n_holes, sum_holes;
	uint64_t bit_members;
	size_t n_members;
	size_t n_forced, n_forced_holes;
	uint64_t sum_forced_holes;
};

/* "struct tag {" or, for a tagless struct, "typedef struct {" as pahole
 * prints it; other typedef names in a comment. */
static void print_header(FILE *out, const struct lu_struct *s)
{
	const char *word = s->is_union ? "union" : "struct";
	size_t k = 0;

	if (s->tagless) {
		fprintf(out, "typedef %s {", word);
		k = 1;	/* the first typedef is the name after the brace */
	} else {
		fprintf(out, "%s %s {", word, s->name);
	}
	if (s->file)
		fprintf(out, "\t/* %s:%u */", s->file, s->decl_line);
	for (size_t t = k; t < s->n_typedefs; t++)
		fprintf(out, "%s%s%s", t == k ? "\t/* typedef " : ", ",
			s->typedefs[t], t + 1 == s->n_typedefs ? " */" : "");
	if (s->variant)
		fprintf(out, "\t/* definition %u of %s%s%s */", s->variant + 1,
			s->name, s->unit ? " in " : "", s->unit ? s->unit : "");
	fputc('\n', out);
}

static void show_struct(const struct painter *p, const struct lu_struct *s,
			const struct lu_findings *findings, unsigned line)
{
	FILE *out = p->out;
	struct stats st = { 0 };
	uint64_t prev_end = 0, cur_line = 0, seen_align = 1;
	uint64_t prev_unit = (uint64_t)-1;
	char attr[96];
	bool *conflicts = calloc(s->n_members ? s->n_members : 1,
				 sizeof(*conflicts));

	if (!conflicts)
		abort();
	lu_findings_mark_conflicts(findings, s, conflicts);

	print_header(out, s);
	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];

		if (m->depth)
			continue;
		if (m->marker) {
			for (size_t g = 0; g < s->n_groups; g++) {
				if (s->groups[g].first == i + 1)
					print_group_open(p, &s->groups[g]);
				else if (s->groups[g].last == i)
					print_group_close(p, &s->groups[g],
							  line);
			}
			continue;
		}
		bool same_unit = m->bit_size && m->offset == prev_unit;
		/* pahole infers forced alignments in structs only */
		uint64_t forced = s->is_union ? 0
				  : member_forced(m, prev_end, &seen_align,
						  line);

		if (forced) {
			st.n_forced++;
			st.n_forced_holes++;
			st.sum_forced_holes += m->offset - prev_end;
		}
		aligned_attr(attr, sizeof(attr), forced, s->align_inferred);
		if (!s->is_union && !same_unit && m->offset > prev_end) {
			uint64_t hole = m->offset - prev_end;

			fprintf(out, "\n\t%s/* XXX %llu byte%s hole, try to pack */%s\n\n",
				paint(p, YELLOW), (unsigned long long)hole,
				hole == 1 ? "" : "s", paint(p, RESET));
			st.n_holes++;
			st.sum_holes += hole;
		}
		if (!s->is_union && m->offset / line > cur_line) {
			cur_line = m->offset / line;
			uint64_t ago = m->offset - cur_line * line;

			fprintf(out, "\t%s/* --- cacheline %llu boundary (%llu bytes)",
				paint(p, DIM), (unsigned long long)cur_line,
				(unsigned long long)(cur_line * line));
			if (ago)
				fprintf(out, " was %llu bytes ago",
					(unsigned long long)ago);
			fprintf(out, " --- */%s\n", paint(p, RESET));
		}
		bool conflict = conflicts[i];
		enum lu_kind kind = m->group >= 0 ? s->groups[m->group].kind
						  : LU_KIND_NONE;

		fputc('\t', out);
		fputs(paint(p, conflict ? BOLD_RED : kind_color(kind)), out);
		print_decl(out, m, 1, attr);
		if (m->bit_size)
			fprintf(out, " /* %5llu:%-2u %2llu */",
				(unsigned long long)m->offset, m->bit_offset,
				(unsigned long long)m->size);
		else
			fprintf(out, " /* %5llu %5llu */",
				(unsigned long long)m->offset,
				(unsigned long long)m->size);
		print_lines(out, m->offset, m->size, line);
		if (conflict)
			fputs(" <-- conflict", out);
		else
			print_nested_conflicts(out, s, i, conflicts);
		fputs(paint(p, RESET), out);
		fputc('\n', out);

		st.n_members++;
		/* pahole counts bit-fields apart from whole members */
		if (m->bit_size) {
			st.bit_members += m->bit_size;
			prev_unit = m->offset;
		} else {
			st.sum_members += m->size;
		}
		if (m->offset + m->size > prev_end)
			prev_end = m->offset + m->size;
	}
	for (size_t g = 0; g < s->n_groups; g++)
		if (s->groups[g].last == s->n_members)
			print_group_close(p, &s->groups[g], line);

	uint64_t lines = (s->size + line - 1) / line;

	fprintf(out, "\n\t/* size: %llu, cachelines: %llu, members: %zu */\n",
		(unsigned long long)s->size, (unsigned long long)lines,
		st.n_members);
	if (st.n_holes)
		fprintf(out, "\t/* sum members: %llu, holes: %llu, sum holes: %llu */\n",
			(unsigned long long)st.sum_members,
			(unsigned long long)st.n_holes,
			(unsigned long long)st.sum_holes);
	if (st.bit_members)
		fprintf(out, "\t/* sum bitfield members: %llu bits (%llu bytes) */\n",
			(unsigned long long)st.bit_members,
			(unsigned long long)(st.bit_members / 8));
	if (!s->is_union && s->size > prev_end)
		fprintf(out, "\t/* padding: %llu */\n",
			(unsigned long long)(s->size - prev_end));
	if (st.n_forced)
		fprintf(out, "\t/* forced alignments: %zu, forced holes: %zu, "
			     "sum forced holes: %llu */\n",
			st.n_forced, st.n_forced_holes,
			(unsigned long long)st.sum_forced_holes);
	if (s->size % line)
		fprintf(out, "\t/* last cacheline: %llu bytes */\n",
			(unsigned long long)(s->size % line));
	fprintf(out, "\t/* lineup: align %llu%s, line %u",
		(unsigned long long)s->align,
		s->align_inferred ? " (inferred)" : "", line);
	if (s->align < line)
		fprintf(out, ", not line-aligned: lines counted from offset 0");
	for (size_t g = 0; g < s->n_groups; g++)
		fprintf(out, "%s%s %s", g ? ", " : "; groups: ",
			lu_kind_name(s->groups[g].kind), s->groups[g].name);
	aligned_attr(attr, sizeof(attr), struct_forced(s), s->align_inferred);
	fprintf(out, " */\n}%s%s%s;\n\n", s->tagless ? " " : "",
		s->tagless ? s->name : "", attr);
	free(conflicts);
}

int lu_show_text(FILE *out, const struct lu_set *set,
		 const struct lu_findings *findings,
		 const struct lu_show_opts *opts)
{
	struct painter p = { out, opts->color };

	/* a full disk stops the listing where errno still names the cause */
	for (size_t i = 0; i < set->n_structs && !ferror(out); i++)
		show_struct(&p, &set->structs[i], findings, opts->line_size);
	return ferror(out) ? -1 : lu_output_flush(out);
}
