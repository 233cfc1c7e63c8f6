#!/usr/bin/env python3
"""lineup matrix's layout model (doc/layout-model.md): exact answers over
every configuration from few builds, checked against the compiler (pahole
on random configurations), against --exhaustive on a smaller slice, and
its refusals where it cannot lay a struct out.

usage: run_matrix_model_tests.py LINEUP SOURCE_ROOT [SANITIZE [PART]]

PART: `tool` (lineup's answers and refusals), `oracle` (the comparisons
whose time is the compiler's: --exhaustive, every size compiled, a
million configurations) or `all` (the default). Sanitizer builds run
the tool part only; CI's plain build runs the oracle part (scripts/test).
"""
import itertools
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_matrix_tests as base  # noqa: E402

from run_matrix_tests import check, matrix, write  # noqa: E402

BEFORE = ["B%d" % i for i in range(1, 9)]     # before the aligned writer
BETWEEN = [("M1", 8), ("M2", 16), ("M3", 24)]  # between writer and reader
EMB = ["E1", "E2"]                             # the embedded type's size
NOTHING = ["N%d" % i for i in range(1, 7)]     # in no line of it


def make_case(d, before=BEFORE, nothing=NOTHING):
    """The issue's case: 8 options add members before a line-aligned
    writer, 3 between it and its reader, 2 change the size of a type from
    another header, 1 adds a tail, and the others nothing. The writer and
    the reader share a line iff the bytes between them are under 48."""
    os.makedirs(d, exist_ok=True)
    write(os.path.join(d, "mdl_types.h"), """\
        struct emb {
        	long base;
        #ifdef E1
        	long e1;
        #endif
        #ifdef E2
        	long e2[2];
        #endif
        };
        """)
    lines = ['#include "mdl_types.h"', "struct mdl {"]
    for b in before:
        lines += ["#ifdef " + b, "\tlong %s;" % b.lower(), "#endif"]
    lines.append("\t_Alignas(64) long w;")
    for m, size in BETWEEN:
        lines += ["#ifdef " + m, "\tchar %s[%d];" % (m.lower(), size),
                  "#endif"]
    lines += ["\tstruct emb e;", "\tlong r;", "#ifdef T1", "\tlong tail;",
              "#endif", "};", "struct mdl g;", ""]
    with open(os.path.join(d, "mdl.c"), "w") as f:
        f.write("\n".join(lines))
    options = before + [m for m, _ in BETWEEN] + EMB + ["T1"] + nothing
    return write(os.path.join(d, "mdl.ini"), """\
        [struct mdl]
        write = w
        read = r

        [matrix]
        compile = cc -c -g mdl.c
        options = %s
        """ % " ".join(options)), options


def fails_truly(on):
    """The truth, from the C ABI: the bytes between w's end and r."""
    between = sum(size for m, size in BETWEEN if m in on)
    between += 8 + 8 * ("E1" in on) + 16 * ("E2" in on)
    return 8 + between + 8 <= 64


def condition(out):
    m = re.search(r"configurations fail: (.*)$", out, re.M)
    return m.group(1) if m else None


def holds(cond, on):
    """A condition as lineup prints it, for the options ON."""
    if cond == "always":
        return True
    expr = re.sub(r"(\w+)=y", lambda m: str(m.group(1) in on), cond)
    expr = re.sub(r"(\w+)=n", lambda m: str(m.group(1) not in on), expr)
    return eval(expr.replace("&&", "and").replace("||", "or"))


def pahole_offsets(obj, struct="mdl"):
    out = subprocess.run(["pahole", "-C", struct, obj], capture_output=True,
                         text=True).stdout
    return {m.group(1): int(m.group(2)) for m in
            re.finditer(r"\s(\w+)(?:\[\d+\])?(?: __attribute__\(\(.*?\)\))?;"
                         r"\s+/\*\s+(\d+)", out)}


