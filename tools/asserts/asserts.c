/* SPDX-License-Identifier: MIT */
/*
 * What `lineup asserts` asserts about one verified struct. The groups are
 * the checker's (markers, with the rules applied, group_bytes.h extents),
 * and every relation the checker verified becomes one a compiler can
 * check:
 *
 *   - a write group apart from every other write or read group: by the
 *     groups' names when both are bounded by markers the style can name,
 *     else member by member (a rules group has no markers);
 *   - each member in its named group;
 *   - each named group in at most the lines it touches now (a relation,
 *     not a byte count: members may change size without breaking it);
 *   - the rules' max_size.
 *
 * Every relation is verified again with lineup.h's own placement
 * arithmetic (objects start at multiples of the type's alignment), so the
 * output never holds an assertion that fails on the layout it froze.
 */
#include "member_index.h"
#include "asserts.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "cxx_names.h"
#include "group_bytes.h"
#include "kernel_groups.h"

/*
 * lineup.h's LINEUP__GAP_CROSSES_LINE: a line boundary falls in
 * [end, next) wherever an object aligned to ALIGN starts.
 */
static bool gap_crosses_line(uint64_t align, uint64_t line, uint64_t end,
			     uint64_t next)
{
	return (end - 1) % align + (next - end + 1) >= line;
}

/* lineup.h's LINEUP__RANGES_APART. */
static bool ranges_apart(uint64_t align, uint64_t line,
			 const struct lu_assert_side *a,
			 const struct lu_assert_side *b)
{
	return a->lo >= a->hi || b->lo >= b->hi ||
	       (a->hi <= b->lo &&
		gap_crosses_line(align, line, a->hi, b->lo)) ||
	       (b->hi <= a->lo &&
		gap_crosses_line(align, line, b->hi, a->lo));
}

/* lineup.h's LINEUP__RANGE_MAX_LINES. */
static uint64_t max_lines(uint64_t align, uint64_t line, uint64_t lo,
			  uint64_t hi)
{
	if (hi <= lo)
		return 0;
	return (line - align + lo % align + (hi - lo) - 1) / line + 1;
}

static struct lu_assert *add(struct lu_assert_plan *p, enum lu_assert_type t)
{
	p->items = lu_grow(p->items, &p->cap, p->n, sizeof(*p->items));
	struct lu_assert *a = &p->items[p->n++];

	memset(a, 0, sizeof(*a));
	a->type = t;
	return a;
}

static void add_unnamed(struct lu_assert_plan *p, size_t member)
{
	for (size_t i = 0; i < p->n_unnamed; i++)
		if (p->unnamed[i] == member)
			return;
	p->unnamed = lu_grow(p->unnamed, &p->cap_unnamed, p->n_unnamed,
			     sizeof(*p->unnamed));
	p->unnamed[p->n_unnamed++] = member;
}

/* The checker's groups: a member the rules name joins the rules' group
 * (a rules group of a marker group's name is that group). Members the
 * layout lacks were the checker's notes; here they are simply absent. */
static size_t view_groups(const struct lu_struct *s,
			  const struct lu_rule_struct *rule,
			  struct lu_group *groups, int *group_of)
{
	size_t n = s->n_groups;

	memcpy(groups, s->groups, n * sizeof(*groups));
	for (size_t i = 0; i < s->n_members; i++)
		group_of[i] = s->members[i].group;
	struct lu_member_index names = { .s = s };

	/* only rules name members: no index without them */
	if (rule && rule->n_groups)
		lu_member_index_init(&names, s);
	for (size_t r = 0; rule && r < rule->n_groups; r++) {
		const struct lu_rule_group *rg = &rule->groups[r];
		ptrdiff_t same = lu_struct_group(s, rg->name);
		size_t gi = same >= 0 ? (size_t)same : n++;

		if (same < 0) {
			memset(&groups[gi], 0, sizeof(groups[gi]));
			groups[gi].name = rg->name;
			groups[gi].origin = LU_ORIGIN_RULES;
		}
		groups[gi].kind = rg->kind;
		for (size_t m = 0; m < rg->n_members; m++) {
			ptrdiff_t idx = lu_member_index_find(&names,
							     rg->members[m]);

			if (idx < 0)
				continue;
			unsigned depth = s->members[idx].depth;

			group_of[idx] = (int)gi;
			for (size_t k = (size_t)idx + 1;
			     k < s->n_members && s->members[k].depth > depth;
			     k++)
				group_of[k] = (int)gi;
		}
	}
	lu_member_index_free(&names);
	return n;
}

/* May the style name group G by its markers? Only if they bound exactly
 * the members the checker put in it. */
