#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Bad inputs for lineup: each must end in one line on stderr that names the
input and the problem, exit 2 (or the documented status), within a time
limit, with no sanitizer report and no file left in $TMPDIR.

    run.py LINEUP [CASE...]     run the cases (all when none is named)
    run.py --list               the case names, for meson

Inputs are made at test time in a temporary directory (compiled with $CC,
default cc) and removed afterwards. Each run gets its own empty TMPDIR,
checked again once lineup has exited.
"""

import os
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile
import time

TIME_LIMIT = float(os.environ.get("BAD_INPUT_TIMEOUT", "20"))
CC = shlex.split(os.environ.get("CC", "cc"))
CRASH_WORDS = ("Sanitizer", "Segmentation", "runtime error", "Aborted",
               "core dumped", "stack-overflow", "libbpf:")

# A fixture with lineup.h's markers spelled out (no include path needed) and
# its write and read groups on different lines, so it checks clean.
FIXTURE = """
typedef unsigned char lineup__write;
typedef unsigned char lineup__read;
struct task_group {
	long css[4];
	lineup__write lineup__begin__tick[0];
	long load_avg;
	lineup__write lineup__end__tick[0];
	long pad[7];		/* the wake group starts the next line */
	lineup__read lineup__begin__wake[0];
	struct task_group *parent;
	void *rt_se, *rt_rq;
	lineup__read lineup__end__wake[0];
	long rcu[8];
	unsigned int flags : 3;
} __attribute__((__aligned__(64)));
struct task_group tg;
int main(void) { return (int)tg.flags; }
"""


class Run:
    """One lineup command and what must come of it."""

    def __init__(self, args, status=2, names=(), words=(), stderr_lines=None,
                 stdout_words=(), as_user=None, stdout_to=None,
                 max_kib=None, wrap=None, after=None, preexec=None):
        self.args = args
        self.status = status
        self.names = list(names)      # stderr must name these inputs
        self.words = list(words)      # and say these words
        # one line for errors, none otherwise, unless told
        self.stderr_lines = (stderr_lines if stderr_lines is not None
                             else (1 if status == 2 else 0))
        self.stdout_words = list(stdout_words)
        self.as_user = as_user        # uid to run as (permission case)
        self.stdout_to = stdout_to    # a file for stdout (/dev/full)
        self.max_kib = max_kib        # bound on lineup's peak RSS
        self.wrap = wrap              # a command that runs lineup (argv)
        # after(stdout, stderr): what else is wrong once it ran (a list)
        self.after = after
        self.preexec = preexec        # runs in the child before lineup


class Skip(Exception):
    pass


# ---- input makers ---------------------------------------------------------

def compile_c(work, name, source, flags=("-c", "-g"), out=None):
    src = os.path.join(work, name + ".c")
    with open(src, "w") as f:
        f.write(source)
    out = out or os.path.join(work, name + (".o" if "-c" in flags else ""))
    # a crashing compiler leaves its reproducer in TMPDIR: keep it here
    subprocess.run(CC + list(flags) + ["-o", out, src], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                   env=dict(os.environ, TMPDIR=work))
    return out


def fixture(work):
    return compile_c(work, "fixture", FIXTURE)


def elf_sections(path):
    """{name: (offset, size)} and the ELF64 header fields we cut at."""
    data = open(path, "rb").read()
    assert data[:4] == b"\x7fELF" and data[4] == 2, "64-bit ELF expected"
    e_shoff, = struct.unpack_from("<Q", data, 0x28)
    e_shentsize, e_shnum, e_shstrndx = struct.unpack_from("<HHH", data, 0x3a)
    shdrs = []
    for i in range(e_shnum):
        off = e_shoff + i * e_shentsize
        name, _, _, _, offset, size = struct.unpack_from("<IIQQQQ", data, off)
        shdrs.append((name, offset, size))
    stroff = shdrs[e_shstrndx][1]
    secs = {}
    for name, offset, size in shdrs:
        end = data.index(b"\0", stroff + name)
        secs[data[stroff + name:end].decode()] = (offset, size)
    return data, e_shoff, e_shentsize, e_shnum, secs


def write(work, name, data, mode=None):
    path = os.path.join(work, name)
    with open(path, "wb") as f:
        f.write(data)
    if mode is not None:
        os.chmod(path, mode)
    return path


def btf_blob(types, strings, hdr_len=24, fix=None):
    """Raw BTF from (name_off, info, size_or_type, extra bytes) records."""
    tsec = b"".join(struct.pack("<III", n, i, s) + x for n, i, s, x in types)
    ssec = strings
    hdr = dict(magic=0xEB9F, version=1, flags=0, hdr_len=hdr_len,
               type_off=0, type_len=len(tsec),
               str_off=len(tsec), str_len=len(ssec))
    if fix:
        hdr.update(fix)
    head = struct.pack("<HBBIIIII", hdr["magic"], hdr["version"],
                       hdr["flags"], hdr["hdr_len"], hdr["type_off"],
                       hdr["type_len"], hdr["str_off"], hdr["str_len"])
    return head + b"\0" * (max(hdr_len, 24) - 24) + tsec + ssec


def kind(k, vlen=0):
    return (k << 24) | vlen


INT, PTR, STRUCT, TYPEDEF = 1, 2, 4, 8
# strings: 0 "", 1 "int", 5 "s", 7 "m", 9 "t"
STRS = b"\0int\0s\0m\0t\0"


def int_type():
    return (1, kind(INT), 4, struct.pack("<I", 32))


def struct_s(member_type):
    return (5, kind(STRUCT, 1), 8, struct.pack("<III", 7, member_type, 0))


# ---- cases ----------------------------------------------------------------

def case_empty_file(work):
    p = write(work, "empty.o", b"")
    return [Run(["show", p], names=[p], words=["empty"]),
            Run(["check", p], names=[p], words=["empty"])]


def case_directory(work):
    p = os.path.join(work, "adir")
    os.mkdir(p)
    return [Run(["show", p], names=[p], words=["directory"]),
            Run(["check", p], names=[p], words=["directory"])]


def case_fifo(work):
    # Nobody writes: a blocking open or read would hang until the timeout.
    p = os.path.join(work, "fifo")
    os.mkfifo(p)
    return [Run(["show", p], names=[p], words=["not a regular file"]),
            Run(["check", p], names=[p], words=["not a regular file"])]


def case_no_permission(work):
    p = write(work, "secret.o", open(fixture(work), "rb").read(), mode=0)
    if os.geteuid() != 0:
        return [Run(["show", p], names=[p], words=["Permission denied"]),
                Run(["check", p], names=[p], words=["Permission denied"])]
    # Root reads anything: run lineup as nobody when we can, else skip.
    if not shutil.which("setpriv"):
        raise Skip("running as root, which can read a mode-000 file, and "
                   "no setpriv to drop to nobody")
    os.chmod(work, 0o755)
    return [Run(["show", p], names=[p], words=["Permission denied"],
                as_user=65534),
            Run(["check", p], names=[p], words=["Permission denied"],
                as_user=65534)]


def case_nonexistent(work):
    p = os.path.join(work, "no-such-file.o")
    return [Run(["show", p], names=[p], words=["No such file"]),
            Run(["check", p], names=[p], words=["No such file"])]


def case_not_an_input(work):
    p = write(work, "random.bin", bytes((i * 151 + 7) % 256 for i in range(4096)))
    return [Run(["show", p], names=[p], words=["not an ELF"]),
            Run(["check", p], names=[p], words=["not an ELF"])]


def case_truncated_elf(work):
    obj = fixture(work)
    data, shoff, shentsize, shnum, secs = elf_sections(obj)
    info_off, info_size = secs[".debug_info"]
    cuts = {1, 4, 5, 16, 24, 0x28, 52, 63, 64,
            info_off, info_off + 4, info_off + 11, info_off + info_size // 2,
            info_off + info_size - 1,
            secs[".debug_abbrev"][0] + 3,
            secs[".debug_str"][0] + secs[".debug_str"][1] // 2,
            secs[".debug_line"][0] + 10,
            secs[".symtab"][0] + 5,
            shoff, shoff + 10, shoff + shentsize * (shnum // 2) + 7,
            len(data) - 1}
    runs = []
    for cut in sorted(c for c in cuts if 0 < c < len(data)):
        p = write(work, "cut-%d.o" % cut, data[:cut])
        # fewer than 4 bytes is not even ELF's magic number
        words = ["truncated ELF"] if cut >= 4 else ["not an ELF"]
        runs.append(Run(["show", p], names=[p], words=words))
        runs.append(Run(["check", p], names=[p], words=words))
    return runs


def case_no_debug(work):
    p = compile_c(work, "nodebug", FIXTURE, flags=("-c",))
    return [Run(["show", p], names=[p], words=["no debug info"]),
            Run(["check", p], names=[p], words=["no debug info"])]


def case_stripped(work):
    exe = compile_c(work, "prog", FIXTURE, flags=("-g",))
    subprocess.run(["strip", exe], check=True)
    return [Run(["show", exe], names=[exe], words=["no debug info"]),
            Run(["check", exe], names=[exe], words=["no debug info"])]


def case_garbage_debug_info(work):
    obj = fixture(work)
    data, _, _, _, secs = elf_sections(obj)
    off, size = secs[".debug_info"]
    runs = []
    # all of it, then the DIEs only (the unit header stays sane)
    for name, start in (("all", off), ("dies", off + 12)):
        buf = bytearray(data)
        for i in range(start, off + size):
            buf[i] = (i * 197 + 91) & 0xFF
        p = write(work, "garbage-%s.o" % name, bytes(buf))
        runs.append(Run(["show", p], names=[p]))
        runs.append(Run(["check", p], names=[p]))
    return runs


def case_garbage_compressed_debug(work):
    # .debug_info compressed with zlib (SHF_COMPRESSED), the stream garbled
    src = os.path.join(work, "z.c")
    with open(src, "w") as f:
        f.write(FIXTURE)
    obj = os.path.join(work, "z.o")
    if subprocess.run(CC + ["-c", "-g", "-gz=zlib", "-o", obj, src],
                      stderr=subprocess.DEVNULL).returncode != 0:
        raise Skip("the compiler cannot compress debug sections (-gz)")
    data, _, _, _, secs = elf_sections(obj)
    off, size = secs[".debug_info"]
    buf = bytearray(data)
    for i in range(off + 24, off + size):   # past the Elf64_Chdr
        buf[i] = (i * 31) & 0xFF
    p = write(work, "zgarbage.o", bytes(buf))
    return [Run(["show", p], names=[p], words=["decompress"]),
            Run(["check", p], names=[p], words=["decompress"])]


def case_truncated_archive(work):
    obj = fixture(work)
    nodebug = compile_c(work, "nodebug", FIXTURE, flags=("-c",))
    lib = os.path.join(work, "lib.a")
    subprocess.run(["ar", "rcs", lib, obj, nodebug], check=True)
    data = open(lib, "rb").read()
    runs = []
    for cut in (8, 30, 68, 100, len(data) // 2, len(data) - 10,
                len(data) - 1):
        p = write(work, "lib-%d.a" % cut, data[:cut])
        words = ["empty archive"] if cut == 8 else ["archive"]
        runs.append(Run(["show", p], names=[p], words=words))
        runs.append(Run(["check", p], names=[p], words=words))
    return runs


def split_dwarf_fixture(work, name, flags=()):
    """The fixture compiled with -gsplit-dwarf: (object, its .dwo)."""
    obj = os.path.join(work, name + ".o")
    try:
        compile_c(work, name, FIXTURE,
                  flags=("-c", "-g", "-gsplit-dwarf") + tuple(flags), out=obj)
    except subprocess.CalledProcessError:
        raise Skip("the compiler does not take -gsplit-dwarf %s" %
                   " ".join(flags))
    dwo = obj[:-2] + ".dwo"
    if not os.path.exists(dwo):
        raise Skip("the compiler wrote no .dwo for -gsplit-dwarf")
    return obj, dwo


def case_split_dwarf(work):
    # The types are in the .dwo: read them (DWARF 5 skeleton units, and
    # GCC's DWARF 4 DW_AT_GNU_dwo_name); without it, say where it should
    # be. Never "0 structs checked" and exit 0.
    runs = []
    for tag, flags in (("5", ()), ("4", ("-gdwarf-4",))):
        obj, dwo = split_dwarf_fixture(work, "split" + tag, flags)
        runs.append(Run(["show", obj], status=0,
                        stdout_words=["struct task_group", "load_avg"]))
        runs.append(Run(["check", obj], status=0,
                        stdout_words=["1 struct checked"]))
        obj, dwo = split_dwarf_fixture(work, "nodwo" + tag, flags)
        os.unlink(dwo)
        for cmd in ("show", "check"):
            runs.append(Run([cmd, obj], names=[obj],
                            words=["split DWARF", os.path.basename(dwo)]))
        # in an archive, the member is named as in "lib.a(member.o)"
        lib = os.path.join(work, "split%s.a" % tag)
        subprocess.run(["ar", "rc", lib, obj], check=True)
        runs.append(Run(["check", lib], names=["%s(nodwo%s.o)" % (lib, tag)],
                        words=["split DWARF", os.path.basename(dwo)]))
    return runs


def case_split_dwarf_not_a_file(work):
    # libdw opens a .dwo with a blocking open(2): a FIFO there would hang
    # lineup for good, a device feed it without end.
    runs = []
    for what, make in (("FIFO", os.mkfifo),
                       ("device", lambda p: os.symlink("/dev/zero", p))):
        obj, dwo = split_dwarf_fixture(work, "split-" + what.lower())
        os.unlink(dwo)
        make(dwo)
        for cmd in ("show", "check"):
            runs.append(Run([cmd, obj], names=[obj, os.path.basename(dwo)],
                            words=[what, "not a regular file"]))
    return runs


def case_dwz_common_file(work):
    # dwz moves strings shared by many files to one file, which
    # .gnu_debugaltlink names and libdw opens (blocking) at the first
    # string it holds. The fixture's names are made to live there
    # (DW_FORM_strp -> DW_FORM_strp_sup, same size) and it is a FIFO.
    obj = compile_c(work, "alt", FIXTURE, flags=("-c", "-g", "-gdwarf-4"))
    data, _, _, _, secs = elf_sections(obj)
    off, size = secs[".debug_abbrev"]
    abbrev = data[off:off + size]
    if b"\x03\x0e" not in abbrev:       # DW_AT_name, DW_FORM_strp
        raise Skip("the compiler puts no name in .debug_str")
    data = data[:off] + abbrev.replace(b"\x03\x0e", b"\x03\x1d") + \
        data[off + size:]
    patched = write(work, "patched.o", data)
    link = write(work, "altlink", b"alt.dwz\0" + bytes(range(1, 21)))
    p = os.path.join(work, "dwz.o")
    subprocess.run(["objcopy", "--add-section",
                    ".gnu_debugaltlink=" + link, patched, p], check=True)
    # without the file, its names would vanish and the structs with them
    runs = [Run([cmd, p], names=[p], words=["alt.dwz", "missing"])
            for cmd in ("show", "check")]
    fifo = os.path.join(work, "fifo")
    shutil.copy(p, fifo + ".o")
    os.mkfifo(os.path.join(work, "alt.dwz.fifo"))
    with open(fifo + ".o", "r+b") as f:     # "alt.dwz" -> "alt.dwz.fifo"
        data = f.read()
    data = data.replace(b"alt.dwz\0" + bytes(range(1, 21)),
                        b"alt.dwz.fifo\0" + bytes(range(1, 16)))
    write(work, "fifo.o", data)
    return runs + [Run([cmd, fifo + ".o"], names=[fifo + ".o"],
                       words=["alt.dwz.fifo", "FIFO"])
                   for cmd in ("show", "check")]


def case_thin_archive_fifo_member(work):
    # A thin archive names its members' files: a FIFO among them would
    # block the read for good.
    obj = fixture(work)
    other = os.path.join(work, "other.o")
    shutil.copy(obj, other)
    lib = os.path.join(work, "thin.a")
    subprocess.run(["ar", "rcT", "thin.a", "fixture.o", "other.o"],
                   cwd=work, check=True)
    os.unlink(other)
    os.mkfifo(other)
    member = "%s(%s)" % (lib, "other.o")
    return [Run(["show", lib], words=[member, "not a regular file"]),
            Run(["check", lib], words=[member, "not a regular file"])]


# Runs lineup (the rest of argv) on a fresh copy of PRISTINE at VICTIM and
# cuts VICTIM to the next of CUTS as soon as lineup has it mapped, a few
# times. Each run must end in 0 (lineup was done with the file) or 2 with
# one line saying the file shrank; never in a signal. Exit 2 with that
# line once one run saw it (3 runs at least), 1 on a bad run.
SHRINK = r"""
import os, shutil, subprocess, sys
pristine, victim, cuts = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
cmd, real, said = sys.argv[4:], os.path.realpath(sys.argv[2]), None
for run in range(30):
    shutil.copyfile(pristine, victim)
    cut = int(cuts[run % len(cuts)])
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    while p.poll() is None:
        try:
            with open("/proc/%d/maps" % p.pid) as f:
                if real not in f.read():
                    continue
        except OSError:
            break
        os.truncate(victim, min(cut, os.path.getsize(victim)))
        break
    err = p.communicate()[1].decode(errors="replace")
    lines = err.splitlines()
    if not (p.returncode == 0 and not lines or p.returncode == 2 and
            len(lines) == 1 and "shrank" in err):
        sys.stderr.write(err)
        sys.exit("run %d, cut at %d: lineup ended with %s" % (
            run, cut, p.returncode if p.returncode >= 0 else
            "signal %d" % -p.returncode))
    said = lines[0] if p.returncode == 2 else said
    if said and run >= 2:
        print(said, file=sys.stderr)
        sys.exit(2)
