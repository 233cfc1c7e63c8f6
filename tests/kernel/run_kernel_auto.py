#!/usr/bin/env python3
"""`options = auto` over the real kernel: struct task_group in Debian's
linux-source-6.1, the Kconfig symbols that can change it found from the
tree itself (kernel/sched/core.i made by kbuild, out of tree).

usage: run_kernel_auto.py LINEUP SOURCE_ROOT BUILD_DIR

The tree is $LINEUP_KERNEL_SRC, or the one run_kernel_matrix.py unpacked
into BUILD_DIR (run it first: the same suite). Never written: every make
is O= in lineup's temporary directory. Prints each report, the wall and
CPU time (bench/README.md has them). Off by default
(meson -Dkernel_tests=true).

1. `options = auto`: 18 symbols found, 14 swept (48 and 28 before the
   relevance analysis read `#ifdef` and re-read headers as the
   preprocessor does). Their 16,384 combinations are more than lineup
   builds one by one, so the layout model answers, exact over the 576
   that Kconfig allows, with the seed's condition: CONFIG_SMP=y &&
   CONFIG_FAIR_GROUP_SCHED=y (measured 2026-12-04: 28 learning builds and
   12 confirming ones for 137 distinct layouts, 23 CPU-minutes on 2 CPUs;
   68 learning builds and 41 CPU-minutes before held structs).
2. `options = auto` with everything but the scheduler's own symbols
   pinned at the base's values: the layout model answers for every
   configuration of the rest that Kconfig allows, asked of the tree's
   own Kconfig engine, and confirms each verdict with one build.
3. `options = auto` and `arch = x86_64 arm arm64 i386`: each
   architecture searched from its own defconfig (arm's multi_v7 has no
   CGROUP_SCHED: explored from the others' symbols), its configurations
   asked of its own Kconfig engine, the layout model learning each
   architecture from its own builds (measured 2026-12-04: exact over all
   1,008 configurations Kconfig allows on the four, 49 learning builds
   and 16 confirming ones for 205 distinct layouts: 14.8 min wall and
   22.9 CPU-minutes on 2 idle CPUs; 56 min and 54 CPU-minutes when they
   were shared with another kernel run).
"""
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_kernel_matrix import (  # noqa: E402
    BUILD, LINEUP, check, failures, task_group_ini)


# what options = auto sweeps (or swept) for task_group besides the
# scheduler's own symbols; pinned at the base's values in the second case
# (a pinned symbol is held whether or not it is found)
NOT_SCHED = (
    "PERF_EVENTS 64BIT CFS_BANDWIDTH PROVE_LOCKING LOCK_STAT DEBUG_LOCK_ALLOC "
    "UPROBE_EVENTS BLK_DEV_IO_TRACE PROFILE_ALL_BRANCHES "
    "PROFILE_ANNOTATED_BRANCHES BUG DRM_I915_DEBUG DEBUG_ATOMIC_SLEEP "
    "RCU_STRICT_GRACE_PERIOD PREEMPT_RT JUMP_LABEL PREEMPT_DYNAMIC "
    "DEBUG_BUGVERBOSE DEBUG_INFO_BTF DEBUG_SPINLOCK PARAVIRT").split()


