/* SPDX-License-Identifier: MIT */
/* C++ type names as users write them and as compilers spell them. */
#ifndef LINEUP_CXX_NAMES_H
#define LINEUP_CXX_NAMES_H

#include <stdbool.h>
#include <stddef.h>

/*
 * NAME spelled one way for every compiler, into BUF (CAP bytes): spaces only
 * between two words, integer types in one order ("long unsigned int" and
 * "unsigned long" are "unsigned long"), integer literals without suffixes
 * ("4UL" is "4"). False when BUF is too small.
 */
bool lu_cxx_canonical(const char *name, char *buf, size_t cap);

enum lu_cxx_match {
	LU_CXX_NO_MATCH,
	LU_CXX_EXACT,	/* the same type, however spelled */
	LU_CXX_PREFIX,	/* WANT leaves trailing template arguments out */
};

/* Does WANT, a name a user wrote, name the type the compiler spelled
 * HAVE? C names match only as spelled; a template's name alone ("Ring")
 * is a prefix of each of its instances. */
enum lu_cxx_match lu_cxx_name_match(const char *have, const char *want);

/* NAME after its first scope ("ns::Q<a::b>::Block" after "ns::"), or
 * NULL when it has none. */
const char *lu_cxx_after_scope(const char *name);

/* lu_cxx_name_match of WANT against HAVE without some of its outer scopes:
 * "Q<int>::Block" and "Block" name "ns::Q<int, T>::Block". */
enum lu_cxx_match lu_cxx_scoped_match(const char *have, const char *want);

/*
 * NAME as C++ source spells it, into BUF (CAP bytes): a type in an anonymous
 * namespace, "(anonymous namespace)::Hot" in DWARF, is "Hot" (only in its
 * own file). True when NAME had such a scope.
 */
bool lu_cxx_source_name(const char *name, char *buf, size_t cap);

#endif
