/* SPDX-License-Identifier: MIT */
/*
 * Corpus: packed structs and members, explicit alignment of types and
 * members with _Alignas and __attribute__((aligned)).
 */
struct __attribute__((packed)) pk_all {
	char c;
	int i;
	long l;
	short s;
};

struct pk_member {
	char c;
	int i __attribute__((packed));
	char d;
	long l __attribute__((packed));
};

struct pk_inner {
	char c;
	struct pk_all in;
	short s;
};

struct __attribute__((packed, aligned(4))) pk_aligned {
	char c;
	int i;
	char d;
};

struct al_member {
	char c;
	_Alignas(16) int a16;
	char d;
	int a64 __attribute__((aligned(64)));
	char e;
};

struct al_type {
	int x;
} __attribute__((aligned(64)));

struct al_user {
	char c;
	struct al_type t;
	int after;
};

typedef int int_a32 __attribute__((aligned(32)));

struct al_typedef {
	char c;
	int_a32 v;
};

/* The seed's isolation: a line-aligned anonymous struct. */
struct al_isolated {
	void *parent;
	struct {
		long load_avg;
	} __attribute__((aligned(64)));
	void *rt_se;
};

struct pk_all pk_all_v;
struct pk_member pk_member_v;
struct pk_inner pk_inner_v;
struct pk_aligned pk_aligned_v;
struct al_member al_member_v;
struct al_user al_user_v;
struct al_typedef al_typedef_v;
struct al_isolated al_isolated_v;
