#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Reading DWARF on several threads changes nothing: show, check and diff
print the same bytes in every format at -j 1, -j 2 and -j 7 (and with
LINEUP_JOBS), over builds whose units hold same-named different structs
(the variants are numbered in unit order), tagless typedefs, typedefs met
before their struct, a struct marked in one unit and not in another, the
corpus's sources linked into one relocatable object, and an archive of
many members; and the index that decodes only what a few names need
prints what the full walk prints (LINEUP_DWARF_WALK=full).

    run_jobs_tests.py LINEUP SRCDIR CASE    run one case
    run_jobs_tests.py --list                the case names, for meson

Fixtures are compiled at test time with $CC in a temporary directory.
"""

import os
import shlex
import shutil
import subprocess
import sys
import tempfile

CC = shlex.split(os.environ.get("CC", "cc"))
JOBS = ("1", "2", "7")
# meson's b_sanitize: a sanitized lineup starts in 50-100 ms, so the
# cases that run it once per name ask a sample of the names there (the
# plain build, CI's suite plain-ci, asks every one)
SANITIZED = os.environ.get("LINEUP_SANITIZE", "none") not in ("", "none")
CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


def sh(*cmd, cwd=None):
    subprocess.run(list(cmd), check=True, cwd=cwd)


# Unit k of the many-unit build: `struct conf` in three definitions (k mod
# 3), the tagless `tl_t` in two, `struct shared` the same everywhere, a
# typedef that comes before its struct, and filler types so that units
# differ in size and the threads overlap.
def unit_source(k, v2=False):
    conf = {
        0: "int hot; long a; char tag[4];",
        1: "int hot; short b; long c[2];",
        2: "int hot; void *p; unsigned flags : 3;",
    }[k % 3]
    if v2 and k % 3 == 1:
        conf = "int hot; long b; long c[2];"
    tl = "int x; char pad[%d];" % (k % 2 + 1)
    filler = "".join(
        "struct filler%d_%d { long f[%d]; int g; } filler%d_%d;\n"
        % (k, i, i + 1, k, i) for i in range(8 * (k % 4 + 1)))
    return f"""
typedef struct later later_t;
struct conf {{ {conf} }};
typedef struct {{ {tl} }} tl_t;
struct shared {{ int lock; long hits; char name[16]; }};
struct later {{ later_t *next; int unit{k}; }};
struct conf conf_{k};
tl_t tl_{k};
struct shared shared_{k};
later_t later_{k};
{filler}
"""


RULES = """[struct conf]
write.w = hot
read.r = hot

