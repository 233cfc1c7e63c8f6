/* SPDX-License-Identifier: MIT */
/*
 * The reader rules_ini.c hands libinih (ini_parse_stream): the lines of a
 * rules file, and the whole text of the last section, key and value, which
 * libinih's fixed buffers would cut (rules_lines.c).
 */
#ifndef LINEUP_RULES_LINES_H
#define LINEUP_RULES_LINES_H

#include <stdbool.h>
#include <stddef.h>

struct lu_rules_source {
	const char *text;
	size_t len, pos;
	unsigned ini_line;	/* lines handed to libinih so far */
	unsigned sections;	/* section headers seen so far */
	unsigned section_ini_line;	/* where the last one was */
	bool continuation;	/* the last line continues the one before */
	bool continues_key;	/* ... and libinih gives it to the last key */
	bool after_key;		/* libinih's prev_name: a key since [section] */
	char *line;		/* the last line, cleaned (malloc'd) */
	size_t line_cap;
	char *section;		/* the last [header]'s text (malloc'd) */
	size_t section_cap;
	char *kv;		/* the last key line's key and value (malloc'd) */
	size_t kv_cap;
	const char *key, *value;	/* in kv */
	unsigned keys;		/* keys seen in the last section */
	unsigned empty_line;	/* the first section without keys, or 0 */
	char *empty_text;	/* its text (malloc'd) */
};

/* fgets for libinih over SRC, a struct lu_rules_source */
char *lu_rules_read_line(char *buf, int size, void *src);
/* An empty last section is noted when the file ends, too. */
void lu_rules_note_empty_section(struct lu_rules_source *src);
void lu_rules_lines_free(struct lu_rules_source *src);

#endif
