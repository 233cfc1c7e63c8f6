/* SPDX-License-Identifier: MIT */
/* C++ type names as users write them and as compilers spell them. */
#include <criterion/criterion.h>
#include <string.h>

#include "cxx_names.h"

static void canon_is(const char *name, const char *want)
{
	char buf[256];

	cr_assert(lu_cxx_canonical(name, buf, sizeof(buf)), "%s", name);
	cr_assert_str_eq(buf, want, "canonical of %s", name);
}

Test(cxx_names, canonical_spellings)
{
	canon_is("Ring<long int, 4>", "Ring<long,4>");
	canon_is("Ring<long, 4UL>", "Ring<long,4>");
	canon_is("Ring<long unsigned int, 8, ns::Traits, true>",
		 "Ring<unsigned long,8,ns::Traits,true>");
	canon_is("Q<short unsigned int>", "Q<unsigned short>");
	canon_is("Q<long long int>", "Q<long long>");
	canon_is("Q<unsigned>", "Q<unsigned int>");
	canon_is("Q<signed char, char, unsigned char>",
		 "Q<signed char,char,unsigned char>");
	canon_is("A<B<int> >", "A<B<int>>");
	canon_is("Q<const char *>", "Q<const char*>");
	canon_is("Q<0x10ul, 7u>", "Q<0x10,7>");
	/* words that merely start like integer types stay as written */
	canon_is("Q<longer, int8_t, unsigned_t>", "Q<longer,int8_t,unsigned_t>");
}

Test(cxx_names, too_small_a_buffer_says_so)
{
	char buf[4];

	cr_assert_not(lu_cxx_canonical("Ring<long>", buf, sizeof(buf)));
}

Test(cxx_names, matches)
{
	cr_assert_eq(lu_cxx_name_match("Ring<long int, 4, T, true>",
				       "Ring<long, 4UL, T, true>"),
		     LU_CXX_EXACT);
	cr_assert_eq(lu_cxx_name_match("Ring<long int, 4, T, true>",
				       "Ring<long, 4>"),
		     LU_CXX_PREFIX);
	cr_assert_eq(lu_cxx_name_match("Q<int, Traits>::Block",
				       "Q<int>::Block"),
		     LU_CXX_PREFIX);
	cr_assert_eq(lu_cxx_name_match("Ring<long, 4>", "Ring"),
		     LU_CXX_PREFIX);
	/* a nested class is not an instance of its outer template */
	cr_assert_eq(lu_cxx_name_match("Q<int>::Block", "Q"),
		     LU_CXX_NO_MATCH);
	cr_assert_eq(lu_cxx_name_match("Ring<long, 4>", "Ring<long, 5>"),
		     LU_CXX_NO_MATCH);
	cr_assert_eq(lu_cxx_name_match("Ring<long, 4>", "Ring<long, 4, X>"),
		     LU_CXX_NO_MATCH);
	cr_assert_eq(lu_cxx_name_match("Ring<Box<long, A>, 4>",
				       "Ring<Box<long>>"),
		     LU_CXX_PREFIX);
	/* C names compare as spelled */
	cr_assert_eq(lu_cxx_name_match("task_group", "task_group"),
		     LU_CXX_EXACT);
	cr_assert_eq(lu_cxx_name_match("task_group", "task"),
		     LU_CXX_NO_MATCH);
}
