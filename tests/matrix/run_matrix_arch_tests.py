#!/usr/bin/env python3
"""lineup matrix's architecture dimension (`arch = x86_64 arm`): a Kconfig
sweep of tests/matrix/kconfig (its Makefile takes ARCH= and CROSS_COMPILE=
as the kernel's does) and a compile matrix of tests/matrix/arch/stats.c,
each built for x86-64 by the host's compiler and for 32-bit ARM by
Debian's arm-linux-gnueabihf-gcc (or clang --target=); the missing
compiler's error; the Kconfig sweep through a real distccd on 127.0.0.1.

usage: run_matrix_arch_tests.py LINEUP SOURCE_ROOT SANITIZE [PART]

PART: `tool`, `oracle` (the sweep through distccd: its time is
distccd's and the compilers') or `all` (the default).

struct arch_stats puts `limit` on `hits`' line only where a long is 4
bytes, and only with CONFIG_SMP=y (or -DBATCHED): the condition must name
ARCH=arm. task_group fails the same on both architectures.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import distccd_local  # noqa: E402

# the Kconfig tests' fixture and helpers (their argv starts as ours)
from run_matrix_kconfig_tests import (  # noqa: E402
    LINEUP, ROOT, TREE, check, clean, failures, matrix)

PART = sys.argv[4] if len(sys.argv) > 4 else "all"
STATS = os.path.join(ROOT, "tests", "matrix", "arch", "stats.c")
ARM = "arm-linux-gnueabihf-gcc"

TASK_GROUP = "[struct task_group]\nwrite = load_avg\nread = parent rt_se rt_rq\n"
ARCH_STATS = "[struct arch_stats]\nwrite = hits\nread = limit\n"


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


def kconfig_rules(d, name, matrix, structs=TASK_GROUP + ARCH_STATS):
    return write(os.path.join(d, name + ".ini"),
                 f"{structs}\n[matrix]\nkconfig = {TREE}\nobject = sched.o\n"
                 + textwrap.dedent(matrix))


def test_kconfig(d, scratch):
    """x86_64 and arm, each from its own defconfig (arm's sets
    CONFIG_UCLAMP_TASK_GROUP=y: 128 bytes more of task_group)."""
    r = kconfig_rules(d, "two", "arch = x86_64 arm\n"
                      "options = CONFIG_FAIR_GROUP_SCHED CONFIG_SMP\n")
    rc, out, err = matrix(r, scratch=scratch)
    check("kconfig: exit 1", rc == 1, out + err)
    check("kconfig: 2 options, 2 architectures, 8 built",
          "lineup matrix: 2 Kconfig options, 2 architectures, 8 "
          "configurations (all), 0 excluded by Kconfig, 8 built\n" in out,
          out)
    check("kconfig: arch_stats fails on 32-bit ARM only, named ARCH=arm",
          "'hits' (write) shares cache line 0 with 'limit' (read) in "
          "struct arch_stats when the struct starts at offset 0, 4, 8, 12, "
          "16, 20, 24 or 28 of a line (its alignment is 4) [ARCH=arm && "
          "CONFIG_SMP=y]" in out, out)
    check("kconfig: task_group on arm at its 32-bit offsets",
          "'load_avg' (write) shares cache line 2 with 'rt_se', 'rt_rq' "
          "(read) in struct task_group [ARCH=arm && "
          "CONFIG_FAIR_GROUP_SCHED=y && CONFIG_SMP=y]" in out and
          "note: 'rt_se' is at offset 132, line 2 (bytes 128-191)" in out,
          out)
    check("kconfig: size lines per architecture, arm's own defconfig",
          "lineup matrix: task_group is 568 to 704 bytes with ARCH=x86_64 "
          "(704 when ARCH=x86_64 && CONFIG_FAIR_GROUP_SCHED=y && "
          "CONFIG_SMP=y)\n" in out and
          "lineup matrix: task_group is 456 to 512 bytes with ARCH=arm "
          "(512 when ARCH=arm && CONFIG_FAIR_GROUP_SCHED=y && "
          "CONFIG_SMP=y)\n" in out and
          "lineup matrix: arch_stats is 36 to 128 bytes with ARCH=arm"
          in out, out)
    check("kconfig: the failing configurations, arm's named",
          "lineup matrix: 3 of 8 configurations fail: (ARCH=arm && "
          "CONFIG_SMP=y) || (CONFIG_FAIR_GROUP_SCHED=y && CONFIG_SMP=y)\n"
          in out, out)
    clean("kconfig", scratch)
    left = [f for f in os.listdir(TREE) if f.startswith(".config") or
            f == "include" or f.endswith(".o")]
    check("kconfig: the tree is not written", not left, str(left))


def test_base_arch(d, scratch):
    """base[arm] = small_defconfig (no RT_GROUP_SCHED): load_avg meets
    parent on arm, rt_se on x86_64; the failing set is the same on both."""
    r = kconfig_rules(d, "base", "arch = x86_64 arm\n"
                      "base[arm] = small_defconfig\n"
                      "options = CONFIG_FAIR_GROUP_SCHED\n", TASK_GROUP)
    rc, out, err = matrix(r, scratch=scratch)
    check("base[arm]: exit 1", rc == 1, out + err)
    check("base[arm]: arm from small_defconfig (parent, no rt_se)",
          "'load_avg' (write) shares cache line 2 with 'parent' (read) in "
          "struct task_group [ARCH=arm && CONFIG_FAIR_GROUP_SCHED=y]" in out
          and "'load_avg' (write) shares cache line 4 with 'rt_se', "
          "'rt_rq' (read) in struct task_group [ARCH=x86_64 && "
          "CONFIG_FAIR_GROUP_SCHED=y]" in out, out)
    check("base[arm]: the same answer on every architecture, said",
          "lineup matrix: 2 of 4 configurations fail: "
          "CONFIG_FAIR_GROUP_SCHED=y, on every architecture\n" in out, out)
    rc, out, err = matrix(r, "--format", "json", scratch=scratch)
    data = json.loads(out) if out.startswith("{") else {}
    configs = data.get("configurations", [])
    check("json: each configuration's arch",
          sorted((c.get("arch"), c["name"]) for c in configs) ==
          [("arm", "ARCH=arm CONFIG_FAIR_GROUP_SCHED=n"),
           ("arm", "ARCH=arm CONFIG_FAIR_GROUP_SCHED=y"),
           ("x86_64", "ARCH=x86_64 CONFIG_FAIR_GROUP_SCHED=n"),
           ("x86_64", "ARCH=x86_64 CONFIG_FAIR_GROUP_SCHED=y")], out)
    check("json: the architectures, the condition, every_arch",
          data.get("architectures") == ["x86_64", "arm"] and
          data.get("condition") == "CONFIG_FAIR_GROUP_SCHED=y" and
          data.get("every_arch") is True and
          sorted(f["condition"] for f in data.get("findings", [])) ==
          ["ARCH=arm && CONFIG_FAIR_GROUP_SCHED=y",
           "ARCH=x86_64 && CONFIG_FAIR_GROUP_SCHED=y"] and
          all(f.get("every_arch") is False
              for f in data.get("findings", [])), out)
    with open(os.path.join(ROOT, "schema", "lineup.schema.json")) as f:
        schema = json.load(f)
    props = schema["$defs"]["matrix"]["properties"]
    try:
        import jsonschema
        errs = [e.message for e in jsonschema.Draft202012Validator(
            dict(schema["$defs"]["matrix"], **{"$defs": schema["$defs"]})
        ).iter_errors(data)]
    except ImportError:
        errs = []
    check("json: valid, its arch fields in the schema",
          not errs and "architectures" in props and "every_arch" in props
          and "arch" in schema["$defs"]["matrix_configuration"]
          ["properties"], str(errs[:3]))
    clean("base[arm]", scratch)


def test_llvm(d, scratch):
    """LLVM=1: the tree's make builds with clang (its --target from
    CROSS_COMPILE), and lineup asks for clang, not the cross gcc: with no
    arm-linux-gnueabihf-* in PATH, arm is still built, 32-bit."""
    bin_dir = os.path.join(d, "bin-llvm")
    os.makedirs(bin_dir)
    for f in os.listdir("/usr/bin"):
        if not f.startswith("arm-linux-gnueabihf-"):
            os.symlink(os.path.join("/usr/bin", f), os.path.join(bin_dir, f))
    r = kconfig_rules(d, "llvm", "arch = x86_64 arm\noptions = CONFIG_SMP\n",
                      ARCH_STATS)
    rc, out, err = matrix(r, scratch=scratch,
                          env=dict(os.environ, LLVM="1", PATH=bin_dir))
    check("LLVM=1: arm through clang alone, ARCH=arm named",
          rc == 1 and "lineup matrix: 1 of 4 configurations fail: ARCH=arm "
          "&& CONFIG_SMP=y\n" in out and "arch_stats is 36 to 128 bytes "
          "with ARCH=arm" in out, out + err)
    clean("LLVM=1", scratch)


def test_compile(d, scratch):
    """A compile matrix: cc (and a compilation database's /usr/bin/gcc)
    becomes arm-linux-gnueabihf-gcc for arm, and clang gets
    --target=arm-linux-gnueabihf."""
    # a compilation database's command, its compiler by its full path
    write(os.path.join(d, "compile_commands.json"), json.dumps([{
        "directory": d, "file": STATS, "output": "stats.o",
        "arguments": [shutil.which("gcc"), "-c", "-g", "-o", "stats.o",
                      STATS]}]))
    for cc in ("cc", "clang", "compdb"):
        how = (f"compdb = compile_commands.json\nsource = {STATS}\n"
               if cc == "compdb" else f"compile = {cc} -c -g {STATS}\n")
        r = write(os.path.join(d, cc + ".ini"),
                  f"{ARCH_STATS}\n[matrix]\n{how}"
                  "arch = x86_64 arm\noptions = BATCHED\n")
        rc, out, err = matrix(r, scratch=scratch)
        check(f"compile {cc}: exit 1", rc == 1, out + err)
        check(f"compile {cc}: only 32-bit ARM with BATCHED fails",
              "lineup matrix: 1 of 4 configurations fail: ARCH=arm && "
              "BATCHED=y\n" in out and
              "lineup matrix: arch_stats is 36 to 128 bytes with ARCH=arm "
              "(128 when ARCH=arm && BATCHED=n)\n" in out and
              "lineup matrix: arch_stats is 72 to 128 bytes with "
              "ARCH=x86_64" in out, out + err)
        clean(f"compile {cc}", scratch)


def test_errors(d, scratch):
    """Before any build: the missing compiler names its Debian package;
    unknown architectures and keys for architectures not swept."""
    bin_dir = os.path.join(d, "bin")
    os.makedirs(bin_dir, exist_ok=True)
    for tool in ("gcc", "cc"):
        if not os.path.exists(os.path.join(bin_dir, tool)):
            os.symlink(shutil.which(tool), os.path.join(bin_dir, tool))
    env = dict(os.environ, PATH=bin_dir)
    want = ("arch = arm: no arm-linux-gnueabihf-gcc in PATH; install "
            "Debian's gcc-arm-linux-gnueabihf (or name another compiler "
            "with cross[arm] = PREFIX)\n")
    r = kconfig_rules(d, "missing", "arch = x86_64 arm\n"
                      "options = CONFIG_SMP\n")
    rc, out, err = matrix(r, scratch=scratch, env=env)
    check("missing kconfig: exit 2, one line naming the package",
          rc == 2 and not out and err.endswith(want) and
          err.count("\n") == 1, out + err)
    r = write(os.path.join(d, "missing-cc.ini"),
              f"{ARCH_STATS}\n[matrix]\ncompile = cc -c -g {STATS}\n"
              "arch = x86_64 arm\n")
    rc, out, err = matrix(r, scratch=scratch, env=env)
    check("missing compile: exit 2, one line naming the package",
          rc == 2 and err.endswith(want) and err.count("\n") == 1,
          out + err)
    cases = [
        ("unknown", "arch = x86_64 vax\noptions = CONFIG_SMP\n",
         "arch = vax: lineup does not know this architecture"),
        ("cross-not-swept", "arch = x86_64\ncross[arm] = arm-none-\n",
         "cross[arm]: arm is not in arch ="),
        ("cross-missing", "arch = arm\ncross[arm] = nosuch-\n",
         "arch = arm: no nosuch-gcc in PATH (cross[arm] = nosuch-)"),
        ("bad-key", "arch = arm\ncross[] = x-\n",
         "'cross[]': an architecture's key is cross[ARCH] or base[ARCH]"),
    ]
    for name, text, msg in cases:
        rc, out, err = matrix(kconfig_rules(d, name, text), scratch=scratch)
        check(f"error {name}: exit 2, said", rc == 2 and msg in err and
              err.count("\n") == 1, err)
    rc, out, err = matrix(kconfig_rules(d, "cc", "arch = x86_64 arm\n"),
                          scratch=scratch, env=dict(os.environ, CC="mycc"))
    check("error: a CC lineup cannot swap per architecture",
          rc == 2 and "arch = x86_64: CC=mycc: lineup puts each "
          "architecture's compiler in place of CC's" in err, err)
    r = write(os.path.join(d, "make.ini"),
              f"{ARCH_STATS}\n[matrix]\ncompile = make stats.o\n"
              "arch = arm\n")
    rc, out, err = matrix(r, scratch=scratch)
    check("error: a command not starting with its compiler",
          rc == 2 and "the compile command must start with its compiler"
          in err, err)
    obj = os.path.join(d, "stats.o")
    subprocess.run(["cc", "-c", "-g", "-o", obj, STATS], check=True)
    r = write(os.path.join(d, "suggest.ini"),
              f"{ARCH_STATS}\n[matrix]\ncompile = cc -c -g {STATS}\n"
              "arch = x86_64 arm\n")
    proc = subprocess.run([LINEUP, "suggest", "--struct", "arch_stats",
                           "--rules", r, obj], capture_output=True,
                          text=True, env=dict(os.environ, TMPDIR=scratch))
    check("error: suggest refuses arch = (its compiles are the host's)",
          proc.returncode == 2 and "lineup suggest does not build per "
          "architecture (arch =)" in proc.stderr, proc.stderr)
    clean("errors", scratch)


def test_distcc(d, scratch):
    """CC=distcc: every build of both architectures through a distccd on
    127.0.0.1, with the architecture's compiler; the report is the local
    one."""
    if not distccd_local.available():
        print("skip distcc: distcc or distccd not installed")
        return
    r = kconfig_rules(d, "farm", "arch = x86_64 arm\noptions = CONFIG_SMP\n",
                      ARCH_STATS)
    _, local, _ = matrix(r, scratch=scratch)
    with distccd_local.Distccd() as farm:
        env = dict(os.environ, CC="distcc", **farm.env)
        rc, out, err = matrix(r, scratch=scratch, env=env)
        served = farm.served()
        check("distcc: the report of local builds",
              rc == 1 and out == local and "[ARCH=arm && CONFIG_SMP=y]"
              in out, out + err + "\n--- local:\n" + local)
        check("distcc: the 4 builds served by distccd, both compilers",
              served.count("COMPILE_OK") == 4 and ARM in served,
              served[-2000:])
    check("distcc: distccd and its workers stopped", not farm.left,
          str(farm.left))
    clean("distcc", scratch)


def main():
    for tool in (ARM, "clang"):
        if not shutil.which(tool):
            print(f"FAIL {tool} is not installed: scripts/install-deps "
                  "installs it (scripts/packages.txt)")
            return 1
    tests = []
    if PART in ("tool", "all"):
        tests += [test_kconfig, test_base_arch, test_llvm, test_compile,
                  test_errors]
    if PART in ("oracle", "all"):
        tests.append(test_distcc)  # its time is distccd's, not lineup's
    if not tests:
        print("usage: run_matrix_arch_tests.py LINEUP SOURCE_ROOT "
              "SANITIZE [tool|oracle|all]")
        return 2
    with tempfile.TemporaryDirectory(prefix="lineup-arch.") as d:
        for t in tests:
            scratch = tempfile.mkdtemp(dir=d, prefix="tmp.")
            t(d, scratch)
    print(f"{len(failures)} failure(s)" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
