#!/usr/bin/env python3
"""lineup matrix over the real kernel: Debian's linux-source-6.1.

usage: run_kernel_matrix.py LINEUP SOURCE_ROOT BUILD_DIR [arch]

Installs what it needs (scripts/install-kernel-deps: linux-source-6.1,
about 140 MB, flex, bison, bc, libssl-dev, libelf-dev), unpacks the tree
once into BUILD_DIR/linux-source-6.1 (kept for the next run: 1.3 GB), and
sweeps struct task_group over the four options of its #ifs and their
dependencies, with the kernel's own Kconfig and make. The seed's two
conflicts must be found, under conditions over Kconfig symbols, and the
combinations Kconfig refuses reported as excluded. Then the same
struct across four architectures (`arch = x86_64 arm arm64 i386`, each
from its own defconfig, through Debian's cross compilers; i386 with the
host's gcc and -m32, as the kernel builds it). Off by default (meson
-Dkernel_tests=true). With LINEUP_LINUX_6_1=DIR, an unpacked tree there is
used (only read: every build is out of tree); with `arch`, only the
sweep of architectures runs.
"""
import os
import subprocess
import sys
import tempfile
import textwrap
import time

sys.dont_write_bytecode = True  # the source tree stays as it is
from kernel_tree import check, failures, tree  # noqa: E402

LINEUP = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(sys.argv[2])
BUILD = os.path.abspath(sys.argv[3])
TARBALL = "/usr/src/linux-source-6.1.tar.xz"


def task_group_ini(src, matrix):
    """The rules every kernel case checks task_group with: the seed's
    writer and readers, and a [matrix] over the tree SRC with MATRIX's
    lines (object, base, options...)."""
    return textwrap.dedent("""\
        [struct task_group]
        write = load_avg
        read = parent rt_se rt_rq

        [matrix]
        """) + f"kconfig = {src}\n" + textwrap.dedent(matrix)


def sweep(src, name, text):
    """lineup matrix over TEXT's [matrix]: its output, exit, wall and CPU
    time (the makes' included), printed."""
    with tempfile.TemporaryDirectory(prefix="lineup-kernel-test.") as tmp:
        scratch = os.path.join(tmp, "scratch")
        os.makedirs(scratch)
        rules = os.path.join(tmp, name + ".ini")
        with open(rules, "w") as f:
            f.write(textwrap.dedent(text))
        t0 = time.monotonic()
        c0 = os.times()
        proc = subprocess.run([LINEUP, "matrix", "--rules", rules],
                              capture_output=True, text=True,
                              env=dict(os.environ, TMPDIR=scratch))
        c1 = os.times()
        took = time.monotonic() - t0
        cpu = (c1.children_user - c0.children_user +
               c1.children_system - c0.children_system)
        print(proc.stdout + proc.stderr)
        print(f"lineup matrix {name} over {src}: {took / 60:.1f} min wall, "
              f"{cpu / 60:.1f} CPU-min on {os.cpu_count()} CPUs")
        left = os.listdir(scratch)
    check(f"{name}: no temporary files left", not left, str(left))
    check(f"{name}: the tree stays clean (out-of-tree builds)",
          not os.path.exists(os.path.join(src, ".config")) and
          not os.path.exists(os.path.join(src, "include", "generated")))
    return proc.returncode, proc.stdout