[struct shared]
write.lock = lock
read.stats = hits name
"""


def build_units(work, name, n, v2=False, extra=None):
    objs = []
    for k in range(n):
        src = os.path.join(work, "%s%d.c" % (name, k))
        with open(src, "w") as f:
            f.write(unit_source(k, v2))
            if extra and k in extra:
                f.write(extra[k])
        obj = src[:-2] + ".o"
        sh(*CC, "-c", "-g", "-o", obj, src)
        objs.append(obj)
    return objs


def link_r(work, name, objs):
    """Many units in one relocatable object, which libdwfl relocates."""
    out = os.path.join(work, name + ".o")
    sh(*CC, "-r", "-nostdlib", "-o", out, *objs)
    return out


def archive(work, name, objs):
    out = os.path.join(work, name + ".a")
    sh("ar", "rcs", out, *objs)
    return out


def lineup_out(lineup, args, jobs, env_jobs=False, codes=(0, 1)):
    env = dict(os.environ)
    env.pop("LINEUP_JOBS", None)
    if env_jobs:
        env["LINEUP_JOBS"] = jobs
        cmd = [lineup] + args
    else:
        cmd = [lineup, args[0], "-j", jobs] + args[1:]
    p = subprocess.run(cmd, capture_output=True, env=env, timeout=120)
    expect(p.returncode in codes,
           "%s: exit %d: %s" % (cmd, p.returncode, p.stderr.decode()))
    return p.returncode, p.stdout, p.stderr


def same_at_every_j(lineup, args, env_too=False, codes=(0, 1)):
    """Every -j prints what -j 1 prints, byte for byte."""
    want = lineup_out(lineup, args, "1", codes=codes)
    expect(want[1] or want[2], "%s printed nothing" % args)
    runs = [(j, False) for j in JOBS[1:]]
    if env_too:
        runs.append(("3", True))
    for j, env in runs:
        got = lineup_out(lineup, args, j, env, codes)
        expect(got == want, "%s at %s %s differs from -j 1:\n--- -j 1\n%s"
               "\n--- -j %s\n%s" % (args, "LINEUP_JOBS=" if env else "-j",
                                    j, want[1].decode()[:2000], j,
                                    got[1].decode()[:2000]))
    return want


def every_format(lineup, work, inputs, rules):
    for path in inputs:
        for fmt in ("text", "json"):
            same_at_every_j(lineup, ["show", "--format", fmt, path])
        same_at_every_j(lineup, ["show", "-C", "conf", "-C", "tl_t", path])
        for fmt in ("text", "json", "sarif"):
            same_at_every_j(lineup, ["check", "--rules", rules,
                                     "--format", fmt, path])


def rules_file(work):
    rules = os.path.join(work, "rules.ini")
    with open(rules, "w") as f:
        f.write(RULES)
    return rules


@case
def variants_in_unit_order(lineup, srcdir, work):
    objs = build_units(work, "u", 12)
    many = link_r(work, "many", objs)
    rules = rules_file(work)
    # the variants of conf come from units 0, 1 and 2 and tl_t's from 0
    # and 1, read by different threads: their numbers are the serial ones
    _, out, _ = same_at_every_j(lineup, ["show", "-C", "conf", many],
                                env_too=True)
    expect(out.decode().count("struct conf") >= 3,
           "expected three variants of struct conf:\n" + out.decode())
    every_format(lineup, work, [many], rules)


@case
def archive_of_many_members(lineup, srcdir, work):
    objs = build_units(work, "m", 24)
    lib = archive(work, "libmany", objs)
    every_format(lineup, work, [lib], rules_file(work))


@case
def corpus_in_one_object(lineup, srcdir, work):
    corpus = os.path.join(srcdir, "tests", "corpus")
    objs = []
    for name in sorted(os.listdir(corpus)):
        if not name.endswith(".c"):
            continue
        obj = os.path.join(work, name[:-2] + ".o")
        sh(*CC, "-c", "-g", "-I", os.path.join(srcdir, "include"), "-o",
           obj, os.path.join(corpus, name))
        objs.append(obj)
    expect(len(objs) > 3, "the corpus has sources")
    one = link_r(work, "corpus", objs)
    lib = archive(work, "libcorpus", objs)
    for path in (one, lib):
        for fmt in ("text", "json"):
            same_at_every_j(lineup, ["show", "--format", fmt, path])
        for fmt in ("text", "json", "sarif"):
            same_at_every_j(lineup, ["check", "--format", fmt, path])


@case
def diff_of_two_builds(lineup, srcdir, work):
    old = link_r(work, "old", build_units(work, "o", 12))
    new = link_r(work, "new", build_units(work, "n", 12, v2=True))
    rules = rules_file(work)
    for fmt in ("text", "json", "sarif"):
        same_at_every_j(lineup, ["diff", "--rules", rules, "--format", fmt,
                                 old, new])
        same_at_every_j(lineup, ["diff", "--format", fmt, old, new])
    # read at once, and still OLD's error first when both fail
    gone = os.path.join(work, "gone.o")
    for pair in ((gone, gone + "2"), (old, gone), (gone, new)):
        _, _, err = same_at_every_j(lineup, ["diff", *pair], codes=(2,))
        expect(pair[0 if pair[0] == gone else 1] in err.decode(),
               "diff %s %s: %s" % (pair + (err.decode(),)))


@case
def type_units_and_dwarf2(lineup, srcdir, work):
    # DWARF 4 type units, which every unit's members refer to (so threads
    # read one type unit at once), and DWARF 2's member locations
    objs = []
    for k in range(8):
        src = os.path.join(work, "t%d.c" % k)
        with open(src, "w") as f:
            f.write(unit_source(k))
        obj = src[:-2] + ".o"
        flags = ["-gdwarf-4", "-fdebug-types-section"] if k % 2 else \
            ["-gdwarf-2"]
        sh(*CC, "-c", "-g", *flags, "-o", obj, src)
        objs.append(obj)
    one = link_r(work, "types", objs)
    rules = rules_file(work)
    for fmt in ("text", "json"):
        same_at_every_j(lineup, ["show", "--format", fmt, one])
    for fmt in ("text", "json", "sarif"):
        same_at_every_j(lineup, ["check", "--rules", rules, "--format", fmt,
                                 one])


# A struct with lineup.h's group markers in one unit and, under the same
# name and size, without them in an earlier one: the serial read decides
# from its memo of unmarked names (here: unmarked, so only the rules'
# structs are checked; without rules nothing is, exit 2), and the parallel
# read must agree.
MARKED = """#include <lineup.h>
struct flip { LINEUP_BEGIN(write, w); long a; LINEUP_END(write, w);
	LINEUP_BEGIN(read, r); long b; LINEUP_END(read, r); } flip_%d;
