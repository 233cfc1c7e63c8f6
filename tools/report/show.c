/* SPDX-License-Identifier: MIT */
/*
 * `lineup show` as text: pahole's layout view (offsets, sizes, holes,
 * cache-line boundaries, forced alignments, anonymous structs and unions
 * nested, the summary, each counted as pahole counts it: holes.h) with
 * what pahole does not show: the lines each member spans, groups and their
 * kinds, conflicts, and which alignments are guesses.
 */
#include "escape.h"
#include "show.h"

#include <stdlib.h>
#include <string.h>

#include "align_guess.h"
#include "holes.h"
#include "kernel_groups.h"
#include "ordered_out.h"
#include "report.h"
#include "sgr.h"
#include "show_line.h"
#include "show_rules.h"


struct painter {
	FILE *out;
	bool color;
	bool hex;	/* --hex: offsets and sizes as pahole --hex has them */
};


static const char *paint(const struct painter *p, const char *code)
{
	return p->color ? code : "";
}

static const char *kind_color(enum lu_kind kind)
{
	switch (kind) {
	case LU_KIND_WRITE:
		return LU_SGR_RED;
	case LU_KIND_READ:
		return LU_SGR_CYAN;
	case LU_KIND_COLD:
		return LU_SGR_DIM;
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

/* A member's natural alignment: the reader's, else the bound above. */
static uint64_t member_natural(const struct lu_member *m)
{
	return m->natural_align ? m->natural_align : natural_bound(m);
}

/*
 * The alignment the gap before an item at OFFSET forces, 0 for none, as
 * pahole guesses it (btf_loader.c, class__infer_alignment): from the end
 * of the last item that has a size and the item's NATURAL alignment.
 */
static uint64_t forced_at(uint64_t offset, uint64_t natural, uint64_t prev_end,
			  unsigned line)
{
	if (offset <= prev_end)
		return 0;
	return lu_gap_align(offset, offset - prev_end, natural, line);
}

/*
 * The struct's alignment when the input states it or its members'
 * natural alignments cannot explain it (pahole prints it after the
 * closing brace), else 0. A member at an offset its natural alignment
 * does not divide (packed) counts for no more than the offset allows.
 */
static uint64_t struct_forced(const struct lu_struct *s)
{
	uint64_t natural = 1;

	if (s->align_stated)
		return s->align;

	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];
		uint64_t a = member_natural(m);

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
		if (n < 4) {
			fputs(n ? ", " : " <-- conflict: ", out);
			lu_text_put_escaped(out, s->members[k].name);
		}
		n++;
	}
	if (n > 4)
		fprintf(out, " and %zu more", n - 4);
}


static void tabs(FILE *out, unsigned indent)
{
	for (unsigned i = 0; i < indent; i++)
		fputc('\t', out);
}

static void line_tabs(struct show_line *l, unsigned indent)
{
	for (unsigned i = 0; i < indent; i++)
		show_line_char(l, '\t');
}

static void print_group_open(const struct painter *p, const struct lu_group *g,
			     unsigned indent, bool ruled_kind)
{
	const char *path = lu_path_name(g->path);
	char name[256];

	lu_text_escape(name, sizeof(name), g->name);
	tabs(p->out, indent);
	fprintf(p->out, "%s/* >>> %s group '%s' (%s marker%s%s%s) */%s\n",
		paint(p, kind_color(g->kind)), lu_kind_name(g->kind), name,
		lu_origin_name(g->origin), path ? ", path " : "",
		path ? path : "", ruled_kind ? ", kind from rules" : "",
		paint(p, LU_SGR_RESET));
}

static void print_group_close(const struct painter *p, const struct lu_group *g,
			      unsigned line, unsigned indent)
{
	uint64_t bytes = g->end - g->begin;
	char name[256];

	lu_text_escape(name, sizeof(name), g->name);
	tabs(p->out, indent);
	fprintf(p->out, "%s/* <<< '%s': %llu bytes", paint(p, kind_color(g->kind)),
		name, (unsigned long long)bytes);
	if (bytes) {
		struct show_line l = { .len = 0 };

		show_line_lines(&l, g->begin, bytes, line);
		show_line_write(&l, p->out);
	}
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
	fprintf(p->out, " */%s\n", paint(p, LU_SGR_RESET));
}

