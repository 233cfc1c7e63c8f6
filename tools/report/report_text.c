/* SPDX-License-Identifier: MIT */
/* Findings as compiler diagnostics: file:line:col: error: message. */
#include "report.h"

#include <string.h>

#include "escape.h"
#include "sgr.h"


struct text_out {
	FILE *out;
	bool color;
};

static const char *sev_color(enum lu_severity sev)
{
	return sev == LU_ERROR	   ? LU_SGR_BOLD_RED
	       : sev == LU_WARNING ? LU_SGR_BOLD_MAGENTA
				   : LU_SGR_BOLD_CYAN;
}

/* file:line:col: severity: PREFIXtext [ID], the severity coloured. */
void lu_report_line(FILE *out, bool color, const struct lu_location *loc,
		    enum lu_severity sev, const char *prefix, const char *text,
		    const char *id)
{
	if (color)
		fputs(LU_SGR_BOLD, out);
	/* names in all of it come from inputs: one line, no terminal codes */
	if (loc->file) {
		lu_text_put_escaped(out, loc->file);
		fprintf(out, ":%u:", loc->decl_line);
		if (loc->decl_column)
			fprintf(out, "%u:", loc->decl_column);
	} else {
		lu_text_put_escaped(out, loc->where);
		fputc(':', out);
	}
	fprintf(out, " %s%s:%s ", color ? sev_color(sev) : "",
		lu_severity_name(sev), color ? LU_SGR_RESET : "");
	lu_text_put_escaped(out, prefix ? prefix : "");
	lu_text_put_escaped(out, text);
	/* as gcc's [-Wname]: last, so a tag the text ends with stays put */
	if (id && sev != LU_NOTE)
		fprintf(out, " [%s]", id);
	fputc('\n', out);
}

static void print_note(void *arg, const struct lu_location *loc,
		       const char *text)
{
	const struct text_out *t = arg;

	lu_report_line(t->out, t->color, loc, LU_NOTE, NULL, text, NULL);
}

void lu_report_finding_text(FILE *out, const struct lu_finding *f,
			    const struct lu_report_ctx *ctx, const char *tag)
{
	struct text_out t = { out, ctx->color };
	struct lu_location loc;
	char msg[LU_MESSAGE_MAX];
	size_t n;

	lu_finding_location(f, ctx, &loc);
	lu_finding_message(f, ctx, msg, sizeof(msg));
	n = strlen(msg);
	if (tag)
		snprintf(msg + n, sizeof(msg) - n, " [%s]", tag);
	lu_report_line(out, ctx->color, &loc, f->severity, NULL, msg,
		       lu_finding_id(f->type));
	if (!ctx->quiet)
		lu_finding_notes(f, ctx, print_note, &t);
}

int lu_report_text(FILE *out, const struct lu_findings *f,
		   const struct lu_report_ctx *ctx)
{
	/* a full disk stops the report where errno still names the cause */
	for (size_t i = 0; i < f->n && !ferror(out); i++)
		if (!ctx->quiet || f->items[i].severity == LU_ERROR)
			lu_report_finding_text(out, &f->items[i], ctx, NULL);
	if (ferror(out))
		return -1;
	fprintf(out, "lineup: %zu struct%s checked, %zu error%s, %zu warning%s\n",
		f->n_structs_checked, f->n_structs_checked == 1 ? "" : "s",
		f->n_errors, f->n_errors == 1 ? "" : "s", f->n_warnings,
		f->n_warnings == 1 ? "" : "s");
	return lu_output_flush(out);
}
