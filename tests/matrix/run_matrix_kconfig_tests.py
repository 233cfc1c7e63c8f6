#!/usr/bin/env python3
"""lineup matrix over a Kconfig project: tests/matrix/kconfig/, a tree in
the kernel's shape (Kconfig with depends on and select, a Makefile that
takes O=, defconfig and olddefconfig through python3-kconfiglib, and a
struct whose members depend on CONFIG_ symbols through the generated
autoconf header).

usage: run_matrix_kconfig_tests.py LINEUP SOURCE_ROOT

Every case runs `lineup matrix` with TMPDIR pointing at a private
directory and checks the exit status, the report, and that nothing is
left behind there or in the tree.
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
TREE = os.path.join(ROOT, "tests", "matrix", "kconfig")
KCONFIGLIB = "/usr/lib/python3/dist-packages/olddefconfig.py"
failures = []


def check(name, cond, detail=""):
    print(("ok   " if cond else "FAIL ") + name)
    if not cond:
        failures.append(name)
        if detail:
            print(textwrap.indent(detail, "     | "))


def rules(d, name, matrix, struct="write = load_avg\nread = parent rt_se "
          "rt_rq\n"):
    path = os.path.join(d, name + ".ini")
    with open(path, "w") as f:
        f.write(f"[struct task_group]\n{struct}\n[matrix]\n"
                f"kconfig = {TREE}\nobject = sched.o\n"
                + textwrap.dedent(matrix))
    return path


def matrix(path, *args, scratch, env=None, timeout=300):
    env = dict(os.environ if env is None else env, TMPDIR=scratch)
    proc = subprocess.run([LINEUP, "matrix", "--rules", path, *args],
                          capture_output=True, text=True, env=env,
                          timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def clean(name, scratch):
    left = os.listdir(scratch)
    check(name + ": no temporary files left", not left, str(left))


def test_seed(d, scratch):
    """The seed's two conflicts, over the configurations Kconfig allows:
    FAIR_GROUP_SCHED and RT_GROUP_SCHED depend on CGROUP_SCHED."""
    r = rules(d, "seed", "options = CONFIG_CGROUP_SCHED "
              "CONFIG_FAIR_GROUP_SCHED CONFIG_RT_GROUP_SCHED CONFIG_SMP\n")
    rc, out, err = matrix(r, scratch=scratch)
    check("seed: exit 1", rc == 1, out + err)
    check("seed: 16 asked, 6 excluded, 10 built",
          "lineup matrix: 4 Kconfig options, 16 configurations (all), 6 "
          "excluded by Kconfig, 10 built\n" in out, out)
    check("seed: the unmet depends on, named",
          "lineup matrix: Kconfig excludes CONFIG_FAIR_GROUP_SCHED=y when "
          "CONFIG_CGROUP_SCHED=n (it resolves to n): 4 configurations\n"
          in out and
          "lineup matrix: Kconfig excludes CONFIG_RT_GROUP_SCHED=y when "
          "CONFIG_CGROUP_SCHED=n (it resolves to n): 4 configurations\n"
          in out, out)
    # over the allowed configurations FAIR_GROUP_SCHED=y implies
    # CGROUP_SCHED=y: the condition need not say it
    check("seed: parent without RT, over Kconfig symbols",
          "'load_avg' (write) shares cache line 4 with 'parent' (read) in "
          "struct task_group [CONFIG_FAIR_GROUP_SCHED=y && "
          "CONFIG_RT_GROUP_SCHED=n && CONFIG_SMP=y]" in out, out)
    check("seed: rt_se and rt_rq with RT",
          "'load_avg' (write) shares cache line 4 with 'rt_se', 'rt_rq' "
          "(read) in struct task_group [CONFIG_FAIR_GROUP_SCHED=y && "
          "CONFIG_RT_GROUP_SCHED=y && CONFIG_SMP=y]" in out, out)
    check("seed: failing configurations counted among the allowed",
          "lineup matrix: 2 of 10 configurations fail: "
          "CONFIG_FAIR_GROUP_SCHED=y && CONFIG_SMP=y\n" in out, out)
    check("seed: sizes over the allowed", "task_group is 448 to 704 bytes"
          in out, out)
    clean("seed", scratch)
    left = [f for f in os.listdir(TREE) if f.startswith(".config") or
            f == "include" or f.endswith(".o")]
    check("seed: the tree is not written", not left, str(left))


def test_json(d, scratch):
    r = rules(d, "json", "options = CONFIG_CGROUP_SCHED "
              "CONFIG_RT_GROUP_SCHED\n")
    rc, out, err = matrix(r, "--format", "json", scratch=scratch)
    check("json: exit 1", rc == 1, out + err)
    data = json.loads(out) if out.startswith("{") else {}
    check("json: the allowed configurations only",
          sorted(c["name"] for c in data.get("configurations", [])) ==
          ["CONFIG_CGROUP_SCHED=n CONFIG_RT_GROUP_SCHED=n",
           "CONFIG_CGROUP_SCHED=y CONFIG_RT_GROUP_SCHED=n",
           "CONFIG_CGROUP_SCHED=y CONFIG_RT_GROUP_SCHED=y"], out)
    check("json: the excluded one, with what Kconfig made of it",
          data.get("excluded") == [{
              "name": "CONFIG_CGROUP_SCHED=n CONFIG_RT_GROUP_SCHED=y",
              "resolved": {"CONFIG_RT_GROUP_SCHED": "n"}}], out)
    clean("json", scratch)


def test_select(d, scratch):
    """SCHED_STATS selects SMP: SMP=n with it is refused."""
    r = rules(d, "select", "options = CONFIG_SCHED_STATS CONFIG_SMP\n")
    rc, out, err = matrix(r, scratch=scratch)
    check("select: exit 1", rc == 1, out + err)
    check("select: forced on, excluded",
          "4 configurations (all), 1 excluded by Kconfig, 3 built" in out
          and "lineup matrix: Kconfig excludes CONFIG_SMP=n when "
          "CONFIG_SCHED_STATS=y (it resolves to y): 1 configuration\n"
          in out, out)
    check("select: the condition over what Kconfig allows",
          "lineup matrix: 2 of 3 configurations fail: CONFIG_SMP=y" in out,
          out)
    clean("select", scratch)


def test_tristate(d, scratch):
    """m without MODULES is y to Kconfig: refused as asked."""
    r = rules(d, "tristate", "options = CONFIG_MODULES "
              "CONFIG_UCLAMP_TASK_GROUP=y|m|n\n")
    rc, out, err = matrix(r, scratch=scratch)
    check("tristate: exit 1", rc == 1, out + err)
    check("tristate: m refused without modules",
          "6 configurations (all), 1 excluded by Kconfig, 5 built" in out
          and "lineup matrix: Kconfig excludes CONFIG_UCLAMP_TASK_GROUP=m "
          "when CONFIG_MODULES=n (it resolves to y): 1 configuration\n"
          in out, out)
    check("tristate: m builds what the header's _MODULE says",
          "task_group is 704 to 832 bytes (832 when "
          "CONFIG_UCLAMP_TASK_GROUP=y || CONFIG_UCLAMP_TASK_GROUP=m)" in out,
          out)
    clean("tristate", scratch)


def test_base_file(d, scratch):
    """base = a .config beside the rules: RT_GROUP_SCHED=y is refused in
    every configuration, as its dependency is off there."""
    with open(os.path.join(d, "nocgroup.config"), "w") as f:
        f.write("# CONFIG_CGROUP_SCHED is not set\nCONFIG_SMP=y\n")
    r = rules(d, "base", "base = nocgroup.config\n"
              "options = CONFIG_RT_GROUP_SCHED CONFIG_SMP\n")
    rc, out, err = matrix(r, scratch=scratch)
    check("base file: exit 0", rc == 0, out + err)
    # Kconfig writes no line for a symbol whose dependencies are unmet
    check("base file: always refused",
          "lineup matrix: Kconfig always excludes CONFIG_RT_GROUP_SCHED=y: "
          "CONFIG_RT_GROUP_SCHED is in no .config it wrote (no symbol of the "
          "tree, or its dependencies are never met): 2 configurations\n"
          in out and
          "lineup matrix: all 2 configurations pass" in out, out)
    clean("base file", scratch)


def test_compile_failure(d, scratch):
    r = rules(d, "broken", "options = CONFIG_BROKEN_TYPE CONFIG_SMP\n")
    rc, out, err = matrix(r, scratch=scratch)
    check("failure: exit 2", rc == 2, out + err)
    check("failure: the compiler's message, the condition",
          "2 configurations [CONFIG_BROKEN_TYPE=y] failed to compile: " in out
          and "'broken' has incomplete type" in out.replace("\u2018", "'")
          .replace("\u2019", "'"), out)
    check("failure: the others are still checked",
          "shares cache line 4 with 'rt_se', 'rt_rq' (read) in struct "
          "task_group [CONFIG_BROKEN_TYPE=n && CONFIG_SMP=y]" in out, out)
    clean("failure", scratch)


def test_cc_and_debug_info(d, scratch):
    """The user's CC builds each configuration, with -g: the tree turns
    debug info on only with CONFIG_DEBUG_INFO=y, which lineup sets."""
    log = os.path.join(d, "cc.log")
    cc = os.path.join(d, "my cc")
    with open(cc, "w") as f:
        f.write(f'#!/bin/sh\necho "$@" >> "{log}"\nexec cc "$@"\n')
    os.chmod(cc, 0o755)
    r = rules(d, "cc", "options = CONFIG_SMP\n")
    env = dict(os.environ, CC=cc.replace(" ", "\\ "))
    rc, out, err = matrix(r, scratch=scratch, env=env)
    check("cc: exit 1", rc == 1, out + err)
    lines = open(log).read().splitlines() if os.path.exists(log) else []
    check("cc: both builds through the user's CC, with -g",
          len(lines) == 2 and all(" -g " in f" {x} " for x in lines),
          "\n".join(lines))
    clean("cc", scratch)


def test_timeout(d, scratch):
    r = rules(d, "slow", "options = CONFIG_SLOW_BUILD\n")
    t0 = time.monotonic()
    # the fast build runs make, python3 and cc: room for a loaded machine
    rc, out, err = matrix(r, "--timeout", "15", scratch=scratch)
    took = time.monotonic() - t0
    check("timeout: exit 2", rc == 2, out + err)
    check("timeout: says so",
          "configuration CONFIG_SLOW_BUILD=y failed to compile: timed out "
          "after 15 s (--timeout)" in out, out)
    check("timeout: does not wait for the build", took < 50, f"{took:.1f}s")
    clean("timeout", scratch)


def test_interrupt(d, scratch):
    """SIGINT while a configuration builds (the CC says when)."""
    mark = os.path.join(d, "building")
    cc = os.path.join(d, "slow-cc")
    with open(cc, "w") as f:
        f.write(f'#!/bin/sh\n: > "{mark}"\nsleep 60\n')
    os.chmod(cc, 0o755)
    r = rules(d, "interrupt", "options = CONFIG_SMP\n")
    proc = subprocess.Popen([LINEUP, "matrix", "--rules", r],
                            env=dict(os.environ, TMPDIR=scratch, CC=cc),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    deadline = time.monotonic() + 60
    while not os.path.exists(mark) and time.monotonic() < deadline:
        time.sleep(0.05)
    check("interrupt: a build started", os.path.exists(mark))
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        check("interrupt: stops", False, "still running 30 s after SIGINT")
        return
    check("interrupt: dies of SIGINT", proc.returncode == -signal.SIGINT,
          f"rc={proc.returncode}\n{err}")
    check("interrupt: says so", "interrupted; temporary files removed" in err,
          err)
    clean("interrupt", scratch)
    ps = subprocess.run(["pgrep", "-f", cc], capture_output=True, text=True)
    check("interrupt: no build left running", ps.stdout.strip() == "",
          ps.stdout)


def reached_tree(d):
    """A tree of 14 symbols (a covering array: 2^14 is past lineup's
    exhaustive limit) where 13 depend on one that defaults to n, each
    adding a member between a line-aligned writer and its reader."""
    tree = os.path.join(d, "tree")
    os.makedirs(os.path.join(tree, "configs"))
    shutil.copy(os.path.join(TREE, "Makefile"), tree)
    xs = [f"X{i}" for i in range(13)]
    with open(os.path.join(tree, "Kconfig"), "w") as f:
        f.write('mainmenu "reached"\nconfig MODULES\n\tbool "m"\n'
                '\tdefault y\nconfig DEBUG_INFO\n\tbool "g"\n'
                'config GATE\n\tbool "gate"\n')
        for x in xs:
            f.write(f'config {x}\n\tbool "{x}"\n\tdepends on GATE\n')
    with open(os.path.join(tree, "configs", "defconfig"), "w") as f:
        f.write("# every symbol at its default\n")
    members = "".join(f"#ifdef CONFIG_{x}\n\tchar {x.lower()}[8];\n"
                      "#endif\n" for x in xs)
    with open(os.path.join(tree, "sched.c"), "w") as f:
        f.write("struct wide {\n\tlong w __attribute__((aligned(64)));\n"
                + members + "\tlong r;\n};\nstruct wide wide_obj;\n")
    return tree, ["CONFIG_GATE"] + [f"CONFIG_{x}" for x in xs]


def test_reached(d, scratch):
    """A covering array over symbols that depend on one another: Kconfig
    refuses most rows, and what it resolves them to is swept too, never
    a row Kconfig would not keep."""
    tree, options = reached_tree(d)
    path = os.path.join(d, "reached.ini")
    with open(path, "w") as f:
        f.write("[struct wide]\nwrite = w\nread = r\n\n[matrix]\n"
                f"kconfig = {tree}\nobject = sched.o\n"
                f"options = {' '.join(options)}\n")
    rc, out, err = matrix(path, "--format", "json", scratch=scratch)
    data = json.loads(out) if out.startswith("{") else {}
    names = [c["name"] for c in data.get("configurations", [])]
    check("reached: exit 1 (w and r share a line without GATE)", rc == 1,
          out + err)
    check("reached: configurations Kconfig resolved to, counted",
          data.get("reached", 0) >= 1, out + err)
    check("reached: every configuration swept is one Kconfig keeps",
          names and all("CONFIG_GATE=y" in n or "=y" not in n
                        for n in names), "\n".join(names))
    check("reached: GATE=n with every X off is swept",
          any("CONFIG_GATE=n" in n for n in names), "\n".join(names))
    rc, out, err = matrix(path, scratch=scratch)
    check("reached: text says what was swept beyond the asked",
          "more configuration" in out and "what Kconfig resolved "
          "excluded ones to, not asked\n" in out, out + err)
    check("reached: text says which asked pairs no row swept holds",
          "pairs of values the covering array asked are in a "
          "configuration swept" in out, out)
    clean("reached", scratch)


def test_errors(d, scratch):
    """Bad input: one line naming the rules file and the problem, exit 2."""
    r = rules(d, "unknown", "options = CONFIG_SMP CONFIG_NO_SUCH_SYMBOL\n")
    rc, out, err = matrix(r, scratch=scratch)
    check("unknown symbol: excluded, and why it may be",
          rc == 1 and "lineup matrix: Kconfig always excludes "
          "CONFIG_NO_SUCH_SYMBOL=y: CONFIG_NO_SUCH_SYMBOL is in no .config "
          "it wrote (no symbol of the tree, or its dependencies are never "
          "met): 2 configurations\n" in out, out + err)
    cases = (
        ("all refused", "base = none.config\n"
         "options = CONFIG_FAIR_GROUP_SCHED=y\n",
         "error: Kconfig refuses all 1 configurations of the options"),
        ("compile too", "compile = cc -c x.c\noptions = CONFIG_SMP\n",
         "error: [matrix] with kconfig builds through the tree's make"),
        ("not a CONFIG_ name", "options = SMP\n",
         "error: kconfig options are named as in .config, CONFIG_SMP"),
        ("not y, n or m", "options = CONFIG_SMP=y|x\n",
         "error: CONFIG_SMP=x: a Kconfig option takes y, n or m"),
        ("flags", "options = CONFIG_SMP\nflags = -m32 | -m64\n",
         "error: flags is for compile matrices"),
        ("missing base", "base = configs/nope.config\noptions = CONFIG_SMP\n",
         "error: base = configs/nope.config: no such file"),
        ("base target fails", "base = no_such_target\n"
         "options = CONFIG_SMP\n", "failed to make no_such_target in "),
    )
    with open(os.path.join(d, "none.config"), "w") as f:
        f.write("# CONFIG_CGROUP_SCHED is not set\n")
    for name, text, want in cases:
        r = rules(d, "err", text)
        rc, out, err = matrix(r, scratch=scratch)
        check(f"error, {name}: exit 2 and says so",
              rc == 2 and want in err and len(err.splitlines()) == 1,
              f"rc={rc}\n{out}{err}")
    broken = os.path.join(d, "broken-tree")
    shutil.copytree(TREE, broken)
    with open(os.path.join(broken, "Kconfig"), "a") as f:
        f.write("config BAD\n\tbool \"unterminated\n")
    path = os.path.join(d, "broken.ini")
    with open(path, "w") as f:
        f.write(f"[struct s]\nwrite = a\n[matrix]\nkconfig = {broken}\n"
                "object = sched.o\nbase = nocgroup.config\n"
                "options = CONFIG_SMP\n")
    with open(os.path.join(d, "nocgroup.config"), "w") as f:
        f.write("CONFIG_SMP=y\n")
    rc, out, err = matrix(path, scratch=scratch)
    check("error, a Kconfig that does not parse: exit 2 and says so",
          rc == 2 and "with make olddefconfig in " in err and
          len(err.splitlines()) == 1, out + err)
    path = os.path.join(d, "nokconfig.ini")
    with open(path, "w") as f:
        f.write("[struct s]\nwrite = a\n[matrix]\nkconfig = .\n"
                "object = x.o\noptions = CONFIG_A\n")
    rc, out, err = matrix(path, scratch=scratch)
    check("error, no Kconfig file: exit 2 and says so",
          rc == 2 and "kconfig = .: no Kconfig file there" in err, out + err)
    path = os.path.join(d, "noobject.ini")
    with open(path, "w") as f:
        f.write(f"[struct s]\nwrite = a\n[matrix]\nkconfig = {TREE}\n"
                "options = CONFIG_A\n")
    rc, out, err = matrix(path, scratch=scratch)
    check("error, no object: exit 2 and says so",
          rc == 2 and "kconfig needs object = FILE" in err, out + err)
    r = rules(d, "suggest", "options = CONFIG_SMP\n")
    obj = os.path.join(d, "tg.o")
    subprocess.run(["cc", "-c", "-g", "-o", obj, os.path.join(
        ROOT, "examples", "task_group", "task_group_before.c")], check=True)
    proc = subprocess.run([LINEUP, "suggest", "--struct", "task_group",
                           "--rules", r, obj], capture_output=True,
                          text=True, env=dict(os.environ, TMPDIR=scratch))
    check("error, suggest: exit 2 and says so", proc.returncode == 2 and
          "with kconfig is swept by lineup matrix" in proc.stderr,
          proc.stdout + proc.stderr)
    clean("errors", scratch)


def main():
    if not os.path.exists(KCONFIGLIB):
        print(f"FAIL {KCONFIGLIB} is missing: scripts/install-deps installs "
              "python3-kconfiglib")
        return 1
    with tempfile.TemporaryDirectory(prefix="lineup-kconfig-test.") as tmp:
        scratch = os.path.join(tmp, "scratch")
        os.makedirs(scratch)
        for test in (test_seed, test_json, test_select, test_tristate,
                     test_base_file, test_compile_failure,
                     test_cc_and_debug_info, test_timeout, test_interrupt,
                     test_reached, test_errors):
            d = os.path.join(tmp, test.__name__)
            os.makedirs(d)
            test(d, scratch)
    print(f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
