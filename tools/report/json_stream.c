/* SPDX-License-Identifier: MIT */
/*
 * A JSON writer that streams, for `show --format json` on inputs with
 * thousands of structs. Building one jansson tree for the whole document
 * cost 90% of a BTF-to-JSON run and three times the memory of the text
 * output (malloc, free and page zeroing of a million nodes); a tree per
 * struct still paid a malloc and a free per value. So the layout is
 * written here, as jansson's dump lays it out (JSON_INDENT(1)), and
 * jansson stays the authority on strings: one of plain printable ASCII
 * without '"' or '\' is written as it is, which is what jansson writes for
 * it; any other goes through lu_utf8_marked (a byte that is not UTF-8 as
 * the text \xNN, escape.h: never dropped), json_string() and json_dumpb()
 * (escaping). tests/unit/test_json_stream.c compares both ways.
 */
#include "json_stream.h"

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"

void lu_js_init(struct lu_js *js, FILE *out)
{
	js->out = out;
	js->len = 0;
	js->depth = 0;
	js->has_items[0] = false;
	js->err = 0;
	js->scratch = NULL;
	js->scratch_cap = 0;
}

static void drain(struct lu_js *js)
{
	if (!js->err && js->len &&
	    fwrite(js->buf, 1, js->len, js->out) != js->len)
		js->err = errno ? errno : EIO;
	js->len = 0;
}

static void put(struct lu_js *js, const char *s, size_t n)
{
	if (js->err)
		return;
	if (js->len + n > sizeof(js->buf))
		drain(js);
	if (n > sizeof(js->buf)) {
		if (!js->err && fwrite(s, 1, n, js->out) != n)
			js->err = errno ? errno : EIO;
		return;
	}
	memcpy(js->buf + js->len, s, n);
	js->len += n;
}

static void putc_js(struct lu_js *js, char c)
{
	if (js->len == sizeof(js->buf))
		drain(js);
	js->buf[js->len++] = c;
}

/* ",\n" and the indentation, copied at once: the most written bytes. */
static const char sep[] = ",\n                                ";
_Static_assert(sizeof(sep) >= LU_JS_MAX_DEPTH + 2, "one space per level");

/* What jansson writes before a value: the separator, a newline, one space
 * per level of nesting, and the key. */
static void begin_value(struct lu_js *js, const char *key)
{
	if (js->err)
		return;
	if (js->depth) {
		bool first = !js->has_items[js->depth];

		js->has_items[js->depth] = true;
		put(js, sep + first, 2 - first + js->depth);
	}
	if (key) {
		/* keys are lineup's own words: plain ASCII */
		putc_js(js, '"');
		put(js, key, strlen(key));
		put(js, "\": ", 3);
	}
}

static void open_container(struct lu_js *js, const char *key, char open,
			   char close)
{
	begin_value(js, key);
	if (js->err)
		return;
	if (js->depth + 1 >= LU_JS_MAX_DEPTH) {
		js->err = EINVAL;
		return;
	}
	putc_js(js, open);
	js->depth++;
	js->has_items[js->depth] = false;
	js->closer[js->depth] = close;
}

void lu_js_open_object(struct lu_js *js, const char *key)
{
	open_container(js, key, '{', '}');
}

void lu_js_open_array(struct lu_js *js, const char *key)
{
	open_container(js, key, '[', ']');
}

void lu_js_close(struct lu_js *js)
{
	if (js->err || !js->depth)
		return;
	char c = js->closer[js->depth];

	/* an empty container closes on its own line: "[]", "{}" */
	if (js->has_items[js->depth--])
		put(js, sep + 1, 1 + js->depth);
	putc_js(js, c);
}

/* Text jansson writes unchanged between quotes, and takes as UTF-8. */
static bool is_plain(const char *s, size_t *len)
{
	const unsigned char *p = (const unsigned char *)s;

	for (; *p; p++)
		if (*p < 0x20 || *p >= 0x80 || *p == '"' || *p == '\\')
			return false;
	*len = (size_t)(p - (const unsigned char *)s);
	return true;
}

/* jansson's own text of the string S, its bytes that are not UTF-8 as
 * \xNN (lu_json_text's mapping); false only when out of room. */