/* "struct tag {" or, for a tagless struct, "typedef struct {" as pahole
 * prints it; other typedef names in a comment. */
static void print_header(FILE *out, const struct lu_struct *s)
{
	const char *word = s->is_union ? "union" : s->is_class ? "class" : "struct";
	size_t k = 0;

	if (s->tagless) {
		fprintf(out, "typedef %s {", word);
		k = 1;	/* the first typedef is the name after the brace */
	} else {
		fprintf(out, "%s ", word);
		lu_text_put_escaped(out, s->name);
		fputs(" {", out);
	}
	if (s->file) {
		fputs("\t/* ", out);
		lu_text_put_escaped(out, s->file);
		fprintf(out, ":%u */", s->decl_line);
	}
	for (size_t t = k; t < s->n_typedefs; t++) {
		fputs(t == k ? "\t/* typedef " : ", ", out);
		lu_text_put_escaped(out, s->typedefs[t]);
		fputs(t + 1 == s->n_typedefs ? " */" : "", out);
	}
	if (s->variant) {
		fprintf(out, "\t/* definition %u of ", s->variant + 1);
		lu_text_put_escaped(out, s->name);
		fputs(s->unit ? " in " : "", out);
		lu_text_put_escaped(out, s->unit ? s->unit : "");
		fputs(" */", out);
	}
	fputc('\n', out);
}

/*
 * A struct's direct members, the items of pahole's accounting: its members
 * and its anonymous blocks, each block whole (holes.h). The top level is
 * block -1.
 */
struct entry {
	size_t member;	/* index in the struct's members; for a block, its
			 * first member */
	int block;	/* -1 for a member */
};

/* What the top level sums, as pahole's summary says it. */
struct stats {
	struct lu_holes holes;
	size_t n_members;
	uint64_t sum_bytes, sum_bits;
	size_t n_paddings;
	uint64_t sum_paddings;
	size_t n_forced, n_forced_holes;
	uint64_t sum_forced_holes;
};

struct shower {
	const struct painter *p;
	const struct lu_struct *s;
	/* --rules: S has the checker's groups; MARKED is the struct as read,
	 * NOTES check's findings on it */
	const struct lu_struct *marked;
	struct lu_show_notes *notes;
	const bool *conflicts;
	unsigned line;
	uint64_t cur_line;	/* the last cache line announced */
};

static size_t entries_of(const struct lu_struct *s, int block,
			 struct entry **out)
{
	size_t i = block < 0 ? 0 : s->blocks[block].first;
	size_t end = block < 0 ? s->n_members : s->blocks[block].last;
	size_t k = block < 0 ? 0 : (size_t)block + 1, n = 0, cap = 0;
	struct entry *e = NULL;

	if (end > s->n_members)
		end = s->n_members;
	for (;;) {
		while (k < s->n_blocks && s->blocks[k].parent != block)
			k++;
		if (k < s->n_blocks && s->blocks[k].first <= i) {
			e = lu_grow(e, &cap, n, sizeof(*e));
			e[n++] = (struct entry){ s->blocks[k].first, (int)k };
			if (s->blocks[k].last > i)
				i = s->blocks[k].last;
			k++;
		} else if (i < end) {
			if (!s->members[i].depth) {
				e = lu_grow(e, &cap, n, sizeof(*e));
				e[n++] = (struct entry){ i, -1 };
			}
			i++;
		} else {
			break;
		}
	}
	*out = e;
	return n;
}

static void print_block_close(const struct shower *sh,
			      const struct lu_block *b, unsigned indent,
			      uint64_t forced)
{
	struct show_line l = { .len = 0 };
	char attr[96], decl[128];
	int width = 26 - 8 * ((int)indent - 1);
	size_t at;

	if (width < 8)
		width = 8;
	aligned_attr(attr, sizeof(attr), forced, sh->s->align_inferred);
	snprintf(decl, sizeof(decl), "}%s;", attr);
	line_tabs(&l, indent);
	at = l.len;
	show_line_str(&l, decl);
	show_line_pad(&l, at, (size_t)width + 22);
	show_line_place(&l, sh->p->hex, b->offset, b->size);
	show_line_lines(&l, b->offset, b->size, sh->line);
	show_line_char(&l, '\n');
	show_line_write(&l, sh->p->out);
}

