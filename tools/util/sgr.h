/* SPDX-License-Identifier: MIT */
/* The terminal colours of every text report (ECMA-48 SGR sequences). */
#ifndef LINEUP_SGR_H
#define LINEUP_SGR_H

#define LU_SGR_RESET "\033[0m"
#define LU_SGR_BOLD "\033[1m"
#define LU_SGR_DIM "\033[2m"
#define LU_SGR_RED "\033[31m"
#define LU_SGR_YELLOW "\033[33m"
#define LU_SGR_CYAN "\033[36m"
#define LU_SGR_BOLD_RED "\033[1;31m"	/* errors */
#define LU_SGR_BOLD_MAGENTA "\033[1;35m"	/* warnings */
#define LU_SGR_BOLD_CYAN "\033[1;36m"	/* notes */

#endif
