#if A
#elif B
void f(void) {
	CACHELINE_ASSERT_GROUP_SIZE(struct s, g, (1 << 3) + 0x10 - 010 * 2 / 1 % 7);
/* CACHELINE_ASSERT_GROUP_SIZE(struct s, g, 1) */
	CACHELINE_ASSERT_GROUP_MEMBER(t, g, a.b
#else
"x\"y" CACHELINE_ASSERT_GROUP_SIZE(union u, g, ~0 ^ -1 | 2 & 3);
#endif
