// SPDX-License-Identifier: MIT
// One object of every type of classes.h, for their DWARF (tests/cpp).
#include "classes.h"

void lu_t::PMF::f() {}

lu_t::D d;
lu_t::Cls cls;
lu_t::PMF pmf;
lu_t::NUA nua;
lu_t::Both both;
lu_t::Marked marked;
n1::Meter m1;
n2::Meter m2;
Outer<int> outer;
Ring<char, 4> ring;
Chan<unsigned long, 8> chan;
Anon anon;
lu_t::Inner::Leaf leaf;
long anon_sum();	// external, so the variable of internal type stays
long anon_sum() { return anon.a + anon.b; }
q::Padded<char, 4> padded;