sys.exit("lineup always finished before the file was cut (30 runs)")
"""


def case_shrinking_file(work):
    # libelf and libdwfl map the input: a page past the new end of a file
    # cut while lineup reads it raised SIGBUS. Cut an object, an archive
    # and a .dwo while lineup reads them. Big enough (20,000 structs) that
    # lineup holds the mapping for a while after the cutter sees it.
    src = "\n".join("struct s%d { long a; int b; char c[%d]; void *p; "
                    "struct s%d *next; } v%d;" % (i, i % 13 + 1, i, i)
                    for i in range(20000)) + "\n"
    big = compile_c(work, "big", src)
    size = os.path.getsize(big)
    lib = os.path.join(work, "big.a")
    subprocess.run(["ar", "rc", lib, big], check=True)
    runs = []
    for pristine, victim, cmd in ((big, "victim.o", "show"),
                                  (lib, "victim.a", "check")):
        victim = os.path.join(work, victim)
        wrap = [sys.executable, "-c", SHRINK, pristine, victim,
                "0,4096,%d" % (size // 2)]
        runs.append(Run([cmd, victim], names=[victim], words=["shrank"],
                        wrap=wrap))
    try:
        obj = compile_c(work, "bigsplit", src,
                        flags=("-c", "-g", "-gsplit-dwarf"))
    except subprocess.CalledProcessError:
        return runs     # split-dwarf says why it skips
    dwo = obj[:-2] + ".dwo"
    if not os.path.exists(dwo):
        return runs
    pristine = dwo + ".orig"
    os.rename(dwo, pristine)
    wrap = [sys.executable, "-c", SHRINK, pristine, dwo,
            "0,%d" % (os.path.getsize(pristine) // 2)]
    runs.append(Run(["show", obj], names=[os.path.basename(dwo)],
                    words=["shrank"], wrap=wrap))
    return runs


def case_btf_bad_header(work):
    good = btf_blob([int_type(), struct_s(1)], STRS)
    variants = {
        "short": good[:10],
        "hdr-len-huge": btf_blob([int_type()], STRS, fix={"hdr_len": 0x7fffffff}),
        "hdr-len-small": btf_blob([int_type()], STRS, fix={"hdr_len": 8}),
        "type-len-past-end": btf_blob([int_type()], STRS, fix={"type_len": 4096}),
        "str-off-past-end": btf_blob([int_type()], STRS, fix={"str_off": 4096}),
        "str-len-huge": btf_blob([int_type()], STRS, fix={"str_len": 0xffffff00}),
        "types-overlap-strings": btf_blob([int_type()], STRS, fix={"str_off": 4}),
        "bad-version": btf_blob([int_type()], STRS, fix={"version": 9}),
        "unknown-kind": btf_blob([(1, kind(31), 4, b"")], STRS),
        "cut-record": good[:-len(STRS) - 3],
    }
    runs = []
    for name, blob in variants.items():
        p = write(work, "bad-%s.btf" % name, blob)
        runs.append(Run(["show", p], names=[p]))
        runs.append(Run(["check", p], names=[p]))
    return runs


def case_btf_self_reference(work):
    variants = {
        # typedef t t; struct s { t m; }
        "typedef": [int_type(), (9, kind(TYPEDEF), 2, b""), struct_s(2)],
        # a pointer to itself as a member type
        "pointer": [int_type(), (0, kind(PTR), 2, b""), struct_s(2)],
        # struct s { struct s m; }
        "struct": [int_type(), struct_s(2)],
        # a member of a type that does not exist
        "bad-type-id": [int_type(), struct_s(77)],
        # a member named past the end of the strings
        "bad-name": [int_type(),
                     (5, kind(STRUCT, 1), 8, struct.pack("<III", 999, 1, 0))],
    }
    runs = []
    for name, types in variants.items():
        p = write(work, "self-%s.btf" % name, btf_blob(types, STRS))
        runs.append(Run(["show", p], names=[p], words=["BTF"]))
        runs.append(Run(["check", p], names=[p], words=["BTF"]))
    # the same through an ELF file's .BTF section
    obj = compile_c(work, "plain", "int x;\n", flags=("-c",))
    btf = write(work, "self.btf", btf_blob(variants["typedef"], STRS))
    elf = os.path.join(work, "self-btf.o")
    subprocess.run(["objcopy", "--add-section", ".BTF=" + btf, obj, elf],
                   check=True)
    runs.append(Run(["show", elf], names=[elf], words=["contains itself"]))
    return runs


def case_btf_doubling_nest(work):
    # S1 holds two ints, S2 two S1... S28: legal, but walking it member by
    # member (libbpf's btf__align_of does) takes 2^28 steps.
    types, strs = [int_type()], bytearray(STRS)
    for k in range(1, 29):
        name = len(strs)
        strs += b"S%d\0" % k
        elem, size = k, 4 << (k - 1)     # type k is S(k-1), or the int
        members = struct.pack("<III", 7, elem, 0) + \
            struct.pack("<III", 7, elem, size * 8 & 0xFFFFFFFF)
        types.append((name, kind(STRUCT, 2), 2 * size, members))
    p = write(work, "doubling.btf", btf_blob(types, bytes(strs)))
    return [Run(["show", p], names=[p], words=["too many to lay out"]),
            Run(["check", p], names=[p], words=["too many to lay out"])]


def case_elf_btf_malformed(work):
    # An ELF file whose .BTF is fine but whose section headers are not.
    obj = compile_c(work, "plain", "int x;\n", flags=("-c",))
    btf = write(work, "ok.btf", btf_blob([int_type(), struct_s(1)], STRS))
    good = os.path.join(work, "btf.o")
    subprocess.run(["objcopy", "--add-section", ".BTF=" + btf, obj, good],
                   check=True)
    data, shoff, shentsize, shnum, secs = elf_sections(good)
    runs = []
    for what in ("nobits", "bad-name"):
        buf = bytearray(data)
        for i in range(1, shnum):
            hdr = shoff + i * shentsize
            name, = struct.unpack_from("<I", buf, hdr)
            off = secs[".shstrtab"][0] + name
            sname = data[off:data.index(b"\0", off)].decode()
            if what == "nobits" and sname == ".BTF":
                struct.pack_into("<I", buf, hdr + 4, 8)       # SHT_NOBITS
            if what == "bad-name" and sname == ".text":
                struct.pack_into("<I", buf, hdr, 0xFFFFF)     # past .shstrtab
        p = write(work, "btf-%s.o" % what, bytes(buf))
        runs.append(Run(["show", p], names=[p]))
        runs.append(Run(["check", p], names=[p]))
    return runs


def rules_file(work, name, text):
    return write(work, name, text.encode() if isinstance(text, str) else text)


def case_rules_bad(work):
    obj = fixture(work)
    # lines of any length are read (issue 31): a long one without '='
    long_line = "[struct task_group]\nwrite " + " ".join(
        "m%d" % i for i in range(60)) + "\n"
    variants = {
        "empty.ini": ("", ["empty"]),
        "unknown-key.ini": ("[struct task_group]\nwrite = load_avg\n"
                            "hot = parent\n", ["unknown key 'hot'"]),
        "unknown-section.ini": ("[struct task_group]\nwrite = load_avg\n"
                                "[groups]\nx = y\n",
                                ["unknown section [groups]"]),
        "duplicate-section.ini": ("[struct task_group]\nwrite = load_avg\n"
                                  "[struct task_group]\nread = parent\n",
                                  ["duplicate section"]),
        "bad-number.ini": ("[struct task_group]\nmax_size = lots\n",
                           ["max_size"]),
        "negative-number.ini": ("[struct task_group]\nmax_size = -64\n",
                                ["max_size"]),
        "overflow-number.ini": ("[struct task_group]\nmax_bytes.tick = "
                                "99999999999999999999999\n", ["max_bytes"]),
        "zero-lines.ini": ("[struct task_group]\nmax_lines.tick = 0\n",
                           ["max_lines"]),
        "long-line.ini": (long_line, ["malformed line"]),
        "binary.ini": (b"[struct task_group]\nwrite = a\0b\n", ["not a text"]),
        "outside-section.ini": ("write = load_avg\n", ["outside"]),
        # libinih reports no empty section: the parser sees no section
        "no-rules.ini": ("[struct task_group]\n# nothing\n", ["section"]),
    }
    runs = []
    for name, (text, words) in variants.items():
        r = rules_file(work, name, text)
        runs.append(Run(["check", "--rules", r, obj], names=[r], words=words))
    # a rules file that is not a file
    runs.append(Run(["check", "--rules", work, obj], names=[work]))
    missing = os.path.join(work, "missing.ini")
    runs.append(Run(["check", "--rules", missing, obj], names=[missing]))
    return runs


def case_rules_missing_member(work):
    obj = fixture(work)
    far = rules_file(work, "far.ini", "[struct task_group]\nwrite = load_avg\n"
                     "read = parent zzzzzz_nowhere\n")
    near = rules_file(work, "near.ini", "[struct task_group]\nwrite = load_av\n"
                      "read = parent\n")
    # Design §4: absent is a note, absent from every input and close to a
    # name an error (a typo), --strict makes both errors. They are
    # findings, so stdout, not stderr.
    return [Run(["check", "--rules", far, obj], status=0,
                stdout_words=["note", "zzzzzz_nowhere"]),
            Run(["check", "--rules", near, obj], status=1,
                stdout_words=["error", "load_avg"]),
            Run(["check", "--strict", "--rules", far, obj], status=1,
                stdout_words=["error", "zzzzzz_nowhere"])]


def case_rules_missing_struct(work):
    obj = fixture(work)
    r = rules_file(work, "other.ini", "[struct task_grop]\nwrite = load_avg\n")
    far = rules_file(work, "far.ini", "[struct zebra]\nwrite = load_avg\n")
    return [Run(["check", "--rules", r, obj], names=[r, obj],
                words=["task_grop", "did you mean 'task_group'"]),
            Run(["check", "--rules", far, obj], names=[far, obj],
                words=["zebra"])]


def case_show_missing_struct(work):
    obj = fixture(work)
    return [Run(["show", "--struct", "task_grop", obj], names=[obj],
                words=["task_grop", "did you mean 'task_group'"]),
            Run(["show", "--struct", "nonexistent", obj], names=[obj],
                words=["nonexistent"])]


def case_huge_struct(work):
    # 100,000 members, a write group over the first half and a read group
    # over the second: they meet on one line.
    n = 100000
    lines = ["typedef unsigned char lineup__write;",
             "typedef unsigned char lineup__read;",
             "struct huge {", "lineup__write lineup__begin__w[0];"]
    for i in range(n):
        if i == n // 2:
            lines.append("lineup__write lineup__end__w[0];")
            lines.append("lineup__read lineup__begin__r[0];")
        lines.append("int m%d;" % i)
    lines += ["lineup__read lineup__end__r[0];", "} h;", ""]
    obj = compile_c(work, "huge", "\n".join(lines))
    # the four group markers are members too, as pahole counts them
    return [Run(["show", "--struct", "huge", obj], status=0,
                stdout_words=["members: %d" % (n + 4)]),
            Run(["check", obj], status=1, stdout_words=["'m49999'"])]


def case_deep_nesting(work):
    # 10,000 anonymous structs, one inside the other. gcc takes them; clang
    # stops at 256 brackets unless told, so ask it, then go shallower until
    # the compiler copes (lineup's own limit is 256 levels).
    obj, depth = None, 10000
    while obj is None and depth > 256:
        src = ("struct deep {" + "struct {" * depth + "int x;" +
               "};" * depth + "} d;\n")
        for extra in ((), ("-fbracket-depth=%d" % (2 * depth + 16),)):
            try:
                obj = compile_c(work, "deep", src,
                                flags=("-c", "-g") + extra)
                break
            except subprocess.CalledProcessError:
                pass
        if obj is None:
            depth //= 2
    if obj is None:
        raise Skip("the compiler takes no more than 256 nested structs")
    print("     deep-nesting: %d levels" % depth)
    return [Run(["show", obj], names=[obj], words=["nested deeper"]),
            Run(["check", obj], names=[obj], words=["nested deeper"])]


def case_doubling_nest(work):
    # struct S40 holds two S39, each two S38...: 2^40 bytes, and a naive
    # walk over its members takes 2^40 steps. Legal C: must be quick.
    n = 40
    src = ["struct S0 { char c; };"]
    src += ["struct S%d { struct S%d a, b; };" % (k, k - 1)
            for k in range(1, n + 1)]
    src.append("struct S%d *p;\n" % n)
    obj = compile_c(work, "double", "\n".join(src))
    return [Run(["show", "--struct", "S%d" % n, obj], status=0,
                stdout_words=["size: %d" % (1 << n)])]


def case_pahole_garbage(work):
    variants = {
        "unclosed.txt": "struct task_group {\n\tlong int css[4]; /* 0 32 */\n",
        "bad-offset.txt": "struct x {\n\tint a; /* zz 4 */\n};\n",
        "no-brace.txt": "struct x\n\tint a; /* 0 4 */\n}\n",
    }
    runs = []
    for name, text in variants.items():
        p = write(work, name, text.encode())
        runs.append(Run(["show", p], names=[p]))
        runs.append(Run(["check", "--from-pahole", p], names=[p]))
    return runs


def case_many_bitfields(work):
    # A write group of 240,000 one-bit bit-fields and a read group after
    # it. Checking their storage units used to compare every write
    # bit-field with every member: 240k x 240k steps, past a minute, where
    # a sweep in offset order takes a second or two.
    n = 240000
    src = ["typedef unsigned char lineup__write;",
           "typedef unsigned char lineup__read;",
           "struct bits {", "lineup__write lineup__begin__w[0];"]
    src += ["unsigned int w%d : 1;" % i for i in range(n)]
    src += ["lineup__write lineup__end__w[0];",
            "lineup__read lineup__begin__r[0];", "unsigned int r : 1;",
            "lineup__read lineup__end__r[0];", "} b;", ""]
    obj = compile_c(work, "bits", "\n".join(src))
    return [Run(["check", obj], status=1,
                stdout_words=["(write group 'w') share cache line %d with "
                              "'r' (read group 'r')" % (n // 8 // 64),
                              "1 struct checked, 1 error"])]


def case_many_rules_sections(work):
    # 200,000 [struct sN] sections, the first repeated at the end. Looking
    # for a duplicate among all earlier sections took minutes; the error
    # must still say where the first one was.
    n = 200000
    text = "".join("[struct s%d]\nwrite = a\n" % i for i in range(n))
    r = rules_file(work, "many.ini", text + "[struct s0]\nwrite = b\n")
    obj = fixture(work)
    return [Run(["check", "--rules", r, obj], names=[r],
                words=["%s:%d: error: duplicate section [struct s0] (first "
                       "at line 1)" % (r, 2 * n + 1)])]


# ---- a full disk ----------------------------------------------------------
# Output that does not reach its file is an error: exit 2 and one line on
# stderr, never a cut report and exit 0. stdio drops a buffer it failed to
# write, so a final fflush() can succeed after a lost write. Each output is
# therefore also sized to one byte past the stdio buffer of /dev/full,
# where the last write is the one that fails and only the writers' own
# checks notice: the size is found by running lineup into a pipe.

def pahole_struct(wname, n):
    """pahole's view of struct s: write member WNAME shares line 0 with N
    read members, whose long names make every report grow by lines."""
    lines = ["struct s {",
             "\tlineup__write lineup__begin__w[0]; /* 0 0 */",
             "\tchar %s; /* 0 1 */" % wname,
             "\tlineup__write lineup__end__w[0]; /* 1 0 */",
             "\tlineup__read lineup__begin__r[0]; /* 1 0 */"]
    lines += ["\tchar r%02d%s; /* %d 1 */" % (i, "_" * 40, 1 + i)
              for i in range(n)]
    lines += ["\tlineup__read lineup__end__r[0]; /* %d 0 */" % (1 + n), "",
              "\t/* size: 64, cachelines: 1, members: %d */" % (n + 1),
              "} __attribute__((__aligned__(64)));", ""]
    return "\n".join(lines)


def output_size(lineup, args):
    p = subprocess.run([lineup] + args, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       env=dict(os.environ, NO_COLOR="1", LC_ALL="C"))
    return len(p.stdout)


def sized_input(work, cmd, target, knob):
    """Arguments for CMD on a struct whose output is TARGET bytes: the
    number of read members comes near, then one byte at a time, the write
    member's name (knob "name") or the input's path (knob "path", for JSON,
    which repeats member names)."""
    lineup = os.path.abspath(sys.argv[1])     # run.py LINEUP [CASE...]

    def make(n, pad):
        name, parts = "w" * 25, ["in.txt"]
        if knob == "name":
            name += "x" * pad
        else:       # every "./" adds two bytes, an "x" one
            parts = ["."] * (pad // 2) + ["x" * (pad % 2) + "in.txt"]
        path = os.path.join(work, *parts)
        with open(path, "w") as f:
            f.write(pahole_struct(name, n))
        return cmd + [path]

    lo, hi = 1, 63          # read members that fit line 0
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if output_size(lineup, make(mid, 0)) <= target:
            lo = mid
        else:
            hi = mid - 1
    base = output_size(lineup, make(lo, 0))
    pad = target - base     # one byte per step of the knob
    args = make(lo, pad)
    got = output_size(lineup, args)
    assert got == target, "%s: %d bytes of output, wanted %d" % (
        " ".join(cmd), got, target)
    return args


def full_disk_runs(work, cmd, knob):
    words = ["lineup: failed to write the output: No space left on device"]
    small = write(work, "small.txt", pahole_struct("w", 1).encode())
    # one byte past a block: the first block past the smallest output
    # (SARIF's rule descriptions alone fill more than one)
    blk = os.stat("/dev/full").st_blksize
    floor = output_size(os.path.abspath(sys.argv[1]), cmd + [small])
    target = blk + 1
    while target <= floor + 256:
        target += blk
    return [Run(cmd + [small], stdout_to="/dev/full", words=words),
            Run(sized_input(work, cmd, target, knob), stdout_to="/dev/full",
                words=words)]


def case_full_disk_check_text(work):
    return full_disk_runs(work, ["check", "--from-pahole"], "name")


def case_full_disk_check_json(work):
    return full_disk_runs(work, ["check", "--from-pahole", "--format",
                                 "json"], "path")


def case_full_disk_check_sarif(work):
    return full_disk_runs(work, ["check", "--from-pahole", "--format",
                                 "sarif"], "name")


def case_full_disk_show_text(work):
    return full_disk_runs(work, ["show"], "name")


def case_full_disk_show_json(work):
    return full_disk_runs(work, ["show", "--format", "json"], "path")



# ---- hand-made DWARF ------------------------------------------------------
# Malformed or hostile DWARF no compiler writes, as assembler that `cc -c`
# turns into an object: one DWARF 4 unit, DIEs as nested tuples.

DW_TAG = dict(compile_unit=0x11, structure_type=0x13, member=0x0d,
              base_type=0x24, typedef=0x16, array_type=0x01,
              subrange_type=0x21, pointer_type=0x0f, const_type=0x26,
              subroutine_type=0x15, formal_parameter=0x05)
DW_AT = dict(name=0x03, byte_size=0x0b, type=0x49, encoding=0x3e,
             data_member_location=0x38, count=0x37)
DW_FORM = dict(string=0x08, strp=0x0e, data1=0x0b, data4=0x06, ref4=0x13)


def dw_die(tag, label=None, children=(), **attrs):
    """A DIE: attribute values are ints (data4, or data1 below 256),
    str (inline), ("strp", text) or ("ref", label)."""
    return (tag, label, attrs, list(children))


def dwarf_object(work, name, dies, cu_name="x.c"):
    """An object with one unit holding DIES; returns its path."""
    abbrevs, info, strs = {}, [], {}

    def value(v):
        if isinstance(v, tuple) and v[0] == "ref":
            return "ref4", "\t.long .Ld_%s - .Lcu" % v[1]
        if isinstance(v, tuple) and v[0] == "strp":
            label = strs.setdefault(v[1], ".Ls%d" % len(strs))
            return "strp", "\t.long %s - .Lstr" % label
        if isinstance(v, str):
            return "string", '\t.string "%s"' % v
        if v < 256:
            return "data1", "\t.byte %d" % v
        return "data4", "\t.long %d" % v

    def emit(d):
        tag, label, attrs, children = d
        forms = [(a,) + value(v) for a, v in sorted(attrs.items())]
        key = (tag, tuple((a, f) for a, f, _ in forms), bool(children))
        code = abbrevs.setdefault(key, len(abbrevs) + 1)
        if label:
            info.append(".Ld_%s:" % label)
        info.append("\t.uleb128 %d" % code)
        info.extend(text for _, _, text in forms)
        for c in children:
            emit(c)
        if children:
            info.append("\t.byte 0")

    emit(dw_die("compile_unit", children=dies, name=cu_name))
    s = ['\t.section .debug_abbrev,"",%progbits']
    for (tag, forms, kids), code in abbrevs.items():
        s.append("\t.uleb128 %d, %d\n\t.byte %d" % (code, DW_TAG[tag], kids))
        s += ["\t.uleb128 %d, %d" % (DW_AT[a], DW_FORM[f]) for a, f in forms]
        s.append("\t.byte 0, 0")
    s.append("\t.byte 0")
    s.append('\t.section .debug_info,"",%progbits')
    # unit length, version 4, abbreviations at 0, 8-byte addresses
    s.append(".Lcu:\n\t.long .Lend - .Lcu - 4\n\t.short 4\n\t.long 0\n"
             "\t.byte 8")
    s += info
    s.append(".Lend:")
    s.append('\t.section .debug_str,"MS",%progbits,1\n.Lstr:')
    s += ['%s:\n\t.string "%s"' % (label, text)
          for text, label in strs.items()]
    src = os.path.join(work, name + ".s")
    with open(src, "w") as f:
        f.write("\n".join(s) + "\n")
    out = os.path.join(work, name + ".o")
    subprocess.run(CC + ["-c", "-o", out, src], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                   env=dict(os.environ, TMPDIR=work))
    return out


DW_INT = dw_die("base_type", "int", name="int", byte_size=4, encoding=5)


def dw_member(name, type_label, offset):
    return dw_die("member", name=name, type=("ref", type_label),
                  data_member_location=offset)


def dw_lineup_markers():
    """lineup.h's marker types: typedef unsigned char lineup__write, and
    the zero-length array of it that a marker member has."""
    return [dw_die("base_type", "uchar", name="unsigned char",
                   byte_size=1, encoding=8),
            dw_die("typedef", "lu_write", name="lineup__write",
                   type=("ref", "uchar")),
            dw_die("array_type", "lu_mark", type=("ref", "lu_write"),
                   children=[dw_die("subrange_type", count=0)])]


def shared_names_object(work, n, length):
    """struct shared: N int members, all named by one LENGTH-byte string
    of .debug_str, inside a lineup write group so that `check` reads it."""
    name = ("strp", "m" * length)
    members = [dw_member("lineup__begin__g", "lu_mark", 0)]
    members += [dw_die("member", name=name, type=("ref", "int"),
                       data_member_location=4 * i) for i in range(n)]
    members.append(dw_member("lineup__end__g", "lu_mark", 4 * n))
    shared = dw_die("structure_type", name="shared", byte_size=4 * n,
                    children=members)
    return dwarf_object(work, "shared",
                        [DW_INT] + dw_lineup_markers() + [shared])


def case_dwarf_shared_names(work):
    # 32,768 members that all name one 32 KiB string of .debug_str: a
    # 0.5 MB object. Copying the name into every member took 1.2 GB.
    obj = shared_names_object(work, 32768, 32768)
    return [Run(["check", obj], status=0, max_kib=256 * 1024,
                stdout_words=["1 struct checked, 0 errors"])]


def case_dwarf_self_reference(work):
    # Types no compiler writes: each contains itself by value (it has no
    # size), or its spelling refers to itself (it has no end).
    def struct(name, *members, label=None, size=8):
        return dw_die("structure_type", label or name, name=name,
                      byte_size=size,
                      children=[dw_member(m, t, o) for m, t, o in members])

    anon_member = dw_die("member", type=("ref", "anon"),
                         data_member_location=0)
    variants = {
        # struct foo { int a; struct foo m; }
        "struct": ("struct foo contains itself",
                   [struct("foo", ("a", "int", 0), ("m", "foo", 4))]),
        # struct ma { struct mb b; }; struct mb { struct ma a; }
        "pair": ("struct ma contains itself",
                 [struct("ma", ("b", "mb", 0)), struct("mb", ("a", "ma", 0))]),
        # typedef t u; typedef u t; struct td { t m; }
        "typedef": ("typedef t contains itself",
                    [dw_die("typedef", "t", name="t", type=("ref", "u")),
                     dw_die("typedef", "u", name="u", type=("ref", "t")),
                     struct("td", ("m", "t", 0))]),
        "const": ("qualified type contains itself",
                  [dw_die("const_type", "c", type=("ref", "c")),
                   struct("cs", ("m", "c", 0))]),
        # an array of itself
        "array": ("array type contains itself",
                  [dw_die("array_type", "arr", type=("ref", "arr"),
                          children=[dw_die("subrange_type", count=2)]),
                   struct("ar", ("m", "arr", 0))]),
        # an anonymous struct that is its own anonymous member
        "anonymous": ("anonymous struct contains itself",
                      [dw_die("structure_type", "anon", byte_size=8,
                              children=[dw_member("x", "int", 0),
                                        anon_member]),
                       dw_die("structure_type", name="outer", byte_size=8,
                              children=[anon_member])]),
        # a pointer to itself
        "pointer": ("pointer type refers to itself",
                    [dw_die("pointer_type", "p", byte_size=8,
                            type=("ref", "p")),
                     struct("pt", ("m", "p", 0))]),
        # a function type that returns itself, through a pointer
        "function": ("function type refers to itself",
                     [dw_die("subroutine_type", "fn", type=("ref", "fn")),
                      dw_die("pointer_type", "fp", byte_size=8,
                             type=("ref", "fn")),
                      struct("fs", ("m", "fp", 0))]),
    }
    runs = []
    for name, (words, dies) in variants.items():
        p = dwarf_object(work, "self-" + name, [DW_INT] + dies)
        runs.append(Run(["show", p], names=[p], words=[words, "(DIE 0x"]))
    return runs


def case_dwarf_unlaid_type(work):
    # A member with no type (no compiler writes one): that struct is
    # skipped with a note naming it, the others of the input stand
    # (issue 19: one C++ class stopped `show` of a whole object).
    p = dwarf_object(work, "unlaid", [
        DW_INT,
        dw_die("structure_type", name="broken", byte_size=8,
               children=[dw_member("a", "int", 0),
                         dw_die("member", name="m", data_member_location=4)]),
        dw_die("structure_type", name="good", byte_size=4,
               children=[dw_member("x", "int", 0)])])
    ini = os.path.join(work, "unlaid.ini")
    with open(ini, "w") as f:
        f.write("[struct broken]\nwrite = a\n")
    return [Run(["show", p], status=0, names=[p], stderr_lines=1,
                words=["note:", "skipped struct broken", "member 'm'"],
                stdout_words=["struct good"]),
            Run(["show", "--struct", "broken", p], names=[p],
                words=["failed to lay out struct broken", "member 'm'"]),
            Run(["check", "--rules", ini, p], names=[p, ini],
                words=["failed to lay out struct broken", "member 'm'"])]


def case_dwarf_doubling_spelling(work):
    # f1 is int (int (*)(void), int (*)(void)); f2 takes two pointers to
    # f1, ... f40: spelling a member of type f40 * writes 2^40 parts.
    dies, fn = [DW_INT], "f0"
    dies.append(dw_die("subroutine_type", fn, type=("ref", "int")))
    for k in range(1, 41):
        dies.append(dw_die("pointer_type", "p%d" % (k - 1), byte_size=8,
                           type=("ref", fn)))
        fn = "f%d" % k
        param = dw_die("formal_parameter", type=("ref", "p%d" % (k - 1)))
        dies.append(dw_die("subroutine_type", fn, type=("ref", "int"),
                           children=[param, param]))
    dies.append(dw_die("pointer_type", "p40", byte_size=8, type=("ref", fn)))
    dies.append(dw_die("structure_type", name="callbacks", byte_size=8,
                       children=[dw_member("cb", "p40", 0)]))
    p = dwarf_object(work, "doubling-spelling", dies)
    # the spelling stops at 64 KiB and says so
    return [Run(["show", "--format", "json", p], status=0,
                stdout_words=['int ...",', '"size": 8'])]


CASES = {name[5:].replace("_", "-"): fn for name, fn in sorted(globals().items())
         if name.startswith("case_")}


# ---- the runner -----------------------------------------------------------

# Runs a command, then writes its peak RSS (KiB) to a file: RUSAGE_CHILDREN
# of a process whose only child it is (run.py's own also counts the
# compilers that made the input). It stops the command before run_one would.
PEAK = """
import resource, subprocess, sys
try:
    rc = subprocess.call(sys.argv[3:], timeout=float(sys.argv[2]))
