/* SPDX-License-Identifier: MIT */
/* Prints a trace's evidence and verdicts; see trace_report.h. */
#include "trace_report.h"

#include <stdlib.h>
#include <string.h>

#include "json_stream.h"
#include "report.h"

#define THREADS_TEXT 256

static const struct lu_group *unseen_hot(const struct lu_trace_result *r,
					 const struct lu_trace_type *ty,
					 size_t m);

/* A type the threads used while a member its groups call hot was never
 * seen so: shown, since what is missing may be the sharing. */
static bool has_unseen(const struct lu_trace_result *r,
		       const struct lu_trace_type *ty)
{
	bool used = false, unseen = false;

	for (size_t m = 0; m < ty->s->n_members; m++) {
		used |= ty->members[m].n_uses > 0;
		unseen |= unseen_hot(r, ty, m) != NULL;
	}
	return used && unseen;
}

bool lu_trace_type_reported(const struct lu_trace_out *o,
			    const struct lu_trace_type *ty)
{
	return ty->shared || ty->n_verdicts || o->all || has_unseen(o->r, ty);
}

static void site_text(const struct lu_trace_site *w, char *buf, size_t size)
{
	if (w->function)
		snprintf(buf, size, "%s+0x%llx", w->function,
			 (unsigned long long)w->offset);
	else
		snprintf(buf, size, "%s+0x%llx", w->module ? w->module : "?",
			 (unsigned long long)w->offset);
}

static const char *kind_text(uint32_t kind)
{
	bool atomic = kind & LU_TRACE_ATOMIC;

	if ((kind & LU_TRACE_STORE) && (kind & LU_TRACE_LOAD))
		return atomic ? "atomic read-modify-write" : "load and store";
	if (kind & LU_TRACE_STORE)
		return atomic ? "atomic store" : "store";
	return atomic ? "atomic load" : "load";
}

/* "'rt_se', 'rt_rq'" */
static void names_text(const struct lu_struct *s, const bool *which,
		       char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t m = 0; m < s->n_members && len + 8 < size; m++)
		if (which[m])
			len += (size_t)snprintf(buf + len, size - len,
						"%s'%s'", len ? ", " : "",
						s->members[m].name);
}

static bool meets(const uint64_t *a, const uint64_t *b, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (lu_trace_bit(a, i) && lu_trace_bit(b, i))
			return true;
	return false;
}

/* The functions where THREADS made accesses of kind KIND to the members
 * in WHICH, once each: "fs_write_before, fs_total_before" */
static void functions_text(const struct lu_trace_type *ty, const bool *which,
			   uint32_t kind, const uint64_t *threads, uint32_t n,
			   char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t m = 0; m < ty->s->n_members; m++) {
		if (!which[m])
			continue;
		for (size_t u = 0; u < ty->members[m].n_uses; u++) {
			const struct lu_trace_use *use = &ty->members[m].uses[u];
			const char *f = use->where.function
						? use->where.function
						: use->where.module;

			if (!(use->kind & kind) || !f || strstr(buf, f) ||
			    !meets(use->threads, threads, n) ||
			    len + strlen(f) + 4 > size)
				continue;
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
						len ? ", " : "", f);
		}
	}
}

/* One conflict: the same members stored and accessed by the same threads,
 * whichever starts of a line it shows at. */
static bool same_conflict(const struct lu_trace_result *r,
			  const struct lu_trace_type *ty,
			  const struct lu_trace_verdict *a,
			  const struct lu_trace_verdict *b)
{
	size_t n = ty->s->n_members, w = r->words * sizeof(uint64_t);

	return !memcmp(a->written, b->written, n) &&
	       !memcmp(a->other, b->other, n) && !memcmp(a->t1, b->t1, w) &&
	       !memcmp(a->t2, b->t2, w);
}

/*
 * One line per conflict, as check prints one per pair of groups: the
 * starts it shows at listed ("when it starts 0, 8 or 16 bytes into a
 * line"), the bytes of the start it was seen at (else the first).
 */
