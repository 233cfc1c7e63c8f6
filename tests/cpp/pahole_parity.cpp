// SPDX-License-Identifier: MIT
// show against pahole 1.24 on C++ (issue 31): classes local to a
// function, a lexical block and a member function, which pahole lists
// with --show_private_classes; and a class holding a std::atomic<long>,
// whose DW_AT_alignment gcc states on the class itself, which pahole
// prints after the closing brace.
#include <atomic>

struct Holder {
	std::atomic<long> n{0};
	long x = 0;
};

namespace pp {
long local_fn(long a)
{
	struct Local {
		long a;
		int b;
	};
	Local l{a, 1};
	long r = l.a + l.b;

	if (a > 3) {
		class InBlock {
		public:
			char c;
			long z;
			short s;
		};
		InBlock i{'c', a, 2};
		r += i.z + i.s;
	}
	return r;
}

struct Owner {
	long v = 0;
	long run(long a)
	{
		struct InMethod {
			int a, b, c;
		};
		InMethod m{int(a), 2, 3};
		return v + m.a + m.c;
	}
};
} // namespace pp

Holder holder;
long (*use_fn)(long) = pp::local_fn;
long use_method(pp::Owner &o)
{
	return o.run(2);
}