static void print_member(const struct shower *sh, size_t i, unsigned indent,
			 uint64_t forced)
{
	const struct painter *p = sh->p;
	const struct lu_struct *s = sh->s;
	const struct lu_member *m = &s->members[i];
	FILE *out = p->out;
	bool conflict = sh->conflicts[i];
	enum lu_kind kind = m->group >= 0 ? s->groups[m->group].kind
					  : LU_KIND_NONE;
	struct show_line l = { .len = 0 };
	char attr[96];

	aligned_attr(attr, sizeof(attr), forced, s->align_inferred);
	line_tabs(&l, indent);
	show_line_str(&l, paint(p, conflict ? LU_SGR_BOLD_RED
					     : kind_color(kind)));
	show_line_decl(&l, m, (int)indent, attr);
	if (m->bit_size) {
		size_t at;

		/* " /\* %5llu:%-2u %2llu *\/", with --hex
		 * " /\* %#5llx:%#2x %#2llx *\/" */
		show_line_str(&l, " /* ");
		show_line_num(&l, p->hex, m->offset, 5);
		show_line_char(&l, ':');
		at = l.len;
		if (p->hex)
			show_line_uhex(&l, m->bit_offset, 2);
		else
			show_line_udec(&l, m->bit_offset, 0);
		show_line_pad(&l, at, 2);
		show_line_char(&l, ' ');
		show_line_num(&l, p->hex, m->size, 2);
		show_line_str(&l, " */");
	} else {
		show_line_place(&l, p->hex, m->offset, m->size);
	}
	show_line_lines(&l, m->offset, m->size, sh->line);
	show_line_write(&l, out);
	if (sh->marked)
		lu_show_rule_tag(out, sh->marked, s, i);
	if (conflict)
		fputs(" <-- conflict", out);
	else
		print_nested_conflicts(out, s, i, sh->conflicts);
	fputs(paint(p, LU_SGR_RESET), out);
	fputc('\n', out);
}

static void print_markers(const struct shower *sh, size_t i, unsigned indent)
{
	const struct lu_struct *s = sh->s;

	/* the rules' own groups have no markers: their members say them */
	for (size_t g = 0; g < s->n_groups; g++) {
		if (s->groups[g].origin == LU_ORIGIN_RULES)
			continue;
		if (s->groups[g].first == i + 1)
			print_group_open(sh->p, &s->groups[g], indent,
					 sh->marked && s->groups[g].kind !=
						 sh->marked->groups[g].kind);
		else if (s->groups[g].last == i)
			print_group_close(sh->p, &s->groups[g], sh->line,
					  indent);
	}
}

static void print_boundary(struct shower *sh, uint64_t offset,
			   unsigned indent)
{
	FILE *out = sh->p->out;
	uint64_t line = offset / sh->line, ago = offset % sh->line;

	if (line <= sh->cur_line)
		return;
	/* check's conflicts under the lines they concern */
	if (sh->notes)
		lu_show_notes_flush(sh->notes, out, offset - ago, indent, false);
	sh->cur_line = line;
	tabs(out, indent);
	fprintf(out, "%s/* --- cacheline %llu boundary (%llu bytes)",
		paint(sh->p, LU_SGR_DIM), (unsigned long long)line,
		(unsigned long long)(line * sh->line));
	if (ago)
		fprintf(out, " was %llu byte%s ago", (unsigned long long)ago,
			ago == 1 ? "" : "s");
	fprintf(out, " --- */%s\n", paint(sh->p, LU_SGR_RESET));
}

/* pahole's notes after an item: a member struct's tail padding, then
 * the bit and byte holes before the next item. */
