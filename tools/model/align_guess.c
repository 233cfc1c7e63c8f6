/* SPDX-License-Identifier: MIT */
/* pahole's forced-alignment guess (align_guess.h). */
#include "align_guess.h"

uint64_t lu_gap_align(uint64_t offset, uint64_t gap, uint64_t natural,
		      uint64_t line)
{
	uint64_t a = 2;

	if (!gap || offset % 2 || gap >= (1ull << 32))
		return 0;
	while (a <= gap)
		a *= 2;
	if (a <= natural || offset % a)
		return 0;
	if (a < line && line % a == 0 && offset % line == 0)
		a = line;
	return a;
}