def test_twenty(tmp, scratch):
    d = os.path.join(tmp, "twenty")
    rules, options = make_case(d)
    rc, out, err = matrix(rules, tmpdir=scratch, timeout=300)
    check("twenty: exit 1, a finding", rc == 1, out + err)
    check("twenty: exact over all 2^14 configurations",
          "exact over all 16384 configurations of the 14 options swept"
          in out, out + err)
    n = re.search(r"lineup matrix: (\d+) compiles", out)
    check("twenty: at most 64 compiles", n and int(n.group(1)) <= 64, out)
    check("twenty: the options that change the verdict",
          "options that change the verdict: M1 M2 M3 E1 E2; the layout "
          "only: B1 B2 B3 B4 B5 B6 B7 B8 T1\n" in out, out)
    check("twenty: no option of nothing named",
          not re.search(r"\bN\d\b", out.split("can change", 1)[-1]), out)
    cond = condition(out)
    check("twenty: a condition", cond is not None, out)
    if not cond:
        return
    relevant = [o for o in options if o not in NOTHING]
    rng = random.Random(28)
    wrong = []
    for i in range(24):
        on = {o for o in relevant if rng.random() < 0.5}
        obj = os.path.join(scratch, "r%d.o" % i)
        subprocess.run(["cc", "-c", "-g", "-o", obj] +
                       ["-D" + o for o in sorted(on)] + ["mdl.c"], cwd=d,
                       check=True)
        offs = pahole_offsets(obj)
        shares = offs["w"] // 64 == offs["r"] // 64
        if shares != fails_truly(on) or holds(cond, on) != shares:
            wrong.append((sorted(on), offs, shares))
        os.unlink(obj)
    check("twenty: the condition is pahole's on 24 random configurations",
          not wrong, repr(wrong[:3]) + "\n" + cond)
    every = all(holds(cond, {o for o, b in zip(relevant, bits) if b}) ==
                fails_truly({o for o, b in zip(relevant, bits) if b})
                for bits in _some_rows(len(relevant), 4096))
    check("twenty: the condition is the ABI's on 4096 configurations",
          every, cond)


# The threshold case: the twenty options, ten of them adding
# members between the writer and its reader, so that the smallest
# or-of-ands of "w and r share a line" is past 64 terms.
TH_BEFORE = ["B1", "B2"]
TH_BETWEEN = [("M%d" % i, size) for i, size in
              zip(range(1, 11), (8, 8, 8, 8, 8, 8, 16, 16, 24, 8))]
TH_NOTHING = ["N%d" % i for i in range(1, 6)]


def th_fails(on):
    between = sum(size for m, size in TH_BETWEEN if m in on)
    between += 8 + 8 * ("E1" in on) + 16 * ("E2" in on)
    return 8 + between + 8 <= 64


def threshold_holds(text, on):
    """A threshold as lineup prints it, "8·M1 + 16·M2 < 48", for ON."""
    m = re.fullmatch(r"(.*) (<|>=) (-?\d+)", text)
    total = 0
    for term in m.group(1).split(" + "):
        w, name = term.split("\u00b7")
        total += int(w) * (name in on)
    return total < int(m.group(3)) if m.group(2) == "<" else \
        total >= int(m.group(3))