def run(src, tmp, name, options, *args, arch=None):
    scratch = os.path.join(tmp, "scratch-" + name)
    os.makedirs(scratch)
    rules = os.path.join(tmp, name + ".ini")
    with open(rules, "w") as f:
        f.write(task_group_ini(src, "base = defconfig\nobject = "
                               "kernel/sched/core.o\n" +
                               (f"arch = {arch}\n" if arch else "") +
                               f"options = {options}\n"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    proc = subprocess.run([LINEUP, "matrix", "--rules", rules, "--verbose",
                           *args],
                          capture_output=True, text=True,
                          env=dict(os.environ, TMPDIR=scratch))
    took = time.monotonic() - t0
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (ru.ru_utime + ru.ru_stime - before.ru_utime - before.ru_stime)
    print(proc.stdout + proc.stderr)
    print(f"{name} over linux-source-6.1: {took / 60:.1f} min wall, "
          f"{cpu / 60:.1f} CPU-minutes, {os.cpu_count()} CPUs")
    left = os.listdir(scratch)
    check(f"{name}: no temporary files left", not left, str(left))
    return proc


def base_values(src, tmp, names):
    """The x86-64 defconfig's value of each symbol, y or n."""
    o = os.path.join(tmp, "base")
    subprocess.run(["make", "-s", "-C", src, f"O={o}", "defconfig"],
                   check=True, capture_output=True)
    with open(os.path.join(o, ".config")) as f:
        text = f.read()
    return {n: "y" if f"\nCONFIG_{n}=y\n" in text else "n" for n in names}


def main():
    src = os.environ.get("LINEUP_KERNEL_SRC",
                         os.path.join(BUILD, "linux-source-6.1"))
    if not os.path.exists(os.path.join(src, "Kconfig")):
        print(f"FAIL no kernel tree at {src} (run_kernel_matrix.py "
              "unpacks it; or set LINEUP_KERNEL_SRC)")
        return 1
    with tempfile.TemporaryDirectory(prefix="lineup-kernel-auto.") as tmp:
        proc = run(src, tmp, "auto", "auto")
        out = proc.stdout
        check("kernel auto: exit 1 (findings)", proc.returncode == 1,
              f"rc={proc.returncode}")
        head = [line for line in out.splitlines()
                if "Kconfig symbols can change task_group:" in line]
        check("kernel auto: the symbols named", len(head) == 1, out)
        found = head[0] if head else ""
        for sym in ("CONFIG_FAIR_GROUP_SCHED", "CONFIG_RT_GROUP_SCHED",
                    "CONFIG_SMP", "CONFIG_CGROUP_SCHED"):
            check(f"kernel auto: {sym} found", f" {sym}" in found, found)
        check("kernel auto: the cache line size, an int held",
              "CONFIG_X86_L1_CACHE_SHIFT (int, held at the base's"
              in found, found)
        check("kernel auto: the layout model answers for every "
              "configuration Kconfig allows",
              "lineup matrix: exact over all 576 configurations that "
              "Kconfig allows of the 14 options swept" in out, out)
        check("kernel auto: the seed's condition, nothing more",
              "configurations fail: CONFIG_SMP=y && "
              "CONFIG_FAIR_GROUP_SCHED=y\n" in out, out)
        check("kernel auto: what changes the verdict",
              "options that change the verdict: CONFIG_SMP "
              "CONFIG_FAIR_GROUP_SCHED;" in out, out)

        pins = " ".join(f"CONFIG_{n}={v}" for n, v in
                        base_values(src, tmp, NOT_SCHED).items())
        proc = run(src, tmp, "model", "auto " + pins, "--model")
        out = proc.stdout
        check("kernel model: exit 1 (the seed's bug)", proc.returncode == 1,
              f"rc={proc.returncode}\n{proc.stderr}")
        check("kernel model: every configuration Kconfig allows, from its "
              "own engine", "that Kconfig allows of" in out and
              "(asked of the tree's own Kconfig engine), laid out by the "
              "layout model" in out, out)
        check("kernel model: exact, and how many builds",
              "lineup matrix: exact over all " in out and
              "agreed with it member by member" in out, out)
        check("kernel model: the seed's conflict, under its condition",
              "'load_avg' (write) shares cache line" in out and
              "CONFIG_FAIR_GROUP_SCHED=y" in out, out)
        proc = run(src, tmp, "arch", "auto", "--model",
                   arch="x86_64 arm arm64 i386")
        out = proc.stdout
        check("kernel arch: exit 1 (the seed's bug)", proc.returncode == 1,
              f"rc={proc.returncode}\n{proc.stderr}")
        for a in ("x86_64", "arm", "arm64", "i386"):
            check(f"kernel arch: {a}'s symbols named, with reasons",
                  re.search(rf"^lineup matrix: ARCH={a}: \d+ of \d+ Kconfig "
                            r"symbols can change task_group: .*"
                            r"CONFIG_FAIR_GROUP_SCHED", out, re.M), out)
            check(f"kernel arch: a size line for {a}",
                  re.search(rf"^lineup matrix: task_group is .* with "
                            rf"ARCH={a}\b", out, re.M), out)
        check("kernel arch: exact over every configuration Kconfig allows "
              "on the four, from the builds it counts",
              re.search(r"^lineup matrix: exact over all [\d,]+ "
                        r"configurations that Kconfig allows of the \d+ "
                        r"options swept: the layout model learned from \d+ "
                        r"builds", out, re.M) and
              "agreed with it member by member" in out, out)
        check("kernel arch: 32-bit ARM's own offsets (load_avg at 128, "
              "parent at 148), under arm's condition",
              "shares cache line 2 with 'parent' (read) in struct "
              "task_group [ARCH=arm && CONFIG_SMP=y && "
              "CONFIG_FAIR_GROUP_SCHED=y && CONFIG_RT_GROUP_SCHED=n && "
              "CONFIG_DEBUG_LOCK_ALLOC=n]" in out and
              "note: 'parent' is at offset 148, line 2 (bytes 128-191)"
              in out, out)
        check("kernel arch: the seed's condition on every architecture, "
              "nothing more (measured: 384 of 1008)",
              re.search(r"^lineup matrix: \d+ of [\d,]+ configurations "
                        r"fail: CONFIG_SMP=y && CONFIG_FAIR_GROUP_SCHED=y$",
                        out, re.M), out)
        check("kernel auto: the tree stays clean (out-of-tree builds)",
              not os.path.exists(os.path.join(src, ".config")) and
              not os.path.exists(os.path.join(src, "include", "generated")))
    print(f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