static void verdict_text(FILE *out, const struct lu_trace_result *r,
			 const struct lu_trace_type *ty, size_t first)
{
	const struct lu_struct *s = ty->s;
	const struct lu_trace_verdict *v = &ty->verdicts[first], *seen = NULL;
	char w[512], o[512], t1[THREADS_TEXT], t2[THREADS_TEXT], fw[256],
		fo[256];
	const struct lu_member *m1 = NULL;
	uint64_t step = ty->align < r->line_size ? ty->align : r->line_size;
	size_t n = 0;

	for (size_t i = first; i < ty->n_verdicts; i++)
		if (same_conflict(r, ty, v, &ty->verdicts[i])) {
			n++;
			if (!seen && ty->verdicts[i].observed)
				seen = &ty->verdicts[i];
		}
	if (seen)
		v = seen;
	uint64_t lo = v->line * r->line_size - v->start,
		 hi = lo + r->line_size - 1;

	for (size_t m = 0; m < s->n_members && !m1; m++)
		if (v->written[m])
			m1 = &s->members[m];
	names_text(s, v->written, w, sizeof(w));
	names_text(s, v->other, o, sizeof(o));
	lu_trace_threads_text(v->t1, r->n_threads, t1, sizeof(t1));
	lu_trace_threads_text(v->t2, r->n_threads, t2, sizeof(t2));
	functions_text(ty, v->written, LU_TRACE_STORE, v->t1, r->n_threads, fw,
		       sizeof(fw));
	functions_text(ty, v->other, LU_TRACE_LOAD | LU_TRACE_STORE, v->t2,
		       r->n_threads, fo, sizeof(fo));
	if (m1 && m1->file && m1->decl_line)
		fprintf(out, "%s:%u:%u: ", m1->file, m1->decl_line,
			m1->decl_column);
	fprintf(out, "error: %s (stored by %s in %s) shares ", w, t1, fw);
	if (v->start)
		fprintf(out, "a line (bytes %lld-%lld) ",
			(long long)lo < 0 ? 0 : (long long)lo,
			(long long)(hi < s->size ? hi : s->size - 1));
	else
		fprintf(out, "line %llu (bytes %llu-%llu) ",
			(unsigned long long)v->line, (unsigned long long)lo,
			(unsigned long long)hi);
	fprintf(out, "with %s (accessed by %s in %s) in %s%s: false sharing",
		o, t2, fo, lu_struct_tag_word(s), s->name);
	if (ty->align < r->line_size && n == r->line_size / step) {
		fprintf(out, " wherever it starts in a line");
	} else if (v->start || ty->align < r->line_size) {
		size_t k = 0;

		fprintf(out, " when it starts ");
		for (size_t i = first; i < ty->n_verdicts; i++) {
			if (!same_conflict(r, ty, v, &ty->verdicts[i]))
				continue;
			fprintf(out, "%s%llu", !k ? "" : k + 1 == n ? " or " : ", ",
				(unsigned long long)ty->verdicts[i].start);
			k++;
		}
		fprintf(out, " bytes into a line");
	}
	if (seen && ty->align < r->line_size)
		fprintf(out, " (as it did here, at %llu)",
			(unsigned long long)seen->start);
	fprintf(out, " [%s]\n", lu_rule_id(LU_RULE_SEEN_SHARING));
}

/*
 * The group that calls member M hot when the threads that ran never did
 * what it says (a write group's member stored by no thread but the main
 * one, a read group's loaded by none), else NULL: the instrumentation
 * did not see it, and a verdict may be missing for it.
 */
static const struct lu_group *unseen_hot(const struct lu_trace_result *r,
					 const struct lu_trace_type *ty,
					 size_t m)
{
	const struct lu_struct *s = ty->s;
	const struct lu_trace_member *tm = &ty->members[m];
	const uint64_t *set;
	const struct lu_group *g;

	if (r->n_threads < 2 || s->members[m].group < 0 ||
	    (size_t)s->members[m].group >= s->n_groups)
		return NULL;
	g = &s->groups[s->members[m].group];
	if (g->kind == LU_KIND_WRITE)
		set = tm->stores;
	else if (g->kind == LU_KIND_READ)
		set = tm->loads;
	else
		return NULL;
	for (uint32_t i = 1; i < r->n_threads; i++)
		if (lu_trace_bit(set, i))
			return NULL;
	return g;
}

size_t lu_trace_unseen_hot(const struct lu_trace_out *o)
{
	size_t n = 0;

	for (size_t i = 0; i < o->r->n_types; i++) {
		const struct lu_trace_type *ty = &o->r->types[i];

		if (!lu_trace_type_reported(o, ty))
			continue;
		for (size_t m = 0; m < ty->s->n_members; m++)
			n += unseen_hot(o->r, ty, m) != NULL;
	}
	return n;
}

