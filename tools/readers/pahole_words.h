/* SPDX-License-Identifier: MIT */
/*
 * Spaces, words, numbers and declarators as `pahole --hex` prints them:
 * the pahole text reader's lexing, which knows nothing of structs.
 */
#ifndef LINEUP_PAHOLE_WORDS_H
#define LINEUP_PAHOLE_WORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"

/* P past any spaces; cuts trailing spaces off S; a C identifier byte? */
char *ph_skip_space(const char *p);
void ph_trim_end(char *s);
bool ph_is_ident(int c);

/* Skips WORD and the spaces after it when the text at *p starts with it. */
bool ph_eat_word(char **p, const char *word);

/* A number as pahole prints it: "0x1c" with --hex, "28" without. */
bool ph_parse_num(char **p, uint64_t *v);

/* A type name without the column padding pahole leaves inside it. */
const char *ph_squeeze(struct lu_arena *a, const char *s, size_t n);

/*
 * The declarator ending S: "name", "name[2][3]" or "name:5". Points *name
 * at it and *dims at its dimensions, cuts the bit width off S. False when
 * there is no name ("unsigned int :4").
 */
bool ph_cut_declarator(char *s, char **name, char **dims, uint32_t *bits);

#endif
