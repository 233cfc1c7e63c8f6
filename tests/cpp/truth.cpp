// SPDX-License-Identifier: MIT
// What the compiler says of classes.h (tests/cpp): sizeof and alignof of
// each type, and each member's offset and size, from the address of the
// member in an object (offsetof is not defined on classes with bases).
#include <cstddef>
#include <cstdio>

#include "classes.h"

#define TYPE(type, label)                                                   \
	std::printf("T %s %zu %zu\n", label, sizeof(type), alignof(type))
#define MEMBER(type, label, name, expr)                                     \
	do {                                                                \
		static type o;                                              \
		std::printf("M %s %s %td %zu\n", label, name,               \
			    (const char *)&(expr) - (const char *)&o,       \
			    sizeof(expr));                                  \
	} while (0)

int main()
{
	using namespace lu_t;

	TYPE(D, "lu_t::D");
	MEMBER(D, "lu_t::D", "b", o.b);
	MEMBER(D, "lu_t::D", "c", o.c);
	MEMBER(D, "lu_t::D", "d", o.d);
	TYPE(B, "lu_t::B");
	MEMBER(B, "lu_t::B", "b", o.b);
	TYPE(Cls, "lu_t::Cls");
	MEMBER(Cls, "lu_t::Cls", "p", o.p);
	TYPE(PMF, "lu_t::PMF");
	MEMBER(PMF, "lu_t::PMF", "pm", o.pm);
	MEMBER(PMF, "lu_t::PMF", "pd", o.pd);
	MEMBER(PMF, "lu_t::PMF", "after", o.after);
	TYPE(NUA, "lu_t::NUA");
	MEMBER(NUA, "lu_t::NUA", "a", o.a);
	MEMBER(NUA, "lu_t::NUA", "b", o.b);
	TYPE(Both, "lu_t::Both");
	MEMBER(Both, "lu_t::Both", "v", static_cast<Base1 &>(o).v);
	MEMBER(Both, "lu_t::Both", "v", static_cast<Base2 &>(o).v);
	MEMBER(Both, "lu_t::Both", "w", o.w);
	TYPE(Marked, "lu_t::Marked");
	MEMBER(Marked, "lu_t::Marked", "counter", o.counter);
	MEMBER(Marked, "lu_t::Marked", "parent", o.parent);
	TYPE(n1::Meter, "n1::Meter");
	MEMBER(n1::Meter, "n1::Meter", "a", o.a);
	MEMBER(n1::Meter, "n1::Meter", "hits", o.hits);
	TYPE(n2::Meter, "n2::Meter");
	MEMBER(n2::Meter, "n2::Meter", "b", o.b);
	MEMBER(n2::Meter, "n2::Meter", "c", o.c);
	TYPE(Outer<int>, "Outer<int>");
	MEMBER(Outer<int>, "Outer<int>", "blk", o.blk);
	MEMBER(Outer<int>, "Outer<int>", "t", o.t);
	TYPE(Outer<int>::Block, "Outer<int>::Block");
	MEMBER(Outer<int>::Block, "Outer<int>::Block", "idx", o.idx);
	MEMBER(Outer<int>::Block, "Outer<int>::Block", "pad", o.pad);
	using R = Ring<char, 4>;
	TYPE(R, "Ring<char, 4>");
	MEMBER(R, "Ring<char, 4>", "buf", o.buf);
	MEMBER(R, "Ring<char, 4>", "head", o.head);
	return 0;
}
