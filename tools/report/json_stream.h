/* SPDX-License-Identifier: MIT */
/*
 * JSON written as it is produced, laid out byte for byte as jansson's
 * json_dump with JSON_INDENT(1) | JSON_PRESERVE_ORDER lays out a tree: a
 * document of every struct of a kernel is written without building one.
 * Strings that need escaping or UTF-8 checking go through jansson itself.
 */
#ifndef LINEUP_JSON_STREAM_H
#define LINEUP_JSON_STREAM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Containers nested deeper than this are refused (show needs 5). */
#define LU_JS_MAX_DEPTH 32

struct lu_js {
	FILE *out;
	char buf[64 * 1024];
	size_t len;
	unsigned depth;
	bool has_items[LU_JS_MAX_DEPTH];	/* per open container */
	char closer[LU_JS_MAX_DEPTH];		/* its closing bracket */
	int err;	/* errno of the first failed write, or EINVAL */
	char *scratch;	/* for two strings written as one */
	size_t scratch_cap;
};

void lu_js_init(struct lu_js *js, FILE *out);

/*
 * KEY is the member's name inside an object, NULL inside an array.
 * A string jansson would not take (not UTF-8, or NULL for lu_js_str)
 * is left out, key included, as json_object_set_new leaves out a NULL.
 */
void lu_js_open_object(struct lu_js *js, const char *key);
void lu_js_open_array(struct lu_js *js, const char *key);
void lu_js_close(struct lu_js *js);	/* the innermost container */
void lu_js_str(struct lu_js *js, const char *key, const char *s);
/* A + B as one string (json_sprintf("%s%s")). */
void lu_js_str2(struct lu_js *js, const char *key, const char *a,
		const char *b);
/* S, or null when S is NULL. */
void lu_js_str_or_null(struct lu_js *js, const char *key, const char *s);
void lu_js_int(struct lu_js *js, const char *key, int64_t v);
void lu_js_bool(struct lu_js *js, const char *key, bool v);
void lu_js_null(struct lu_js *js, const char *key);
struct json_t;
/* The jansson tree V laid out in place, as if it were part of the stream's
 * own tree; takes the reference (NULL: left out, key included). */
void lu_js_tree(struct lu_js *js, const char *key, struct json_t *v);

/*
 * Parts of one document made on several threads (util/ordered_out.h):
 * lu_js_drain writes what PARENT buffered; a part then writes into OUT
 * what PARENT would write next inside its innermost container (ITEMS:
 * whether that holds some already), and lu_js_part_end writes what the
 * part buffered; lu_js_parts_done tells PARENT how writing the parts
 * went (RC: 0, or -1 with errno set) and whether they wrote any item.
 * Each returns 0, or -1 with errno from the first failure.
 */
int lu_js_drain(struct lu_js *parent);
void lu_js_part(struct lu_js *part, const struct lu_js *parent, FILE *out,
		bool items);
int lu_js_part_end(struct lu_js *part);
void lu_js_parts_done(struct lu_js *parent, int rc, bool items);

/*
 * Writes what is buffered and a final newline, flushes, and frees. 0, or
 * -1 with errno from the first failed write: once one fails nothing more
 * is written, so the output stops short and never goes on after a
 * half-written value.
 */
int lu_js_finish(struct lu_js *js);

/* Whether a write failed so far: a producer may stop early. */
static inline bool lu_js_failed(const struct lu_js *js)
{
	return js->err != 0;
}

#endif