/* The inline assembly found in the units that touched TY, as the likely
 * cause of what the run did not see. */
static void asm_text(FILE *out, const struct lu_trace_type *ty)
{
	fprintf(out, "  note: likely cause: inline assembly, which the "
		     "instrumentation cannot see, in the code that touched "
		     "struct %s:", ty->s->name);
	for (size_t i = 0; i < ty->n_asm_sites; i++) {
		const struct lu_trace_site *w = &ty->asm_sites[i];
		char site[512];

		site_text(w, site, sizeof(site));
		fprintf(out, "%s %s", i ? "," : "", site);
		if (w->file)
			fprintf(out, " (%s:%u)", w->file, w->line);
	}
	fputc('\n', out);
}

static void unseen_text(FILE *out, const struct lu_trace_result *r,
			const struct lu_trace_type *ty)
{
	const struct lu_struct *s = ty->s;
	bool any = false;

	for (size_t m = 0; m < s->n_members; m++) {
		const struct lu_group *g = unseen_hot(r, ty, m);

		if (!g)
			continue;
		any = true;
		fprintf(out, "  warning: '%s' is in %s group '%s' but no thread "
			     "but T0 %s it: inline assembly (ck_pr_* without "
			     "CK_USE_CC_BUILTINS), an access the compiler hoisted "
			     "out of the loop, or objects no LINEUP_TRACE_OBJECT "
			     "named hide it; no verdict can involve it\n",
			s->members[m].name, lu_kind_name(g->kind), g->name,
			g->kind == LU_KIND_WRITE ? "stored" : "loaded");
	}
	if (any && ty->n_asm_sites)
		asm_text(out, ty);
	if (ty->has_apart && !ty->n_verdicts)
		fprintf(out, "  note: T%u stored '%s' and T%u accessed '%s', but "
			     "never at the same time (one was joined before the "
			     "other started): run them together to test it\n",
			ty->apart_ta, s->members[ty->apart_a].name,
			ty->apart_tb, s->members[ty->apart_b].name);
}

/* Two uses of one kind by the same threads from one line of one function */
static bool same_line(const struct lu_trace_use *a,
		      const struct lu_trace_use *b, size_t words)
{
	return a->kind == b->kind && a->where.file && b->where.file &&
	       a->where.function && b->where.function &&
	       a->where.line == b->where.line &&
	       !strcmp(a->where.file, b->where.file) &&
	       !strcmp(a->where.function, b->where.function) &&
	       !memcmp(a->threads, b->threads, words * sizeof(uint64_t));
}

static void member_text(FILE *out, const struct lu_trace_result *r,
			const struct lu_struct *s, size_t mi,
			const struct lu_trace_member *m)
{
	const struct lu_member *lm = &s->members[mi];
	char st[THREADS_TEXT], ld[THREADS_TEXT];

	lu_trace_threads_text(m->stores, r->n_threads, st, sizeof(st));
	lu_trace_threads_text(m->loads, r->n_threads, ld, sizeof(ld));
	fprintf(out, "  %s (offset %llu, size %llu, line %llu):", lm->name,
		(unsigned long long)lm->offset, (unsigned long long)lm->size,
		(unsigned long long)(lm->offset / r->line_size));
	if (st[0])
		fprintf(out, " stored by %s", st);
	if (ld[0])
		fprintf(out, "%s loaded by %s", st[0] ? "," : "", ld);
	fputc('\n', out);
	for (size_t u = 0; u < m->n_uses; u++) {
		const struct lu_trace_use *use = &m->uses[u];
		char th[THREADS_TEXT], site[256];
		size_t more = 0;
		bool said = false;

		/* an unrolled loop is one line of source: said once */
		for (size_t k = 0; k < m->n_uses; k++) {
			if (k == u || !same_line(use, &m->uses[k], r->words))
				continue;
			if (k < u)
				said = true;
			more++;
		}
		if (said)
			continue;
		lu_trace_threads_text(use->threads, r->n_threads, th,
				      sizeof(th));
		site_text(&use->where, site, sizeof(site));
		fprintf(out, "    %-10s %-24s %s", th, kind_text(use->kind),
			site);
		if (more)
			fprintf(out, " and %zu more", more);
		if (use->where.file)
			fprintf(out, " (%s:%u)", use->where.file,
				use->where.line);
		fputc('\n', out);
	}
}

