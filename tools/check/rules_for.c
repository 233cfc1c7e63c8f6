/* SPDX-License-Identifier: MIT */
/* Which rules govern a struct (rules.h): one lookup for every stage. */
#include "rules.h"

/* By its tag or a typedef, qualified as the compiler spells it or not:
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
		    !(r = lu_rules_find(rules, tag)))
			r = NULL;
		for (size_t t = 0; !r && t < s->n_typedefs; t++) {
			const char *td = s->typedefs[t];

			r = lu_rules_find(rules,
					  qualified ? td : lu_unqualified(td));
		}
		if (r)
			return r;
	}
	return NULL;
}
