#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Hostile names and outputs (issue 20): a struct, member or file name is
a string from the input and may hold any byte but NUL. Every generated
text (rules file, C, diff, JSON, SARIF, terminal) must keep it data: no
crash, no forged section, directive or line, no field dropped; an output
file replaces only a regular file and leaves no temporary, even on a
signal. The runner is run.py's; each case also checks what lineup wrote.

    hostile.py LINEUP [CASE...]     hostile.py --list
"""

import json
import os
import signal
import stat
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run as R  # noqa: E402


def asm(text):
    """TEXT (bytes or str) as a GNU as .string body: every byte octal."""
    if isinstance(text, str):
        text = text.encode()
    return "".join(chr(b) if chr(b).isalnum() or b == ord("_")
                   else "\\%03o" % b for b in text)


def hostile_object(work, name, members, tag="s", cu_name="x.c",
                   groups=True):
    """struct TAG with int MEMBERS (names as bytes or str) 8 bytes apart;
    with GROUPS the first is a write group and the rest a read group on
    the same line, so check reports a conflict that names them."""
    dies = [R.DW_INT, R.dw_die("base_type", "uchar", name="unsigned char",
                                byte_size=1, encoding=8),
            R.dw_die("typedef", "lu_w", name="lineup__write",
                     type=("ref", "uchar")),
            R.dw_die("typedef", "lu_r", name="lineup__read",
                     type=("ref", "uchar")),
            R.dw_die("array_type", "mw", type=("ref", "lu_w"),
                     children=[R.dw_die("subrange_type", count=0)]),
            R.dw_die("array_type", "mr", type=("ref", "lu_r"),
                     children=[R.dw_die("subrange_type", count=0)])]
    kids = []
    for i, m in enumerate(members):
        if groups and i == 0:
            kids.append(R.dw_member("lineup__begin__w", "mw", 0))
        if groups and i == 1:
            kids.append(R.dw_member("lineup__end__w", "mw", 8))
            kids.append(R.dw_member("lineup__begin__r", "mr", 8))
        kids.append(R.dw_die("member", name=("strp", asm(m)),
                             type=("ref", "int"),
                             data_member_location=8 * i))
    if groups:
        kids.append(R.dw_member("lineup__end__r", "mr", 8 * len(members)))
    dies.append(R.dw_die("structure_type", name=("strp", asm(tag)),
                         byte_size=8 * len(members), children=kids))
    return R.dwarf_object(work, name, dies, cu_name=asm(cu_name))


def typeoff_report(work, tag="s", stores=(0,), loads=(8,)):
    """A perf data-type report: stores at STORES, loads at LOADS."""
    def block(event, offsets):
        rows = "".join("    %5.2f%%  struct %s  struct %s +%d (m)\n" %
                       (100.0 / len(offsets), tag, tag, o) for o in offsets)
        return ("# Samples: 1K of event 'cpu/%s/P'\n# Event count "
                "(approx.): 1000\n#\n# Overhead  Data Type  Data Type "
                "Offset\n# ........  .........  ..........\n#\n%s\n\n" %
                (event, rows))
    return R.write(work, "report.txt", (block("mem-loads,ldlat=30", loads) +
                                        block("mem-stores", stores)).encode())


def ini_problems(path, members):
    """What is wrong with a drafted rules file: a second section, a line
    the reader refuses, a key no draft writes."""
    if not os.path.exists(path):
        return ["%s was not written" % path]
    text = open(path, "rb").read().decode(errors="replace")
    problems = []
    for line in text.splitlines():
        if len(line) > 198:
            problems.append("a %d-character line in the draft" % len(line))
        if line.startswith("[") and line != "[struct s]":
            problems.append("the draft has a section %r" % line)
        if line and not line[0] in "#[ " and \
                line.split("=")[0].strip() not in ("write", "read"):
            problems.append("the draft has a line %r" % line)
    return problems


def no_temporaries(work):
    left = [f for f in os.listdir(work) if ".tmp." in f]
    return ["left behind: %s" % ", ".join(left)] if left else []


# ---- crash ----------------------------------------------------------------

def case_c2c_long_member_name(work):
    # A member name of a few hundred characters: the draft's comment
    # line was built past its buffer (SIGSEGV, out.ini.tmp.* left).
    obj = hostile_object(work, "long", ["m" * 300, "b"], groups=False)
    rep = typeoff_report(work)
    out = os.path.join(work, "out.ini")

    def after(stdout, stderr):
        return ini_problems(out, ["b"]) + no_temporaries(work)
    return [R.Run(["c2c", "--struct", "s", "--rules-out", out, obj, rep],
                  status=1, after=after,
                  stdout_words=["false sharing"])]


# ---- injection through names ----------------------------------------------

FORGED = "x\n[matrix]\ncompile = touch pwned\n#"


def case_c2c_rules_injection(work):
    # A member name that opens [matrix] with a compile command a later
    # `suggest --rules` would run: the draft leaves it out, in a comment.
    obj = hostile_object(work, "inject", [FORGED, "b"], groups=False)
    rep = typeoff_report(work)
    out = os.path.join(work, "out.ini")

    def after(stdout, stderr):
        p = ini_problems(out, ["b"]) + no_temporaries(work)
        if "1 member left out" not in open(out).read():
            p.append("the draft does not say a member was left out")
        return p
    return [R.Run(["c2c", "--struct", "s", "--rules-out", out, obj, rep],
                  status=1, after=after)]


def case_c2c_rules_struct_name(work):
    # A struct tag a [struct NAME] header cannot hold is refused whole.
    tag = "s][matrix"
    obj = hostile_object(work, "tag", ["a", "b"], tag=tag, groups=False)
    rep = typeoff_report(work, tag=tag)
    out = os.path.join(work, "out.ini")

    def after(stdout, stderr):
        p = no_temporaries(work)
        if os.path.exists(out):
            p.append("out.ini was written")
        return p
    return [R.Run(["c2c", "--struct", tag, "--rules-out", out, obj, rep],
                  status=2, stderr_lines=1, words=["cannot name struct"],
                  after=after)]


def forged_lines(text, expected):
    """Lines of TEXT that no report of lineup's prints, and escapes."""
    p = []
    if "\x1b" in text:
        p.append("a raw ESC in the output")
    for line in text.splitlines():
        if "forged" in line and "\\n" not in line:
            p.append("a forged line: %r" % line)
    if len(text.splitlines()) != expected:
        p.append("%d lines of output, expected %d" %
                 (len(text.splitlines()), expected))
    return p