int lu_trace_print_text(FILE *out, const struct lu_trace_out *o)
{
	const struct lu_trace_result *r = o->r;
	size_t shown = 0;

	fprintf(out, "lineup trace: %s ", o->program);
	if (o->trace->signal)
		fprintf(out, "interrupted by signal %d after %.1f s: partial "
			     "report",
			o->trace->signal, o->seconds);
	else if (o->status >= 0)
		fprintf(out, "exited %d", o->status);
	else
		fprintf(out, "was killed by signal %d", -o->status);
	fprintf(out, "; %u thread%s, %llu accesses recorded", r->n_threads,
		r->n_threads == 1 ? "" : "s",
		(unsigned long long)r->n_accesses);
	if (o->trace->sample > 1 && o->trace->burst_ns)
		fprintf(out, " (in bursts of every access, %.1f%% of their "
			     "threads' CPU time, elsewhere 1 in %u on average, "
			     "at random intervals per thread: about %llu made)",
			100.0 * (double)o->trace->burst_ns /
				(double)o->trace->burst_cpu_ns,
			o->trace->sample, (unsigned long long)r->n_estimated);
	else if (o->trace->sample > 1)
		fprintf(out, " (1 in %u on average, at random intervals per "
			     "thread: about %llu made)",
			o->trace->sample, (unsigned long long)r->n_estimated);
	fprintf(out, ", %u-byte lines\n", r->line_size);
	for (size_t i = 0; i < r->n_types; i++) {
		const struct lu_trace_type *ty = &r->types[i];
		const struct lu_struct *s = ty->s;

		if (!lu_trace_type_reported(o, ty))
			continue;
		shown++;
		fprintf(out, "\n%s%s (%llu bytes, align %llu): %zu object%s "
			     "(%s%s)\n",
			lu_struct_tag_word(s), s->name,
			(unsigned long long)s->size,
			(unsigned long long)ty->align, ty->n_objects,
			ty->n_objects == 1 ? "" : "s", ty->first_object,
			ty->n_objects > 1 ? ", ..." : "");
		for (size_t m = 0; m < s->n_members; m++)
			if (ty->members[m].n_uses)
				member_text(out, r, s, m, &ty->members[m]);
		for (size_t v = 0; v < ty->n_verdicts; v++) {
			bool said = false;

			for (size_t k = 0; k < v && !said; k++)
				said = same_conflict(r, ty, &ty->verdicts[k],
						     &ty->verdicts[v]);
			if (!said)
				verdict_text(out, r, ty, v);
		}
		if (!ty->n_verdicts)
			fprintf(out, "  no false sharing: no line holds a "
				     "member one thread stores and another "
				     "member other threads access, at any "
				     "start align %llu allows\n",
				(unsigned long long)ty->align);
		unseen_text(out, r, ty);
	}
	for (size_t i = 0; i < r->n_neighbours; i++) {
		const struct lu_trace_neighbours *n = &r->neighbours[i];
		char t1[THREADS_TEXT], t2[THREADS_TEXT];

		lu_trace_threads_text(n->t1, r->n_threads, t1, sizeof(t1));
		lu_trace_threads_text(n->t2, r->n_threads, t2, sizeof(t2));
		fprintf(out, "\nerror: '%s' (stored by %s) shares the line at "
			     "0x%llx with '%s' (%s by %s), another object: "
			     "false sharing between objects [%s]\n",
			n->a, t1, (unsigned long long)n->line_addr, n->b,
			n->b_stored ? "stored" : "loaded", t2,
			lu_rule_id(LU_RULE_SEEN_SHARING));
	}
	if (r->n_threads > 1 && !r->threads_overlapped)
		fprintf(out, "\nnote: no two threads ran at the same time (each "
			     "was joined before the next started): nothing could "
			     "be falsely shared in this run\n");
	if (!shown && !r->n_neighbours)
		fprintf(out, "\nno %sstruct object was touched by two threads%s\n",
			r->untyped.n_shared ? "typed " : "",
			r->n_untyped && !r->untyped.n_shared
				? " (some allocations had no type: "
				  "LINEUP_TRACE_OBJECT names them)"
				: "");
	for (size_t i = 0; i < r->untyped.n; i++) {
		const struct lu_trace_untyped *u = &r->untyped.v[i];

		if (!u->shared)
			continue;
		fprintf(out, "warning: the heap object of %llu bytes allocated "
			     "at %s was stored by T%u while T%u accessed it, and "
			     "no struct type fits it: no verdict on it, the run "
			     "is inconclusive (LINEUP_TRACE_OBJECT(ptr, type) "
			     "names its type)\n",
			(unsigned long long)u->size, u->label, u->t1, u->t2);
	}
	if (r->n_untyped > r->untyped.n_shared)
		fprintf(out, "note: %zu %sallocation%s of the program matched "
			     "no struct type, none touched by two threads at "
			     "once (LINEUP_TRACE_OBJECT(ptr, type) names them)\n",
			r->n_untyped - r->untyped.n_shared,
			r->untyped.n_shared ? "other " : "",
			r->n_untyped - r->untyped.n_shared == 1 ? "" : "s");
	if (r->dropped)
		fprintf(out, "warning: %llu accesses were not recorded (a "
			     "thread's table was full): use --sample N\n",
			(unsigned long long)r->dropped);
	return lu_output_flush(out);
}