def test_threshold(tmp, scratch):
    """Past 64 terms a condition also gets its threshold form, the sum of
    the bytes of the members that decide, exact on every configuration;
    where no sum is exact, nothing more is said."""
    import itertools
    import json
    global BETWEEN
    d = os.path.join(tmp, "threshold")
    keep = BETWEEN
    BETWEEN = TH_BETWEEN
    try:
        rules, options = make_case(d, before=TH_BEFORE, nothing=TH_NOTHING)
    finally:
        BETWEEN = keep
    check("threshold: twenty options", len(options) == 20, repr(options))
    rc, out, err = matrix(rules, tmpdir=scratch, timeout=300)
    cond = condition(out)
    check("threshold: exit 1, exact over all 2^15 configurations",
          rc == 1 and "exact over all 32768 configurations" in out,
          out + err)
    check("threshold: the or-of-ands is past 64 terms",
          cond and cond.count(" || ") >= 64, cond or out)
    forms = re.findall(r"^lineup matrix: the condition above, as the bytes "
                       r"that decide: (.*) \((.*) of struct mdl\)$", out,
                       re.M)
    want = ("8\u00b7M1 + 8\u00b7M2 + 8\u00b7M3 + 8\u00b7M4 + 8\u00b7M5 + "
            "8\u00b7M6 + 16\u00b7M7 + 16\u00b7M8 + 24\u00b7M9 + 8\u00b7M10 + "
            "8\u00b7E1 + 16\u00b7E2 < 48")
    check("threshold: the failing condition as the bytes between w and r",
          len(forms) == 1 and forms[0][0] == want and
          forms[0][1].startswith("M1: m1, M2: m2") and
          forms[0][1].endswith("E1: e, E2: e"), out)
    relevant = [o for o in options if o not in TH_NOTHING]
    wrong = [bits for bits in itertools.product((0, 1), repeat=15)
             if forms and threshold_holds(
                 forms[0][0], {o for o, b in zip(relevant, bits) if b}) !=
             th_fails({o for o, b in zip(relevant, bits) if b})]
    check("threshold: the ABI's truth on all 32768 configurations",
          forms and not wrong, repr(wrong[:3]))
    # the findings name B1/B2 (which line w is on): no sum is exact
    check("threshold: nothing said where no threshold is exact",
          len(re.findall(r"^\S*mdl\.c:\d+:\d+: error:", out, re.M)) == 2 and
          out.count("as the bytes that decide") == 1, out)
    rc, js, err = matrix(rules, "--format", "json", tmpdir=scratch,
                         timeout=300)
    doc = json.loads(js)
    th = doc.get("threshold") or {}
    check("threshold: JSON's, with each term's option, bytes, members",
          th.get("text") == want and th.get("relation") == "<" and
          th.get("bound") == 48 and th.get("struct") == "mdl" and
          [t["option"] for t in th.get("terms", [])] ==
          [m for m, _ in TH_BETWEEN] + ["E1", "E2"] and
          th["terms"][6] == {"option": "M7", "bytes": 16,
                             "members": ["m7"]} and
          all(f.get("threshold", 0) is None for f in doc["findings"]),
          repr(th) + err)
    # the issue's own case: a few terms, no threshold printed
    rules, _ = make_case(os.path.join(tmp, "threshold-short"),
                         before=BEFORE[:2], nothing=NOTHING[:1])
    rc, out, err = matrix(rules, "--model", tmpdir=scratch, timeout=300)
    check("threshold: none under 64 terms",
          rc == 1 and condition(out) and
          "as the bytes that decide" not in out, out + err)


def test_million(tmp, scratch):
    """20 relevant options, 2^20 configurations: the model lays out every
    one of them (past 2^18, where it refused), each configuration's name
    built only when printed, in bounded memory."""
    import resource
    d = os.path.join(tmp, "million")
    before = ["B%d" % i for i in range(1, 15)]
    rules, options = make_case(d, before=before, nothing=[])
    rc, out, err = matrix(rules, tmpdir=scratch, timeout=500)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    check("million: exact over all 2^20 configurations",
          rc == 1 and "exact over all 1048576 configurations of the 20 "
          "options swept" in out, out + err)
    n = re.search(r"lineup matrix: (\d+) compiles", out)
    check("million: at most 64 compiles", n and int(n.group(1)) <= 64, out)
    check("million: the options that change the verdict",
          "options that change the verdict: M1 M2 M3 E1 E2; the layout "
          "only: %s T1\n" % " ".join(before) in out, out)
    cond = condition(out)
    every = cond and all(
        holds(cond, {o for o, b in zip(options, bits) if b}) ==
        fails_truly({o for o, b in zip(options, bits) if b})
        for bits in _some_rows(len(options), 4096))
    check("million: the condition is the ABI's on 4096 configurations",
          every, cond or out)
    check("million: peak memory under 256 MiB (%d MiB)" % peak,
          peak < 256, out)


def _some_rows(n, k):
    rng = random.Random(14)
    for _ in range(k):
        yield [rng.random() < 0.5 for _ in range(n)]


def test_against_exhaustive(tmp, scratch):
    """A slice of 8 relevant options: --model and --exhaustive agree on
    every finding and condition, and the model builds fewer."""
    d = os.path.join(tmp, "slice")
    rules, _ = make_case(d, before=BEFORE[:2], nothing=NOTHING[:2])
    rc1, out1, err1 = matrix(rules, "--model", tmpdir=scratch, timeout=300)
    rc2, out2, err2 = matrix(rules, "--exhaustive", tmpdir=scratch,
                             timeout=300)

    def findings(out):
        return [line for line in out.splitlines()
                if not line.startswith("lineup matrix:") or
                "configurations fail" in line or " bytes" in line]
    check("slice: the model answered",
          "exact over all 256 configurations" in out1, out1 + err1)
    check("slice: same exit as --exhaustive", rc1 == rc2 == 1,
          "%d %d\n%s%s" % (rc1, rc2, err1, err2))
    check("slice: same findings, conditions and sizes as --exhaustive",
          findings(out1) == findings(out2), out1 + "\n----\n" + out2)


