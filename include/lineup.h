/* SPDX-License-Identifier: MIT */
/*
 * lineup.h - keep the fields many CPUs write off the cache lines that many
 * CPUs read, and prove it at compile time.
 *
 * A store to a cache line invalidates that line in every other CPU's cache,
 * so a hot counter next to a hot read-mostly pointer makes every reader miss
 * ("false sharing"). This header lets a struct say which members are written
 * or read on hot paths (groups), give members whole lines of their own
 * (isolation), and static_assert the layout, so a reorder or a config option
 * that breaks it fails the build instead of showing up in perf c2c a year
 * later. The lineup tool reads the same markers from DWARF/BTF and checks
 * every build configuration; this header sees only the one being compiled.
 *
 * Naming contract: public names start with LINEUP_ or lineup_; everything
 * spelled LINEUP__ or lineup__ (two underscores) is internal and may change,
 * except the marker names under "What the tool reads".
 *
 * Needs C11 or C++11 and nothing but the C standard library. Groups and
 * isolation need GCC or Clang (zero-size members are a GNU extension).
 * Clean under -Wall -Wextra -Wpedantic -Werror, C11/C17/C2x, C++11..20.
 *
 * Macros. Those used inside a struct expand to a member declaration and
 * take a ';' like one; assertions are declarations, valid at file scope and
 * in function bodies, any number per line. A struct with groups or an
 * isolation may itself be a member, an array element or (C++) a base.
 *   LINEUP_CACHELINE_SIZE    bytes in a cache line (per-arch table below).
 *   LINEUP_DESTRUCTIVE_SIZE  distance that guarantees no interference
 *                            (128 on x86: the adjacent-line prefetcher).
 *   LINEUP_ALIGNED           align to a line; goes before a member or variable
 *                            declaration, or between 'struct' and its tag.
 *   LINEUP_ALIGNED_TO(n)     the same for any power of two n.
 *   LINEUP_SLOTS(tag, type, n)  struct tag: n slots of type, each on its
 *                            own LINEUP_DESTRUCTIVE_SIZE span, for writers
 *                            split by CPU or node; goes where a struct
 *                            definition goes (file or block scope with ';',
 *                            or before a member's or variable's name).
 *   LINEUP_SLOT(obj, i)      slot i of a LINEUP_SLOTS object (an lvalue).
 *   LINEUP_SLOT_COUNT(obj)   its n, a size_t constant expression.
 *   LINEUP_ISOLATE_BEGIN(name); ... LINEUP_ISOLATE_END(name);
 *                            wrap members in an anonymous line-aligned struct:
 *                            they own whole lines, the next member starts a
 *                            new one. #ifdef-ed members inside are fine.
 *   LINEUP_BEGIN(kind, name); ... LINEUP_END(kind, name);
 *                            a group: kind is write (stored on hot paths),
 *                            read (loaded on hot paths) or cold. Zero-size
 *                            markers; #ifdef-ed members inside are fine.
 *   LINEUP_BEGIN_ALIGNED(kind, name);  a group that starts a line.
 *   LINEUP_ASSERT_OFFSET(type, m, off)   offsetof(type, m) == off
 *   LINEUP_ASSERT_SIZE(type, n)          sizeof(type) == n
 *   LINEUP_ASSERT_SIZE_MAX(type, n)      sizeof(type) <= n
 *   LINEUP_ASSERT_LINE(type, m, n)       m lies wholly in line n
 *   LINEUP_ASSERT_LINE_START(type, m)    m starts a line
 *   LINEUP_ASSERT_SAME_LINE(type, a, b)  a and b lie wholly in one line
 *   LINEUP_ASSERT_APART(type, a, b)      no line holds a byte of both
 *   LINEUP_ASSERT_IN_GROUP(type, g, m)   m lies inside group g
 *   LINEUP_ASSERT_GROUP_BYTES(type, g, n)     group g spans exactly n bytes
 *   LINEUP_ASSERT_GROUP_LINES(type, g, n)     group g touches at most n lines
 *   LINEUP_ASSERT_GROUPS_APART(type, g1, g2)  no line holds a byte of both
 *   LINEUP_ASSERT_WRITE_APART(type, w, g1, ...)
 *                            GROUPS_APART(w, g) for each of up to 16 groups,
 *                            one message per offending group. That w is a
 *                            write group is the tool's to check.
 *   Each assertion's message names the type, the members or groups and the
 *   numbers as written. Group assertions take the group's name, not its kind;
 *   a group that was never opened is an error naming lineup__begin__<name>.
 *   Members are named as in offsetof: nested (a.b) and array (a[2]) members
 *   work, bit-fields cannot be named (the compiler rejects them). In C++,
 *   types that are not standard-layout draw -Winvalid-offsetof.
 *   lineup_alloc(size), LINEUP_NEW(type), lineup_free(p), lineup_is_aligned(p)
 *                            line-aligned heap objects (malloc is not enough,
 *                            see "Allocation") and a cheap runtime check.
 *   LINEUP_TRACE_OBJECT(ptr, type)
 *                            names an object's type for lineup trace.
 *
 * Placement: lines are counted from the object's start only if
 * alignof(type) >= LINEUP_CACHELINE_SIZE. Otherwise the object may start at
 * any multiple of its alignment inside a line, and SAME_LINE, APART,
 * GROUP_LINES and GROUPS_APART must hold for every such start; LINE and
 * LINE_START refuse such types. The lineup tool uses the same rule.
 * A group spans [offset of its begin marker, offset of its end marker),
 * the only span a macro can measure; the lineup tool counts a group's bytes
 * the same way (doc/header.md, "Group bytes"). A begin marker sits where
 * the previous member ends, so alignment padding before the group's first
 * member counts as the group's: conservative, never hides a conflict;
 * LINEUP_BEGIN_ALIGNED or a group inside an isolation avoids it. An empty
 * group spans 0 bytes and 0 lines and is apart from everything.
 *
 * Compile-time options (-D on the command line, or #define before including):
 *   LINEUP_CACHELINE_SIZE=N    override the table; a power of two, a literal.
 *   LINEUP_DESTRUCTIVE_SIZE=N  override the interference distance.
 *
 * What the tool reads (a contract with the lineup tool; change both or
 * neither). A group is two zero-size array members:
 *     lineup__<kind> lineup__begin__<name>[0];
 *     lineup__<kind> lineup__end__<name>[0];
 *   lineup__<kind> is the typedef lineup__write, lineup__read or lineup__cold
 *   (each unsigned char): DW_TAG_typedef in DWARF, TYPEDEF in BTF, so the
 *   kind needs no side file. In C the arrays have DW_AT_count 0 (GCC and
 *   Clang); pahole prints one that ends a struct as "[]". In C++ a marker
 *   ends in [1][0], not [0] (LINEUP__MARKER says why): the same name,
 *   element typedef, offset and size 0, but two DW_TAG_subrange_types (1, 0)
 *   where C has one, so pahole prints "[1][0]" ("[1][]" at the end of a
 *   struct); pahole's BTF encoder multiplies the dimensions into one [0].
 *   <name> must not contain "__". An isolation is an anonymous struct
 *   member aligned to the line, bounded by
 *     lineup__isolate lineup__isolate_begin__<name>[0];
 *     lineup__isolate lineup__isolate_end__<name>[0];
 *   Markers inside it (a group in an isolation) are members of the
 *   anonymous struct in DWARF, at offsets relative to it.
 */
