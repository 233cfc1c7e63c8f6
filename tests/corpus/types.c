/* SPDX-License-Identifier: MIT */
/*
 * Corpus: what member types look like: typedef chains, qualifiers, enums
 * of several sizes, pointers, function pointers, forward declarations.
 */
typedef unsigned long ty_word;
typedef ty_word ty_word2;
typedef const ty_word2 ty_cword;
typedef struct ty_fwd ty_fwd_t;	/* never defined */
typedef void (*ty_callback)(int, void *);

enum ty_small { TS_A, TS_B } __attribute__((packed));
enum ty_int { TI_A = -1, TI_B = 1000 };
enum ty_big { TB_A = 0, TB_B = 0x100000000LL };

struct ty_quals {
	const int ci;
	volatile long vl;
	const volatile char cvc;
	int *restrict rp;
	const char *const cpc;
	volatile unsigned long *vp;
};

struct ty_atomic {
	int before;
	_Atomic int ai;
	_Atomic(long) al;
	char after;
};

struct ty_typedefs {
	ty_word w;
	ty_word2 w2;
	ty_cword cw;
	ty_fwd_t *fwd;
	struct ty_other *other;	/* declared by use only */
};

struct ty_enums {
	enum ty_small s;
	enum ty_int i;
	char c;
	enum ty_big b;
	enum ty_small arr[3];
};

struct ty_pointers {
	void *vp;
	void **vpp;
	int (*arr_ptr)[4];
	ty_callback cb;
	void (*fn)(int);
	int (*fn2)(const char *, ...);
	char *(*ret_ptr)(void);
	void (*fn_arr[3])(void);
	struct ty_pointers *self;
	long double ld;
};

struct ty_quals ty_quals_v;
struct ty_atomic ty_atomic_v;
struct ty_typedefs ty_typedefs_v;
struct ty_enums ty_enums_v;
struct ty_pointers ty_pointers_v;