# Eight options, each the size of one member's type, from its own header:
# four between the line-aligned writer and its reader, four before it. A
# body #if adds a member between them too.
PL_BETWEEN = ["S1", "S2", "S3", "S4"]
PL_BEFORE = ["S5", "S6", "S7", "S8"]


def pl_shares(on):
    """The truth, from the C ABI: w, then each type (8 bytes, 24 with its
    option), then p (16 bytes with P1), then r."""
    between = sum(24 if o in on else 8 for o in PL_BETWEEN)
    return 8 + between + 16 * ("P1" in on) < 64


def test_per_line(tmp, scratch):
    """Each member learned from its own options: 2^8 combinations of the
    options that size members were more than the 64 the model builds to
    learn, though each member depends on one of them."""
    d = os.path.join(tmp, "per-line")
    os.makedirs(d)
    lines = []
    for o in PL_BETWEEN + PL_BEFORE:
        k = o.lower()
        write(os.path.join(d, k + ".h"), """\
            struct t%s {
            	long base;
            #ifdef %s
            	long more[2];
            #endif
            };
            """ % (k, o))
        lines.append('#include "%s.h"' % k)
    lines.append("struct pl {")
    lines += ["\tstruct t%s %s;" % (o.lower(), o.lower()) for o in PL_BEFORE]
    lines.append("\t_Alignas(64) long w;")
    lines += ["\tstruct t%s %s;" % (o.lower(), o.lower())
              for o in PL_BETWEEN]
    lines += ["#ifdef P1", "\tchar p[16];", "#endif", "\tlong r;", "};",
              "struct pl g;", ""]
    with open(os.path.join(d, "pl.c"), "w") as f:
        f.write("\n".join(lines))
    options = PL_BETWEEN + PL_BEFORE + ["P1"]
    rules = write(os.path.join(d, "pl.ini"), """\
        [struct pl]
        write = w
        read = r

        [matrix]
        compile = cc -c -g pl.c
        options = %s
        """ % " ".join(options))
    rc, out, err = matrix(rules, "--model", tmpdir=scratch, timeout=300)
    check("per-line: exit 1, a finding", rc == 1, out + err)
    check("per-line: the model answers, exact over all 2^9",
          "exact over all 512 configurations of the 9 options swept: the "
          "layout model learned from" in out, out + err)
    n = re.search(r"learned from (\d+) builds?\b", out)
    check("per-line: a few builds to learn, not one per combination of "
          "the sizes (256)", n and int(n.group(1)) <= 4, out)
    check("per-line: the options that change the verdict",
          "options that change the verdict: S1 S2 S3 S4 P1; the layout "
          "only: S5 S6 S7 S8\n" in out, out)
    cond = condition(out)
    check("per-line: a condition", cond is not None, out)
    if not cond:
        return
    every = all(holds(cond, {o for o, b in zip(options, bits) if b}) ==
                pl_shares({o for o, b in zip(options, bits) if b})
                for bits in itertools.product((False, True),
                                              repeat=len(options)))
    check("per-line: the condition is the ABI's on all 512", every, cond)
    rng = random.Random(39)
    wrong = []
    for i in range(8):
        on = {o for o in options if rng.random() < 0.5}
        obj = os.path.join(scratch, "pl%d.o" % i)
        subprocess.run(["cc", "-c", "-g", "-o", obj] +
                       ["-D" + o for o in sorted(on)] + ["pl.c"], cwd=d,
                       check=True)
        offs = pahole_offsets(obj, "pl")
        shares = offs["w"] // 64 == offs["r"] // 64
        if shares != pl_shares(on) or holds(cond, on) != shares:
            wrong.append((sorted(on), offs))
        os.unlink(obj)
    check("per-line: the condition is pahole's on 8 random configurations",
          not wrong, repr(wrong[:3]) + "\n" + cond)


HELD = ["S%d" % i for i in range(1, 8)]


def write_ts(d):
    """t1.h .. t7.h: struct tsK, 4 bytes, 12 with SK."""
    for i, o in enumerate(HELD, 1):
        write(os.path.join(d, "t%d.h" % i), """\
            struct ts%d {
            	int base;
            #ifdef %s
            	int more[2];
            #endif
            };
            """ % (i, o))


