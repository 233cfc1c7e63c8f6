#!/usr/bin/env python3
"""lineup matrix at scale: the pipeline, its switch to direct compiles, the
progress line, colours, and the user's compiler farm (distcc, ccache).

usage: run_matrix_scale_tests.py LINEUP SOURCE_ROOT [SANITIZE]

Shares its helpers with run_matrix_tests.py. The compile commands log
each call ("E" for a preprocessing, "C" for a compile), so the tests see
what lineup ran, not only what it reported. distcc and ccache are in
scripts/packages.txt; a machine without them skips those two cases.
"""
import json
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_matrix_tests as base  # noqa: E402
import distccd_local  # noqa: E402

from run_matrix_tests import (LINEUP, check, leftovers, matrix,  # noqa: E402
                              write)

LOGGER = """\
case " $* " in *" -E "*) echo E >> calls;; *) echo C >> calls;; esac
exec "$@"
"""


def options_source(d, touching, idle, dead=()):
    """s.c whose struct has a member per option of TOUCHING; IDLE options
    are never read; DEAD ones are tested inside the struct, in vain.
    Returns the rules' path (compile logged)."""
    src = ["struct s {", "\tlong hot;", "\tchar pad[64];"]
    for name in touching:
        src += ["#ifdef " + name, "\tchar %s;" % name.lower(), "#endif"]
    for name in dead:
        src += ["#if defined(%s) && 0" % name, "\tchar %s;" % name.lower(),
                "#endif"]
    write(os.path.join(d, "s.c"), "\n".join(src + ["\tlong cold;", "} s;"])
          + "\n")
    write(os.path.join(d, "log.sh"), LOGGER)
    return write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = hot
        read = cold
        [matrix]
        compile = sh log.sh cc -c -g s.c
        options = %s
        """ % " ".join(list(touching) + list(idle) + list(dead)))


def calls(d):
    """(preprocessing runs, compiles) logged since the last call."""
    path = os.path.join(d, "calls")
    try:
        with open(path) as f:
            text = f.read()
        os.unlink(path)
    except OSError:
        text = ""
    return text.count("E"), text.count("C")


def same_json(a, b):
    """Reports alike but for the name of lineup's temporary directory."""
    tmp = re.compile(r"lineup-matrix\.[A-Za-z0-9]+")
    return tmp.sub("TMP", a) == tmp.sub("TMP", b)


def first_appearance(builds):
    """Are builds numbered by their first configuration?"""
    top = -1
    for b in builds:
        if b > top + 1:
            return False
        top = max(top, b)
    return True