static bool nameable(const struct lu_struct *s, const struct lu_group *grp,
		     size_t g, const int *group_of, enum lu_assert_style style)
{
	if (g >= s->n_groups || grp->origin == LU_ORIGIN_RULES)
		return false;
	if (grp->origin == LU_ORIGIN_KERNEL && style != LU_STYLE_KERNEL)
		return false;
	for (size_t i = 0; i < s->n_members; i++)
		if ((s->members[i].group == (int)g) != (group_of[i] == (int)g))
			return false;
	return true;
}

/*
 * The members of group G an assertion names, as their sides: the
 * outermost ones (a nested member's parts go with it). Members offsetof
 * or sizeof cannot take (bit-fields, flexible arrays) are recorded as
 * unnamed; members of no bytes are apart from everything and left out.
 */
static size_t group_members(struct lu_assert_plan *p, const int *group_of,
			    size_t g, struct lu_assert_side *out,
			    size_t *bits, size_t *n_bits)
{
	const struct lu_struct *s = p->s;
	size_t n = 0;
	bool inside = false;
	unsigned top = 0;

	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];

		if (inside && m->depth > top)
			continue;
		inside = false;
		if (group_of[i] != (int)g || m->marker || !*m->name)
			continue;
		inside = true;
		top = m->depth;
		if (m->bit_size && bits) {
			bits[(*n_bits)++] = i;
			continue;
		}
		if (m->bit_size || (!m->size && m->dims && *m->dims)) {
			add_unnamed(p, i);
			continue;
		}
		if (!m->size)
			continue;
		out[n++] = (struct lu_assert_side){
			.index = i, .grp = g,
			.lo = m->offset, .hi = m->offset + m->size,
		};
	}
	return n;
}

/* Would the checker let groups G and H share a line whatever their kinds? */
static bool allowed(const struct lu_assert_plan *p,
		    const struct lu_rule_struct *rule, size_t g, size_t h)
{
	const struct lu_group *x = &p->groups[g].g, *y = &p->groups[h].g;

	if (lu_paths_share(x, y))
		return true;
	for (size_t i = 0; rule && i < rule->n_allow; i++) {
		const struct lu_rule_allow *a = &rule->allow[i];

		if ((!strcmp(a->a, x->name) && !strcmp(a->b, y->name)) ||
		    (!strcmp(a->a, y->name) && !strcmp(a->b, x->name)))
			return true;
	}
	return false;
}

static bool is_hot(enum lu_kind k)
{
	return k == LU_KIND_WRITE || k == LU_KIND_READ;
}

static struct lu_assert_side group_side(const struct lu_assert_plan *p,
					size_t g)
{
	return (struct lu_assert_side){
		.group = true, .index = g, .grp = g,
		.lo = p->groups[g].g.begin, .hi = p->groups[g].g.end,
	};
}

/* Can offsetof and sizeof name member I, and does it hold bytes? */
static bool can_name(const struct lu_struct *s, size_t i)
{
	const struct lu_member *m = &s->members[i];

	return !m->marker && *m->name && !m->bit_size && m->size &&
	       m->depth == 0;
}

/*
 * A member offsetof can name that stands for bit-field B against member A:
 * between them, and reaching at least as far towards A as B does. If A
 * is before B, S starts after A ends and no later than B starts; if A is
 * after B, S ends no earlier than B ends and before A starts. Then no
 * line holds A and S implies no line holds A and B, for every start of
 * an object, so the assertion is sound (and stricter than needed: it may
 * fail on a change that keeps B apart). The closest such member; -1 if
 * none, or if A and S share a line in the verified layout.
 */
static ptrdiff_t standin(const struct lu_assert_plan *p, size_t b,
			 const struct lu_assert_side *a)
{
	const struct lu_struct *s = p->s;
	const struct lu_member *bm = &s->members[b];
	uint64_t blo = bm->offset, bhi = bm->offset + bm->size;
	ptrdiff_t best = -1;

	for (size_t i = 0; i < s->n_members; i++) {
		const struct lu_member *m = &s->members[i];
		uint64_t lo = m->offset, hi = m->offset + m->size;

		if (!can_name(s, i))
			continue;
		if (a->hi <= blo && lo >= a->hi && lo <= blo &&
		    (best < 0 || lo > s->members[best].offset))
			best = (ptrdiff_t)i;
		if (bhi <= a->lo && hi >= bhi && hi <= a->lo &&
		    (best < 0 || hi < s->members[best].offset +
					      s->members[best].size))
			best = (ptrdiff_t)i;
	}
	if (best < 0)
		return -1;
	const struct lu_member *sm = &s->members[best];
	struct lu_assert_side side = {
		.lo = sm->offset, .hi = sm->offset + sm->size,
	};

	return ranges_apart(p->start_align, p->line_size, a, &side) ? best
								     : -1;
}