def held_case(d, inner_head="struct tinner {", inner_extra="",
              pragma=False):
    """nest { w; struct mid m; r; }: mid holds ts1, ts2 and a tinner,
    which holds ts3..ts7; each tsK is 4 bytes, 12 with SK. The line
    `struct mid m;` sees all seven options."""
    os.makedirs(d)
    write_ts(d)
    inner = ["#include \"t%d.h\"" % i for i in range(3, 8)]
    inner += ["#pragma pack(push, 1)"] if pragma else []
    inner += [inner_head] + ["\tstruct ts%d s%d;" % (i, i)
                             for i in range(3, 8)]
    inner += [inner_extra, "};"] if inner_extra else ["};"]
    inner += ["#pragma pack(pop)"] if pragma else []
    with open(os.path.join(d, "inner.h"), "w") as f:
        f.write("\n".join(inner) + "\n")
    write(os.path.join(d, "mid.h"), """\
        #include "t1.h"
        #include "t2.h"
        #include "inner.h"
        struct mid {
        	struct ts1 s1;
        	struct ts2 s2;
        	struct tinner in;
        };
        """)
    write(os.path.join(d, "n.c"), """\
        #include "mid.h"
        struct nest {
        	_Alignas(64) long w;
        	struct mid m;
        	long r;
        };
        struct nest g;
        """)
    return write(os.path.join(d, "n.ini"), """\
        [struct nest]
        write = w
        read = r

        [matrix]
        compile = cc -c -g n.c
        options = %s
        """ % " ".join(HELD))


def held_shares(on, extra=0):
    """The ABI: w at 0, mid at 8 (4-aligned, 4 or 12 bytes a member, and
    EXTRA in tinner), r at the next multiple of 8."""
    mid = sum(12 if o in on else 4 for o in HELD) + extra
    return (8 + mid + 7) // 8 * 8 < 64


def answer(out):
    """What a sweep answers, however it got there."""
    return [line for line in out.splitlines()
            if "configurations fail" in line or " bytes (" in line]


def test_held(tmp, scratch):
    """A struct held by value is learned from its own lines: `struct mid
    m;` sees all seven options (128 combinations, more than the model
    builds), but each member of mid and of the tinner it holds sees one,
    and each ts's #if is a presence the model evaluates."""
    d = os.path.join(tmp, "held")
    rules = held_case(d)
    rc, out, err = matrix(rules, "--model", tmpdir=scratch, timeout=300)
    check("held: exit 1, a finding", rc == 1, out + err)
    check("held: the model answers, exact over all 128",
          "exact over all 128 configurations of the 7 options swept: the "
          "layout model learned from" in out, out + err)
    n = re.search(r"learned from (\d+) builds?\b", out)
    check("held: at most 2 builds to learn (the line holding mid sees "
          "128 combinations)", n and int(n.group(1)) <= 2, out)
    cond = condition(out)
    every = cond is not None and all(
        holds(cond, {o for o, b in zip(HELD, bits) if b}) ==
        held_shares({o for o, b in zip(HELD, bits) if b})
        for bits in itertools.product((False, True), repeat=len(HELD)))
    check("held: the condition is the ABI's on all 128", every, cond)


def test_held_empty(tmp, scratch):
    """A held struct whose #if can keep none of its members (the kernel's
    cfs_bandwidth under CFS_BANDWIDTH): empty in some configurations, it
    is still learned on its own, and its #if is presence. The line that
    holds it sees eight options (256 combinations: refused before)."""
    d = os.path.join(tmp, "held-empty")
    os.makedirs(d)
    opts = HELD + ["E"]
    write_ts(d)
    with open(os.path.join(d, "e.h"), "w") as f:
        f.write("\n".join(["#include \"t%d.h\"" % i for i in range(1, 8)] +
                          ["struct e {", "#ifdef E"] +
                          ["\tstruct ts%d s%d;" % (i, i) for i in range(1, 8)]
                          + ["#endif", "};", ""]))
    write(os.path.join(d, "s.c"), """\
        #include "e.h"
        struct s {
        	_Alignas(64) long w;
        	struct e x;
        	long r;
        };
        struct s g;
        """)
    rules = write(os.path.join(d, "s.ini"), """\
        [struct s]
        write = w
        read = r

        [matrix]
        compile = cc -c -g s.c
        options = %s
        """ % " ".join(opts))
    rc, out, err = matrix(rules, "--model", tmpdir=scratch, timeout=300)
    check("held-empty: the model answers, exact over all 256",
          "exact over all 256 configurations of the 8 options swept: the "
          "layout model learned from" in out, out + err)
    n = re.search(r"learned from (\d+) builds?\b", out)
    check("held-empty: at most 2 builds to learn",
          n and int(n.group(1)) <= 2, out)

    def shares(on):
        e = sum(12 if o in on else 4 for o in HELD) if "E" in on else 0
        return (8 + e + 7) // 8 * 8 < 64
    cond = condition(out)
    check("held-empty: the condition is the ABI's on all 256",
          cond is not None and all(
              holds(cond, {o for o, b in zip(opts, bits) if b}) ==
              shares({o for o, b in zip(opts, bits) if b})
              for bits in itertools.product((False, True),
                                            repeat=len(opts))), cond)


