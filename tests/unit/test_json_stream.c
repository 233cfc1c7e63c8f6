/* SPDX-License-Identifier: MIT */
/*
 * The streaming JSON writer against jansson: the same document written
 * both ways must be the same bytes, and jansson's parser must read every
 * string back as it was.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "json_stream.h"

/* Strings that take each of jansson's paths: plain, escaped, UTF-8,
 * not UTF-8 (marked \xNN, never left out), and the edges of the plain
 * range. */
static const char *const strings[] = {
	"",
	"load_avg",
	"a \"quoted\" name",
	"back\\slash",
	"tab\there, newline\nthere, \r\b\f",
	"\x01\x1f control",
	"\x7f del stays",
	"slash / stays",
	"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
	"bad \xff utf-8",
	"truncated \xc3",
	"surrogate \xed\xa0\x80",
	"caf\xe9.c (Latin-1), a \\x41 spelt out",
	" !#$%&'()*+,-./0123456789:;<=>?@[]^_`{|}~",
};

#define N_STRINGS (sizeof(strings) / sizeof(strings[0]))

static char *stream_doc(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct lu_js js;

	cr_assert_not_null(f);
	lu_js_init(&js, f);
	lu_js_open_object(&js, NULL);
	lu_js_int(&js, "zero", 0);
	lu_js_int(&js, "min", INT64_MIN);
	lu_js_int(&js, "max", INT64_MAX);
	lu_js_int(&js, "minus", -42);
	lu_js_bool(&js, "yes", true);
	lu_js_bool(&js, "no", false);
	lu_js_null(&js, "nothing");
	lu_js_str_or_null(&js, "null_str", NULL);
	lu_js_str(&js, "left_out", NULL);
	lu_js_open_array(&js, "empty_array");
	lu_js_close(&js);
	lu_js_open_object(&js, "empty_object");
	lu_js_close(&js);
	lu_js_open_array(&js, "strings");
	for (size_t i = 0; i < N_STRINGS; i++)
		lu_js_str(&js, NULL, strings[i]);
	lu_js_close(&js);
	lu_js_open_object(&js, "keyed");
	for (size_t i = 0; i < N_STRINGS; i++) {
		char key[16];

		snprintf(key, sizeof(key), "s%zu", i);
		lu_js_str(&js, key, strings[i]);
	}
	lu_js_close(&js);
	lu_js_open_array(&js, "joined");
	for (size_t i = 0; i < N_STRINGS; i++)
		lu_js_str2(&js, NULL, strings[i], "[4]");
	lu_js_str2(&js, NULL, "x \xc3", "\xa9 y"); /* valid only together */
	lu_js_close(&js);
	lu_js_open_array(&js, "nested");
	lu_js_open_array(&js, NULL);
	lu_js_int(&js, NULL, 1);
	lu_js_open_object(&js, NULL);
	lu_js_close(&js);
	lu_js_close(&js);
	lu_js_close(&js);
	lu_js_close(&js);
	cr_assert_eq(lu_js_finish(&js), 0);
	fclose(f);
	return text;
}

/* The same document as a jansson tree, dumped as show_json.c used to. */
static char *jansson_doc(void)
{
	json_t *root = json_object(), *a, *o;

	json_object_set_new(root, "zero", json_integer(0));
	json_object_set_new(root, "min", json_integer(INT64_MIN));
	json_object_set_new(root, "max", json_integer(INT64_MAX));
	json_object_set_new(root, "minus", json_integer(-42));
	json_object_set_new(root, "yes", json_true());
	json_object_set_new(root, "no", json_false());
	json_object_set_new(root, "nothing", json_null());
	json_object_set_new(root, "null_str", json_null());
	json_object_set_new(root, "left_out", json_string(NULL));
	json_object_set_new(root, "empty_array", json_array());
	json_object_set_new(root, "empty_object", json_object());
	a = json_array();
	for (size_t i = 0; i < N_STRINGS; i++)
		json_array_append_new(a, lu_json_text(strings[i]));
	json_object_set_new(root, "strings", a);
	o = json_object();
	for (size_t i = 0; i < N_STRINGS; i++) {
		char key[16];

		snprintf(key, sizeof(key), "s%zu", i);
		json_object_set_new(o, key, lu_json_text(strings[i]));
	}
	json_object_set_new(root, "keyed", o);
	a = json_array();
	for (size_t i = 0; i < N_STRINGS; i++) {
		char *joined = NULL;

		cr_assert_gt(asprintf(&joined, "%s[4]", strings[i]), 0);
		json_array_append_new(a, lu_json_text(joined));
		free(joined);
	}
	json_array_append_new(a, lu_json_text("x \xc3\xa9 y"));
	json_object_set_new(root, "joined", a);
	a = json_array();
	o = json_array();
	json_array_append_new(o, json_integer(1));
	json_array_append_new(o, json_object());
	json_array_append_new(a, o);
	json_object_set_new(root, "nested", a);

	char *text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	char *line = NULL;

	cr_assert_not_null(text);
	cr_assert_gt(asprintf(&line, "%s\n", text), 0);
	free(text);
	json_decref(root);
	return line;
}

Test(json_stream, same_bytes_as_jansson)
{
	char *mine = stream_doc(), *theirs = jansson_doc();

	cr_assert_str_eq(mine, theirs);
	free(mine);
	free(theirs);
}

Test(json_stream, strings_read_back)
{
	char *mine = stream_doc();
	json_error_t err;
	json_t *doc = json_loads(mine, 0, &err);
	json_t *a;
	size_t k = 0;

	cr_assert_not_null(doc, "jansson cannot parse it: %s", err.text);
	a = json_object_get(doc, "strings");
	for (size_t i = 0; i < N_STRINGS; i++) {
		char *marked = lu_utf8_marked(strings[i]);

		/* UTF-8 reads back as it was; the rest as lu_json_text's */
		cr_assert_str_eq(json_string_value(json_array_get(a, k)),
				 marked ? marked : strings[i]);
		free(marked);
		k++;
	}
	cr_assert_eq(json_array_size(a), k);
	cr_assert_eq(json_integer_value(json_object_get(doc, "min")),
		     INT64_MIN);
	json_decref(doc);
	free(mine);
}

Test(json_stream, failed_write_stops_and_says_why)
{
	FILE *full = fopen("/dev/full", "w");
	struct lu_js *js = malloc(sizeof(*js));

	cr_assert_not_null(full);
	cr_assert_not_null(js);
	lu_js_init(js, full);
	lu_js_open_array(js, NULL);
	for (int i = 0; i < 100000 && !lu_js_failed(js); i++)
		lu_js_str(js, NULL, "a string that fills the buffer");
	cr_assert(lu_js_failed(js), "a full disk is seen while writing");
	lu_js_close(js);
	cr_assert_eq(lu_js_finish(js), -1);
	cr_assert_eq(errno, ENOSPC);
	free(js);
	fclose(full);
}

Test(json_stream, unclosed_container_is_an_error)
{
	FILE *f = fopen("/dev/null", "w");
	struct lu_js js;

	lu_js_init(&js, f);
	lu_js_open_object(&js, NULL);
	cr_assert_eq(lu_js_finish(&js), -1);
	fclose(f);
}