/* Does an earlier APART of the plan name X's two members? */
static bool asserted(const struct lu_assert_plan *p, const struct lu_assert *x)
{
	for (const struct lu_assert *y = p->items; y < x; y++)
		if (y->type == LU_ASSERT_APART && !y->repeat &&
		    !y->a.group && !y->b.group &&
		    ((y->a.index == x->a.index && y->b.index == x->b.index) ||
		     (y->a.index == x->b.index && y->b.index == x->a.index)))
			return true;
	return false;
}

/* The bit-fields BITS of one group against the members OTHER of the other
 * group: through a stand-in when one is, else not asserted. */
static void plan_bits(struct lu_assert_plan *p, size_t grp,
		      const size_t *bits, size_t n_bits,
		      const struct lu_assert_side *other, size_t n_other,
		      size_t n_other_bits, bool bits_first)
{
	for (size_t k = 0; k < n_bits; k++) {
		/* two bit-fields: neither can be named */
		bool all = n_other > 0 && !n_other_bits;

		for (size_t j = 0; j < n_other; j++) {
			ptrdiff_t st = standin(p, bits[k], &other[j]);

			if (st < 0) {
				all = false;
				continue;
			}
			const struct lu_member *sm = &p->s->members[st];
			struct lu_assert *x = add(p, LU_ASSERT_APART);
			struct lu_assert_side ss = {
				.index = (size_t)st,
				.grp = grp,
				.lo = sm->offset, .hi = sm->offset + sm->size,
			};

			x->a = bits_first ? ss : other[j];
			x->b = bits_first ? other[j] : ss;
			x->standin = true;
			x->standin_is_a = bits_first;
			x->standin_for = bits[k];
			x->repeat = asserted(p, x);
			/* one note a bit-field and its stand-in */
			if (x->repeat && p->n > 1 && x[-1].repeat &&
			    x[-1].standin_for == bits[k] &&
			    (x[-1].standin_is_a ? x[-1].a : x[-1].b).index ==
				    (size_t)st)
				p->n--;
		}
		if (!all)
			add_unnamed(p, bits[k]);
	}
}

/* W apart from H: by name when both can be named, else member by member. */
static int plan_apart(struct lu_assert_plan *p, const int *group_of,
		      size_t w, size_t h, struct lu_assert_side *ma,
		      struct lu_assert_side *mb, size_t *bits,
		      struct lu_error *err)
{
	struct lu_assert_side ga = group_side(p, w), gb = group_side(p, h);
	size_t na = 1, nb = 1, nbw = 0, nbh = 0;
	struct lu_assert_side *a = &ga, *b = &gb;
	size_t *bw = bits, *bh = bits + p->s->n_members;

	if (!p->groups[w].named || !p->groups[h].named) {
		na = group_members(p, group_of, w, ma, bw, &nbw);
		nb = group_members(p, group_of, h, mb, bh, &nbh);
		a = ma;
		b = mb;
	}
	for (size_t i = 0; i < na; i++) {
		for (size_t j = 0; j < nb; j++) {
			if (a[i].lo >= a[i].hi || b[j].lo >= b[j].hi)
				continue;
			if (!ranges_apart(p->start_align, p->line_size, &a[i],
					  &b[j])) {
				const struct lu_struct *s = p->s;
				char type[256];

				lu_asserts_said_name(s, type, sizeof(type));
				lu_error_set(err,
					"failed to freeze %s: write group '%s' and group '%s' may share a line where an object starts at a multiple of its alignment (%llu), and a compiler assumes no more; make the type line-aligned (LINEUP_ALIGNED) rather than saying align = N",
					type, p->groups[w].g.name,
					p->groups[h].g.name,
					(unsigned long long)s->align);
				return -1;
			}
			struct lu_assert *x = add(p, LU_ASSERT_APART);

			x->a = a[i];
			x->b = b[j];
		}
	}
	plan_bits(p, w, bw, nbw, b, nb, nbh, true);
	plan_bits(p, h, bh, nbh, a, na, nbw, false);
	return 0;
}

/* Members in their named groups first, then the groups' lines: a
 * reader sees each kind of assertion together. */
static void plan_groups(struct lu_assert_plan *p, const int *group_of,
			struct lu_assert_side *scratch)
{
	for (size_t g = 0; g < p->n_groups; g++) {
		if (!p->groups[g].named)
			continue;
		size_t n = group_members(p, group_of, g, scratch, NULL, NULL);

		for (size_t i = 0; i < n; i++) {
			struct lu_assert *x = add(p, LU_ASSERT_IN_GROUP);

			x->a = group_side(p, g);
			x->b = scratch[i];
		}
	}
	for (size_t g = 0; g < p->n_groups; g++) {
		struct lu_assert_side gs = group_side(p, g);

		/* an empty group (every member #ifdef-ed out) bounds nothing */
		if (!p->groups[g].named || gs.lo >= gs.hi)
			continue;
		struct lu_assert *x = add(p, LU_ASSERT_GROUP_LINES);

		x->a = gs;
		x->value = max_lines(p->start_align, p->line_size, gs.lo,
				     gs.hi);
	}
}