static void print_notes(const struct shower *sh, const struct lu_item *it,
			uint64_t padding, unsigned indent)
{
	const struct painter *p = sh->p;
	FILE *out = p->out;

	if (!padding && !it->bit_hole && !it->hole)
		return;
	fputc('\n', out);
	if (padding) {
		tabs(out, indent);
		fprintf(out, "%s/* XXX last struct has %llu byte%s of padding */%s\n",
			paint(p, LU_SGR_YELLOW), (unsigned long long)padding,
			padding == 1 ? "" : "s", paint(p, LU_SGR_RESET));
	}
	if (it->bit_hole) {
		tabs(out, indent);
		fprintf(out, "%s/* XXX %u bit%s hole, try to pack */%s\n",
			paint(p, LU_SGR_YELLOW), it->bit_hole,
			it->bit_hole == 1 ? "" : "s", paint(p, LU_SGR_RESET));
	}
	if (it->hole) {
		tabs(out, indent);
		fprintf(out, "%s/* XXX %llu byte%s hole, try to pack */%s\n",
			paint(p, LU_SGR_YELLOW), (unsigned long long)it->hole,
			it->hole == 1 ? "" : "s", paint(p, LU_SGR_RESET));
	}
	fputc('\n', out);
}

/*
 * Prints the members of BLOCK (-1: the whole struct) at INDENT, an
 * anonymous block nested as pahole prints it, and its holes as pahole
 * counts them. Returns the block's natural alignment, as pahole has it:
 * its members' largest, forced alignments left out. *HOLES gets its
 * accounting, ST (top level only) the summary's sums.
 */
static uint64_t show_block(struct shower *sh, int block, unsigned indent,
			   struct lu_holes *holes, struct stats *st)
{
	const struct lu_struct *s = sh->s;
	FILE *out = sh->p->out;
	bool is_union = block < 0 ? s->is_union : s->blocks[block].is_union;
	uint64_t base = block < 0 ? 0 : s->blocks[block].offset;
	uint64_t size = block < 0 ? s->size : s->blocks[block].size;
	uint64_t prev_end = base, align = 1;
	uint64_t union_line = sh->cur_line;
	struct entry *e;
	size_t n = entries_of(s, block, &e);
	struct lu_item *items = calloc(n ? n : 1, sizeof(*items));

	if (!items)
		abort();
	for (size_t k = 0; k < n; k++) {
		struct lu_item *it = &items[k];

		if (e[k].block >= 0) {
			const struct lu_block *b = &s->blocks[e[k].block];

			it->offset = b->offset > base ? b->offset - base : 0;
			it->size = b->size;
		} else {
			const struct lu_member *m = &s->members[e[k].member];

			it->offset = m->offset > base ? m->offset - base : 0;
			it->size = m->size;
			it->bit_offset = m->bit_offset;
			it->bit_size = m->bit_size;
		}
	}
	memset(holes, 0, sizeof(*holes));
	/* pahole finds holes in structs only */
	if (!is_union)
		lu_find_holes(items, n, size, holes);
	if (st)
		st->holes = *holes;
	if (holes->pre_bit_hole || holes->pre_hole) {
		struct lu_item pre = { .hole = holes->pre_hole,
				       .bit_hole = holes->pre_bit_hole };

		print_notes(sh, &pre, 0, indent);
	}

