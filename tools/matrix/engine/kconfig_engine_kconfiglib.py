# SPDX-License-Identifier: MIT
"""lineup's question to a tree's Kconfig through python3-kconfiglib, for
trees that build no scripts/kconfig of their own (lineup's Kconfig
fixtures, projects that use kconfiglib's olddefconfig): which
configurations of some symbols does olddefconfig keep as asked? The same
interface as kconfig_engine_lkc.c, which asks a kernel tree's own engine:

    python3 engine.py KCONFIG BASE SYMBOLS

prints each combination Kconfig keeps (the first symbol slowest) as a
line of value indices, then, for each ?NAME line of SYMBOLS, a space,
'=' and the value Kconfig computes for NAME in hex ("-": no such
symbol); then "end". A value set is a user value, as a
.config line gives it; the value kconfiglib computes from it is what
olddefconfig writes back. Not run by lineup's build: lineup writes it out
(tools/matrix/kconfig_engine.c).
"""
import itertools
import sys

sys.path.insert(0, "/usr/lib/python3/dist-packages")
import kconfiglib  # noqa: E402

TRI = {"n": 0, "m": 1, "y": 2}


def main():
    kconfig, base = sys.argv[1], sys.argv[2]
    with open(sys.argv[3]) as f:
        specs = f.read().split()
    k = kconfiglib.Kconfig(kconfig, warn=False)
    k.load_config(base)
    syms, values, wanted = [], [], []
    for spec in specs:
        if spec.startswith("?CONFIG_"):
            wanted.append(k.syms.get(spec[8:]))
            continue
        name, _, vals = spec.partition("=")
        if not name.startswith("CONFIG_") or not vals:
            print(f"bad symbol {spec}", file=sys.stderr)
            return 2
        syms.append(k.syms.get(name[7:]))
        values.append(vals)
    out = sys.stdout
    for combo in itertools.product(*(range(len(v)) for v in values)):
        for s, v, i in zip(syms, values, combo):
            if s is not None:
                s.set_value(TRI[v[i]])
        if all((s.tri_value if s is not None else 0) == TRI[v[i]]
               for s, v, i in zip(syms, values, combo)):
            tail = "".join(
                " -" if w is None else " =" + w.str_value.encode().hex()
                for w in wanted)
            out.write("".join(str(i) for i in combo) + tail + "\n")
    out.write("end\n")
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
