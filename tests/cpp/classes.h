// SPDX-License-Identifier: MIT
// C++ shapes lineup must lay out as the compiler does (tests/cpp): each
// one broke a command before. Built with -std=c++20 by g++ and clang++.
#ifndef LINEUP_TEST_CLASSES_H
#define LINEUP_TEST_CLASSES_H

#include <atomic>

#include "lineup.h"

namespace lu_t {
// a virtual base: its offset is read from the vtable at run time
struct A { long a; };
struct B : virtual A { int b; };
struct C : virtual A { int c; };
struct D : B, C { long d; };

// printed as class, members private until public:
class Cls {
public:
	int p;
	char getq() const { return q; }
private:
	char q;
};

// pointers to members: a member function's is two words
struct PMF {
	void f();
	void (PMF::*pm)();
	int PMF::*pd;
	int after;
};

// an empty member that takes no room
struct Empty {};
struct NUA {
	int a;
	[[no_unique_address]] Empty e;
	int b;
};

// two bases with a member of the same name
struct Base1 { int v; };
struct Base2 { int v; };
struct Both : Base1, Base2 { int w; };

// markers in an object that also holds a virtual base
struct Marked {
	LINEUP_BEGIN(write, hot);
	long counter;
	LINEUP_END(write, hot);
	LINEUP_BEGIN(read, wake);
	long parent;
	LINEUP_END(read, wake);
};
} // namespace lu_t

// two types named Meter
namespace n1 { struct Meter { int a; long hits; }; }
namespace n2 { struct Meter { long b; char c; }; }

// a nested class, where queues keep their padded indices
template <class T> struct Outer {
	struct Block {
		alignas(64) T idx;
		char pad;
	};
	Block blk;
	T t;
};

// a template whose name has a comma, and an atomic member
template <class T, int N> struct Ring {
	T buf[N];
	std::atomic<long> head;
};

// a template as compilers spell it differently: g++ "Chan<long unsigned
// int, 8, lu_t::Plain>", clang++ "Chan<unsigned long, 8UL, lu_t::Plain>",
// and users "Chan<unsigned long, 8>", leaving the default out
namespace lu_t { struct Plain {}; struct Inner { struct Leaf { long v; }; }; }
template <class T, unsigned long N, class Tr = lu_t::Plain> struct Chan {
	alignas(64) std::atomic<unsigned long> head;
	T slots[N];
	unsigned long tail;
};

// asserts: a type DWARF names "(anonymous namespace)::Anon", which only
// its own file can name, and only as "Anon"
namespace {
struct Anon {
	LINEUP_BEGIN_ALIGNED(write, w);
	long a;
	LINEUP_END(write, w);
	LINEUP_BEGIN_ALIGNED(read, r);
	long b;
	LINEUP_END(read, r);
};
} // namespace

// asserts: private groups, named from a friend; a comma in the name
namespace q {
template <class T, int N> class Padded {
public:
	LINEUP_BEGIN_ALIGNED(write, prod);
	T w;
	LINEUP_END(write, prod);
	T get() const { return r[0]; }

private:
	friend struct lineup_asserts_Padded_char_4_;
#ifdef LU_BAD	/* the asserts frozen from the good layout catch this */
	LINEUP_BEGIN(read, cons);
#else
	LINEUP_BEGIN_ALIGNED(read, cons);
#endif
	T r[N];
	LINEUP_END(read, cons);
};
} // namespace q

#endif
