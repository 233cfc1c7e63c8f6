/* SPDX-License-Identifier: MIT */
/*
 * Pattern: C11 _Atomic members, as lock-free code written against
 * <stdatomic.h> declares them: _Atomic T, _Atomic(T *), and a 16-byte
 * _Atomic struct swapped whole by a double-width compare-and-swap (a
 * tagged pointer against ABA). An _Atomic type of 1, 2, 4, 8 or 16 bytes
 * is aligned to its size (GCC and Clang; the 16-byte one on 64-bit
 * targets), more than the plain type: the struct holding one is 16-aligned
 * and its objects can start only at 0, 16, 32 or 48 in a line. What lineup
 * prints: atomics.expect.
 */
struct as_node;

struct as_tagged {
	struct as_node *ptr;
	unsigned long tag;	/* bumped on every swap */
};

struct as_stack {
	const char *name;		/* loaded on every operation */
	unsigned long capacity;		/* loaded on every push */
	_Atomic struct as_tagged top;	/* swapped by push and pop */
	_Atomic unsigned long pushes;	/* stored on every push */
	_Atomic(struct as_node *) free_list;
};

struct as_stack as_stack;