def test_held_aligned(tmp, scratch):
    """A held struct that holds a user-aligned type under its own #if (the
    kernel's cfs_bandwidth and cgroup_subsys_state, which hold a
    callback_head, aligned(sizeof(void *))): gcc states the holding
    member's alignment (DW_AT_alignment) only in the configurations that
    have it, so two learning builds with the same key differ there; the
    held struct's model gives that alignment, and the model answers (it
    refused before), as --exhaustive does."""
    d = os.path.join(tmp, "held-aligned")
    os.makedirs(d)
    # bf has a bit-field: not held, its line keyed by A, so two learning
    # builds differ in A, and `struct inner in;` (held, keyed by its own
    # text) is stated aligned in one of them only
    write(os.path.join(d, "h.h"), """\
        struct cb { void *next; } __attribute__((aligned(sizeof(void *))));
        struct bf {
        	int k : 3;
        #ifdef A
        	int more;
        #endif
        };
        struct inner {
        	int x;
        #ifdef A
        	struct cb head;
        #endif
        #ifdef B
        	int more[12];
        #endif
        };
        """)
    write(os.path.join(d, "s.c"), """\
        #include "h.h"
        struct s {
        	_Alignas(64) long w;
        	struct bf y;
        	struct inner in;
        	long r;
        };
        struct s g;
        """)
    rules = write(os.path.join(d, "s.ini"), """\
        [struct s]
        write = w
        read = r

        [matrix]
        compile = cc -c -g s.c
        options = A B
        """)
    rc, out, err = matrix(rules, "--model", tmpdir=scratch, timeout=300)
    check("held-aligned: the model answers, from 2 builds (A off, on)",
          re.search(r"exact over all 4 configurations of the 2 options "
                    r"swept: the layout model learned from 2 builds", out),
          out + err)
    rc2, swept, err2 = matrix(rules, "--exhaustive", tmpdir=scratch,
                              timeout=300)
    # r leaves w's line only with B's 48 bytes
    check("held-aligned: the condition is --exhaustive's, B=n",
          condition(out) == condition(swept) == "B=n", out + swept)


def test_held_oracle(tmp, scratch):
    """test_held's case against --exhaustive and pahole, and held structs
    the model cannot lay out from their members (a bit-field, packed, a
    #pragma pack): the line that holds one keeps the whole of its text as
    its key, or the model refuses; the answer is the compiler's."""
    d = os.path.join(tmp, "held-oracle")
    rules = held_case(d)
    rc, out, err = matrix(rules, "--model", tmpdir=scratch, timeout=300)
    cond = condition(out)
    rc2, ex, err2 = matrix(rules, "--exhaustive", tmpdir=scratch,
                           timeout=600)
    check("held: the same answer as --exhaustive (128 compiles)",
          rc2 == rc and answer(ex) == answer(out) and answer(out),
          "\n".join(answer(out)) + "\n--\n" + "\n".join(answer(ex)))
    rng = random.Random(40)
    wrong = []
    for i in range(6):
        on = {o for o in HELD if rng.random() < 0.4}
        obj = os.path.join(scratch, "held%d.o" % i)
        subprocess.run(["cc", "-c", "-g", "-o", obj] +
                       ["-D" + o for o in sorted(on)] + ["n.c"], cwd=d,
                       check=True)
        offs = pahole_offsets(obj, "nest")
        shares = offs["w"] // 64 == offs["r"] // 64
        if shares != held_shares(on) or (cond and holds(cond, on) != shares):
            wrong.append((sorted(on), offs))
        os.unlink(obj)
    check("held: pahole agrees on 6 random configurations", not wrong,
          repr(wrong[:3]))
    for name, head, extra, pragma, grow in [
            ("bit-field", "struct tinner {", "\tunsigned flag : 1;", False,
             4),
            ("packed", "struct __attribute__((packed)) tinner {",
             "\tchar c;", False, 4),
            ("pragma-pack", "struct tinner {", "\tchar c;", True, 4)]:
        rules = held_case(os.path.join(tmp, "held-" + name), head, extra,
                          pragma)
        rc, out, err = matrix(rules, "--model", tmpdir=scratch, timeout=300)
        rc2, ex, err2 = matrix(rules, "--exhaustive", tmpdir=scratch,
                               timeout=600)
        check("held %s: the same answer as --exhaustive" % name,
              rc == rc2 == 1 and answer(out) == answer(ex) and answer(ex),
              out + err + "\n--\n" + ex + err2)
        cond = condition(out)
        check("held %s: the condition is the ABI's" % name,
              cond is not None and all(
                  holds(cond, {o for o, b in zip(HELD, bits) if b}) ==
                  held_shares({o for o, b in zip(HELD, bits) if b}, grow)
                  for bits in itertools.product((False, True),
                                                repeat=len(HELD))), cond)