	for (size_t k = 0; k < n; k++) {
		struct lu_item *it = &items[k];
		uint64_t natural, forced = 0, type_forced = 0, padding = 0;
		uint64_t offset = base + it->offset;
		bool bit_field = it->bit_size != 0;

		if (e[k].block >= 0) {
			const struct lu_block *b = &s->blocks[e[k].block];
			struct lu_holes inner;

			print_boundary(sh, offset, indent);
			tabs(out, indent);
			if (b->base)
				fprintf(out, "%s {\t/* base class */\n",
					b->base);
			else
				fputs(b->is_union ? "union {\n" : "struct {\n",
				      out);
			natural = show_block(sh, e[k].block, indent + 1, &inner,
					     NULL);
			/* an aligned block type shows as its own tail
			 * padding; pahole prints it, but counts only the
			 * member's, from the gap before it */
			if (b->size)
				type_forced = lu_gap_align(b->size,
							   inner.padding,
							   natural, sh->line);
			if (s->forced_stated)
				forced = b->forced_align;
			else if (!is_union && b->size)
				forced = forced_at(offset, natural, prev_end,
						   sh->line);
			print_block_close(sh, b, indent,
					  forced > type_forced ? forced
							       : type_forced);
			if (!b->is_union)
				padding = inner.padding;
		} else {
			const struct lu_member *m = &s->members[e[k].member];

			natural = member_natural(m);
			if (m->marker) {
				/* LINEUP_BEGIN_ALIGNED's: counted, as pahole
				 * counts it, where the input states it */
				if (s->forced_stated)
					forced = m->forced_align;
				print_markers(sh, e[k].member, indent);
			} else {
				/* a flexible array's size says nothing of
				 * its alignment */
				if (s->forced_stated)
					forced = m->forced_align;
				else if (!is_union && m->size && !bit_field)
					forced = forced_at(offset, natural,
							   prev_end, sh->line);
				print_boundary(sh, offset, indent);
				print_member(sh, e[k].member, indent, forced);
			}
			padding = m->type_padding;
		}
		if (natural > align)
			align = natural;
		/* pahole reports a member struct's padding in structs */
		if (is_union)
			padding = 0;
		print_notes(sh, it, padding, indent);
		if (is_union)
			sh->cur_line = union_line;
		/* pahole's guess passes over what takes no room */
		if (it->size && offset + it->size > prev_end)
			prev_end = offset + it->size;
		if (!st)
			continue;
		st->n_members++;
		/* pahole leaves base classes out of the sums */
		if (bit_field)
			st->sum_bits += it->bit_size;
		else if (e[k].block < 0 || !s->blocks[e[k].block].base)
			st->sum_bytes += it->size;
		if (padding) {
			st->n_paddings++;
			st->sum_paddings += padding;
		}
		if (forced) {
			/* the hole before it, as pahole counts it */
			uint64_t hole = k ? items[k - 1].hole : holes->pre_hole;

			st->n_forced++;
			st->n_forced_holes += hole != 0;
			st->sum_forced_holes += hole;
		}
	}
	free(items);
	free(e);
	return align;
}

/* pahole's summary, computed as pahole computes it (holes.h). */
static void print_summary(FILE *out, const struct lu_struct *s,
			  const struct stats *st, unsigned line)
{
	const struct lu_holes *h = &st->holes;

	fprintf(out, "\n\t/* size: %llu, cachelines: %llu, members: %zu */\n",
		(unsigned long long)s->size,
		(unsigned long long)((s->size + line - 1) / line), st->n_members);
	if (h->sum_holes || h->sum_bit_holes) {
		if (st->sum_bytes) {
			fprintf(out, "\t/* sum members: %llu",
				(unsigned long long)st->sum_bytes);
			if (h->sum_holes)
				fprintf(out, ", holes: %zu, sum holes: %llu",
					h->n_holes,
					(unsigned long long)h->sum_holes);
			fputs(" */\n", out);
		}
		if (st->sum_bits) {
			fprintf(out, "\t/* sum bitfield members: %llu bits",
				(unsigned long long)st->sum_bits);
			if (h->sum_bit_holes)
				fprintf(out, ", bit holes: %zu, sum bit holes: "
					     "%llu bits", h->n_bit_holes,
					(unsigned long long)h->sum_bit_holes);
			else
				fprintf(out, " (%llu bytes)",
					(unsigned long long)(st->sum_bits / 8));
			fputs(" */\n", out);
		}
	}
	if (h->padding)
		fprintf(out, "\t/* padding: %llu */\n",
			(unsigned long long)h->padding);
	if (st->n_paddings)
		fprintf(out, "\t/* paddings: %zu, sum paddings: %llu */\n",
			st->n_paddings, (unsigned long long)st->sum_paddings);
	if (h->bit_padding)
		fprintf(out, "\t/* bit_padding: %u bits */\n", h->bit_padding);
	if (st->n_forced) {
		fprintf(out, "\t/* forced alignments: %zu", st->n_forced);
		if (st->n_forced_holes)
			fprintf(out, ", forced holes: %zu, sum forced holes: "
				     "%llu", st->n_forced_holes,
				(unsigned long long)st->sum_forced_holes);
		fputs(" */\n", out);
	}
	if (s->size % line)
		fprintf(out, "\t/* last cacheline: %llu bytes */\n",
			(unsigned long long)(s->size % line));
}