int lu_asserts_plan(struct lu_assert_plan *p, const struct lu_struct *s,
		    const struct lu_rule_struct *rule, unsigned line_size,
		    enum lu_assert_style style, struct lu_error *err)
{
	size_t cap = s->n_groups + (rule ? rule->n_groups : 0);
	size_t nm = s->n_members ? s->n_members : 1;
	struct lu_group *groups = calloc(cap ? cap : 1, sizeof(*groups));
	int *group_of = calloc(nm, sizeof(*group_of));
	uint64_t *share = calloc(nm, sizeof(*share));
	struct lu_assert_side *ma = calloc(nm, sizeof(*ma));
	struct lu_assert_side *mb = calloc(nm, sizeof(*mb));
	size_t *bits = calloc(2 * nm, sizeof(*bits));	/* each side's */
	int rc = 0;

	memset(p, 0, sizeof(*p));
	if (!groups || !group_of || !share || !ma || !mb || !bits)
		abort();
	p->s = s;
	p->style = style;
	p->line_size = line_size;
	p->start_align = s->align && s->align < line_size ? s->align
							  : line_size;
	p->n_groups = view_groups(s, rule, groups, group_of);
	lu_group_shares(s, groups, group_of, share);
	lu_group_extents(s, groups, p->n_groups, group_of, share);
	p->groups = calloc(p->n_groups ? p->n_groups : 1, sizeof(*p->groups));
	if (!p->groups)
		abort();
	for (size_t g = 0; g < p->n_groups; g++) {
		p->groups[g].g = groups[g];
		p->groups[g].named = nameable(s, &groups[g], g, group_of,
					      style);
	}

	/* each write group against every other hot group, once per pair */
	for (size_t w = 0; w < p->n_groups && !rc; w++) {
		if (p->groups[w].g.kind != LU_KIND_WRITE)
			continue;
		for (size_t h = 0; h < p->n_groups && !rc; h++) {
			enum lu_kind k = p->groups[h].g.kind;

			if (h == w || !is_hot(k) ||
			    (k == LU_KIND_WRITE && h < w) ||
			    allowed(p, rule, w, h))
				continue;
			rc = plan_apart(p, group_of, w, h, ma, mb, bits,
					 err);
		}
	}
	if (!rc) {
		plan_groups(p, group_of, ma);
		if (rule && rule->max_size)
			add(p, LU_ASSERT_SIZE_MAX)->value = rule->max_size;
		/* groups that are all #ifdef-ed out here print a note; a
		 * struct lineup knows nothing about is a mistake */
		if (!p->n && !s->n_groups && !rule) {
			char type[256];

			lu_asserts_said_name(s, type, sizeof(type));
			lu_error_set(err,
				"failed to freeze %s: nothing to assert (it has no group markers and no rules); mark its groups or pass --rules",
				type);
			rc = -1;
		}
	}
	free(groups);
	free(group_of);
	free(share);
	free(ma);
	free(mb);
	free(bits);
	if (rc)
		lu_asserts_plan_free(p);
	return rc;
}

void lu_asserts_plan_free(struct lu_assert_plan *p)
{
	free(p->groups);
	free(p->items);
	free(p->unnamed);
	memset(p, 0, sizeof(*p));
}

void lu_asserts_cplus_name(const struct lu_struct *s, const char *prefix,
			   char *buf, size_t size)
{
	const char *name = lu_unqualified(s->name);
	int n = snprintf(buf, size, "%s", prefix);

	for (const char *c = name; n >= 0 && *c && (size_t)n + 1 < size; c++)
		if (isalnum((unsigned char)*c) || *c == '_')
			buf[n++] = *c;
		else if (n && buf[n - 1] != '_')
			buf[n++] = '_';
	if (n >= 0 && (size_t)n < size)
		buf[n] = '\0';
}

void lu_asserts_said_name(const struct lu_struct *s, char *buf, size_t size)
{
	if (s->cplus)
		snprintf(buf, size, "%s%s", lu_struct_tag_word(s), s->name);
	else
		lu_asserts_type_name(s, buf, size);
}

void lu_asserts_type_name(const struct lu_struct *s, char *buf, size_t size)
{
	if (s->cplus && strchr(s->name, ','))
		lu_asserts_cplus_name(s, "lineup_asserts_type_", buf, size);
	else if (s->cplus)
		lu_cxx_source_name(s->name, buf, size);
	else
		snprintf(buf, size, "%s%s", lu_struct_tag_word(s), s->name);
}