#ifndef LINEUP_H
#define LINEUP_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(_WIN32)
#include <malloc.h> /* _aligned_malloc: the Windows CRTs lack aligned_alloc */
#endif

/* static_assert is C11/C++11; older modes would need a fallback that can
 * compile to nothing, which this header refuses to have. */
#if defined(__cplusplus)
#if __cplusplus < 201103L && !(defined(_MSVC_LANG) && _MSVC_LANG >= 201103L)
#error "lineup.h needs C++11 or later"
#endif
#elif !defined(__STDC_VERSION__) || __STDC_VERSION__ < 201112L
#error "lineup.h needs C11 or later (-std=c11 or gnu11)"
#endif

/* GCC and Clang (and compilers that claim to be GCC) get the full header.
 * -DLINEUP__NO_GNU_EXTENSIONS lets lineup's own tests exercise the other
 * path. */
#if (defined(__GNUC__) || defined(__clang__)) && \
	!defined(LINEUP__NO_GNU_EXTENSIONS)
#define LINEUP__HAVE_GNU_EXTENSIONS 1
#else
#define LINEUP__HAVE_GNU_EXTENSIONS 0
#endif

/*
 * Cache line size, per architecture. Sources: Linux
 * arch/<arch>/include/asm/cache.h (L1_CACHE_SHIFT, or SMP_CACHE_BYTES where
 * it differs) and each arch's Kconfig default:
 *   x86-64, i386   64   X86_L1_CACHE_SHIFT 6 (generic builds; 7 only for
 *                       CONFIG_MPENTIUM4)
 *   aarch64        64   L1_CACHE_SHIFT 6
 *   aarch64 Apple 128   M-series cores have 128-byte lines (sysctl
 *                       hw.cachelinesize reports 128)
 *   arm (32-bit)   64   ARM_L1_CACHE_SHIFT 6, the default for ARMv7 cores
 *   ppc64         128   L1_CACHE_SHIFT 7 (CONFIG_PPC64)
 *   ppc32          32   L1_CACHE_SHIFT 5 (CONFIG_PPC32)
 *   s390, s390x   256   L1_CACHE_SHIFT 8
 *   riscv          64   L1_CACHE_SHIFT 6
 *   loongarch      64   L1_CACHE_SHIFT 6 (Kconfig default)
 *   mips           32   MIPS_L1_CACHE_SHIFT 5 (Kconfig default)
 *   sparc64        64   SMP_CACHE_BYTES_SHIFT 6
 *   sparc32        32   SMP_CACHE_BYTES_SHIFT 5
 * GCC's __GCC_DESTRUCTIVE_SIZE is not used: it follows -mtune and is not
 * ABI-stable (GCC's -Winterference-size says so), and layouts must not change
 * with tuning flags.
 */
