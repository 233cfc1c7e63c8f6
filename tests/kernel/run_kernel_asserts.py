#!/usr/bin/env python3
"""tcp_sock's groups against the kernel's own bounds: linux-source-6.12.

usage: run_kernel_asserts.py LINEUP BUILD_DIR

Debian's linux-source-6.12 (bookworm-backports) is the first Debian tree
with the networking cache-line groups. This unpacks it once into
BUILD_DIR/linux-source-6.12 (kept for the next run), builds
net/ipv4/tcp.o out of tree for x86-64 (defconfig) and 32-bit ARM
(multi_v7_defconfig, arm-linux-gnueabihf-), both with
CONFIG_DEBUG_INFO_DWARF5=y, and runs

    lineup check --kernel-asserts net/ipv4/tcp.c x86/tcp.o arm/tcp.o

tcp_struct_check() bounds tcp_sock_write_txrx at 91 + 4: it is 91 bytes
on x86-64 and 95 on ARM, exactly at its bound, so ARM gets the note and
x86-64 the bytes to spare; pahole's offsets of the group's markers are
the oracle for both. Skipped (77) without the tarball or the cross
compiler, naming the package. Off by default (meson -Dkernel_tests=true).
"""
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time

sys.dont_write_bytecode = True  # the source tree stays as it is
from kernel_tree import check, failures, tree  # noqa: E402

SKIP = 77
LINEUP = os.path.abspath(sys.argv[1])
BUILD = os.path.abspath(sys.argv[2])
TARBALL = "/usr/src/linux-source-6.12.tar.xz"
ARCHES = (("x86", "x86_64", "", "defconfig"),
          ("arm", "arm", "arm-linux-gnueabihf-", "multi_v7_defconfig"))


def build(src, name, arch, cross, base):
    """net/ipv4/tcp.o for one architecture, out of tree, with DWARF 5."""
    out = os.path.join(BUILD, "kasserts-" + name)
    make = ["make", "-s", "-C", src, "O=" + out, "ARCH=" + arch,
            "-j2"] + (["CROSS_COMPILE=" + cross] if cross else [])
    obj = os.path.join(out, "net", "ipv4", "tcp.o")
    if os.path.exists(obj):
        return obj
    t0 = time.monotonic()
    subprocess.run(make + [base], check=True)
    subprocess.run([os.path.join(src, "scripts", "config"), "--file",
                    os.path.join(out, ".config"), "-d", "DEBUG_INFO_NONE",
                    "-e", "DEBUG_INFO_DWARF5"], check=True)
    subprocess.run(make + ["olddefconfig"], check=True)
    subprocess.run(make + ["net/ipv4/tcp.o"], check=True)
    print(f"built {name} net/ipv4/tcp.o in {time.monotonic() - t0:.0f} s")
    return obj


def pahole_bytes(obj, group):
    """The group's bytes as pahole lays tcp_sock out: end - begin."""
    text = subprocess.run(["pahole", "-C", "tcp_sock", obj],
                          capture_output=True, text=True).stdout
    at = {}
    for edge in ("begin", "end"):
        m = re.search(r"__cacheline_group_%s__%s\[0\][^;]*;\s*/\*\s*(\d+)"
                      % (edge, group), text)
        if not m:
            return None
        at[edge] = int(m.group(1))
    return at["end"] - at["begin"]


def main():
    if not os.path.exists(TARBALL):
        print(f"{TARBALL} is missing: apt-get install linux-source-6.12 "
              "(bookworm-backports)")
        return SKIP
    for tool in ("arm-linux-gnueabihf-gcc", "pahole", "flex", "bison"):
        if not shutil.which(tool):
            print(f"{tool} is missing (gcc-arm-linux-gnueabihf, dwarves, "
                  "scripts/install-kernel-deps)")
            return SKIP
    src = tree(TARBALL, BUILD, "linux-source-6.12")
    objs = {name: build(src, name, arch, cross, base)
            for name, arch, cross, base in ARCHES}
    tcp_c = os.path.join(src, "net", "ipv4", "tcp.c")
    t0 = time.monotonic()
    proc = subprocess.run([LINEUP, "check", "--kernel-asserts", tcp_c,
                           objs["x86"], objs["arm"]],
                          capture_output=True, text=True)
    took = time.monotonic() - t0
    out = proc.stdout
    print(f"lineup check --kernel-asserts: {took:.1f} s wall")
    print(textwrap.indent(out + proc.stderr, "  "))
    # the kernel builds both, so no assert is broken: exit 0 unless some
    # other check (a conflict) fails; the bounds themselves are notes
    check("no kernel bound broken", "[LU008]" not in out and
          "[LU009]" not in out, out)
    for name, bytes_, how in (("x86", 91, "within its kernel bound 95 "
                               "(91 + 4) by 4"),
                              ("arm", 95, "at its kernel bound 95 (91 + 4), "
                               "one more byte breaks it")):
        line = [ln for ln in out.splitlines()
                if "'tcp_sock_write_txrx' of struct tcp_sock is" in ln and
                objs[name] in ln]
        check(f"{name}: one line for tcp_sock_write_txrx", len(line) == 1,
              out)
        if line:
            check(f"{name}: {bytes_} bytes, {how}",
                  f"is {bytes_} bytes in" in line[0] and how in line[0],
                  line[0])
        check(f"{name}: pahole agrees ({bytes_} bytes)",
              pahole_bytes(objs[name], "tcp_sock_write_txrx") == bytes_)
    # every group of every input: lineup's bytes are pahole's
    seen = re.findall(r"group '(\w+)' of struct tcp_sock is (\d+) bytes "
                      r"in (\S+)", out)
    check("six groups per input", len(seen) == 12, out)
    for group, bytes_, obj in seen:
        want = pahole_bytes(obj, group)
        check(f"{obj}: {group} {bytes_} bytes as pahole says ({want})",
              int(bytes_) == want)
    # every SIZE call of tcp_struct_check() is evaluated: "91 + 4" and
    # plain numbers are all it has
    check("every bound evaluated", "not checked" not in proc.stderr,
          proc.stderr)
    if failures:
        print(f"{len(failures)} failed: {', '.join(failures)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