except subprocess.TimeoutExpired:
    sys.exit(124)
with open(sys.argv[1], "w") as f:
    f.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
sys.exit(rc if rc >= 0 else 128 - rc)
"""


def run_one(lineup, run, work):
    tmp = tempfile.mkdtemp(prefix="tmpdir-", dir=work)
    os.chmod(tmp, 0o1777)
    env = dict(os.environ, TMPDIR=tmp, NO_COLOR="1", LC_ALL="C")
    cmd = [lineup] + run.args
    if run.as_user is not None:
        cmd = ["setpriv", "--reuid=%d" % run.as_user,
               "--regid=%d" % run.as_user, "--clear-groups"] + cmd
    if run.wrap:
        cmd = run.wrap + cmd
    peak_file = os.path.join(work, "peak-kib")
    if run.max_kib is not None:
        cmd = [sys.executable, "-c", PEAK, peak_file,
               str(TIME_LIMIT * 0.9)] + cmd
    sink = open(run.stdout_to, "wb") if run.stdout_to else subprocess.PIPE
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL,
                           stdout=sink, stderr=subprocess.PIPE,
                           env=env, timeout=TIME_LIMIT,
                           preexec_fn=run.preexec)
    except subprocess.TimeoutExpired:
        return ["took more than %g s (hang?)" % TIME_LIMIT], ""
    finally:
        if run.stdout_to:
            sink.close()
    took = time.monotonic() - start
    out = (p.stdout or b"").decode(errors="replace")
    err = p.stderr.decode(errors="replace")
    problems = []
    if run.max_kib is not None:
        if not os.path.exists(peak_file):
            return ["took more than %g s (hang?)" % (TIME_LIMIT * 0.9)], ""
        peak = int(open(peak_file).read())
        os.unlink(peak_file)
        if peak > run.max_kib:
            problems.append("peak memory %d KiB, expected at most %d KiB" %
                            (peak, run.max_kib))
    if p.returncode != run.status:
        problems.append("exit status %d, expected %d" %
                        (p.returncode, run.status))
    for word in CRASH_WORDS:
        if word in out or word in err:
            problems.append("'%s' in the output" % word)
    lines = err.splitlines()
    if len(lines) != run.stderr_lines:
        problems.append("%d lines on stderr, expected %d" %
                        (len(lines), run.stderr_lines))
    for want in run.names + run.words:
        if want not in err:
            problems.append("stderr does not say '%s'" % want)
    for want in run.stdout_words:
        if want not in out:
            problems.append("stdout does not say '%s'" % want)
    if run.after:
        problems += run.after(out, err)
    left = os.listdir(tmp)
    if left:
        problems.append("left in TMPDIR: %s" % ", ".join(sorted(left)))
    shutil.rmtree(tmp, ignore_errors=True)
    said = lines[0] if lines else (out.splitlines() or [""])[-1]
    return problems, "%d in %.1fs: %s" % (p.returncode, took, said)


def main(argv, cases=None):
    cases = cases or CASES
    if argv[1:] == ["--list"]:
        print("\n".join(cases))
        return 0
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    lineup = os.path.abspath(argv[1])
    names = argv[2:] or list(cases)
    unknown = [n for n in names if n not in cases]
    if unknown:
        print("run.py: unknown case %s" % ", ".join(unknown), file=sys.stderr)
        return 2
    failed = skipped = 0
    for name in names:
        work = tempfile.mkdtemp(prefix="lineup-bad-input-")
        try:
            try:
                runs = cases[name](work)
            except Skip as e:
                print("SKIP %s: %s" % (name, e))
                skipped += 1
                continue
            for run in runs:
                problems, said = run_one(lineup, run, work)
                shown = " ".join(os.path.relpath(a, work)
                                 if a.startswith(work) else a
                                 for a in run.args)
                status = "FAIL" if problems else "ok  "
                print("%s %s: lineup %s -> %s" % (status, name, shown, said))
                for pr in problems:
                    print("       %s" % pr)
                failed += bool(problems)
        finally:
            os.chmod(work, 0o700)
            shutil.rmtree(work, ignore_errors=True)
    if failed:
        print("%d run%s failed" % (failed, "" if failed == 1 else "s"))
        return 1
    # meson's exit status for a skipped test
    return 77 if skipped == len(names) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