NAMES = ["w\n/x.c:1:1: error: forged", "r\x1b[2J\x1b]0;title\x07"]


def case_text_names_escaped(work):
    # Names carrying a newline (a whole forged diagnostic) and terminal
    # escapes: text shows them as \n and \x1b, one diagnostic line each.
    obj = hostile_object(work, "text", NAMES)
    return [R.Run(["check", obj], status=1, stderr_lines=0,
                  stdout_words=["\\x1b[2J", "\\n/x.c:1:1"],
                  after=lambda o, e: forged_lines(o, 3)),
            R.Run(["show", obj], status=0,
                  after=lambda o, e: forged_lines(o, len(o.splitlines())))]


def case_c2c_text_names_escaped(work):
    # c2c's listing and diagnostic name members too: one line each.
    obj = hostile_object(work, "c2ctext", NAMES, groups=False)
    rep = typeoff_report(work)
    return [R.Run(["c2c", "--struct", "s", obj, rep], status=1,
                  stdout_words=["\\x1b[2J", "\\n/x.c:1:1"],
                  after=lambda o, e: forged_lines(o, 6))]


def case_c_names_refused(work):
    # A member name with a newline and a directive: generated C would
    # #include any file. asserts and suggest refuse the struct, one line.
    name = 'x\n#include "/etc/passwd"\nint y'
    obj = hostile_object(work, "c", ["a", name], groups=False)
    rules = R.write(work, "r.ini", b"[struct s]\nwrite = a\n")
    return [R.Run(["asserts", "--struct", "s", "--rules", rules, obj],
                  words=["not a C name", "\\n#include"]),
            R.Run(["suggest", "--struct", "s", "--rules", rules, obj],
                  words=["not a C name", "\\n#include"])]


CONFLICT_C = b"""
typedef unsigned char lineup__write;
typedef unsigned char lineup__read;
struct s {
	lineup__write lineup__begin__w[0];
	long a;
	lineup__write lineup__end__w[0];
	lineup__read lineup__begin__r[0];
	long b;
	lineup__read lineup__end__r[0];
};
struct s v;
"""


