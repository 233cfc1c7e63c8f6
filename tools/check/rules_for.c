/* SPDX-License-Identifier: MIT */
/* Which rules govern a struct (rules.h): one lookup for every stage. */
#include "rules.h"

const struct lu_rule_struct *lu_rules_for(const struct lu_rules *rules,
					  const struct lu_struct *s)
{
	const struct lu_rule_struct *r = rules ? lu_rules_find(rules, s->name)
					       : NULL;

	for (size_t t = 0; rules && !r && t < s->n_typedefs; t++)
		r = lu_rules_find(rules, s->typedefs[t]);
	return r;
}
