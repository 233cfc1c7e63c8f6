#!/usr/bin/env python3
"""lineup matrix, end to end: real compiles of real sources.

usage: run_matrix_tests.py LINEUP SOURCE_ROOT

Every case runs `lineup matrix` in a scratch directory with TMPDIR pointing
at a private directory, and checks the exit status, the report, and that no
temporary file is left behind.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time

LINEUP = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(sys.argv[2])
EXAMPLE = os.path.join(ROOT, "examples", "task_group")
failures = []


def matrix(rules_path, *args, tmpdir, timeout=120):
    env = dict(os.environ, TMPDIR=tmpdir)
    proc = subprocess.run([LINEUP, "matrix", "--rules", rules_path, *args],
                          capture_output=True, text=True, env=env,
                          timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def check(name, cond, detail=""):
    print(("ok   " if cond else "FAIL ") + name)
    if not cond:
        failures.append(name)
        if detail:
            print(textwrap.indent(detail, "     | "))


def leftovers(tmpdir):
    return [f for f in os.listdir(tmpdir)]


def example(variant, tmp):
    """The task_group example as a user has it: sources next to rules."""
    d = os.path.join(tmp, "examples", "task_group")
    if not os.path.isdir(d):
        shutil.copytree(EXAMPLE, d)
        os.symlink(os.path.join(ROOT, "include"), os.path.join(tmp, "include"))
    return os.path.join(d, variant + ".ini")


def test_seed(tmp, scratch):
    rc, out, err = matrix(example("before", tmp), tmpdir=scratch)
    check("before: exit 1", rc == 1, out + err)
    check("before: 64 configurations, deduplicated",
          "64 configurations (all), 24 distinct after preprocessing" in out,
          out)
    check("before: parent without RT",
          "'load_avg' (write) shares cache line 4 with 'parent' (read) in "
          "struct task_group [CONFIG_FAIR_GROUP_SCHED=y && CONFIG_SMP=y && "
          "CONFIG_RT_GROUP_SCHED=n]" in out, out)
    check("before: rt_se and rt_rq with RT",
          "shares cache line 4 with 'rt_se', 'rt_rq' (read) in struct "
          "task_group [CONFIG_FAIR_GROUP_SCHED=y && CONFIG_SMP=y && "
          "CONFIG_RT_GROUP_SCHED=y]" in out, out)
    check("before: notes point at the offsets",
          "note: 'rt_se' is at offset 264, line 4 (bytes 256-319)" in out and
          "note: 'parent' is at offset 296, line 4 (bytes 256-319)" in out,
          out)
    check("before: the failing condition",
          "16 of 64 configurations fail: CONFIG_FAIR_GROUP_SCHED=y && "
          "CONFIG_SMP=y" in out, out)
    check("before: positions relative to the source",
          "task_group_before.c:19:" in out, out)
    for variant, size in (("reorder", 704), ("isolate", 768)):
        rc, out, err = matrix(example(variant, tmp), tmpdir=scratch)
        check(f"{variant}: exit 0", rc == 0, out + err)
        check(f"{variant}: all pass", "all 64 configurations pass" in out,
              out)
        check(f"{variant}: largest size {size}",
              f"task_group is 448 to {size} bytes" in out, out)
    check("no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))


def write(path, text):
    with open(path, "w") as f:
        f.write(textwrap.dedent(text))
    return path


def test_json(tmp, scratch):
    rc, out, err = matrix(example("before", tmp), "--format", "json",
                          tmpdir=scratch)
    data = json.loads(out)
    check("json: exit 1", rc == 1, err)
    check("json: 64 configurations, 24 builds",
          len(data["configurations"]) == 64 and data["builds"] == 24)
    check("json: condition", data["condition"] ==
          "CONFIG_FAIR_GROUP_SCHED=y && CONFIG_SMP=y", data["condition"])
    fails = [c for c in data["configurations"] if c["status"] == "fail"]
    check("json: 16 failing configurations", len(fails) == 16)
    conds = sorted(f["condition"] for f in data["findings"])
    check("json: one finding per condition", len(conds) == 2, str(conds))
    sizes = {c["sizes"].get("task_group") for c in data["configurations"]}
    check("json: sizes per configuration", max(sizes) == 704, str(sizes))


def test_compile_errors(tmp, scratch):
    d = os.path.join(tmp, "errors")
    os.makedirs(d)
    write(os.path.join(d, "s.c"), """\
        #ifdef BROKEN
        #error this configuration does not build
        #endif
        struct s { long hot; long cold; } s;
        """)
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = hot
        read = cold
        [matrix]
        compile = cc -c -g s.c
        options = BROKEN OTHER
        """)
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("compile error: exit 2", rc == 2, out + err)
    check("compile error: the compiler's message, the configuration",
          "2 configurations [BROKEN=y] failed to compile" in out and
          "this configuration does not build" in out, out)
    check("compile error: the others are still checked",
          "'hot' (write) shares cache line 0 with 'cold' (read)" in out and
          "[BROKEN=n]" in out, out)
    check("compile error: no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))


def test_timeout(tmp, scratch):
    d = os.path.join(tmp, "timeout")
    os.makedirs(d)
    write(os.path.join(d, "s.c"), "struct s { long a; } s;\n")
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = a
        [matrix]
        compile = sleep 30; cc -c -g s.c
        options = A
        """)
    t0 = time.monotonic()
    rc, out, err = matrix(rules, "--timeout", "1", tmpdir=scratch)
    took = time.monotonic() - t0
    check("timeout: exit 2", rc == 2, out + err)
    check("timeout: says so", "timed out after 1 s (--timeout)" in out, out)
    check("timeout: does not wait for the compile", took < 20, f"{took:.1f}s")
    check("timeout: no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))


def test_interrupt(tmp, scratch):
    d = os.path.join(tmp, "interrupt")
    os.makedirs(d)
    write(os.path.join(d, "s.c"), "struct s { long a; } s;\n")
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = a
        [matrix]
        compile = sleep 30; cc -c -g s.c
        options = A B
        """)
    env = dict(os.environ, TMPDIR=scratch)
    proc = subprocess.Popen([LINEUP, "matrix", "--rules", rules], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    time.sleep(1.0)
    check("interrupt: temporary directory exists while running",
          len(leftovers(scratch)) == 1, str(leftovers(scratch)))
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        check("interrupt: stops", False, "still running 20 s after SIGINT")
        return
    check("interrupt: dies of SIGINT", proc.returncode == -signal.SIGINT,
          f"rc={proc.returncode}\n{err}")
    check("interrupt: says so", "interrupted" in err, err)
    check("interrupt: no temporary files left", not leftovers(scratch),
          str(leftovers(scratch)))
    ps = subprocess.run(["pgrep", "-f", "sleep 30; cc -c -g s.c"],
                        capture_output=True, text=True)
    check("interrupt: no compile left running", ps.stdout.strip() == "",
          ps.stdout)


def test_covering_array(tmp, scratch):
    d = os.path.join(tmp, "covering")
    os.makedirs(d)
    # nine options (512 configurations, over the exhaustive limit), only
    # two touch the struct: the covering array finds the pair, and
    # deduplication compiles only the distinct sources
    write(os.path.join(d, "s.c"), """\
        struct s {
        #ifdef HOT
            long counter;
        #endif
        #ifdef NEAR
            long parent;
        #else
            char pad[64];
            long parent;
        #endif
        } s;
        """)
    opts = " ".join(["HOT", "NEAR"] + [f"X{i}" for i in range(7)])
    rules = write(os.path.join(d, "r.ini"), f"""\
        [struct s]
        write = counter
        read = parent
        [matrix]
        compile = cc -c -g s.c
        options = {opts}
        """)
    rc, out, err = matrix(rules, "--format", "json", tmpdir=scratch)
    data = json.loads(out)
    n = len(data["configurations"])
    check("covering: not exhaustive", not data["exhaustive"] and n < 30,
          f"{n} configurations")
    check("covering: 4 distinct sources compiled", data["builds"] == 4,
          str(data["builds"]))
    check("covering: condition HOT && NEAR",
          data["condition"] == "HOT=y && NEAR=y", str(data["condition"]))
    check("covering: exit 1", rc == 1, err)
    rc, out, err = matrix(rules, "--exhaustive", "--format", "json",
                          tmpdir=scratch)
    data = json.loads(out)
    check("exhaustive: 512 configurations, 4 compiles",
          data["exhaustive"] and len(data["configurations"]) == 512 and
          data["builds"] == 4, str(data["builds"]))


def test_compdb(tmp, scratch):
    d = os.path.join(tmp, "compdb")
    os.makedirs(os.path.join(d, "src"))
    os.makedirs(os.path.join(d, "build"))
    write(os.path.join(d, "src", "s.c"), """\
        struct s { long hot; long peer; } s;
        """)
    dep = os.path.join(d, "build", "s.o.d")
    db = [{"directory": os.path.join(d, "build"),
           "file": "../src/s.c",
           "command": f"cc -g -O2 -MD -MF {dep} -o s.o -c ../src/s.c"}]
    with open(os.path.join(d, "build", "compile_commands.json"), "w") as f:
        json.dump(db, f)
    rules = write(os.path.join(d, "r.ini"), """\
        [struct s]
        write = hot
        read = peer
        [matrix]
        compdb = build/compile_commands.json
        source = src/s.c
        options = A
        """)
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("compdb: the database's command is used", rc == 1 and
          "'hot' (write) shares cache line 0 with 'peer' (read)" in out,
          out + err)
    check("compdb: the user's build tree is untouched",
          sorted(os.listdir(os.path.join(d, "build"))) ==
          ["compile_commands.json"],
          str(os.listdir(os.path.join(d, "build"))))


def test_bad_rules(tmp, scratch):
    d = os.path.join(tmp, "bad")
    os.makedirs(d)
    rules = write(os.path.join(d, "r.ini"), "[struct s]\nwrite = a\n")
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("no [matrix]: exit 2 and one line", rc == 2 and
          err.count("\n") == 1 and "no [matrix] section" in err, err)
    rules = write(os.path.join(d, "r2.ini"),
                  "[matrix]\ncompdb = x.json\noptions = A\n")
    rc, out, err = matrix(rules, tmpdir=scratch)
    check("compdb without source: exit 2", rc == 2 and
          "compdb needs source" in err, err)


def main():
    with tempfile.TemporaryDirectory(prefix="lineup-matrix-test.") as tmp:
        scratch = os.path.join(tmp, "scratch")
        os.makedirs(scratch)
        for test in (test_seed, test_json, test_compile_errors,
                     test_timeout, test_interrupt, test_covering_array,
                     test_compdb, test_bad_rules):
            test(tmp, scratch)
    print(f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
