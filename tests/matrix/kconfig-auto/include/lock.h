/* SPDX-License-Identifier: MIT */
/* An embedded type whose size another header's #ifdef changes. */
struct grp_lock {
	int raw;
#ifdef CONFIG_DEBUG_LOCK
	unsigned int magic, owner_cpu;
	void *owner;
#endif
#ifdef CONFIG_ARM_LOCK_PAD	/* arm's own symbol (arch/arm/Kconfig) */
	int pad[3];
#endif
};
