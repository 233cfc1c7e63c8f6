/* SPDX-License-Identifier: MIT */
/*
 * `lineup show --rules` (show_rules.h): the checker's groups on a copy of
 * the struct, so show's marking of marker groups marks the rules' too, and
 * check's findings as comments under the lines they concern.
 */
#include "show_rules.h"

#include <stdlib.h>
#include <string.h>

#include "escape.h"

const struct lu_struct *lu_show_ruled_init(struct lu_show_ruled *r,
					   const struct lu_struct *s,
					   const struct lu_show_opts *opts)
{
	const struct lu_rule_struct *rule = lu_rules_for(opts->rules, s);

	if (!rule)
		return NULL;
	lu_check_groups(s, rule, &r->groups);
	r->members = malloc((s->n_members ? s->n_members : 1) *
			    sizeof(*r->members));
	if (!r->members)
		abort();
	memcpy(r->members, s->members, s->n_members * sizeof(*r->members));
	for (size_t i = 0; i < s->n_members; i++)
		r->members[i].group = r->groups.group_of[i];
	r->s = *s;
	r->s.members = r->members;
	r->s.groups = r->groups.groups;
	r->s.n_groups = r->groups.n_groups;
	return &r->s;
}

void lu_show_ruled_free(struct lu_show_ruled *r)
{
	lu_check_groups_free(&r->groups);
	free(r->members);
}

void lu_show_rule_tag(FILE *out, const struct lu_struct *marked,
		      const struct lu_struct *ruled, size_t i)
{
	int g = ruled->members[i].group;

	if (g < 0 || g == marked->members[i].group)
		return;
	fprintf(out, " [%s group '", lu_kind_name(ruled->groups[g].kind));
	lu_text_put_escaped(out, ruled->groups[g].name);
	fputs("' (rules)]", out);
}

void lu_show_report_ctx(const struct lu_set *set,
			const struct lu_show_opts *opts,
			struct lu_report_ctx *ctx)
{
	*ctx = (struct lu_report_ctx){
		.sets = set, .n_sets = 1, .rules = opts->rules,
		.line_size = opts->line_size, .pair = opts->pair,
		.color = opts->color, .hex = opts->hex,
	};
}

void lu_show_notes_init(struct lu_show_notes *sn, const struct lu_set *set,
			const struct lu_show_opts *opts,
			const struct lu_struct *s)
{
	const struct lu_findings *f = opts->ruled;
	size_t n = 0;

	memset(sn, 0, sizeof(*sn));
	lu_show_report_ctx(set, opts, &sn->ctx);
	for (size_t k = 0; f && k < f->n; k++)
		n += f->items[k].s == s;
	if (!n)
		return;
	sn->items = malloc(n * sizeof(*sn->items));
	sn->done = calloc(n, sizeof(*sn->done));
	if (!sn->items || !sn->done)
		abort();
	/* conflicts first, each kind in check's order */
	for (int pass = 0; pass < 2; pass++)
		for (size_t k = 0; k < f->n; k++)
			if (f->items[k].s == s &&
			    (f->items[k].type == LU_FIND_CONFLICT) == !pass)
				sn->items[sn->n++] = &f->items[k];
}

static void print_note(FILE *out, const struct lu_show_notes *sn,
		       const struct lu_finding *f, unsigned indent)
{
	struct lu_location loc;
	char msg[LU_MESSAGE_MAX];

	lu_finding_message(f, &sn->ctx, msg, sizeof(msg));
	for (unsigned t = 0; t < indent; t++)
		fputc('\t', out);
	fprintf(out, "/* %s: ", lu_severity_name(f->severity));
	lu_text_put_escaped(out, msg);
	/* a conflict is under its members; the rest say where they are */
	lu_finding_location(f, &sn->ctx, &loc);
	if (f->type != LU_FIND_CONFLICT && loc.file) {
		fputs(" (", out);
		lu_text_put_escaped(out, loc.file);
		fprintf(out, ":%u)", loc.decl_line);
	}
	/* check's line ends with the id; a note (footprint) has none */
	if (f->severity != LU_NOTE)
		fprintf(out, " [%s]", lu_finding_id(f->type));
	fputs(" */\n", out);
}

void lu_show_notes_flush(struct lu_show_notes *sn, FILE *out, uint64_t offset,
			 unsigned indent, bool rest)
{
	for (size_t k = 0; k < sn->n && sn->n_done < sn->n; k++) {
		const struct lu_finding *f = sn->items[k];
		bool conflict = f->type == LU_FIND_CONFLICT;

		if (sn->done[k] || (conflict && f->line_hi >= offset) ||
		    (!conflict && !rest))
			continue;
		print_note(out, sn, f, indent);
		sn->done[k] = true;
		sn->n_done++;
	}
}

void lu_show_notes_free(struct lu_show_notes *sn)
{
	free(sn->items);
	free(sn->done);
	memset(sn, 0, sizeof(*sn));
}
