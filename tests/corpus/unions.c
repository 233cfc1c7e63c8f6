/* SPDX-License-Identifier: MIT */
/* Corpus: unions at the top level, with padding and nested aggregates. */
union un_basic {
	int i;
	char c[5];
};

union un_mixed {
	double d;
	struct {
		char a;
		int b;
	} s;
	short arr[7];
};

union un_anon {
	struct {
		int x, y;
	};
	long both;
	union {
		char c;
		short s;
	};
};

struct un_holder {
	char tag;
	union un_basic b;
	union un_mixed m;
};

union un_basic un_basic_v;
union un_mixed un_mixed_v;
union un_anon un_anon_v;
struct un_holder un_holder_v;