def case_json_not_utf8(work):
    # A source file name that is not UTF-8 (jansson refuses such strings):
    # JSON and SARIF still carry the finding and its location, marked.
    src = os.path.join(work.encode(), b"\xfe.c")
    with open(src, "wb") as f:
        f.write(CONFLICT_C)
    obj = os.path.join(work, "utf8.o")
    R.subprocess.run(R.CC + ["-c", "-g", "-o", obj, src], check=True)

    def full_json(stdout, stderr):
        try:
            f = json.loads(stdout)["findings"][0]
        except (ValueError, KeyError, IndexError) as e:
            return ["no finding in the JSON: %r" % e]
        p = ["no '%s' in the finding" % k for k in
             ("location", "message", "members", "others") if k not in f]
        if "location" in f and not f["location"]["file"].endswith(
                "\\xfe.c"):
            p.append("the file is %r" % f["location"]["file"])
        return p

    def full_sarif(stdout, stderr):
        try:
            r = json.loads(stdout)["runs"][0]["results"][0]
            uri = r["locations"][0]["physicalLocation"][
                "artifactLocation"]["uri"]
        except (ValueError, KeyError, IndexError) as e:
            return ["no result with a file in the SARIF: %r" % e]
        return [] if uri.endswith("%FE.c") else ["the uri is %r" % uri]
    return [R.Run(["check", "--format", "json", obj], status=1,
                  after=full_json),
            R.Run(["check", "--format", "sarif", obj], status=1,
                  after=full_sarif)]


def case_show_json_latin1(work):
    # café.c named in Latin-1 (the é as the byte 0xE9) and its object too:
    # show --format json dropped `file` from every member and the whole
    # `input`; each is there, the byte as \xe9 (doc/json.md).
    src = os.path.join(work.encode(), b"caf\xe9.c")
    with open(src, "wb") as f:
        f.write(CONFLICT_C)
    obj = os.path.join(work.encode(), b"caf\xe9.o")
    R.subprocess.run(R.CC + ["-c", "-g", "-o", obj, src], check=True)

    def files(stdout, stderr):
        try:
            doc = json.loads(stdout)
            s = doc["structs"][0]
        except (ValueError, KeyError, IndexError) as e:
            return ["no struct in the JSON: %r" % e]
        p = [] if doc.get("input", {}).get("path", "").endswith(
            "caf\\xe9.o") else ["input is %r" % doc.get("input")]
        for m in [s] + s["members"]:
            if not str(m.get("file")).endswith("/caf\\xe9.c"):
                p.append("%s: file is %r" % (m["name"], m.get("file")))
        return p
    return [R.Run(["show", "--format", "json", os.fsdecode(obj)], status=0,
                  after=files)]


def case_diff_text_names_escaped(work):
    # lineup diff's lines name structs, members and the inputs: a tag and
    # members that forge lines, and an input path that does (the summary
    # printed it raw: "only in o<ESC>[2J", a line "forged old.o").
    tag = "s\x1b[31m\n/x.c:2:2: error: forged tag"
    old = hostile_object(work, "old", NAMES + ["c"], tag=tag)
    new = hostile_object(work, "new", ["c"] + NAMES, tag=tag)
    gone = hostile_object(work, "gone", ["a", "b"], tag="t")
    odd = os.path.join(work, "o\x1b[2J\nforged old.o")
    os.rename(gone, odd)
    return [R.Run(["diff", old, new], status=1, stderr_lines=0,
                  stdout_words=["\\x1b[31m\\n/x.c:2:2", "\\n/x.c:1:1"],
                  after=lambda o, e: forged_lines(o, len(o.splitlines()))),
            R.Run(["diff", odd, new], status=0, stderr_lines=0,
                  stdout_words=["o\\x1b[2J\\nforged old.o"],
                  after=lambda o, e: forged_lines(o, 1))]


def case_matrix_text_escaped(work):
    # A configuration's compile fails with a message that holds an escape
    # sequence (compilers quote the source): matrix printed it raw.
    obj = hostile_object(work, "m", NAMES)
    R.write(work, "build.sh", (
        '#!/bin/sh\ncase "$*" in *-DA*) printf "/x.c:1:1: error: '
        '\\033[2J cleared\\n" >&2; exit 1;; esac\n'
        'while [ "$1" != -o ]; do shift; done\ncp %s "$2"\n' % obj).encode(),
        0o755)
    rules = R.write(work, "m.ini", ("[struct s]\nwrite = w\n\n[matrix]\n"
                                    "compile = %s/build.sh -DX\noptions = A\n"
                                    % work).encode())
    return [R.Run(["matrix", "--rules", rules], status=2, stderr_lines=0,
                  stdout_words=["error: \\x1b[2J cleared", "\\n/x.c:1:1"],
                  after=lambda o, e: forged_lines(o, len(o.splitlines())))]