/* ---- JSON --------------------------------------------------------------- */

static void threads_json(struct lu_js *js, const char *key,
			 const uint64_t *set, uint32_t n)
{
	lu_js_open_array(js, key);
	for (uint32_t i = 0; i < n; i++)
		if (lu_trace_bit(set, i))
			lu_js_int(js, NULL, i);
	lu_js_close(js);
}

static void members_json(struct lu_js *js, const char *key,
			 const struct lu_struct *s, const bool *which)
{
	lu_js_open_array(js, key);
	for (size_t m = 0; m < s->n_members; m++)
		if (which[m])
			lu_js_str(js, NULL, s->members[m].name);
	lu_js_close(js);
}

int lu_trace_print_json(FILE *out, const struct lu_trace_out *o)
{
	const struct lu_trace_result *r = o->r;
	struct lu_js js;

	lu_js_init(&js, out);
	lu_js_open_object(&js, NULL);
	lu_js_int(&js, "lineup", 1);	/* schema/lineup.schema.json */
	lu_js_str(&js, "program", o->program);
	lu_js_int(&js, "status", o->status);
	lu_js_bool(&js, "partial", o->trace->signal != 0);
	lu_js_int(&js, "threads", r->n_threads);
	lu_js_bool(&js, "threads_overlapped", r->threads_overlapped);
	lu_js_int(&js, "accesses", (int64_t)r->n_accesses);
	lu_js_int(&js, "sample", o->trace->sample);
	lu_js_str(&js, "sampling",
		  o->trace->sample <= 1 ? "every access"
		  : o->trace->burst_ns
			  ? "bursts of every access (burst_ns of burst_cpu_ns), "
			    "elsewhere random intervals per thread, mean "
			    "sample; counts scaled"
			  : "random intervals per thread, mean sample; counts "
			    "scaled");
	lu_js_int(&js, "burst_ns", (int64_t)o->trace->burst_ns);
	lu_js_int(&js, "burst_cpu_ns", (int64_t)o->trace->burst_cpu_ns);
	lu_js_int(&js, "estimated_accesses", (int64_t)r->n_estimated);
	lu_js_int(&js, "line_size", r->line_size);
	lu_js_open_array(&js, "structs");
	for (size_t i = 0; i < r->n_types; i++) {
		const struct lu_trace_type *ty = &r->types[i];
		const struct lu_struct *s = ty->s;

		if (!lu_trace_type_reported(o, ty))
			continue;
		lu_js_open_object(&js, NULL);
		/* show's name: the tag, without "struct " */
		lu_js_str(&js, "name", s->name);
		lu_js_int(&js, "size", (int64_t)s->size);
		lu_js_int(&js, "align", (int64_t)ty->align);
		lu_js_int(&js, "objects", (int64_t)ty->n_objects);
		lu_js_open_array(&js, "members");
		for (size_t m = 0; m < s->n_members; m++) {
			const struct lu_trace_member *tm = &ty->members[m];

			if (!tm->n_uses)
				continue;
			lu_js_open_object(&js, NULL);
			lu_js_str(&js, "name", s->members[m].name);
			lu_js_int(&js, "offset", (int64_t)s->members[m].offset);
			lu_js_int(&js, "size", (int64_t)s->members[m].size);
			threads_json(&js, "stored_by", tm->stores, r->n_threads);
			threads_json(&js, "loaded_by", tm->loads, r->n_threads);
			lu_js_open_array(&js, "sites");
			for (size_t u = 0; u < tm->n_uses; u++) {
				const struct lu_trace_use *use = &tm->uses[u];
				char site[256];

				site_text(&use->where, site, sizeof(site));
				lu_js_open_object(&js, NULL);
				lu_js_str(&js, "site", site);
				lu_js_str_or_null(&js, "function",
						  use->where.function);
				lu_js_str_or_null(&js, "file", use->where.file);
				lu_js_int(&js, "line", use->where.line);
				lu_js_str(&js, "kind", kind_text(use->kind));
				threads_json(&js, "threads", use->threads,
					     r->n_threads);
				lu_js_int(&js, "count", (int64_t)use->count);
				lu_js_close(&js);
			}
			lu_js_close(&js);
			lu_js_close(&js);
		}
		lu_js_close(&js);
		lu_js_open_array(&js, "false_sharing");
		for (size_t v = 0; v < ty->n_verdicts; v++) {
			const struct lu_trace_verdict *vd = &ty->verdicts[v];

			lu_js_open_object(&js, NULL);
			lu_js_str(&js, "id", lu_rule_id(LU_RULE_SEEN_SHARING));
			lu_js_int(&js, "start", (int64_t)vd->start);
			lu_js_int(&js, "line", (int64_t)vd->line);
			lu_js_bool(&js, "observed", vd->observed);
			members_json(&js, "stored", s, vd->written);
			threads_json(&js, "stored_by", vd->t1, r->n_threads);
			members_json(&js, "with", s, vd->other);
			threads_json(&js, "accessed_by", vd->t2, r->n_threads);
			lu_js_close(&js);
		}
		lu_js_close(&js);
		lu_js_open_array(&js, "unseen_hot_members");
		for (size_t m = 0; m < s->n_members; m++) {
			const struct lu_group *g = unseen_hot(r, ty, m);

			if (!g)
				continue;
			lu_js_open_object(&js, NULL);
			lu_js_str(&js, "member", s->members[m].name);
			lu_js_str(&js, "group", g->name);
			lu_js_str(&js, "kind", lu_kind_name(g->kind));
			lu_js_close(&js);
		}
		lu_js_close(&js);
		lu_js_open_array(&js, "inline_asm");
		for (size_t a = 0; a < ty->n_asm_sites; a++) {
			const struct lu_trace_site *w = &ty->asm_sites[a];
			char site[256];

			site_text(w, site, sizeof(site));
			lu_js_open_object(&js, NULL);
			lu_js_str(&js, "site", site);
			lu_js_str_or_null(&js, "function", w->function);
			lu_js_str_or_null(&js, "file", w->file);
			lu_js_int(&js, "line", w->line);
			lu_js_close(&js);
		}
		lu_js_close(&js);
		lu_js_close(&js);
	}
	lu_js_close(&js);
	lu_js_open_array(&js, "objects_sharing_a_line");
	for (size_t i = 0; i < r->n_neighbours; i++) {
		const struct lu_trace_neighbours *n = &r->neighbours[i];

		lu_js_open_object(&js, NULL);
		lu_js_str(&js, "id", lu_rule_id(LU_RULE_SEEN_SHARING));
		lu_js_int(&js, "line_address", (int64_t)n->line_addr);
		lu_js_str(&js, "stored", n->a);
		threads_json(&js, "stored_by", n->t1, r->n_threads);
		lu_js_str(&js, "with", n->b);
		threads_json(&js, "accessed_by", n->t2, r->n_threads);
		lu_js_close(&js);
	}
	lu_js_close(&js);
	lu_js_int(&js, "untyped_allocations", (int64_t)r->n_untyped);
	lu_js_open_array(&js, "inconclusive");
	for (size_t i = 0; i < r->untyped.n; i++) {
		const struct lu_trace_untyped *u = &r->untyped.v[i];

		if (!u->shared)
			continue;
		lu_js_open_object(&js, NULL);
		lu_js_str(&js, "allocated_at", u->label);
		lu_js_int(&js, "size", (int64_t)u->size);
		lu_js_int(&js, "stored_by", u->t1);
		lu_js_int(&js, "accessed_by", u->t2);
		lu_js_close(&js);
	}
	lu_js_close(&js);
	lu_js_close(&js);
	return lu_js_finish(&js);
}

