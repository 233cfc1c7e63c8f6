/* SPDX-License-Identifier: MIT */
/* One line of show's text built in memory (show_line.h). */
#include "show_line.h"

#include "escape.h"

void show_line_pad(struct show_line *l, size_t from, size_t width)
{
	while (l->len - from < width && l->len < sizeof(l->buf))
		l->buf[l->len++] = ' ';
}

/* DIGITS (N of them, most significant last) right-aligned in WIDTH. */
static void put_digits(struct show_line *l, const char *digits, int n,
		       int width)
{
	for (int i = n; i < width; i++)
		show_line_char(l, ' ');
	while (n)
		show_line_char(l, digits[--n]);
}

void show_line_udec(struct show_line *l, unsigned long long v, int width)
{
	char d[24];
	int n = 0;

	do
		d[n++] = (char)('0' + v % 10);
	while (v /= 10);
	put_digits(l, d, n, width);
}

void show_line_uhex(struct show_line *l, unsigned long long v, int width)
{
	static const char hex[] = "0123456789abcdef";
	bool prefix = v != 0;	/* %#llx: none for 0 */
	char d[24];
	int n = 0;

	do
		d[n++] = hex[v & 15];
	while (v >>= 4);
	if (prefix) {
		d[n++] = 'x';
		d[n++] = '0';
	}
	put_digits(l, d, n, width);
}

/* V as %5llu, or with --hex as %#5llx (pahole --hex's) */
void show_line_num(struct show_line *l, bool hex, uint64_t v, int width)
{
	if (hex)
		show_line_uhex(l, v, width);
	else
		show_line_udec(l, v, width);
}

/* an item's offset and size, in decimal or (--hex) as pahole --hex has them */
void show_line_place(struct show_line *l, bool hex, uint64_t offset,
		     uint64_t size)
{
	show_line_str(l, " /* ");
	show_line_num(l, hex, offset, 5);
	show_line_char(l, ' ');
	show_line_num(l, hex, size, 5);
	show_line_str(l, " */");
}

void show_line_lines(struct show_line *l, uint64_t offset, uint64_t size,
		     unsigned line)
{
	uint64_t first = offset / line;
	uint64_t last = size ? (offset + size - 1) / line : first;

	show_line_str(l, " L");
	show_line_udec(l, first, 0);
	if (first != last) {
		show_line_char(l, '-');
		show_line_udec(l, last, 0);
	}
}

/* "void (*)(int)" with name fn prints as type "void", name "(*fn)(int)";
 * ATTR goes before the semicolon. The type padded to its column, then
 * the name to 21, as "%-*s %-21s" did (names cut at snprintf's bounds). */
void show_line_decl(struct show_line *l, const struct lu_member *m,
		    int indent, const char *attr)
{
	char mn[256], type[512], dims[128];
	const char *fp;
	int tw = 26 - 8 * (indent - 1);
	size_t at = l->len, name_len = 511;

	/* names and types come from the input: shown escaped (escape.h) */
	lu_text_escape(mn, sizeof(mn), m->name);
	lu_text_escape(type, sizeof(type), m->type);
	lu_text_escape(dims, sizeof(dims), m->dims);
	fp = strstr(type, "(*)");
	if (tw < 8)
		tw = 8;
	/* "%-*.*s" with the precision fp - type - 1: the whole type when
	 * that is negative ("(*)" first) */
	show_line_mem(l, type, fp && fp > type ? (size_t)(fp - type - 1)
					       : strlen(type));
	show_line_pad(l, at, (size_t)tw);
	show_line_char(l, ' ');
	at = l->len;
	if (fp) {
		show_line_str(l, "(*");
		show_line_str(l, mn);
		show_line_char(l, ')');
		show_line_str(l, fp + 3);
		show_line_str(l, dims);
	} else if (m->bit_size) {
		show_line_str(l, mn);
		show_line_char(l, ':');
		show_line_udec(l, m->bit_size, 0);
	} else {
		show_line_str(l, mn);
		show_line_str(l, dims);
	}
	if (!m->bit_size || fp)
		show_line_str(l, attr);
	show_line_char(l, ';');
	if (l->len - at > name_len)	/* snprintf's name[512] */
		l->len = at + name_len;
	show_line_pad(l, at, 21);
}
