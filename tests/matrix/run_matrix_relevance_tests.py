#!/usr/bin/env python3
"""lineup matrix among hundreds of options: only those that can change a
checked struct are swept and named, conditions among them are exact, and
options of other structs cost no compile.

usage: run_matrix_relevance_tests.py LINEUP SOURCE_ROOT [SANITIZE]
"""
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_matrix_tests as base  # noqa: E402

from run_matrix_tests import EXAMPLE, check, matrix, write  # noqa: E402

SIX = ("CONFIG_FAIR_GROUP_SCHED CONFIG_SMP CONFIG_RT_GROUP_SCHED "
       "CONFIG_SCHED_AUTOGROUP CONFIG_CFS_BANDWIDTH "
       "CONFIG_UCLAMP_TASK_GROUP").split()


def wrap(names):
    """Options for `options =`, continued over lines the rules' reader
    takes (198 characters at most)."""
    names = list(names)
    return "\n          ".join(" ".join(names[i:i + 8])
                               for i in range(0, len(names), 8))


def hot_cold_rules(d, options, compile="cc -c -g s.c"):
    """D/r.ini: struct s's writer hot and reader cold, and a [matrix]
    that compiles D/s.c over OPTIONS (one `options =` text)."""
    return write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = hot
        read = cold
        [matrix]
        compile = %s
        options = %s
        """ % (compile, options))


def findings(out):
    """The report less its summary lines: findings, notes, conditions,
    sizes and the failing condition, options named as they are."""
    keep = []
    for line in out.splitlines():
        if re.match(r"lineup matrix: \d+ options?, ", line) or \
           "can change" in line or " compile" in line and \
           "preprocessed" in line:
            continue
        # the counts of configurations differ; the conditions must not
        keep.append(re.sub(r"\d+ of \d+ configurations", "N of M "
                           "configurations", line))
    return keep


def test_task_group_among_300(tmp, scratch):
    """The seed's replica: its 6 options among 300 that no line of it
    reads (some tested elsewhere in the unit) give the same findings and
    conditions as the 6 alone, and only its own options are named."""
    d = os.path.join(tmp, "tg300")
    os.makedirs(d)
    for f in ("task_group_before.c", "sched_types.h"):
        shutil.copy(os.path.join(EXAMPLE, f), d)
    with open(os.path.join(d, "task_group_before.c"), "a") as f:
        for i in range(0, 300, 3):
            f.write("#ifdef CONFIG_UNUSED_%d\nint unused_%d;\n#endif\n"
                    % (i, i))
    rules = """\
        [struct task_group]
        write = load_avg
        read = parent rt_se rt_rq
        cold = rcu list siblings children
        max_size = 768
        [matrix]
        compile = cc -c -g task_group_before.c
        options = %s
        """
    alone = write(os.path.join(d, "alone.ini"), rules % wrap(SIX))
    mixed = write(os.path.join(d, "mixed.ini"), rules % wrap(
        SIX[:3] + ["CONFIG_UNUSED_%d" % i for i in range(300)] + SIX[3:]))
    rc1, out1, err1 = matrix(alone, tmpdir=scratch)
    rc2, out2, err2 = matrix(mixed, tmpdir=scratch, timeout=600)
    check("306 options: the same findings and conditions as the 6 alone",
          rc1 == rc2 == 1 and findings(out1) == findings(out2) and
          "fail: CONFIG_FAIR_GROUP_SCHED=y && CONFIG_SMP=y" in out2,
          out1 + "---\n" + out2 + err2)
    check("306 options: none of the 300 named", "UNUSED" not in out2, out2)
    check("306 options: all tried, 5 of them can change task_group",
          "lineup matrix: 306 options, 32 configurations (all)" in out2 and
          "lineup matrix: 5 of 306 options can change task_group: "
          "CONFIG_FAIR_GROUP_SCHED CONFIG_SMP CONFIG_RT_GROUP_SCHED "
          "CONFIG_SCHED_AUTOGROUP CONFIG_UCLAMP_TASK_GROUP\n" in out2, out2)


def test_four_way(tmp, scratch):
    """A conflict only when four options are all set, among 250 others
    (half of them tested in the unit): found, and named exactly."""
    d = os.path.join(tmp, "four")
    os.makedirs(d)
    src = ["struct s {", "\tlong hot;",
           "#if defined(A) && defined(B) && defined(C) && defined(D)",
           "\tchar pad[8];", "#else", "\tchar pad[64];", "#endif",
           "\tlong cold;", "} s;"]
    src += ["#ifdef OPT_X%d\nint x%d;\n#endif" % (i, i) for i in range(125)]
    write(os.path.join(d, "s.c"), "\n".join(src) + "\n")
    others = ["OPT_X%d" % i for i in range(250)]
    rules = hot_cold_rules(d, wrap(others[:100] + ["A", "B"] +
                                   others[100:200] + ["C", "D"] +
                                   others[200:]))
    rc, out, err = matrix(rules, tmpdir=scratch, timeout=600)
    check("four-way: found and named exactly",
          rc == 1 and "lineup matrix: 1 of 16 configurations fail: "
          "A=y && B=y && C=y && D=y\n" in out and "OPT_X" not in out,
          out + err)
    check("four-way: the four can change s",
          "4 of 254 options can change s: A B C D\n" in out, out)


def test_embedded_header(tmp, scratch):
    """An option read only in another header, in the definition of a
    type the struct embeds by value, changes its size: it is relevant;
    one read only around a type the struct points to is not."""
    d = os.path.join(tmp, "embedded")
    os.makedirs(d)
    write(os.path.join(d, "inner.h"), """\
        #ifndef INNER_H
        #define INNER_H
        #ifdef INNER_BIG
        #define INNER_WORDS 8
        #else
        #define INNER_WORDS 1
        #endif
        typedef struct {
        \tlong w[INNER_WORDS];
        } inner_t;
        struct pointed {
        #ifdef POINTED_BIG
        \tchar big[4096];
        #endif
        \tint x;
        };
        #endif
        """)
    write(os.path.join(d, "s.c"), """\
        #include "inner.h"
        struct s {
        \tlong hot;
        \tinner_t in;
        \tstruct pointed *p;
        \tlong cold;
        } s;
        """)
    rules = hot_cold_rules(d, "POINTED_BIG %s INNER_BIG" %
                           wrap("UNUSED_%d" % i for i in range(50)))
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("embedded: the header's option is relevant, the pointed one not",
          "1 of 52 options can change s: INNER_BIG\n" in out, out + err)
    check("embedded: its size line names it",
          "lineup matrix: s is 32 to 88 bytes (88 when INNER_BIG=y)" in out,
          out)
    check("embedded: the conflict under it",
          rc == 1 and "1 of 2 configurations fail: INNER_BIG=n" in out, out)


def test_hidden(tmp, scratch):
    """B is read only in a header that is included when A=y and C=n, by a
    member that exists only then: neither every option off nor every
    option on enters it, nor does flipping one option from either; the
    search, exploring the configurations of the options it found, does."""
    d = os.path.join(tmp, "hidden")
    os.makedirs(d)
    write(os.path.join(d, "e.h"), """\
        struct e {
        #ifdef B
        \tchar big[64];
        #endif
        \tint x;
        };
        """)
    write(os.path.join(d, "s.c"), """\
        #if defined(A) && !defined(C)
        #include "e.h"
        #endif
        struct s {
        \tlong hot;
        #if defined(A) && !defined(C)
        \tstruct e e;
        #endif
        \tlong cold;
        } s;
        """)
    rules = hot_cold_rules(d, wrap(["A", "C"] +
                                   ["U%d" % i for i in range(20)] + ["B"]))
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("hidden: B found behind A=y && C=n",
          "3 of 23 options can change s: A C B\n" in out and
          "8 configurations (all)" in out, out + err)
    check("hidden: its size line",
          "s is 16 to 88 bytes (88 when A=y && C=n && B=y)" in out, out)


def test_other_struct(tmp, scratch):
    """Options of another struct in the same file are not relevant and
    cost no compile: two texts of s, two compiles."""
    d = os.path.join(tmp, "other")
    os.makedirs(d)
    src = ["struct other {"]
    src += ["#ifdef O%d\n\tchar o%d;\n#endif" % (i, i) for i in range(8)]
    src += ["\tint x;", "} other;", "struct s {", "\tlong hot;",
            "#ifdef MINE", "\tchar pad[64];", "#endif", "\tlong cold;",
            "} s;"]
    write(os.path.join(d, "s.c"), "\n".join(src) + "\n")
    write(os.path.join(d, "log.sh"), "echo x >> calls\nexec \"$@\"\n")
    rules = hot_cold_rules(d, "O0 O1 O2 O3 MINE O4 O5 O6 O7",
                           compile="sh log.sh cc -c -g s.c")
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("other struct: only MINE can change s",
          "1 of 9 options can change s: MINE\n" in out and
          "2 configurations (all)" in out, out + err)
    check("other struct: two compiles",
          "lineup matrix: 2 compiles, " in out, out)
    with open(os.path.join(d, "calls")) as f:
        runs = len(f.read().split())
    # the compiles and the preprocessing runs of the search, no more
    check("other struct: what ran, as reported",
          re.search(r"2 compiles, (\d+) preprocessed", out) and
          runs == 2 + int(re.search(r"2 compiles, (\d+) preprocessed",
                                    out).group(1)), "%d runs\n%s"
          % (runs, out))


def test_precision(tmp, scratch):
    """The kernel's patterns that made options = auto sweep what cannot
    change the struct (task_group: BUG, JUMP_LABEL, PROFILE_ALL_BRANCHES,
    PERF_EVENTS...), each reproduced:
    - `#ifdef TP_ON` asks only where TP_ON is #defined: the groups
      around that #define (OPT_TP, and `#ifndef DECLARE_TP`), not what
      DECLARE_TP's body expands (WARN, defined under OPT_WARN);
    - a function pointer typedef's parameter named `list` declares no
      type `list`: the member `list` does not pull its text (OPT_CB);
    - a header read again under OPT_PERF (as the kernel rereads its trace
      headers) did not lead to the struct's text: its first read did.
    What can change it stays: an #if on a macro whose value OPT_VAL
    picks, `defined(OPT_DEF)` in the body, and OPT_TP, under which the
    struct's header is read first."""
    d = os.path.join(tmp, "precision")
    os.makedirs(d)
    write(os.path.join(d, "tp.h"), """\
        #ifndef TP_H
        #define TP_H
        #ifdef OPT_WARN
        #define WARN() __builtin_trap()
        #else
        #define WARN() ((void)0)
        #endif
        #ifndef DECLARE_TP
        #define DECLARE_TP(x) do { if (x) WARN(); } while (0)
        #ifdef OPT_TP
        #define TP_ON
        #endif
        #endif
        #endif
        """)
    write(os.path.join(d, "types.h"), """\
        #ifndef TYPES_H
        #define TYPES_H
        struct list_head { struct list_head *next, *prev; };
        #endif
        """)
    write(os.path.join(d, "cb.h"), """\
        #ifndef CB_H
        #define CB_H
        #ifdef OPT_CB
        typedef void (*walk_cb)(struct list_head *list, long extra);
        #else
        typedef void (*walk_cb)(struct list_head *list);
        #endif
        #endif
        """)
    write(os.path.join(d, "events.h"), """\
        #include "types.h"
        #include "cb.h"
        """)
    write(os.path.join(d, "s.c"), """\
        #include "tp.h"
        #ifdef TP_ON
        #include "types.h"
        #endif
        #include "events.h"
        #ifdef OPT_PERF
        #include "events.h"
        #endif
        #ifdef OPT_VAL
        #define WIDE 1
        #else
        #define WIDE 0
        #endif
        struct s {
        \tlong hot;
        #if WIDE
        \tchar pad[64];
        #endif
        #if defined(OPT_DEF)
        \tchar more[8];
        #endif
        \tstruct list_head list;
        \tlong cold;
        } s;
        """)
    rules = hot_cold_rules(d, "OPT_CB OPT_WARN OPT_PERF OPT_TP OPT_VAL OPT_DEF")
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("precision: what can change s, and only that",
          "3 of 6 options can change s: OPT_TP OPT_VAL OPT_DEF\n" in out,
          out + err)
    check("precision: the conflict under OPT_VAL",
          rc == 1 and "configurations fail: OPT_VAL=n" in out, out + err)


def main():
    with tempfile.TemporaryDirectory(prefix="lineup-relevance.") as tmp:
        scratch = os.path.join(tmp, "scratch")
        os.makedirs(scratch)
        for test in (test_task_group_among_300, test_four_way,
                     test_embedded_header, test_hidden,
                     test_other_struct, test_precision):
            test(tmp, scratch)
    print(f"{len(base.failures)} failed")
    return 1 if base.failures else 0


if __name__ == "__main__":
    sys.exit(main())