/* ---- the draft ------------------------------------------------------------ */

static struct lu_c2c_window *window_at(struct lu_c2c_map *m, int64_t begin,
				       uint64_t unit)
{
	for (size_t i = 0; i < m->n_windows; i++)
		if (m->windows[i].begin == begin)
			return &m->windows[i];
	m->windows = lu_grow(m->windows, &m->cap_windows, m->n_windows,
			     sizeof(*m->windows));
	struct lu_c2c_window *w = &m->windows[m->n_windows++];

	memset(w, 0, sizeof(*w));
	w->report_line = -1;
	w->anchor = -1;
	w->begin = begin;
	w->unit = unit;
	return w;
}

static void add_hit(struct lu_c2c_map *m, struct lu_c2c_window *w,
		    const struct lu_trace_type *ty, size_t member,
		    bool stored)
{
	const struct lu_trace_member *tm = &ty->members[member];
	double total = (double)(tm->n_stores + tm->n_loads);
	struct lu_c2c_hit *h;

	for (size_t i = 0; i < w->n_hits; i++)
		if (w->hits[i].member == member) {
			if (stored && !(w->hits[i].stores > 0))
				w->hits[i].stores = tm->n_stores / total;
			return;
		}
	/* hits live in the map's arena: lu_c2c_map_free frees it */
	h = lu_arena_alloc(&m->arena, (w->n_hits + 1) * sizeof(*h));
	if (w->n_hits)
		memcpy(h, w->hits, w->n_hits * sizeof(*h));
	w->hits = h;
	h = &w->hits[w->n_hits++];
	h->member = member;
	/* shares of the member's own accesses: evidence, not a unit */
	h->stores = stored && tm->n_stores ? tm->n_stores / total : 0;
	h->loads = tm->n_loads ? tm->n_loads / total : 0;
	if (!stored && !(h->loads > 0))
		h->loads = 1;
	h->sites = lu_arena_alloc(&m->arena,
				  (tm->n_uses ? tm->n_uses : 1) *
					  sizeof(*h->sites));
	for (size_t u = 0; u < tm->n_uses; u++) {
		const struct lu_trace_use *use = &tm->uses[u];
		struct lu_c2c_site *s = &h->sites[h->n_sites++];
		char site[256];

		site_text(&use->where, site, sizeof(site));
		s->symbol = use->where.function;
		s->site = lu_arena_strdup(&m->arena, site);
		if (use->where.file)
			s->source = lu_arena_printf(&m->arena, "%s:%u",
						    use->where.file,
						    use->where.line);
		s->code_address = use->pc;
		s->stores = use->kind & LU_TRACE_STORE ? 1 : 0;
		s->loads = use->kind & LU_TRACE_LOAD ? 1 : 0;
	}
}

