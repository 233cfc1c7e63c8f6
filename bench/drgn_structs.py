#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The reference bench/run times lineup show --struct against: drgn (the
kernel's Python debugger, Debian's python3-drgn) loads FILE's DWARF and
prints each named struct's members (name, offset, size), walking into
anonymous members, as lineup's show reads them. Bench only: drgn is not a
dependency of lineup or of its tests.

    drgn_structs.py FILE STRUCT...
"""
import sys

import drgn


def walk(t, base, out):
    for m in t.members:
        off = base + m.bit_offset // 8
        if m.name is None and m.type.kind in (drgn.TypeKind.STRUCT,
                                              drgn.TypeKind.UNION):
            walk(m.type, off, out)
            continue
        try:
            size = drgn.sizeof(m.type)
        except TypeError:	# flexible arrays, functions
            size = 0
        out.append("\t%s %d %d" % (m.name, off, size))


def main():
    prog = drgn.Program()
    prog.load_debug_info([sys.argv[1]], main=True)
    out = []
    for name in sys.argv[2:]:
        t = prog.type("struct " + name)
        out.append("struct %s %d" % (name, drgn.sizeof(t)))
        walk(t, 0, out)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