def test_all_distinct(tmp, scratch):
    """64 configurations, 64 texts: a sample compiled says they all
    differ, and every configuration is compiled once, straight from the
    source, none preprocessed. 64 is past the sweep's switch (twice
    MIN_SAMPLE in matrix_sweep.c), so the switch is what is tested."""
    d = os.path.join(tmp, "distinct")
    os.makedirs(d)
    rules = options_source(d, ["O%d" % i for i in range(6)], [])
    rc, out, err = matrix(rules, tmpdir=scratch)
    n_e, n_c = calls(d)
    check("all distinct: the report",
          rc == 0 and "6 options, 64 configurations (all), 64 distinct "
          "after preprocessing\n" in out and
          "all 64 configurations pass" in out, out + err)
    check("all distinct: 64 compiles, no more", n_c == 64, "%d" % n_c)
    check("all distinct: each preprocessed once, by the search for the "
          "options that can change s", n_e == 64, "%d preprocessed" % n_e)
    rc, j1, err = matrix(rules, "--format", "json", "-j", "1",
                         tmpdir=scratch)
    rc3, j3, err3 = matrix(rules, "--format", "json", "-j", "3",
                           tmpdir=scratch)
    calls(d)
    data = json.loads(j1)
    check("all distinct: build i for configuration i",
          data["builds"] == 64 and
          [c["build"] for c in data["configurations"]] == list(range(64)),
          str([c["build"] for c in data["configurations"]][:20]))
    check("all distinct: the same JSON at -j1 and -j3", same_json(j1, j3),
          err + err3)
    check("all distinct: no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))


def test_dedup_pays(tmp, scratch):
    """64 configurations, 16 texts: all preprocessed once (by the search
    for the options that can change s), each text compiled once."""
    d = os.path.join(tmp, "dedup")
    os.makedirs(d)
    rules = options_source(d, ["HOT%d" % i for i in range(4)], [],
                           ["IDLE%d" % i for i in range(2)])
    rc, out, err = matrix(rules, "--format", "json", tmpdir=scratch)
    n_e, n_c = calls(d)
    data = json.loads(out)
    builds = [c["build"] for c in data["configurations"]]
    check("dedup: 16 builds", rc == 0 and data["builds"] == 16,
          str(data["builds"]) + err)
    check("dedup: every configuration preprocessed once, 16 compiled",
          n_e == 64 and n_c == 16,
          "%d preprocessed, %d compiled" % (n_e, n_c))
    check("dedup: builds numbered in configuration order",
          first_appearance(builds) and builds[:5] == [0] * 4 + [1],
          str(builds[:40]))


def test_interrupt_direct(tmp, scratch):
    """A signal during a direct compile: the temporary directory goes,
    the compiles' children too, lineup dies of it."""
    d = base.phase_case(tmp, "direct")
    write(os.path.join(d, "s.c"), "struct s {\n" + "".join(
        "#ifdef O%d\n\tchar o%d;\n#endif\n" % (i, i) for i in range(6)) +
        "\tlong a; long b;\n} s;\n")
    # sig.sh signals in the phase it is given; "compile" is any call
    # without -E, and only direct compiles write a d*.o
    write(os.path.join(d, "direct.sh"), """\
        for a; do last=$a; done
        case "$last" in */[dt][0-9]*.o) exec sh sig.sh compile "$@";; esac
        shift 2
        exec "$@"
        """)
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = a
        read = b
        [matrix]
        compile = sh direct.sh INT $PPID cc -c -g s.c
        options = O0 O1 O2 O3 O4 O5
        """)
    proc = subprocess.Popen([LINEUP, "matrix", "--rules", rules],
                            env=dict(os.environ, TMPDIR=scratch),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    base.wait_interrupted("signal while compiling directly", proc,
                          signal.SIGINT, scratch, d)
    pids = base.read_pids(os.path.join(d, "pids"))
    check("signal while compiling directly: the command ran", pids,
          str(pids))
    base.check_gone("signal while compiling directly: its children are "
                    "gone", pids)


def run_on_pty(cmd, env):
    """Runs CMD with stderr on a terminal; (status, stdout, terminal)."""
    master, slave = pty.openpty()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=slave, env=env,
                                stdin=subprocess.DEVNULL)
        os.close(slave)
        seen = b""
        while True:
            ready = select.select([master], [], [], 120)[0]
            if not ready:
                break
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the last writer closed the terminal
                break
            if not chunk:
                break
            seen += chunk
        proc.wait(timeout=120)
        os.close(master)
        out.seek(0)
        return proc.returncode, out.read().decode(), seen.decode()


def test_progress(tmp, scratch):
    """On a terminal, one line redrawn in place and erased at the end;
    elsewhere, nothing."""
    d = os.path.join(tmp, "progress")
    os.makedirs(d)
    rules = options_source(d, ["HOT%d" % i for i in range(3)],
                           ["IDLE%d" % i for i in range(3)])
    # slow enough for several redraws (at most ten a second)
    write(os.path.join(d, "log.sh"), "sleep 0.05\n" + LOGGER)
    env = dict(os.environ, TMPDIR=scratch)
    rc, out, term = run_on_pty([LINEUP, "matrix", "--rules", rules], env)
    calls(d)
    rc2, out2, err2 = matrix(rules, tmpdir=scratch)
    calls(d)
    check("progress: the report is the same", rc == rc2 == 0 and
          "all 8 configurations pass" in out and
          out == out2, out + "\n---\n" + out2)
    check("progress: nothing on stderr when it is not a terminal",
          err2 == "", repr(err2))
    draws = [x for x in term.split("\r") if x]
    check("progress: what was done, redrawn in place on one line",
          "\n" not in term and len(draws) >= 3 and
          re.search(r"lineup matrix: 8 configurations: 8 preprocessed, "
                    r"(\d+) of \1 compiled;", term) and
          "lineup matrix: 8 configurations: 0 of 8 builds checked;" in term,
          repr(term[-600:]))
    check("progress: elapsed time shown",
          re.search(r"compiled; \d+ s", term) is not None,
          repr(term[-300:]))
    check("progress: erased at the end", term.endswith("\r\033[K"),
          repr(term[-80:]))


def test_color(tmp, scratch):
    d = os.path.join(tmp, "color")
    os.makedirs(d)
    rules = options_source(d, ["HOT"], [])
    # the #error inside the struct: an option no line of the struct reads
    # is not swept
    write(os.path.join(d, "s.c"), "struct s {\n#ifdef HOT\n#error no\n"
          "#endif\n long hot; long cold; } s;\n")
    rc, out, err = matrix(rules, "--color", "always", tmpdir=scratch)
    check("color: findings as check colours them",
          "\033[1;31merror:\033[0m 'hot' (write) shares cache line 0 "
          "with 'cold'" in out, repr(out))
    check("color: a configuration that fails to compile too",
          "r.ini: \033[1;31merror:\033[0m configuration HOT=y failed to "
          "compile" in out, repr(out))
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("color: none into a pipe", "\033" not in out, repr(out))
    rc, out, err = matrix(rules, "--color", "sometimes", tmpdir=scratch)
    calls(d)
    check("color: a bad value, one line, exit 2",
          rc == 2 and not out and err.count("\n") == 1 and
          "--color 'sometimes'" in err, out + err)


def example_rules(tmp, name, compile_cmd):
    """The seed's example, compiled through COMPILE_CMD."""
    src = os.path.join(base.ROOT, "examples", "task_group")
    d = os.path.join(tmp, name)
    if os.path.isdir(d):
        shutil.rmtree(d)
    shutil.copytree(src, d)
    with open(os.path.join(d, "before.ini")) as f:
        text = f.read()
    text = text.replace("compile = cc -c -g task_group_before.c",
                        "compile = %s -c -g -I%s task_group_before.c"
                        % (compile_cmd, os.path.join(base.ROOT, "include")))
    rules = os.path.join(d, "before.ini")
    with open(rules, "w") as f:
        f.write(text)
    return d, rules


def reference_report(tmp, scratch):
    d, rules = example_rules(tmp, "farm-local", "cc")
    return matrix(rules, tmpdir=scratch)


def test_distcc(tmp, scratch):
    """The compiles go to a distccd on 127.0.0.1: the report is the one
    of local compiles, DWARF offsets included."""
    if not distccd_local.available():
        print("skip distcc: distcc or distccd not installed")
        return
    ref_rc, ref_out, _ = reference_report(tmp, scratch)
    d, rules = example_rules(tmp, "farm-distcc", "sh log.sh distcc cc")
    write(os.path.join(d, "log.sh"), LOGGER)
    with distccd_local.Distccd() as farm:
        env = dict(os.environ, TMPDIR=scratch, **farm.env)
        proc = subprocess.run([LINEUP, "matrix", "--rules", rules],
                              capture_output=True, text=True, env=env,
                              timeout=300)
        remote = farm.served().count("COMPILE_OK")
        _, compiles = calls(d)
        check("distcc: the report of local compiles",
              proc.returncode == ref_rc == 1 and
              proc.stdout == ref_out.replace("farm-local", "farm-distcc"),
              proc.stdout + proc.stderr + "\n--- local:\n" + ref_out)
        check("distcc: the offsets read from DWARF compiled remotely",
              "note: 'parent' is at offset 296, line 4 (bytes 256-319)"
              in proc.stdout, proc.stdout)
        check("distcc: every compile ran on distccd",
              remote == compiles >= 24, "%d compiles in its log, %d run"
              % (remote, compiles))
    check("distcc: distccd and its workers stopped", not farm.left,
          str(farm.left))
    check("distcc: no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))


def ccache_stats(env):
    out = subprocess.run(["ccache", "--print-stats"], capture_output=True,
                         text=True, env=env).stdout
    stats = dict(line.split("\t") for line in out.splitlines()
                 if "\t" in line)
    hits = int(stats.get("direct_cache_hit", 0)) + \
        int(stats.get("preprocessed_cache_hit", 0))
    return hits, int(stats.get("cache_miss", 0))


def test_ccache(tmp, scratch):
    """Through ccache, the second sweep is served from the cache."""
    if not shutil.which("ccache"):
        print("skip ccache: not installed")
        return
    ref_rc, ref_out, _ = reference_report(tmp, scratch)
    d, rules = example_rules(tmp, "farm-ccache", "ccache cc")
    cache = tempfile.mkdtemp(prefix="lineup-ccache.")
    try:
        env = dict(os.environ, TMPDIR=scratch, CCACHE_DIR=cache)
        runs = []
        for _ in range(2):
            p = subprocess.run([LINEUP, "matrix", "--rules", rules],
                               capture_output=True, text=True, env=env,
                               timeout=300)
            runs.append((p.returncode, p.stdout, ccache_stats(env)))
        want = ref_out.replace("farm-local", "farm-ccache")
        check("ccache: the report of plain compiles, both times",
              all(rc == ref_rc == 1 and out == want for rc, out, _ in runs),
              runs[0][1] + "\n--- second:\n" + runs[1][1])
        (_, _, (hits1, miss1)), (_, _, (hits2, miss2)) = runs
        # the sample's compiles of a text already compiled are hits too
        check("ccache: first sweep, a miss per distinct text",
              miss1 == 24, "hits %d, misses %d" % (hits1, miss1))
        check("ccache: second sweep, every compile a hit",
              miss2 == 24 and hits2 - hits1 == hits1 + miss1,
              "hits %d then %d, misses %d then %d"
              % (hits1, hits2, miss1, miss2))
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    check("ccache: no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))


def main():
    with tempfile.TemporaryDirectory(prefix="lineup-matrix-scale.") as tmp:
        scratch = os.path.join(tmp, "scratch")
        os.makedirs(scratch)
        for test in (test_all_distinct, test_dedup_pays,
                     test_interrupt_direct, test_progress, test_color,
                     test_distcc, test_ccache):
            test(tmp, scratch)
    print(f"{len(base.failures)} failed")
    return 1 if base.failures else 0


if __name__ == "__main__":
    sys.exit(main())