/* Is MEMBER stored concurrently with its neighbours' accesses: the
 * stored side of a pair, or the other side stored by its thread? */
static bool stored_in_pair(const struct lu_trace_type *ty, size_t member)
{
	for (size_t i = 0; i < ty->n_pairs; i++)
		if (ty->pairs[i].a == member ||
		    (ty->pairs[i].b == member && ty->pairs[i].b_stored))
			return true;
	return false;
}

bool lu_trace_draft_map(const struct lu_trace_result *r,
			const struct lu_trace_type *ty, struct lu_c2c_map *m)
{
	uint64_t line = r->line_size;

	memset(m, 0, sizeof(*m));
	m->how = LU_C2C_BY_BASE;
	m->unit = line;
	for (size_t v = 0; v < ty->n_verdicts; v++) {
		const struct lu_trace_verdict *vd = &ty->verdicts[v];
		struct lu_c2c_window *w = window_at(
			m, (int64_t)(vd->line * line) - (int64_t)vd->start,
			line);

		w->false_sharing = true;
		m->n_false_sharing++;
		for (size_t k = 0; k < ty->s->n_members; k++) {
			if (vd->written[k])
				add_hit(m, w, ty, k, true);
			else if (vd->other[k])
				add_hit(m, w, ty, k, stored_in_pair(ty, k));
		}
	}
	/* in member order, so the draft reads the same run after run */
	for (size_t k = 0; !ty->n_verdicts && k < ty->s->n_members; k++) {
		const struct lu_member *mk = &ty->s->members[k];
		bool in_pair = false;

		for (size_t p = 0; p < ty->n_pairs && !in_pair; p++)
			in_pair = ty->pairs[p].a == k || ty->pairs[p].b == k;
		if (in_pair)
			add_hit(m, window_at(m, (int64_t)(mk->offset / line * line),
					     line),
				ty, k, stored_in_pair(ty, k));
	}
	return m->n_windows > 0;
}
