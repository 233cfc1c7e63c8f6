/* SPDX-License-Identifier: MIT */
/* Which rules govern a struct, and a section by its name (rules.h): one
 * lookup for every stage. */
#include "rules.h"

#include <string.h>

#include "cxx_names.h"

/* The section named NAME as spelled: a binary search of the sorted names. */
static const struct lu_rule_struct *find_spelled(const struct lu_rules *rules,
						 const char *name)
{
	size_t lo = 0, hi = rules ? rules->n_structs : 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(rules->by_name[mid]->name, name);

		if (!c)
			return rules->by_name[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const struct lu_rule_struct *lu_rules_find(const struct lu_rules *rules,
					   const char *name)
{
	const struct lu_rule_struct *r = find_spelled(rules, name);

	/* C++ spellings differ between compilers and users
	 * ("Ring<long int, 4>", "Ring<long, 4UL>"): the same type */
	for (size_t i = 0; !r && rules && strchr(name, '<') &&
			   i < rules->n_structs; i++)
		if (lu_cxx_name_match(rules->structs[i].name, name) ==
		    LU_CXX_EXACT)
			r = &rules->structs[i];
	return r;
}

/* C++ sections spelled otherwise than the compiler spells the type
 * ("[struct Ring<long, 4>]" for g++'s "Ring<long int, 4, Traits, true>",
 * "[struct Q<int>::Block]" for "ns::Q<int, T>::Block"):
 * the same type first, then the section that leaves the fewest template
 * arguments out (a section that names two types is refused before any
 * check, as an ambiguous name is). */
static const struct lu_rule_struct *rules_for_cxx(const struct lu_rules *rules,
						  const struct lu_struct *s)
{
	const struct lu_rule_struct *best = NULL;
	enum lu_cxx_match best_m = LU_CXX_NO_MATCH;

	for (size_t i = 0; i < rules->n_structs && best_m != LU_CXX_EXACT; i++) {
		const struct lu_rule_struct *r = &rules->structs[i];

		for (size_t t = 0; t <= s->n_typedefs; t++) {
			const char *have = t ? s->typedefs[t - 1] : s->name;

			for (int q = 1; q >= 0; q--) {
				enum lu_cxx_match m =
					q ? lu_cxx_name_match(have, r->name)
					  : lu_cxx_scoped_match(have, r->name);

				if (m > best_m ||
				    (m && m == best_m &&
				     strlen(r->name) > strlen(best->name)))
					best = r, best_m = m;
			}
		}
	}
	return best;
}

/* By its tag or a typedef, qualified as the compiler spells it or not
 * (the tag in any spelling, the rest as spelled; rules_for_cxx then
 * matches every other spelling in one pass):
 * C++ "[struct Meter]" names ns::Meter (an ambiguous name is refused
 * before any check, where the rules are read against the inputs). */
const struct lu_rule_struct *lu_rules_for(const struct lu_rules *rules,
					  const struct lu_struct *s)
{
	const struct lu_rule_struct *r;

	if (!rules)
		return NULL;
	for (int qualified = 1; qualified >= 0; qualified--) {
		const char *tag = qualified ? s->name : lu_unqualified(s->name);

		if ((!qualified && tag == s->name) ||
		    !(r = qualified ? lu_rules_find(rules, tag)
				    : find_spelled(rules, tag)))
			r = NULL;
		for (size_t t = 0; !r && t < s->n_typedefs; t++) {
			const char *td = s->typedefs[t];

			r = find_spelled(rules,
					  qualified ? td : lu_unqualified(td));
		}
		if (r)
			return r;
	}
	return strchr(s->name, '<') || strstr(s->name, "::")
		       ? rules_for_cxx(rules, s)
		       : NULL;
}