static bool dump_by_jansson(struct lu_js *js, const char *key, const char *s)
{
	char *marked = lu_utf8_marked(s);
	json_t *j = json_string(marked ? marked : s);
	char small[256];
	size_t n;

	free(marked);

	if (!j)
		return false;
	n = json_dumpb(j, small, sizeof(small), JSON_ENCODE_ANY);
	if (n > sizeof(small)) {
		char *big = malloc(n);

		if (!big)
			abort();
		json_dumpb(j, big, n, JSON_ENCODE_ANY);
		begin_value(js, key);
		put(js, big, n);
		free(big);
	} else if (n) {
		begin_value(js, key);
		put(js, small, n);
	}
	json_decref(j);
	return n != 0;
}

void lu_js_str(struct lu_js *js, const char *key, const char *s)
{
	size_t n;

	if (js->err || !s)
		return;
	if (!is_plain(s, &n)) {
		dump_by_jansson(js, key, s);
		return;
	}
	begin_value(js, key);
	putc_js(js, '"');
	put(js, s, n);
	putc_js(js, '"');
}

void lu_js_str2(struct lu_js *js, const char *key, const char *a,
		const char *b)
{
	size_t na, nb;

	if (js->err)
		return;
	if (is_plain(a, &na) && is_plain(b, &nb)) {
		begin_value(js, key);
		putc_js(js, '"');
		put(js, a, na);
		put(js, b, nb);
		putc_js(js, '"');
		return;
	}
	na = strlen(a);
	nb = strlen(b);
	if (na + nb + 1 > js->scratch_cap) {
		js->scratch_cap = na + nb + 1;
		free(js->scratch);
		js->scratch = malloc(js->scratch_cap);
		if (!js->scratch)
			abort();
	}
	memcpy(js->scratch, a, na);
	memcpy(js->scratch + na, b, nb + 1);
	dump_by_jansson(js, key, js->scratch);
}

void lu_js_str_or_null(struct lu_js *js, const char *key, const char *s)
{
	if (s)
		lu_js_str(js, key, s);
	else
		lu_js_null(js, key);
}

void lu_js_int(struct lu_js *js, const char *key, int64_t v)
{
	char num[24], *p = num + sizeof(num);
	/* as jansson's "%lld": the magnitude as unsigned, so INT64_MIN too */
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;

	begin_value(js, key);
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	put(js, p, (size_t)(num + sizeof(num) - p));
}

void lu_js_bool(struct lu_js *js, const char *key, bool v)
{
	begin_value(js, key);
	if (v)
		put(js, "true", 4);
	else
		put(js, "false", 5);
}

void lu_js_null(struct lu_js *js, const char *key)
{
	begin_value(js, key);
	put(js, "null", 4);
}

void lu_js_tree(struct lu_js *js, const char *key, struct json_t *v)
{
	char *text = v ? json_dumps(v, JSON_INDENT(1) | JSON_PRESERVE_ORDER |
					       JSON_ENCODE_ANY)
		       : NULL;

	json_decref(v);
	if (!text)
		return; /* as json_object_set_new leaves out a NULL */
	begin_value(js, key);
	/* jansson indents from column 0: each of its lines goes one space
	 * per level of nesting further in */
	for (const char *p = text, *nl; !js->err; p = nl + 1) {
		nl = strchr(p, '\n');
		put(js, p, nl ? (size_t)(nl - p) : strlen(p));
		if (!nl)
			break;
		put(js, sep + 1, 1 + js->depth);
	}
	free(text);
}

static int outcome(const struct lu_js *js)
{
	if (!js->err)
		return 0;
	errno = js->err;
	return -1;
}

int lu_js_drain(struct lu_js *parent)
{
	drain(parent);
	return outcome(parent);
}

void lu_js_part(struct lu_js *part, const struct lu_js *parent, FILE *out,
		bool items)
{
	lu_js_init(part, out);
	part->depth = parent->depth;
	memcpy(part->has_items, parent->has_items, sizeof(part->has_items));
	memcpy(part->closer, parent->closer, sizeof(part->closer));
	part->has_items[part->depth] = items;
}

int lu_js_part_end(struct lu_js *part)
{
	free(part->scratch);
	part->scratch = NULL;
	drain(part);
	return outcome(part);
}

void lu_js_parts_done(struct lu_js *parent, int rc, bool items)
{
	if (rc && !parent->err)
		parent->err = errno ? errno : EIO;
	if (items)
		parent->has_items[parent->depth] = true;
}

int lu_js_finish(struct lu_js *js)
{
	free(js->scratch);
	js->scratch = NULL;
	if (!js->err && js->depth)
		js->err = EINVAL; /* a container left open: a bug */
	if (!js->err)
		putc_js(js, '\n');
	drain(js);
	if (!js->err && (fflush(js->out) != 0 || ferror(js->out)))
		js->err = errno ? errno : EIO;
	return outcome(js);
}