def refusal(tmp, scratch, name, body, why):
    d = os.path.join(tmp, name)
    os.makedirs(d)
    write(os.path.join(d, "s.c"), body)
    rules = write(os.path.join(d, "s.ini"), """\
        [struct s]
        write = w
        read = r

        [matrix]
        compile = cc -c -g s.c
        options = A B
        """)
    rc, out, err = matrix(rules, "--model", tmpdir=scratch)
    check("%s: the model refuses, saying why" % name,
          re.search(r"note: the layout model cannot answer for s \(.*%s"
                    % why, out) and
          "so every configuration was built instead" in out, out + err)
    check("%s: the sweep still answers" % name,
          rc in (0, 1) and "configurations (all)" in out, out + err)


def test_refusals(tmp, scratch):
    refusal(tmp, scratch, "packed", """\
        #pragma pack(push, 1)
        struct s {
        	char c;
        #ifdef A
        	long a;
        #endif
        	long w;
        	long r;
        };
        #pragma pack(pop)
        struct s g;
        """, "packed")
    refusal(tmp, scratch, "bitfield", """\
        struct s {
        #ifdef A
        	unsigned a : 3;
        #endif
        	unsigned b : 5;
        	long w;
        	long r;
        };
        struct s g;
        """, "bit-field")
    refusal(tmp, scratch, "macro-if", """\
        #define WIDE 1
        struct s {
        #if WIDE && defined(A)
        	long a;
        #endif
        	long w;
        	long r;
        };
        struct s g;
        """, "a condition over more than the \\[matrix\\] options")


def test_examples(tmp, scratch):
    """The seed's matrices: --model says what building every
    configuration says, from fewer builds (or says why it cannot)."""
    example = os.path.join(base.ROOT, "examples", "task_group")

    def findings(out):
        return [line for line in out.splitlines()
                if not line.startswith("lineup matrix:") or
                "configurations fail" in line or " bytes" in line]
    for name, answers in (("before", True), ("reorder", True),
                          ("isolate", True)):
        rules = os.path.join(example, name + ".ini")
        rc1, out1, err1 = matrix(rules, "--model", tmpdir=scratch)
        rc2, out2, err2 = matrix(rules, tmpdir=scratch)
        check("%s: --model gives every build's answer" % name,
              rc1 == rc2 and findings(out1) == findings(out2),
              out1 + err1 + "\n----\n" + out2 + err2)
        n1 = re.search(r"(\d+) compiles", out1)
        n2 = re.search(r"(\d+) compiles", out2)
        if answers:
            check("%s: the model answered, from fewer builds" % name,
                  "exact over all 32 configurations" in out1 and n1 and
                  n2 and int(n1.group(1)) < int(n2.group(1)), out1)
        else:
            check("%s: the model says why not" % name,
                  "note: the layout model cannot answer" in out1, out1)
    check("before: only FAIR_GROUP_SCHED and SMP change the verdict",
          "options that change the verdict: CONFIG_FAIR_GROUP_SCHED "
          "CONFIG_SMP; the layout only: CONFIG_RT_GROUP_SCHED" in
          matrix(os.path.join(example, "before.ini"), "--model",
                 tmpdir=scratch)[1])