"""
UNMARKED = "struct flip { long a; long b; } flip_%d;\n"


@case
def markers_in_some_units(lineup, srcdir, work):
    inc = os.path.join(srcdir, "include")
    cc = CC + ["-I", inc]
    objs = []
    for k in range(6):
        src = os.path.join(work, "f%d.c" % k)
        with open(src, "w") as f:
            f.write(unit_source(k))
            f.write(MARKED % k if k in (3, 4) else
                    UNMARKED % k if k in (0, 5) else "")
        obj = src[:-2] + ".o"
        sh(*cc, "-c", "-g", "-o", obj, src)
        objs.append(obj)
    one = link_r(work, "flip", objs)
    for fmt in ("text", "json", "sarif"):
        same_at_every_j(lineup, ["check", "--format", fmt, "--rules",
                                 rules_file(work), one])
        same_at_every_j(lineup, ["check", "--format", fmt, one],
                        codes=(0, 1, 2))


# Typedefs the index must hand on as the full walk does: one naming a
# struct under another name (only the typedef asked), a second typedef of
# that struct once built, a typedef through const, one of a declaration
# only, and a struct local to a function (neither walk looks inside).
TYPEDEFS = """typedef struct foo bar_t;
struct foo { int a; long b; };
typedef struct foo baz_t;
typedef const struct foo cfoo_t;
struct opaque;
typedef struct opaque opaque_t;
bar_t bar; baz_t baz; cfoo_t cfoo; opaque_t *op;
int local(void) { struct inner { int i; } v = { 1 }; return v.i; }
"""


def index_args(lineup, path):
    """show -C of every struct and typedef name of PATH, one at a time
    (every fifth under sanitizers), all at once (text and JSON), and a
    misspelled one (its "did you mean" reads every name the walk met)."""
    env = dict(os.environ, LINEUP_DWARF_WALK="full")
    p = subprocess.run([lineup, "show", "-j", "1", "--format", "json",
                        path], capture_output=True, env=env, check=True)
    names = []
    for st in __import__("json").loads(p.stdout)["structs"]:
        for n in [st["name"]] + st.get("typedefs", []):
            if n not in names:
                names.append(n)
    expect(len(names) > 2, "%s: only %s" % (path, names))
    one = names[::5] if SANITIZED else names
    runs = [["-C", n] for n in one]
    runs.append(["--format", "json", "-C", ",".join(names)])
    runs.append(["-C", names[0] + "x"])
    return [["show"] + r + [path] for r in runs]


def index_like_full(lineup, args, jobs=("1", "2")):
    """The index (the default for a few names) prints what the full walk
    prints, at each of JOBS, exit status and errors included."""
    env = dict(os.environ, LINEUP_DWARF_WALK="full")
    env.pop("LINEUP_JOBS", None)
    cmd = [lineup, args[0], "-j", "1"] + args[1:]
    full = subprocess.run(cmd, capture_output=True, env=env, timeout=120)
    expect(full.returncode in (0, 1, 2) and (full.stdout or full.stderr),
           "%s: exit %d" % (cmd, full.returncode))
    for j in jobs:
        got = lineup_out(lineup, args, j, codes=(0, 1, 2))
        expect(got == (full.returncode, full.stdout, full.stderr),
               "%s at -j %s: the index differs from the full walk:\n"
               "--- full\n%s%s\n--- index\n%s%s" % (
                   args, j, full.stdout.decode()[:1500],
                   full.stderr.decode(), got[1].decode()[:1500],
                   got[2].decode()))


@case
def index_like_full_walk(lineup, srcdir, work):
    corpus = os.path.join(srcdir, "tests", "corpus")
    inc = os.path.join(srcdir, "include")
    objs = build_units(work, "v", 9, extra={4: TYPEDEFS})
    for name in sorted(os.listdir(corpus)):
        if name.endswith(".c"):
            obj = os.path.join(work, name[:-2] + ".o")
            sh(*CC, "-c", "-g", "-I", inc, "-o", obj,
               os.path.join(corpus, name))
            objs.append(obj)
    # C++ units among C ones: they take the full walk, the C ones the
    # index, and the names of both meet in one set
    cxx = shutil.which("g++") or shutil.which("clang++")
    expect(cxx, "no C++ compiler")
    for name in ("classes.cpp", "truth.cpp"):
        obj = os.path.join(work, name[:-4] + ".o")
        sh(cxx, "-c", "-g", "-std=c++17", "-I", inc, "-I",
           os.path.join(srcdir, "tests", "cpp"), "-o", obj,
           os.path.join(srcdir, "tests", "cpp", name))
        objs.append(obj)
    one = link_r(work, "index", objs)
    types = []
    for k in range(4):
        src = os.path.join(work, "ti%d.c" % k)
        with open(src, "w") as f:
            f.write(unit_source(k) + (TYPEDEFS if k == 1 else ""))
        obj = src[:-2] + ".o"
        sh(*CC, "-c", "-g", "-gdwarf-4", "-fdebug-types-section", "-o",
           obj, src)
        types.append(obj)
    tu = link_r(work, "typeunits", types)
    for path in (one, tu, archive(work, "libindex", objs)):
        runs = index_args(lineup, path)
        if path != one:
            runs = runs[-2:]	# one name at a time: the object's only
        for k, args in enumerate(runs):
            # one name at a time at -j 1; all of them on threads too
            index_like_full(lineup, args,
                            ("1",) if k < len(runs) - 2 else ("1", "2"))


def main():
    if sys.argv[1:] == ["--list"]:
        print("\n".join(CASES))
        return 0
    lineup, srcdir, name = sys.argv[1:4]
    if not shutil.which(CC[0]):
        print("SKIP: %s is not installed" % CC[0])
        return 77
    with tempfile.TemporaryDirectory() as work:
        CASES[name](os.path.abspath(lineup), srcdir, work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