def case_suggest_text_escaped(work):
    # suggest's header names the source file, and its diff quotes the
    # source's lines: a file name, then a comment, with escape sequences.
    # The name is escaped; a diff that would carry ESC is not printed.
    body = b"struct tiny {\n\tlong w;\n\t/* %s */\n\tlong r;\n};\n" \
           b"struct tiny t;\n"
    rules = R.write(work, "r.ini", b"[struct tiny]\nwrite = w\nread = r\n")
    runs = []
    for name, comment, words in (
            ("x\x1b]0;title\x07.c", b"plain", [
                "x\\x1b]0;title\\x07.c:1", "no diff: the source's name "
                "holds a control character"]),
            ("y.c", b"\x1b[2J", ["no diff: the struct's lines hold a "
                                 "control character"])):
        src = R.write(work, name, body % comment)
        obj = os.path.join(work, name[0] + ".o")
        R.subprocess.run(R.CC + ["-c", "-g", "-o", obj, src], check=True)
        runs.append(R.Run(["suggest", "--struct", "tiny", "--rules", rules,
                           obj], status=0, stdout_words=words,
                          after=lambda o, e: forged_lines(
                              o, len(o.splitlines()))))
    return runs


# ---- memory -----------------------------------------------------------------

def vm_limit(kib):
    """A wrap that bounds lineup's address space (malloc fails past it)
    but in a sanitizer build, whose shadow memory needs terabytes of it."""
    return ["sh", "-c", 'grep -q __asan_init "$0" || ulimit -v %d; '
            'exec "$0" "$@"' % kib]


def patch_problems(doc):
    """Every diff of a suggest JSON document, applied by patch --dry-run
    from /: lineup names a file outside its directory from the root."""
    p = []
    for prop in doc["proposals"]:
        if prop["diff"]:
            r = R.subprocess.run(["patch", "--dry-run", "-s", "-p1"],
                                 input=prop["diff"].encode(),
                                 capture_output=True, cwd="/")
            if r.returncode:
                p.append("%s: patch --dry-run: %s" %
                         (prop["kind"], r.stdout.decode()[:200]))
    return p


def case_suggest_comment_lines(work):
    # 20,000 comment lines inside the struct: the diff's table of N * M
    # words took 3 GiB and aborted under a 1 GiB limit.
    lines = ["\t/* note %d */" % i for i in range(20000)]
    R.write(work, "c.c", "\n".join(["struct tiny {", "\tlong w;"] + lines +
                                   ["\tlong r;", "};", "struct tiny t;",
                                    ""]).encode())
    obj = os.path.join(work, "c.o")
    R.subprocess.run(R.CC + ["-c", "-g", "-o", obj,
                             os.path.join(work, "c.c")], check=True)
    rules = R.write(work, "r.ini", b"[struct tiny]\nwrite = w\nread = r\n")

    def after(stdout, stderr):
        try:
            doc = json.loads(stdout)
        except ValueError:
            return ["no JSON on stdout"]
        if not any(prop["diff"] for prop in doc["proposals"]):
            return ["no diff"]
        return patch_problems(doc)
    return [R.Run(["suggest", "--format", "json", "--struct", "tiny",
                   "--rules", rules, obj], status=0, max_kib=256 * 1024,
                  wrap=vm_limit(1 << 20), after=after)]