static void show_struct(const struct painter *p, const struct lu_set *set,
			const struct lu_struct *marked,
			const struct lu_findings *findings,
			const struct lu_show_opts *opts)
{
	FILE *out = p->out;
	unsigned line = opts->line_size;
	struct lu_show_ruled ruled;
	struct lu_show_notes notes;
	/* under rules, the copy with the checker's groups is what shows */
	const struct lu_struct *rs = lu_show_ruled_init(&ruled, marked, opts);
	const struct lu_struct *s = rs ? rs : marked;
	struct stats st = { 0 };
	struct lu_holes holes;
	char attr[96];
	bool *conflicts = calloc(s->n_members ? s->n_members : 1,
				 sizeof(*conflicts));

	if (!conflicts)
		abort();
	lu_findings_mark_conflicts(findings, marked, conflicts);
	if (rs)
		lu_show_notes_init(&notes, set, opts, marked);

	struct shower sh = { .p = p, .s = s, .conflicts = conflicts,
			     .line = line, .marked = rs ? marked : NULL,
			     .notes = rs ? &notes : NULL };

	print_header(out, s);
	/* pahole prints them at 0xffffffff: their offset is not static */
	for (size_t v = 0; v < s->n_virtual_bases; v++)
		fprintf(out, "\t/* virtual base %s: placed by the most derived "
			     "object, not laid out here; its bytes show as "
			     "padding */\n",
			s->virtual_bases[v]);
	show_block(&sh, -1, 1, &holes, &st);
	for (size_t g = 0; g < s->n_groups; g++)
		if (s->groups[g].last == s->n_members &&
		    s->groups[g].origin != LU_ORIGIN_RULES)
			print_group_close(p, &s->groups[g], line, 1);
	if (sh.notes)
		lu_show_notes_flush(sh.notes, out, UINT64_MAX, 1, true);
	print_summary(out, s, &st, line);
	fprintf(out, "\t/* lineup: align %llu%s, line %u",
		(unsigned long long)s->align,
		s->align_inferred ? " (inferred)" : "", line);
	if (s->align < line)
		fprintf(out, ", not line-aligned: lines counted from offset 0");
	for (size_t g = 0; g < s->n_groups; g++) {
		fprintf(out, "%s%s ", g ? ", " : "; groups: ",
			lu_kind_name(s->groups[g].kind));
		lu_text_put_escaped(out, s->groups[g].name);
		if (s->groups[g].origin == LU_ORIGIN_RULES)
			fputs(" (rules)", out);
	}
	aligned_attr(attr, sizeof(attr), struct_forced(s), s->align_inferred);
	fprintf(out, " */\n}%s", s->tagless ? " " : "");
	lu_text_put_escaped(out, s->tagless ? s->name : "");
	fprintf(out, "%s;\n\n", attr);
	free(conflicts);
	if (rs) {
		lu_show_notes_free(&notes);
		lu_show_ruled_free(&ruled);
	}
}

/* What every struct is shown with, for lu_ordered_out. */
struct show_all {
	const struct painter *p;
	const struct lu_set *set;
	const struct lu_findings *findings;
	const struct lu_show_opts *opts;
};

static int show_one(void *ctx, FILE *f, size_t i)
{
	const struct show_all *all = ctx;
	struct painter p = *all->p;

	p.out = f;
	show_struct(&p, all->set, &all->set->structs[i], all->findings,
		    all->opts);
	return 0; /* F's errors are lu_ordered_out's to see */
}

int lu_show_text(FILE *out, const struct lu_set *set,
		 const struct lu_findings *findings,
		 const struct lu_show_opts *opts)
{
	struct painter p = { out, opts->color, opts->hex };

	/* the file read, when the input keeps its debug info elsewhere */
	if (set->debug_path)
		fprintf(out, "/* %s: debug info from %s */\n\n", set->path,
			set->debug_path);
	struct show_all all = { &p, set, findings, opts };

	/* a full disk stops the listing where errno still names the cause */
	if (lu_ordered_out(out, set->n_structs, opts->jobs, show_one, &all))
		return -1;
	return lu_output_flush(out);
}