#ifndef LINEUP_CACHELINE_SIZE
#if defined(__x86_64__) || defined(_M_X64) || defined(_M_AMD64)
#define LINEUP_CACHELINE_SIZE 64
#elif defined(__i386__) || defined(_M_IX86)
#define LINEUP_CACHELINE_SIZE 64
#elif (defined(__aarch64__) || defined(_M_ARM64)) && defined(__APPLE__)
#define LINEUP_CACHELINE_SIZE 128
#elif defined(__aarch64__) || defined(_M_ARM64)
#define LINEUP_CACHELINE_SIZE 64
#elif defined(__arm__) || defined(_M_ARM)
#define LINEUP_CACHELINE_SIZE 64
#elif defined(__powerpc64__) || defined(__ppc64__) || defined(__PPC64__)
#define LINEUP_CACHELINE_SIZE 128
#elif defined(__powerpc__) || defined(__ppc__) || defined(__PPC__)
#define LINEUP_CACHELINE_SIZE 32
#elif defined(__s390x__) || defined(__s390__)
#define LINEUP_CACHELINE_SIZE 256
#elif defined(__riscv)
#define LINEUP_CACHELINE_SIZE 64
#elif defined(__loongarch__)
#define LINEUP_CACHELINE_SIZE 64
#elif defined(__mips__)
#define LINEUP_CACHELINE_SIZE 32
#elif defined(__sparc__) && (defined(__arch64__) || defined(__sparc_v9__))
#define LINEUP_CACHELINE_SIZE 64
#elif defined(__sparc__)
#define LINEUP_CACHELINE_SIZE 32
#else
#error "lineup.h: unknown architecture; pass -DLINEUP_CACHELINE_SIZE=N (bytes)"
#endif
#endif

/* Checked by the preprocessor so the message is clear on every compiler;
 * this is also why the value must be an integer literal. */
#if LINEUP_CACHELINE_SIZE <= 0 || \
	(LINEUP_CACHELINE_SIZE & (LINEUP_CACHELINE_SIZE - 1)) != 0
#error "lineup.h: LINEUP_CACHELINE_SIZE must be a power of two"
#endif

/*
 * Destructive interference size: how far apart two written objects must be
 * so that neither slows the other (C++17's
 * hardware_destructive_interference_size, P0154). x86: 128, because the L2
 * "spatial prefetcher" fetches each line together with its pair in the same
 * 128-byte aligned chunk (Intel 64 and IA-32 Architectures Optimization
 * Reference Manual, "Data Prefetching"). GCC's constant stays at 64 for x86
 * (Jason Merrill's 2021 patch adding the C++17 constants); folly and
 * crossbeam use 128 as we do. Elsewhere: the line size.
 */
#ifndef LINEUP_DESTRUCTIVE_SIZE
#if (defined(__x86_64__) || defined(_M_X64) || defined(_M_AMD64) || \
     defined(__i386__) || defined(_M_IX86)) && LINEUP_CACHELINE_SIZE < 128
#define LINEUP_DESTRUCTIVE_SIZE 128
#else
#define LINEUP_DESTRUCTIVE_SIZE LINEUP_CACHELINE_SIZE
#endif
#endif

#if LINEUP_DESTRUCTIVE_SIZE < LINEUP_CACHELINE_SIZE || \
	(LINEUP_DESTRUCTIVE_SIZE & (LINEUP_DESTRUCTIVE_SIZE - 1)) != 0
#error "lineup.h: LINEUP_DESTRUCTIVE_SIZE must be a power of two >= LINEUP_CACHELINE_SIZE"
#endif

/* ------------------------------------------------------------------------
 * Language glue. C++ spells casts and static_assert differently, and users
 * build with -Wold-style-cast and -Wzero-as-null-pointer-constant.
 *
 * Clang prints a failed static_assert's whole condition, kilobytes once the
 * placement macros are expanded; routed through sizeof it prints
 * "sizeof(char[2]) == 1" and the message, which is what the user needs.
 */
#define LINEUP__TERSE_CONDITION(cond) (sizeof(char[(cond) ? 1 : 2]) == 1)

#if defined(__cplusplus)
/* offsetof on a class with a base is conditionally-supported; GCC and
 * Clang support it and still warn (-Winvalid-offsetof), which -Werror
 * makes fatal: silenced for the assertion alone (issue 19). g++ takes no
 * pragma between a declaration and its ';', so the pop comes after the
 * assertion's own ';' and a second, true assertion takes the user's. */
#define LINEUP__STATIC_ASSERT(cond, msg)                                  \
	_Pragma("GCC diagnostic push")                                    \
	_Pragma("GCC diagnostic ignored \"-Winvalid-offsetof\"")          \
	static_assert(LINEUP__TERSE_CONDITION(cond), msg);                \
	_Pragma("GCC diagnostic pop")                                     \
	static_assert(true, "")
