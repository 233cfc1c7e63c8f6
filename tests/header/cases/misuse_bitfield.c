/* Bit-fields cannot be named in offsetof or sizeof: the compiler rejects
 * the assertion instead of checking something else. */
/* EXPECT: bit-field */
#include "fixture.h"

struct bits {
	uint32_t word;
	unsigned int flag : 1;
	unsigned int mode : 3;
};

LINEUP_ASSERT_OFFSET(struct bits, word, 0);

#ifdef FAIL
LINEUP_ASSERT_OFFSET(struct bits, mode, 4);
#endif
