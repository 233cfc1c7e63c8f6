/* LINEUP_CACHELINE_SIZE can be overridden; it must be a power of two. The
 * destructive size follows it up when it is larger than the table's. */
/* EXPECT: LINEUP_CACHELINE_SIZE must be a power of two */
#ifdef FAIL
#define LINEUP_CACHELINE_SIZE 96
#else
#define LINEUP_CACHELINE_SIZE 256
#endif
#include "lineup.h"

#include <stdint.h>

struct big {
	uint32_t a;
	LINEUP_ALIGNED uint32_t b;
};

LINEUP_ASSERT_OFFSET(struct big, b, 256);
LINEUP_ASSERT_LINE(struct big, b, 1);

#if LINEUP_DESTRUCTIVE_SIZE != 256
#error "destructive size must follow a larger line size"
#endif
