/* SPDX-License-Identifier: MIT */
/* Corpus: struct dup_conf defined one way here, another in dup_b.c. */
struct dup_conf {
	int a;
	long b;
	char name[4];
};

/* The same definition in both units: one layout, not two. */
struct dup_same {
	short s;
	int i;
};

struct dup_conf dup_conf_a;
struct dup_same dup_same_a;