def case_check_rules_100k_rows(work):
    # A 100,000-row net_cachelines table drafts fine, but check --rules on
    # the draft copied a group's member list once per continuation line
    # (quadratic: it aborted under 1 GiB).
    n, kinds = 100000, ("read_mostly", "read_write", "", "write_mostly")
    sep = " ".join("=" * w for w in (8, 10, 18, 18, 4)) + "\n"
    rows = "".join("%-8s %-10s %-18s %-18s f\n" % (
        "u64", "m%d" % i, kinds[i % 4], kinds[i // 4 % 4]) for i in range(n))
    rst = R.write(work, "big.rst", ("===\nbig struct fast path usage "
                                    "breakdown\n===\n\n" + sep +
                                    "Type     Name       fastpath_tx_access"
                                    " fastpath_rx_access Comm\n" + sep +
                                    rows + sep).encode())
    obj = R.compile_c(work, "big", "struct big {\n%s};\nstruct big b;\n" %
                      "".join("\tlong m%d;\n" % i for i in range(n)))
    ini = os.path.join(work, "big.ini")
    with open(ini, "wb") as f:
        R.subprocess.run([os.path.abspath(sys.argv[1]), "rules",
                          "--from-net-cachelines", rst], stdout=f)
    return [R.Run(["check", "--rules", ini, obj], status=1,
                  max_kib=256 * 1024, wrap=vm_limit(1 << 20),
                  stdout_words=["1 struct checked"])]


# ---- atomic output --------------------------------------------------------

def case_rules_out_fifo(work):
    # --rules-out onto a FIFO: refused, the FIFO stays one.
    obj = hostile_object(work, "f", ["a", "b"], groups=False)
    rep = typeoff_report(work)
    fifo = os.path.join(work, "fifo.ini")
    os.mkfifo(fifo)

    def after(stdout, stderr):
        p = no_temporaries(work)
        if not stat.S_ISFIFO(os.stat(fifo).st_mode):
            p.append("the FIFO was replaced")
        return p
    return [R.Run(["c2c", "--struct", "s", "--rules-out", fifo, obj, rep],
                  names=[fifo], words=["not a regular file (a FIFO)"],
                  after=after)]


def case_rules_out_sigterm(work):
    # SIGTERM while the draft is written (pending when lineup starts, so
    # the test does not race): no out.ini.tmp.*, no out.ini, death by it.
    obj = hostile_object(work, "sig", ["a", "b"], groups=False)
    rep = typeoff_report(work)
    out = os.path.join(work, "out.ini")

    def pending_term():
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGTERM])
        os.kill(os.getpid(), signal.SIGTERM)

    def after(stdout, stderr):
        p = no_temporaries(work)
        if os.path.exists(out):
            p.append("out.ini was written despite the signal")
        return p
    return [R.Run(["c2c", "--struct", "s", "--rules-out", out, obj, rep],
                  status=128 + signal.SIGTERM, stderr_lines=0,
                  preexec=pending_term, after=after)]


# ---- rules files and compiles ----------------------------------------------

def case_matrix_compile_semicolon(work):
    # libinih's " ;" inline comment cut `compile = true ; cc ...` to
    # `true`: every word of a rule stays.
    # A changes the struct, so both configurations are compiled
    R.write(work, "s.c", b"struct task_group { long load_avg;\n#ifdef A\n"
            b"long a;\n#endif\nlong x; };\nstruct task_group tg;\n")
    rules = R.write(work, "m.ini", b"[struct task_group]\nwrite = load_avg\n"
                    b"\n[matrix]\ncompile = true ; cc -c -g s.c\n"
                    b"options = A\n")
    return [R.Run(["matrix", "--rules", rules], status=0,
                  stdout_words=["all 2 configurations pass"])]


def case_matrix_compile_no_object(work):
    # A compile that exits 0 and writes nothing: the report says so
    # (it said "(no message)").
    rules = R.write(work, "m.ini", b"[struct task_group]\nwrite = load_avg\n"
                    b"\n[matrix]\ncompile = true\noptions = A\n")
    return [R.Run(["matrix", "--rules", rules], status=2, stderr_lines=0,
                  stdout_words=["the compile exited 0 but wrote no"],
                  after=lambda o, e: ["(no message)"] if "no message" in o
                  else [])]


def case_matrix_jobs_above_fd_limit(work):
    # -j 32 under `ulimit -n 14`: the pipes ran out and some of the
    # configurations "could not be checked"; now it runs fewer at once.
    body = "".join("#ifdef %s\nlong %s;\n#endif\n" % (o, o.lower())
                   for o in "ABCDE")
    R.write(work, "s.c", ("struct task_group {\n%slong load_avg; long x;"
                          " };\nstruct task_group tg;\n" % body).encode())
    rules = R.write(work, "m.ini", b"[struct task_group]\nwrite = load_avg\n"
                    b"\n[matrix]\ncompile = cc -c -g s.c\n"
                    b"options = A B C D E\n")
    return [R.Run(["matrix", "-j", "32", "--rules", rules], status=0,
                  wrap=["sh", "-c", 'ulimit -n 14; exec "$0" "$@"'],
                  stdout_words=["all 32 configurations pass"])]


CASES = {name[5:].replace("_", "-"): fn for name, fn in
         sorted(globals().items()) if name.startswith("case_")}

if __name__ == "__main__":
    sys.exit(R.main(sys.argv, CASES))
