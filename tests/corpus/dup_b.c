/* SPDX-License-Identifier: MIT */
/* Corpus: struct dup_conf as another unit defines it (a config option). */
struct dup_conf {
	char c;
	int a;
	long b;
	short extra;
};

struct dup_same {
	short s;
	int i;
};

struct dup_conf dup_conf_b;
struct dup_same dup_same_b;
