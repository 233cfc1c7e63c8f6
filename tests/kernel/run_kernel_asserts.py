#!/usr/bin/env python3
"""tcp_sock's groups against the kernel's own bounds: linux-source-6.12.

usage: run_kernel_asserts.py LINEUP BUILD_DIR

Debian's linux-source-6.12 (bookworm-backports) is the first Debian tree
with the networking cache-line groups. This unpacks it once into
BUILD_DIR/linux-source-6.12 (kept for the next run), builds
net/ipv4/tcp.o out of tree for four architectures, each from its own
defconfig: x86-64, 32-bit ARM (multi_v7_defconfig,
arm-linux-gnueabihf-), arm64 (aarch64-linux-gnu-) and i386 (the host's
gcc, with the kernel's own -m32), all with CONFIG_DEBUG_INFO_DWARF5=y, and
runs

    lineup check --kernel-asserts net/ipv4/tcp.c x86/tcp.o arm/tcp.o ...

tcp_struct_check() bounds tcp_sock_write_txrx at N + 4 (91 in the
6.12.117 tree first measured, 92 in bookworm-backports' 6.12.95): it is N bytes on x86-64 and N + 4 on ARM,
exactly at its bound, so ARM gets the note and x86-64 the bytes to spare. Every group of every input is compared with
pahole's offsets of the group's markers, and each group's verdict
against its bound with what those bytes make of it. With
LINEUP_LINUX_6_12=DIR an unpacked tree there is used (read only: every
make is O= in BUILD_DIR). Skipped (77) without the tarball or a cross
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
          ("arm", "arm", "arm-linux-gnueabihf-", "multi_v7_defconfig"),
          ("arm64", "arm64", "aarch64-linux-gnu-", "defconfig"),
          ("i386", "i386", "", "defconfig"))
CROSS_PACKAGES = {"arm-linux-gnueabihf-gcc": "gcc-arm-linux-gnueabihf",
                  "aarch64-linux-gnu-gcc": "gcc-aarch64-linux-gnu",
                  "pahole": "dwarves", "flex": "flex", "bison": "bison"}


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
    for tool, package in CROSS_PACKAGES.items():
        if not shutil.which(tool):
            print(f"{tool} is missing: apt-get install {package} "
                  "(scripts/install-kernel-deps)")
            return SKIP
    src = os.environ.get("LINEUP_LINUX_6_12") or \
        tree(TARBALL, BUILD, "linux-source-6.12")
    objs = {name: build(src, name, arch, cross, base)
            for name, arch, cross, base in ARCHES}
    tcp_c = os.path.join(src, "net", "ipv4", "tcp.c")
    t0 = time.monotonic()
    proc = subprocess.run([LINEUP, "check", "--kernel-asserts", tcp_c] +
                          [objs[name] for name, *_ in ARCHES],
                          capture_output=True, text=True)
    took = time.monotonic() - t0
    out = proc.stdout
    print(f"lineup check --kernel-asserts: {took:.1f} s wall")
    print(textwrap.indent(out + proc.stderr, "  "))
    # the kernel builds both, so no assert is broken: exit 0 unless some
    # other check (a conflict) fails; the bounds themselves are notes
    check("no kernel bound broken", "[LU008]" not in out and
          "[LU009]" not in out, out)
    # The +4 of tcp_sock_write_txrx's bound was the fix for arm's
    # multi_v7 break: arm sits exactly at it and x86-64 has the 4 to spare
    # (91 + 4 in the 6.12.117 tree first measured, 92 + 4 in 6.12.95 from
    # bookworm-backports: the relation is the kernel's, the numbers are
    # the tree's).
    for name, spare in (("x86", 4), ("arm", 0)):
        line = [ln for ln in out.splitlines()
                if "'tcp_sock_write_txrx' of struct tcp_sock is" in ln and
                objs[name] in ln]
        check(f"{name}: one line for tcp_sock_write_txrx", len(line) == 1,
              out)
        m = re.search(r"is (\d+) bytes in .*kernel bound (\d+) \((\d+) "
                      r"\+ 4\)", line[0]) if line else None
        check(f"{name}: its bytes and its bound, N + 4", m is not None,
              line[0] if line else out)
        if not m:
            continue
        bytes_, bound = int(m.group(1)), int(m.group(2))
        how = ("one more byte breaks it" if spare == 0 else
               f"within its kernel bound {bound} ({bound - 4} + 4) by "
               f"{spare}")
        check(f"{name}: {bytes_} bytes, {spare} to spare: {how}",
              bound - bytes_ == spare and how in line[0], line[0])
        check(f"{name}: pahole agrees ({bytes_} bytes)",
              pahole_bytes(objs[name], "tcp_sock_write_txrx") == bytes_)
    # every group of every input: lineup's bytes are pahole's, and what
    # it says of the bound is what those bytes make of it
    seen = re.findall(r"group '(\w+)' of struct tcp_sock is (\d+) bytes "
                      r"in (\S+).*?kernel bound (\d+)(.*)", out)
    check("six groups per input", len(seen) == 6 * len(ARCHES), out)
    for group, bytes_, obj, bound, rest in seen:
        want = pahole_bytes(obj, group)
        check(f"{obj}: {group} {bytes_} bytes as pahole says ({want})",
              int(bytes_) == want)
        spare = int(bound) - int(bytes_)
        said = ("one more byte breaks it" in rest if spare == 0 else
                f"by {spare}" in rest if spare > 0 else False)
        check(f"{obj}: {group} {bytes_} of {bound}: "
              f"{'at' if spare == 0 else 'within'} its bound", said, rest)
    by_arch = {name: [int(b) for g, b, o, *_ in seen
                      if g == "tcp_sock_write_txrx" and o == objs[name]]
               for name, *_ in ARCHES}
    print("tcp_sock_write_txrx bytes per architecture: " +
          ", ".join(f"{n} {b[0] if b else '?'}" for n, b in by_arch.items()))
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