#define LINEUP__ALIGNOF(type) alignof(type)
#define LINEUP__CAST(type, x) static_cast<type>(x)
#define LINEUP__NULL_PTR(type) static_cast<type *>(nullptr)
#else
#define LINEUP__STATIC_ASSERT(cond, msg)                                  \
	_Static_assert(LINEUP__TERSE_CONDITION(cond), msg)
#define LINEUP__ALIGNOF(type) _Alignof(type)
#define LINEUP__CAST(type, x) ((type)(x))
#define LINEUP__NULL_PTR(type) ((type *)0)
#endif

#define LINEUP__LINE_BYTES LINEUP__CAST(size_t, LINEUP_CACHELINE_SIZE)

/* ------------------------------------------------------------------------
 * Alignment. The GNU attribute may sit before a declaration or between
 * 'struct' and its tag; standard alignas cannot do the latter in C.
 */
#if LINEUP__HAVE_GNU_EXTENSIONS
#define LINEUP_ALIGNED_TO(n) __attribute__((__aligned__(n)))
#elif defined(__cplusplus)
#define LINEUP_ALIGNED_TO(n) alignas(n)
#else
#define LINEUP_ALIGNED_TO(n) _Alignas(n) /* members and variables only */
#endif

#define LINEUP_ALIGNED LINEUP_ALIGNED_TO(LINEUP_CACHELINE_SIZE)

/* ------------------------------------------------------------------------
 * Split writers. When every CPU writes one counter (the seed's load_avg),
 * no layout keeps its line still: the writers fight over it among
 * themselves. The fix is to give each CPU or node a slot of its own and
 * sum the slots on read, as Linux's per-node arrays of
 * ____cacheline_aligned_in_smp structs and crossbeam's CachePadded<T> do.
 * A slot is aligned to LINEUP_DESTRUCTIVE_SIZE, not just a line, so that
 * x86's adjacent-line prefetcher does not pair two writers' slots
 * (override it with -DLINEUP_DESTRUCTIVE_SIZE=64 to pack them a line
 * apart). The slot type is named lineup__slot_<tag> (nested in struct tag
 * in C++); the assertions are members of struct tag, checked where it is
 * defined.
 */
