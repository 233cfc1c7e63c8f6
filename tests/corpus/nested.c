/* SPDX-License-Identifier: MIT */
/*
 * Corpus: nested structs and unions, anonymous ones several levels deep
 * (flattened with absolute offsets), and named members of anonymous type.
 */
struct point {
	int x, y;
};

struct nest_anon {
	char tag;
	struct {
		long a;
		union {
			short s;
			char bytes[6];
			struct {
				char lo;
				union {
					char mid;
					struct {
						short deep;
						char deeper;
					};
				};
			};
		};
	};
	union {
		int u_int;
		struct {
			char c1;
			char c2;
		};
	};
	int tail;
};

struct nest_named {
	struct point origin;
	struct {
		int w, h;
	} extent;
	union {
		long l;
		char c[3];
	} either;
	struct {
		struct point p;
		struct {
			char k;
		} inner;
	} two_level;
	struct point pts[3];
	struct {
		int v;
	} anon_array[2];
	char last;
};

/* An anonymous union as the first member, and one that holds bit-fields. */
struct nest_first {
	union {
		void *ptr;
		unsigned long word;
	};
	union {
		struct {
			unsigned int flags:24;
			unsigned int kind:8;
		};
		unsigned int raw;
	};
	struct {
		struct {
			struct {
				char very_deep;
			};
		};
	};
};

struct nest_anon nest_anon_v;
struct nest_named nest_named_v;
struct nest_first nest_first_v;
