/* SPDX-License-Identifier: MIT */
/*
 * Corpus: bit-fields. Units shared and straddled, signed and unsigned,
 * widths of every base type, :0 to force a new unit, bit-fields after
 * ordinary members, in unions, bool and enum bit-fields.
 */
enum colour { RED, GREEN, BLUE };

struct bf_basic {
	unsigned int a:1;
	unsigned int b:3;
	signed int c:5;
	int d:7;
	unsigned int e:16;	/* straddles into the next int unit */
	unsigned char f:2;
	unsigned short g:9;
};

struct bf_zero {
	unsigned int a:3;
	unsigned int :0;	/* next unit */
	unsigned int b:3;
	unsigned char :0;
	unsigned char c:4;
	unsigned int :5;	/* unnamed padding */
	unsigned int d:2;
};

struct bf_widths {
	char c;
	unsigned long long big:40;
	unsigned long long big2:30;
	long long sbig:33;
	unsigned short s:12;
	unsigned char u8:8;
	_Bool flag:1;
	enum colour col:2;
	short neg:3;
	unsigned long ul:17;
};

struct bf_mixed {
	char head;
	unsigned int x:4;	/* shares the unit holding head */
	char mid;
	unsigned short y:10;
	unsigned int z:31;
	unsigned int w:31;
	long after;
};

union bf_union {
	unsigned int all;
	struct {
		unsigned int lo:16;
		unsigned int hi:16;
	};
	unsigned char odd:3;
};

struct bf_basic bf_basic_v;
struct bf_zero bf_zero_v;
struct bf_widths bf_widths_v;
struct bf_mixed bf_mixed_v;
union bf_union bf_union_v;