#define LINEUP_SLOTS(tag, type, n)                                        \
	struct tag {                                                      \
		LINEUP__STATIC_ASSERT((n) >= 1, "lineup: LINEUP_SLOTS("   \
			#tag ", " #type ", " #n ") needs at least one slot"); \
		struct lineup__slot_##tag {                               \
			LINEUP_ALIGNED_TO(LINEUP_DESTRUCTIVE_SIZE)        \
			type lineup__value;                               \
		} lineup__slots[(n) >= 1 ? (n) : 1];                      \
		LINEUP__STATIC_ASSERT(                                    \
			sizeof(struct lineup__slot_##tag) %               \
				LINEUP_DESTRUCTIVE_SIZE == 0 &&           \
			LINEUP__ALIGNOF(struct lineup__slot_##tag) >=     \
				LINEUP_DESTRUCTIVE_SIZE,                  \
			"lineup: LINEUP_SLOTS(" #tag ", " #type ", " #n   \
			"): a slot's stride or alignment is not a "       \
			"multiple of LINEUP_DESTRUCTIVE_SIZE");           \
	}

/* Slot i's value, an lvalue: LINEUP_SLOT(tg->load_avg, cpu) += delta. */
#define LINEUP_SLOT(obj, i) ((obj).lineup__slots[i].lineup__value)

/* How many slots OBJ has; a reader sums LINEUP_SLOT(obj, 0..count-1). */
#define LINEUP_SLOT_COUNT(obj)                                            \
	(sizeof((obj).lineup__slots) / sizeof((obj).lineup__slots[0]))

/* ------------------------------------------------------------------------
 * Groups and isolation.
 */
#if LINEUP__HAVE_GNU_EXTENSIONS

/* The kind of a group, as the tool reads it: the typedef name of the
 * marker's element type survives into DWARF and BTF. */
typedef unsigned char lineup__write;
typedef unsigned char lineup__read;
typedef unsigned char lineup__cold;
typedef unsigned char lineup__isolate;

/* Kind check by token pasting: a valid kind becomes its typedef, any other
 * stays an unknown type whose name tells the user what went wrong. */
#define lineup__kind_must_be_write_read_or_cold__write lineup__write
#define lineup__kind_must_be_write_read_or_cold__read lineup__read
#define lineup__kind_must_be_write_read_or_cold__cold lineup__cold

/*
 * A marker is a zero-size member: a zero-length array of the kind's
 * typedef, under __extension__ so that -Wpedantic accepts the zero.
 *
 * C++ spells it T name[1][0], one row of zero elements (issue 10). g++
 * checks zero-length array members when it completes a class, and again in
 * every class that holds that class as a member: "zero-size array member
 * not at end of 'struct s'", at the marker, or, when that one is silenced
 * (as a pragma here once did), "invalid use of 'struct s' with a zero-size
 * array in 'struct outer'", at the user's member declaration, which no
 * pragma in this header can reach. So under g++ -Wpedantic -Werror no
 * struct with a group or an isolation could be a member of another. g++
 * recognises a zero-length array by its outer bound only, 1 here; the size
 * is still 0. Clang++ checks neither but gets the same spelling, so a C++
 * layout reads the same whichever compiler built it. The tool sees the
 * same names, kinds, offsets and sizes ("What the tool reads", at the top).
 */
#if defined(__cplusplus)
/* unused: a marker in a private: section is a private field nothing
 * reads, which clang's -Wunused-private-field reports (issue 19) */
#define LINEUP__MARKER(elem_type, name, attr)                             \
	__extension__ elem_type name[1][0] __attribute__((__unused__)) attr
#else
#define LINEUP__MARKER(elem_type, name, attr)                             \
	__extension__ elem_type name[0] attr
#endif

#define LINEUP_BEGIN(kind, name)                                          \
	LINEUP__MARKER(lineup__kind_must_be_write_read_or_cold__##kind,   \
		       lineup__begin__##name, )
#define LINEUP_END(kind, name)                                            \
	LINEUP__MARKER(lineup__kind_must_be_write_read_or_cold__##kind,   \
		       lineup__end__##name, )

/* The group starts a line: the aligned marker pulls the first member along
 * (Linux's __cacheline_group_begin_aligned). Prefer it to LINEUP_ALIGNED on
 * the first member, which would leave the padding before it inside the
 * group's span. */
#define LINEUP_BEGIN_ALIGNED(kind, name)                                  \
	LINEUP__MARKER(lineup__kind_must_be_write_read_or_cold__##kind,   \
		       lineup__begin__##name, LINEUP_ALIGNED)

/* An aligned type's size is a multiple of its alignment, so the members
 * after LINEUP_ISOLATE_END start on a fresh line too: the seed's fix
 * (struct task_group, 704 -> 768 bytes) without hand-computed padding. */
#if defined(__cplusplus)
/* C++ cannot put a member with a constructor (std::atomic, std::mutex) in
 * an anonymous struct (issue 19): line-aligned markers give the same
 * offsets instead. The first starts a line; the end marker sits right
 * after the members, where C's does, and an aligned one after it makes
 * the next member start a fresh line, as the end of an aligned struct
 * does. */
#define LINEUP_ISOLATE_BEGIN(name)                                        \
	LINEUP__MARKER(lineup__isolate, lineup__isolate_begin__##name,    \
		       LINEUP_ALIGNED)
#define LINEUP_ISOLATE_END(name)                                          \
	LINEUP__MARKER(lineup__isolate, lineup__isolate_end__##name, );   \
	LINEUP__MARKER(lineup__isolate, lineup__isolate_next__##name,     \
		       LINEUP_ALIGNED)
#else
/* Anonymous structs are standard C11. */
#define LINEUP_ISOLATE_BEGIN(name)                                        \
	struct LINEUP_ALIGNED {                                           \
		LINEUP__MARKER(lineup__isolate,                           \
			       lineup__isolate_begin__##name, )
#define LINEUP_ISOLATE_END(name)                                          \
		LINEUP__MARKER(lineup__isolate,                           \
			       lineup__isolate_end__##name, );            \
	}
#endif

#else /* !LINEUP__HAVE_GNU_EXTENSIONS */

/* Zero-size members need GNU C; fail loudly rather than mark nothing. */
#define LINEUP_BEGIN(kind, name)                                          \
	LINEUP__STATIC_ASSERT(0, "lineup: LINEUP_BEGIN(" #kind ", " #name \
			      ") needs GCC or Clang")
#define LINEUP_END(kind, name)                                            \
	LINEUP__STATIC_ASSERT(0, "lineup: LINEUP_END(" #kind ", " #name   \
			      ") needs GCC or Clang")
#define LINEUP_BEGIN_ALIGNED(kind, name)                                  \
	LINEUP__STATIC_ASSERT(0, "lineup: LINEUP_BEGIN_ALIGNED(" #kind    \
			      ", " #name ") needs GCC or Clang")
#define LINEUP_ISOLATE_BEGIN(name)                                        \
	LINEUP__STATIC_ASSERT(0, "lineup: LINEUP_ISOLATE_BEGIN(" #name    \
			      ") needs GCC or Clang")
#define LINEUP_ISOLATE_END(name)                                          \
	LINEUP__STATIC_ASSERT(0, "lineup: LINEUP_ISOLATE_END(" #name      \
			      ") needs GCC or Clang")

#endif /* LINEUP__HAVE_GNU_EXTENSIONS */

/* ------------------------------------------------------------------------
 * Placement arithmetic, shared by the assertions. Offsets are size_t
 * constant expressions. In the comments L is the line size
 * (LINEUP__LINE_BYTES) and A, the 'align' argument, is min(alignof(type),
 * L) (LINEUP__START_ALIGN): the granularity at which the object can start
 * inside a line.
 */
#define LINEUP__MIN(x, y) ((x) < (y) ? (x) : (y))
#define LINEUP__MAX(x, y) ((x) > (y) ? (x) : (y))

#define LINEUP__MEMBER_OFFSET(type, m) offsetof(type, m)
#define LINEUP__MEMBER_SIZE(type, m) sizeof(LINEUP__NULL_PTR(type)->m)
#define LINEUP__MEMBER_END(type, m)                                       \
	(LINEUP__MEMBER_OFFSET(type, m) + LINEUP__MEMBER_SIZE(type, m))
#define LINEUP__START_ALIGN(type)                                         \
	LINEUP__MIN(LINEUP__ALIGNOF(type), LINEUP__LINE_BYTES)
#define LINEUP__IS_LINE_ALIGNED(type)                                     \
	(LINEUP__ALIGNOF(type) >= LINEUP__LINE_BYTES)

/* Offsets of a group's markers: the group spans [begin, end). */
#define LINEUP__GROUP_BEGIN(type, g) offsetof(type, lineup__begin__##g)
#define LINEUP__GROUP_END(type, g) offsetof(type, lineup__end__##g)

/* A number the user wrote, as a size_t to compare with offsets. */
#define LINEUP__AS_SIZE(n) LINEUP__CAST(size_t, n)

/* [end, next) is the gap from the end of one range to the start of the
 * next. The worst start puts the last byte before the gap (end - 1) as
 * early in its line as the alignment allows, at (end - 1) % A; a line
 * boundary falls in the gap for every start iff that position plus the
 * distance to next reaches L. */
#define LINEUP__GAP_CROSSES_LINE(align, end, next)                        \
	((((end) - 1) % (align)) + ((next) - (end) + 1) >=                \
	 LINEUP__LINE_BYTES)

/* [a0, a1) and [b0, b1), in either order, share no line for any start.
 * An empty range holds no byte; overlapping ranges always share. */
#define LINEUP__RANGES_APART(align, a0, a1, b0, b1)                       \
	((a0) >= (a1) || (b0) >= (b1) ||                                  \
	 ((a1) <= (b0) && LINEUP__GAP_CROSSES_LINE(align, a1, b0)) ||     \
	 ((b1) <= (a0) && LINEUP__GAP_CROSSES_LINE(align, b1, a0)))

/* [lo, hi) lies in one line for every start: the worst start puts lo at
 * L - A + lo % A inside its line. */
#define LINEUP__RANGE_IN_ONE_LINE(align, lo, hi)                          \
	(LINEUP__LINE_BYTES - (align) + (lo) % (align) + ((hi) - (lo)) <= \
	 LINEUP__LINE_BYTES)

/* Most lines [lo, hi) can touch for any start (0 if empty). */
#define LINEUP__RANGE_MAX_LINES(align, lo, hi)                            \
	((hi) <= (lo) ? 0 :                                               \
	 (LINEUP__LINE_BYTES - (align) + (lo) % (align) + ((hi) - (lo)) - \
	  1) / LINEUP__LINE_BYTES + 1)

/* ------------------------------------------------------------------------
 * Assertions. Each is a single static_assert declaration (two for LINE and
 * LINE_START), so it is valid wherever a declaration is and introduces no
 * name; the message is built with # so it names what the user wrote.
 */
#define LINEUP_ASSERT_OFFSET(type, m, off)                                \
	LINEUP__STATIC_ASSERT(                                            \
		LINEUP__MEMBER_OFFSET(type, m) == LINEUP__AS_SIZE(off),   \
		"lineup: " #type ": member `" #m "` is not at offset " #off)

#define LINEUP_ASSERT_SIZE(type, n)                                       \
	LINEUP__STATIC_ASSERT(sizeof(type) == LINEUP__AS_SIZE(n),         \
		"lineup: " #type ": size is not " #n " bytes")

#define LINEUP_ASSERT_SIZE_MAX(type, n)                                   \
	LINEUP__STATIC_ASSERT(sizeof(type) <= LINEUP__AS_SIZE(n),         \
		"lineup: " #type ": size is over " #n " bytes")

/* Line numbers mean something only if the object starts a line. */
#define LINEUP__ASSERT_LINE_ALIGNED_TYPE(type, what)                      \
	LINEUP__STATIC_ASSERT(LINEUP__IS_LINE_ALIGNED(type),              \
		"lineup: " #type " is not line-aligned, so line numbers " \
		"are undefined (" what "); make the type LINEUP_ALIGNED " \
		"or use LINEUP_ASSERT_APART/SAME_LINE")

#define LINEUP_ASSERT_LINE(type, m, n)                                    \
	LINEUP__ASSERT_LINE_ALIGNED_TYPE(type,                            \
		"LINEUP_ASSERT_LINE of `" #m "`");                        \
	LINEUP__STATIC_ASSERT(!LINEUP__IS_LINE_ALIGNED(type) ||           \
		(LINEUP__MEMBER_OFFSET(type, m) / LINEUP__LINE_BYTES ==   \
			 LINEUP__AS_SIZE(n) &&                            \
		 (LINEUP__MEMBER_SIZE(type, m) == 0 ||                    \
		  (LINEUP__MEMBER_END(type, m) - 1) / LINEUP__LINE_BYTES == \
			  LINEUP__AS_SIZE(n))),                           \
		"lineup: " #type ": member `" #m "` is not wholly in "    \
		"cache line " #n)

#define LINEUP_ASSERT_LINE_START(type, m)                                 \
	LINEUP__ASSERT_LINE_ALIGNED_TYPE(type,                            \
		"LINEUP_ASSERT_LINE_START of `" #m "`");                  \
	LINEUP__STATIC_ASSERT(!LINEUP__IS_LINE_ALIGNED(type) ||           \
		LINEUP__MEMBER_OFFSET(type, m) % LINEUP__LINE_BYTES == 0, \
		"lineup: " #type ": member `" #m "` does not start a "    \
		"cache line")

#define LINEUP_ASSERT_SAME_LINE(type, a, b)                               \
	LINEUP__STATIC_ASSERT(LINEUP__RANGE_IN_ONE_LINE(                  \
		LINEUP__START_ALIGN(type),                                \
		LINEUP__MIN(LINEUP__MEMBER_OFFSET(type, a),               \
			    LINEUP__MEMBER_OFFSET(type, b)),              \
		LINEUP__MAX(LINEUP__MEMBER_END(type, a),                  \
			    LINEUP__MEMBER_END(type, b))),                \
		"lineup: " #type ": members `" #a "` and `" #b "` are "   \
		"not always in one cache line")

#define LINEUP_ASSERT_APART(type, a, b)                                   \
	LINEUP__STATIC_ASSERT(LINEUP__RANGES_APART(                       \
		LINEUP__START_ALIGN(type),                                \
		LINEUP__MEMBER_OFFSET(type, a), LINEUP__MEMBER_END(type, a), \
		LINEUP__MEMBER_OFFSET(type, b), LINEUP__MEMBER_END(type, b)), \
		"lineup: " #type ": members `" #a "` and `" #b "` may "   \
		"share a cache line")

/* A member of zero size at either edge of the group counts as inside. */
#define LINEUP_ASSERT_IN_GROUP(type, g, m)                                \
	LINEUP__STATIC_ASSERT(                                            \
		LINEUP__GROUP_BEGIN(type, g) <=                           \
			LINEUP__MEMBER_OFFSET(type, m) &&                 \
		LINEUP__MEMBER_END(type, m) <= LINEUP__GROUP_END(type, g), \
		"lineup: " #type ": member `" #m "` is not in group `" #g "`")

#define LINEUP_ASSERT_GROUP_BYTES(type, g, n)                             \
	LINEUP__STATIC_ASSERT(                                            \
		LINEUP__GROUP_END(type, g) >= LINEUP__GROUP_BEGIN(type, g) && \
		LINEUP__GROUP_END(type, g) - LINEUP__GROUP_BEGIN(type, g) == \
			LINEUP__AS_SIZE(n),                               \
		"lineup: " #type ": group `" #g "` does not span " #n     \
		" bytes (or ends before it begins)")

#define LINEUP_ASSERT_GROUP_LINES(type, g, n)                             \
	LINEUP__STATIC_ASSERT(                                            \
		LINEUP__GROUP_END(type, g) >= LINEUP__GROUP_BEGIN(type, g) && \
		LINEUP__RANGE_MAX_LINES(LINEUP__START_ALIGN(type),        \
					LINEUP__GROUP_BEGIN(type, g),     \
					LINEUP__GROUP_END(type, g)) <=    \
			LINEUP__AS_SIZE(n),                               \
		"lineup: " #type ": group `" #g "` may touch more than "  \
		#n " cache line(s) (or ends before it begins)")

/* GROUPS_APART with the caller's message. */
#define LINEUP__ASSERT_GROUPS_APART_MSG(type, g1, g2, msg)                \
	LINEUP__STATIC_ASSERT(LINEUP__RANGES_APART(                       \
		LINEUP__START_ALIGN(type),                                \
		LINEUP__GROUP_BEGIN(type, g1), LINEUP__GROUP_END(type, g1), \
		LINEUP__GROUP_BEGIN(type, g2), LINEUP__GROUP_END(type, g2)), \
		msg)

#define LINEUP_ASSERT_GROUPS_APART(type, g1, g2)                          \
	LINEUP__ASSERT_GROUPS_APART_MSG(type, g1, g2,                     \
		"lineup: " #type ": groups `" #g1 "` and `" #g2 "` may "  \
		"share a cache line")

/* One static_assert per listed group, each naming its pair.
 * LINEUP__WRITE_APART_COUNT counts the groups (99 for 17 to 20) and picks
 * LINEUP__WRITE_APART_<count>; each step peels one group off. Numbers, not
 * words, so no user macro can capture them. */
#define LINEUP__WRITE_APART_1(type, w, g)                                 \
	LINEUP__ASSERT_GROUPS_APART_MSG(type, w, g,                       \
		"lineup: " #type ": write group `" #w                     \
		"` may share a cache line with group `" #g "`")
#define LINEUP__WRITE_APART_2(type, w, g, ...)                            \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_1(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_3(type, w, g, ...)                            \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_2(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_4(type, w, g, ...)                            \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_3(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_5(type, w, g, ...)                            \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_4(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_6(type, w, g, ...)                            \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_5(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_7(type, w, g, ...)                            \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_6(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_8(type, w, g, ...)                            \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_7(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_9(type, w, g, ...)                            \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_8(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_10(type, w, g, ...)                           \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_9(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_11(type, w, g, ...)                           \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_10(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_12(type, w, g, ...)                           \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_11(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_13(type, w, g, ...)                           \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_12(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_14(type, w, g, ...)                           \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_13(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_15(type, w, g, ...)                           \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_14(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_16(type, w, g, ...)                           \
	LINEUP__WRITE_APART_1(type, w, g);                                \
	LINEUP__WRITE_APART_15(type, w, __VA_ARGS__)
#define LINEUP__WRITE_APART_99(type, w, ...)                              \
	LINEUP__STATIC_ASSERT(0, "lineup: " #type                         \
		": LINEUP_ASSERT_WRITE_APART(" #w ", ...) takes at most " \
		"16 groups; split the statement")

/* The 21st argument: with the count list appended, the number of
 * arguments before it. */
#define LINEUP__ARG_21(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, \
		       _13, _14, _15, _16, _17, _18, _19, _20, n, ...) n
#define LINEUP__WRITE_APART_COUNT(...)                                    \
	LINEUP__ARG_21(__VA_ARGS__, 99, 99, 99, 99,                       \
		       16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)

/* Expands a and b first, so a macro call can build a name. */
#define LINEUP__CONCAT(a, b) LINEUP__CONCAT_UNEXPANDED(a, b)
#define LINEUP__CONCAT_UNEXPANDED(a, b) a##b

#define LINEUP_ASSERT_WRITE_APART(type, w, ...)                           \
	LINEUP__CONCAT(LINEUP__WRITE_APART_,                              \
		       LINEUP__WRITE_APART_COUNT(__VA_ARGS__))            \
	(type, w, __VA_ARGS__)

/* ------------------------------------------------------------------------
 * Allocation. malloc guarantees only alignof(max_align_t) (16 on x86-64
 * glibc), so a LINEUP_ALIGNED struct on the heap silently starts mid-line
 * and every layout assertion above is void for it. These use C11
 * aligned_alloc (Windows: _aligned_malloc); sizes are rounded up to a
 * multiple of the alignment, which C11's aligned_alloc requires.
 */
static inline void *lineup__alloc_aligned(size_t size, size_t align)
{
	if (size == 0)
		size = 1; /* a unique pointer, as malloc(0) may give */
	if (size > SIZE_MAX - (align - 1))
		return LINEUP__NULL_PTR(void);
	size = (size + align - 1) & ~(align - 1);
#if defined(_WIN32)
	return _aligned_malloc(size, align);
#else
	return aligned_alloc(align, size);
#endif
}

/* size bytes starting a cache line; free with lineup_free. */
static inline void *lineup_alloc(size_t size)
{
	return lineup__alloc_aligned(size, LINEUP__LINE_BYTES);
}

static inline void *lineup__alloc_aligned_zeroed(size_t size, size_t align)
{
	void *p = lineup__alloc_aligned(size, align);

	if (p)
		memset(p, 0, size);
	return p;
}

/* A zeroed type on the heap, aligned to max(line, alignof(type)); NULL if
 * out of memory. C++: memory only, no constructor runs (trivial types). */
#define LINEUP_NEW(type)                                                  \
	LINEUP__CAST(type *, lineup__alloc_aligned_zeroed(sizeof(type),   \
		LINEUP__MAX(LINEUP__ALIGNOF(type), LINEUP__LINE_BYTES)))

static inline void lineup_free(void *p)
{
#if defined(_WIN32)
	_aligned_free(p);
#else
	free(p);
#endif
}

/* ------------------------------------------------------------------------
 * lineup trace (doc/trace.md). LINEUP_TRACE_OBJECT(ptr, type), a
 * statement: tells the trace runtime that ptr points to a type, for an
 * object whose allocation site does not say (a pool, a custom allocator,
 * two same-size types from one site). It calls the runtime only when the
 * program was linked by lineup trace-cc (a weak reference), and is a
 * statement that evaluates ptr and does nothing otherwise.
 */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__ELF__)
#if defined(__cplusplus)
extern "C"
#endif
void lineup__trace_object(const void *p, size_t size, const char *type)
	__attribute__((__weak__));
#define LINEUP_TRACE_OBJECT(ptr, type)                                    \
	do {                                                              \
		const void *lineup__p = (ptr);                            \
		if (lineup__trace_object)                                 \
			lineup__trace_object(lineup__p, sizeof(type), #type); \
	} while (0)
#else
#define LINEUP_TRACE_OBJECT(ptr, type) ((void)(ptr))
#endif

/* Nonzero if p starts a cache line: for assert()s on objects whose
 * allocator the layout assertions cannot see. */
static inline int lineup_is_aligned(const volatile void *p)
{
#if defined(__cplusplus)
	return (reinterpret_cast<uintptr_t>(p) & (LINEUP__LINE_BYTES - 1)) == 0;
#else
	return ((uintptr_t)p & (LINEUP__LINE_BYTES - 1)) == 0;
#endif
}

#endif /* LINEUP_H */