def test_layout_only(tmp, scratch):
    """An option that moves a member and keeps sizeof changes the layout:
    the report names it with those that change the size, never the
    verdict."""
    import json
    d = os.path.join(tmp, "layout-only")
    os.makedirs(d)
    write(os.path.join(d, "s.c"), """\
        struct s {
        	char c;
        #ifdef MV
        	char shim[2];
        #endif
        	short h;
        	int i;
        	_Alignas(64) long w;
        	long r;
        #ifdef T
        	long tail;
        #endif
        };
        struct s g;
        """)
    rules = write(os.path.join(d, "s.ini"), """\
        [struct s]
        write = w
        read = r

        [matrix]
        compile = cc -c -g s.c
        options = MV T
        """)
    for flags in ([], ["-DMV"]):
        obj = os.path.join(scratch, "lo.o")
        subprocess.run(["cc", "-c", "-g", "-o", obj] + flags + ["s.c"],
                       cwd=d, check=True)
        offs = pahole_offsets(obj, "s")
        os.unlink(obj)
        if not flags:
            plain = offs
    check("layout-only: MV moves h and keeps sizeof (pahole)",
          plain.get("h") == 2 and offs.get("h") == 4 and
          plain.get("w") == offs.get("w") == 64, repr((plain, offs)))
    rc, out, err = matrix(rules, "--model", tmpdir=scratch)
    check("layout-only: MV and T change the layout, not the verdict",
          rc == 1 and "options that change the verdict: none; the layout "
          "only: MV T\n" in out, out + err)
    rc, out, err = matrix(rules, "--model", "--format", "json",
                          tmpdir=scratch)
    model = json.loads(out).get("model", {})
    check("layout-only: JSON's change_layout_only",
          model.get("change_layout_only") == ["MV", "T"] and
          model.get("change_verdict") == [], repr(model))


def test_sizes_compiled(tmp, scratch):
    """Every configuration of the seed's matrices, compiled: each size
    the model gives is the compiler's."""
    import json
    example = os.path.join(base.ROOT, "examples", "task_group")
    for name, src in (("before", "task_group_before.c"),
                      ("isolate", "task_group_isolate.c")):
        rc, out, err = matrix(os.path.join(example, name + ".ini"),
                              "--model", "--format", "json",
                              tmpdir=scratch)
        data = json.loads(out)
        wrong = []
        for c in data["configurations"]:
            obj = os.path.join(scratch, "c.o")
            flags = ["-D" + w for w in c["name"].split()
                     if w.endswith("=y")]
            flags = [f[:-2] for f in flags]
            subprocess.run(["cc", "-c", "-g", "-I",
                            os.path.join(base.ROOT, "include"), "-o", obj]
                           + flags + [src], cwd=example, check=True)
            sizes = subprocess.run(
                [base.LINEUP, "show", "--format", "json", "--struct",
                 "task_group", obj], capture_output=True, text=True).stdout
            size = json.loads(sizes)["structs"][0]["size"]
            if c["sizes"].get("task_group") != size:
                wrong.append((c["name"], c["sizes"], size))
            os.unlink(obj)
        check("%s: the model's size of every configuration is the "
              "compiler's" % name, data["model"]["used"] and not wrong
              and len(data["configurations"]) == 32, repr(wrong[:3]))


def main():
    with tempfile.TemporaryDirectory(prefix="lineup-model.") as tmp:
        scratch = os.path.join(tmp, "scratch")
        os.makedirs(scratch)
        part = sys.argv[4] if len(sys.argv) > 4 else "all"
        tests = []
        if part in ("tool", "all"):
            tests += [test_twenty, test_per_line, test_held, test_held_empty,
                      test_held_aligned, test_refusals,
                      test_examples, test_layout_only, test_threshold]
        # the compilers' time, not lineup's
        if part in ("oracle", "all"):
            tests += [test_against_exhaustive, test_held_oracle,
                      test_sizes_compiled,
                      test_million]
        if not tests:
            print("usage: run_matrix_model_tests.py LINEUP SOURCE_ROOT "
                  "[SANITIZE [tool|oracle|all]]")
            return 2
        for test in tests:
            test(tmp, scratch)
    print(f"{len(base.failures)} failed")
    return 1 if base.failures else 0


if __name__ == "__main__":
    sys.exit(main())