def test_arch(src):
    """task_group on four architectures, each from its own defconfig
    (arm's multi_v7 has no CGROUP_SCHED: it is swept; arm64's selects
    it and FAIR_GROUP_SCHED, so their =n is excluded there)."""
    rc, out = sweep(src, "arch", task_group_ini(src, """\
        object = kernel/sched/core.o
        arch = x86_64 arm arm64 i386
        options = CONFIG_CGROUP_SCHED CONFIG_FAIR_GROUP_SCHED
        """))
    check("arch: exit 1 (findings)", rc == 1, f"rc={rc}")
    check("arch: 4 architectures; FAIR_GROUP_SCHED=y refused without "
          "CGROUP_SCHED, and arm64's defconfig forcing both on",
          "2 Kconfig options, 4 architectures, 16 configurations (all), "
          "6 excluded by Kconfig, 10 built" in out and
          "Kconfig excludes CONFIG_CGROUP_SCHED=n when ARCH=arm64 (it "
          "resolves to y)" in out)
    check("arch: 32-bit ARM's own offsets (load_avg at 128, parent at 148)",
          "'load_avg' (write) shares cache line 2 with 'parent' (read) in "
          "struct task_group [ARCH=arm && CONFIG_FAIR_GROUP_SCHED=y]" in out
          and "note: 'parent' is at offset 148, line 2 (bytes 128-191)"
          in out)
    check("arch: a size line per architecture",
          all(f"task_group is " in line and f"with ARCH={a}" in line
              for a in ("x86_64", "arm", "arm64", "i386")
              for line in [next((x for x in out.splitlines()
                                 if f"with ARCH={a}" in x), "")]), out)
    check("arch: the failing configurations name FAIR_GROUP_SCHED",
          "configurations fail: " in out and
          "CONFIG_FAIR_GROUP_SCHED=y" in out.split("configurations fail: ")
          [-1], out)


def main():
    rc = subprocess.run([os.path.join(ROOT, "scripts",
                                      "install-kernel-deps")]).returncode
    if rc:
        print(f"FAIL scripts/install-kernel-deps exited {rc}")
        return 1
    src = os.environ.get("LINEUP_LINUX_6_1") or \
        tree(TARBALL, BUILD, "linux-source-6.1")
    if sys.argv[4:] == ["arch"]:
        test_arch(src)
        print(f"{len(failures)} failed")
        return 1 if failures else 0
    with tempfile.TemporaryDirectory(prefix="lineup-kernel-test.") as tmp:
        scratch = os.path.join(tmp, "scratch")
        os.makedirs(scratch)
        rules = os.path.join(tmp, "task_group.ini")
        with open(rules, "w") as f:
            f.write(task_group_ini(src, """\
                base = defconfig
                object = kernel/sched/core.o
                options = CONFIG_CGROUP_SCHED CONFIG_FAIR_GROUP_SCHED
                          CONFIG_RT_GROUP_SCHED CONFIG_SMP
                """))
        t0 = time.monotonic()
        proc = subprocess.run([LINEUP, "matrix", "--rules", rules],
                              capture_output=True, text=True,
                              env=dict(os.environ, TMPDIR=scratch))
        took = time.monotonic() - t0
        out = proc.stdout
        print(out + proc.stderr)
        print(f"lineup matrix over linux-source-6.1: {took / 60:.1f} min "
              f"on {os.cpu_count()} CPUs")
        check("kernel: exit 1 (findings)", proc.returncode == 1,
              f"rc={proc.returncode}")
        check("kernel: 16 asked, 6 excluded, 10 built",
              "4 Kconfig options, 16 configurations (all), 6 excluded by "
              "Kconfig, 10 built" in out)
        check("kernel: what Kconfig refuses, named",
              "Kconfig excludes CONFIG_FAIR_GROUP_SCHED=y when "
              "CONFIG_CGROUP_SCHED=n" in out and
              "Kconfig excludes CONFIG_RT_GROUP_SCHED=y when "
              "CONFIG_CGROUP_SCHED=n" in out)
        check("kernel: load_avg with parent without RT_GROUP_SCHED",
              "'load_avg' (write) shares cache line 4 with 'parent' (read) "
              "in struct task_group [CONFIG_FAIR_GROUP_SCHED=y && "
              "CONFIG_RT_GROUP_SCHED=n && CONFIG_SMP=y]" in out)
        check("kernel: load_avg with rt_se and rt_rq with RT_GROUP_SCHED",
              "'load_avg' (write) shares cache line 4 with 'rt_se', 'rt_rq' "
              "(read) in struct task_group [CONFIG_FAIR_GROUP_SCHED=y && "
              "CONFIG_RT_GROUP_SCHED=y && CONFIG_SMP=y]" in out)
        left = os.listdir(scratch)
        check("kernel: no temporary files left", not left, str(left))
        check("kernel: the tree stays clean (out-of-tree builds)",
              not os.path.exists(os.path.join(src, ".config")) and
              not os.path.exists(os.path.join(src, "include", "generated")))
    test_arch(src)
    print(f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
